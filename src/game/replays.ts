// Replays and reviews of stored games: which games a player can pick (for a replay, or to resign),
// and the job that draws one.
// Read-only: nothing here writes, so it needs no transaction.
import type { GameRecord } from '../db/records.js';
import { type Side, variantTitle } from '../engine/index.js';
import type { ServiceCore } from './core.js';
import type { ReplayJob, ReplayOutput } from './replayJob.js';
import { type GameChoiceEntry, type Outcome, type Player, fail, ok } from './types.js';
import { endDescription, namesOf, sideOf, storedResult } from './views.js';

/** Discord offers at most 25 choices in an autocomplete list. */
export const MAX_CHOICES = 25;

/**
 * Replays drawn at once, in all: each takes a second or more of a core, and a button anyone in the
 * server may press must not let one player queue minutes of work. Each player has one at a time.
 */
export const MAX_REPLAYS_DRAWING = 3;

export interface ReplayInput {
  guildId: string;
  userId: string;
  /** The game to replay; without it, the player's last finished game in the guild. */
  gameId?: number | null;
}

export interface ReplayView extends ReplayOutput {
  gameId: number;
  players: Record<Side, Player>;
  /** "Senet · Kendall": the game's rules. */
  title: string;
  /** "🏆 Ana won", "Ana resigned: Ben wins.", "in progress". */
  result: string;
  finished: boolean;
}

/** The player's games in the guild, newest first, whose label or id contains `typed`. */
export function recentGames(
  core: ServiceCore,
  input: { guildId: string; userId: string; typed?: string },
): GameChoiceEntry[] {
  const games = core.games.recentGames(
    input.guildId,
    input.userId,
    input.typed?.trim() ? 4 * MAX_CHOICES : MAX_CHOICES,
  );
  return choicesOf(core, games, input.userId, input.typed);
}

/** The player's live games here (this thread, or started in this channel), whose label or id contains `typed`. */
export function gamesHere(
  core: ServiceCore,
  input: { channelId: string; userId: string; typed?: string },
): GameChoiceEntry[] {
  return choicesOf(core, core.games.activeGamesHere(input.channelId, input.userId), input.userId, input.typed);
}

/** An autocomplete list: the games whose label contains what was typed, at most Discord's 25. */
function choicesOf(core: ServiceCore, games: GameRecord[], userId: string, typed = ''): GameChoiceEntry[] {
  const wanted = typed.trim().toLowerCase();
  return games
    .map((game) => ({ gameId: game.id, label: choiceLabel(core, game, userId) }))
    .filter((entry) => !wanted || entry.label.toLowerCase().includes(wanted))
    .slice(0, MAX_CHOICES);
}

/** "#12 · Kendall · vs Ben · won": Discord shows at most 100 characters. */
function choiceLabel(core: ServiceCore, game: GameRecord, userId: string): string {
  const side = sideOf(game, userId);
  const opponent = core.playerOf(side === 'W' ? game.seats.B : game.seats.W);
  const state =
    game.status === 'active'
      ? game.toActId === userId
        ? 'your turn'
        : 'in progress'
      : game.winnerSide === null
        ? 'closed'
        : game.winnerSide === side
          ? 'won'
          : 'lost';
  return `#${game.id} · ${variantTitle(game.ruleset, game.options)} · vs ${opponent.name} · ${state}`.slice(0, 100);
}

/** The replay (and review) of a game of this guild, drawn by the core's replay renderer. */
export async function replay(core: ServiceCore, input: ReplayInput): Promise<Outcome<ReplayView>> {
  const found = gameToReplay(core, input);
  if (!found.ok) return found;
  const game = found.value;
  const actions = core.games.actions(game.id);
  if (!actions.some((a) => a.type === 'move')) return fail('invalid', 'error.replayNoMoves');
  const players = core.playersOf(game);
  const stored = storedResult(game, players);
  const result = stored
    ? endDescription(stored)
    : game.status === 'finished'
      ? 'The game was closed without a result'
      : 'The game is still in progress';
  const job: ReplayJob = {
    gameId: game.id,
    record: { ruleset: game.ruleset, options: game.options, seed: game.seed, actions },
    names: namesOf(players),
    // A finished game's last frame says how it ended; a win is already on the board.
    ending: stored && stored.reason !== 'won' ? endDescription(stored) : '',
    result: result.replace(/[.!]$/, ''),
  };
  const drawing = core.replaysDrawing;
  if (drawing.has(input.userId)) return fail('busy', 'error.replayDrawing');
  if (drawing.size >= MAX_REPLAYS_DRAWING) return fail('busy', 'error.replaysBusy');
  drawing.add(input.userId);
  let output: ReplayOutput;
  try {
    output = await core.renderReplay(job);
  } finally {
    drawing.delete(input.userId);
  }
  return ok({
    ...output,
    gameId: game.id,
    players,
    title: `Senet · ${variantTitle(game.ruleset, game.options)}`,
    result,
    finished: game.status === 'finished',
  });
}

function gameToReplay(core: ServiceCore, input: ReplayInput): Outcome<GameRecord> {
  if (input.gameId === undefined || input.gameId === null) {
    const last = core.games.recentGames(input.guildId, input.userId, MAX_CHOICES).find((g) => g.status === 'finished');
    return last ? ok(last) : fail('not-found', 'error.replayNoGames');
  }
  const game = core.games.game(input.gameId);
  // Another server's games are not this one's business: the same answer as for no game at all.
  if (!game || game.guildId !== input.guildId)
    return fail('not-found', 'error.replayNoSuchGame', { gameId: input.gameId });
  return ok(game);
}
