// The round's time limit: a game still running when its round's time runs out is decided by the
// position, so the round ends for everyone at a known time. The player further along the track
// wins: every pawn counts the square it stands on (1-30), a borne-off pawn 31, a waiting one 0,
// which is how far the pawns have travelled and so who is nearer to bearing all of them off. An
// exact tie (rare) is settled by a coin from the game's dice (tieSeed, game/dice.ts), which
// neither player controls. Pure.
import { OFF, type GameState, type Side } from '../../engine/index.js';
import { mix32 } from '../../lib/hash.js';

const TIE_SALT = 0x71e;

/**
 * How far a side's pawns have travelled: the sum of their squares, 31 for each borne off.
 * @internal
 */
export function progressOf(state: Pick<GameState, 'board' | 'off'>, side: Side): number {
  let sum = state.off[side] * OFF;
  for (let i = 0; i < state.board.length; i++) if (state.board[i] === side) sum += i + 1;
  return sum;
}

/** The side that wins a game stopped by the round's time limit. */
export function roundTimeWinner(state: Pick<GameState, 'board' | 'off' | 'winner'>, tieSeed: number): Side {
  if (state.winner) return state.winner;
  const diff = progressOf(state, 'W') - progressOf(state, 'B');
  if (diff !== 0) return diff > 0 ? 'W' : 'B';
  return (mix32(tieSeed, TIE_SALT) & 1) === 0 ? 'W' : 'B';
}
