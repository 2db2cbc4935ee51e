// The replay check: every stored game must be exactly what its dice and action log rebuild.
// A mismatch means a lost, doubled or reordered action, or a state written without its log entry.
import { isDeepStrictEqual } from 'node:util';
import type { GameStore } from '../db/gameStore.js';
import { type GameState, replay } from '../engine/index.js';
import { replayable } from './dice.js';
import { replayErrorText } from '../i18n/actionProblems.js';

interface VerifyProblem {
  gameId: number;
  problem: string;
}

export interface VerifyReport {
  checked: number;
  problems: VerifyProblem[];
}

/** Rebuilds one stored game from its dice and log; null when it matches the stored state. */
async function verifyGame(store: GameStore, gameId: number): Promise<string | null> {
  const game = await store.game(gameId);
  if (!game) return 'no such game';
  const actions = await store.actions(gameId);
  const replayed = replay(replayable(game, actions));
  if (!replayed.ok) return `the log does not replay: ${replayErrorText(replayed.error)}`;
  const rebuilt = replayed.value;
  if (game.state.ply !== actions.length)
    return `the state is at ply ${game.state.ply} but the log holds ${actions.length} actions`;
  const keys = new Set([...Object.keys(rebuilt), ...Object.keys(game.state)] as (keyof GameState)[]);
  const differing = [...keys].filter((key) => !isDeepStrictEqual(rebuilt[key], game.state[key]));
  if (differing.length > 0) return `the stored state differs from the replayed one in ${differing.join(', ')}`;
  if (game.status === 'active' && rebuilt.winner !== null) return 'the log ends in a win but the game is still active';
  if (game.endReason === 'won' && game.winnerSide !== rebuilt.winner)
    return 'the recorded winner is not the one the log gives';
  return null;
}

/** Checks every stored game (or the given ones). */
export async function verifyGames(store: GameStore, only?: readonly number[]): Promise<VerifyReport> {
  const gameIds = only ?? (await store.allGameIds());
  const problems: VerifyProblem[] = [];
  for (const gameId of gameIds) {
    const problem = await verifyGame(store, gameId);
    if (problem) problems.push({ gameId, problem });
  }
  return { checked: gameIds.length, problems };
}
