// A tournament as the chat shows it: its settings, players, the table (Swiss or knockout) and every
// board, with names. Built from the stored records by the pure table functions.
import type { EntrantRecord, PairingRecord, TournamentRecord } from '../db/tournamentStore.js';
import { type UserText, userText } from '../i18n/index.js';
import type { ServiceCore } from './core.js';
import { type KnockoutRow, type Result, type SwissRow, knockoutTable, swissTable } from './tournament/standings.js';
import type { Player } from './types.js';

export type { TournamentFormat } from '../db/tournamentStore.js';

interface TournamentEntrant {
  player: Player;
  /** 1 = best, from the start on. */
  seed: number | null;
  /** The round the player left in (or was removed), or null while in. */
  leftRound: number | null;
}

/** One line of the table: Swiss columns, or the knockout's round reached; `left` marks a player who left. */
type TableRow = { player: Player; left: boolean } & (
  ({ format: 'swiss' } & Omit<SwissRow, 'id'>) | ({ format: 'knockout' } & Omit<KnockoutRow, 'id'>)
);

export interface BoardView {
  round: number;
  board: number;
  /** Moves first. */
  first: Player;
  /** null: a bye. */
  second: Player | null;
  gameId: number | null;
  /** The game's thread, where it has one (a link for the table). */
  threadId: string | null;
  winner: Player | null;
  decidedBy: PairingRecord['decidedBy'];
}

export type TournamentView = Omit<TournamentRecord, 'name' | 'createdBy' | 'createdAt' | 'shownVersion'> & {
  /** As its creator typed it. */
  name: UserText;
  entrants: TournamentEntrant[];
  table: TableRow[];
  boards: BoardView[];
};

export async function tournamentView(core: ServiceCore, t: TournamentRecord): Promise<TournamentView> {
  const entrants = await core.tournaments.entrants(t.id);
  const pairings = await core.tournaments.pairings(t.id);
  const names = new Map(entrants.map((e) => [e.userId, userText(e.name)]));
  const threads = new Map<number, string | null>();
  for (const p of pairings) {
    for (const id of [p.firstId, p.secondId, p.winnerId]) {
      if (id !== null && !names.has(id)) names.set(id, (await core.playerOf(id, t.guildId)).name);
    }
    if (p.gameId !== null) threads.set(p.gameId, (await core.games.game(p.gameId))?.threadId ?? null);
  }
  const player = (id: string): Player => ({ id, name: names.get(id) ?? userText(id) });
  const { createdBy: _by, createdAt: _at, shownVersion: _shown, ...stored } = t;
  return {
    ...stored,
    name: userText(t.name),
    entrants: entrants.map((e) => ({ player: player(e.userId), seed: e.seed, leftRound: e.leftRound })),
    table: t.status === 'open' ? [] : tableOf(t, entrants, pairings, player),
    boards: pairings.map((p) => ({
      round: p.round,
      board: p.board,
      first: player(p.firstId),
      second: p.secondId === null ? null : player(p.secondId),
      gameId: p.gameId,
      threadId: p.gameId === null ? null : (threads.get(p.gameId) ?? null),
      winner: p.winnerId === null ? null : player(p.winnerId),
      decidedBy: p.decidedBy,
    })),
  };
}

/** The results the tables read. */
const resultsOf = (pairings: readonly PairingRecord[]): Result[] =>
  pairings.map((p) => ({ round: p.round, first: p.firstId, second: p.secondId, winner: p.winnerId }));

function tableOf(
  t: TournamentRecord,
  entrants: readonly EntrantRecord[],
  pairings: readonly PairingRecord[],
  player: (id: string) => Player,
): TableRow[] {
  // Entrants are listed by seed once the tournament has started: the tables' last tie-break.
  const seeded = entrants.map((e) => e.userId);
  const left = new Set(entrants.filter((e) => e.leftRound !== null).map((e) => e.userId));
  const results = resultsOf(pairings);
  if (t.format === 'swiss') {
    return swissTable(seeded, results).map(({ id, ...row }) => ({
      format: 'swiss',
      player: player(id),
      left: left.has(id),
      ...row,
    }));
  }
  return knockoutTable(seeded, results).map(({ id, ...row }) => ({
    format: 'knockout',
    player: player(id),
    left: left.has(id),
    ...row,
  }));
}
