// The live board's view of games (src/activity serves it to the Activity's pages): what a page
// may be shown, and nothing more. Who may see a game is the one rule of visibility.ts: a page is
// a viewer in the channel its activity instance runs in, so a server game is shown only where it
// was played, a game outside servers only to its two players; anything else gets the one answer
// for what is not the asker's to know (refusals.ts). Moves go through play.ts like a click.
//
// A page never gets what would tell it a throw before it is made: a keyed game's secret is not in
// its state (it has its own column), and the old seeded generator's state (`rng`, games from
// before verifiable dice) is left out here.
import type { GameRecord } from '../db/records.js';
import type { GameState, Side } from '../engine/index.js';
import type { ServiceCore } from './core.js';
import { notHere } from './refusals.js';
import { type GameResult, type Outcome, type Player, ok } from './types.js';
import { statusDescription } from './views.js';
import { type Viewer, mayView } from './visibility.js';

/** A game as a page shows it: its state without any dice's inner state, and who is who. */
export interface LiveGame {
  gameId: number;
  /** The stale-move guard, as on a button: a move names the version it was made on. */
  version: number;
  status: 'active' | 'finished';
  state: Omit<GameState, 'rng'>;
  players: Record<Side, Player>;
  /** Who must act now; null once finished. */
  toActId: string | null;
  /** What just happened, in the game's language (its chat message says the same). */
  description: string;
  /** When `toActId` forfeits by timeout (ms since epoch), or null. */
  turnDeadline: number | null;
  result: GameResult | null;
}

/** The game `gameId` as `viewer` may see it, or the answer a missing game gets. */
export async function game(core: ServiceCore, gameId: number, viewer: Viewer): Promise<Outcome<LiveGame>> {
  const stored = await core.games.game(gameId);
  if (!stored || !(await mayView(viewer, stored))) return notHere('game', gameId);
  return ok(await liveGameOf(core, stored));
}

/**
 * The game as it stands now, for the pages already shown it (game() checked that they may see
 * it): their server sends each change on. A game gone gets the answer a missing game gets.
 */
export async function current(core: ServiceCore, gameId: number): Promise<Outcome<LiveGame>> {
  const stored = await core.games.game(gameId);
  return stored ? ok(await liveGameOf(core, stored)) : notHere('game', gameId);
}

/** The most games a lobby lists of each kind (live, recent): a page shows them as short lists. */
const LOBBY_SIZE = 10;
/** How long a finished game stays in the lobby's recent games. */
const RECENT_MS = 24 * 60 * 60_000;

/** A lobby's games: those being played and those finished in the last day. */
interface LiveLobby {
  live: LiveGame[];
  recent: LiveGame[];
}

/**
 * The games of the channel the page's instance runs in, as `viewer` may see them, newest first:
 * those being played, and those finished in the last day (a rematch is asked for from these).
 */
export async function lobby(core: ServiceCore, viewer: Viewer): Promise<LiveLobby> {
  const live = await core.games.liveGamesIn(viewer.channelId, LOBBY_SIZE);
  const recent = await core.games.finishedIn(viewer.guildId, viewer.channelId, core.now() - RECENT_MS, LOBBY_SIZE);
  return { live: await seenBy(core, viewer, live), recent: await seenBy(core, viewer, recent) };
}

async function seenBy(core: ServiceCore, viewer: Viewer, games: readonly GameRecord[]): Promise<LiveGame[]> {
  const seen: LiveGame[] = [];
  for (const game of games) if (await mayView(viewer, game)) seen.push(await liveGameOf(core, game));
  return seen;
}

/** Someone in the page's instance, named as the server shows them: who waits at a table of the lobby. */
export function player(core: ServiceCore, userId: string, guildId: string): Promise<Player> {
  return core.playerOf(userId, guildId);
}

async function liveGameOf(core: ServiceCore, game: GameRecord): Promise<LiveGame> {
  const players = await core.playersOf(game);
  const snapshot = await core.snapshot(game, statusDescription);
  const { rng: _dice, ...state } = game.state;
  return {
    gameId: game.id,
    version: game.version,
    status: game.status,
    state,
    players,
    toActId: game.toActId,
    description: snapshot.description,
    turnDeadline: game.turnDeadline,
    result: snapshot.result ?? null,
  };
}
