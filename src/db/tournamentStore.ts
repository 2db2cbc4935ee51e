// Every SQL statement about tournaments: the event, its players, rounds and pairings. Writes that
// race (two clicks on Join, two processes' timers, a game ending while its round's time runs out)
// are conditional and report whether they won, so a caller inside a transaction never applies the
// same change twice; a round is a row whose primary key keeps it from being paired twice.
import { NICKNAME_IN, SHOWN_NAME } from './names.js';
import { Query } from './query.js';
import type { Sql } from './database.js';
import type { RuleOptions, RuleSetId } from '../engine/index.js';
import type { Locale } from '../i18n/index.js';
import { storedLocale } from './records.js';
import { ONE_SHARD, type ShardScope, onShard } from './shards.js';

export type TournamentFormat = 'swiss' | 'knockout';
type TournamentStatus = 'open' | 'running' | 'finished' | 'cancelled';
/** How a board was decided: its game, a bye, a forfeit (a player left), or the round's time limit. */
export type DecidedBy = 'game' | 'bye' | 'forfeit' | 'round-time';

export interface TournamentRecord {
  id: number;
  guildId: string;
  channelId: string;
  messageId: string | null;
  name: string;
  ruleset: RuleSetId;
  options: RuleOptions;
  format: TournamentFormat;
  rounds: number;
  startsAt: number;
  roundMs: number;
  rated: boolean;
  maxPlayers: number;
  status: TournamentStatus;
  round: number;
  roundEndsAt: number | null;
  createdBy: string;
  createdAt: number;
  finishedAt: number | null;
  locale: Locale;
  eventId: string | null;
  version: number;
  shownVersion: number | null;
}

export type NewTournament = Pick<
  TournamentRecord,
  | 'guildId'
  | 'channelId'
  | 'name'
  | 'ruleset'
  | 'options'
  | 'format'
  | 'rounds'
  | 'startsAt'
  | 'roundMs'
  | 'rated'
  | 'maxPlayers'
  | 'createdBy'
  | 'createdAt'
  | 'locale'
>;

export interface EntrantRecord {
  userId: string;
  name: string;
  joinedAt: number;
  rating: number | null;
  seed: number | null;
  leftRound: number | null;
}

export interface PairingRecord {
  tournamentId: number;
  round: number;
  board: number;
  firstId: string;
  secondId: string | null;
  gameId: number | null;
  winnerId: string | null;
  decidedBy: DecidedBy | null;
}

interface TournamentRow {
  id: number;
  guild_id: string;
  channel_id: string;
  message_id: string | null;
  name: string;
  ruleset: string;
  options: string;
  format: string;
  rounds: number;
  starts_at: number;
  round_ms: number;
  rated: number;
  max_players: number;
  status: string;
  round: number;
  round_ends_at: number | null;
  created_by: string;
  created_at: number;
  finished_at: number | null;
  locale: string;
  event_id: string | null;
  version: number;
  shown_version: number | null;
}

interface PairingRow {
  tournament_id: number;
  round: number;
  board: number;
  first_id: string;
  second_id: string | null;
  game_id: number | null;
  winner_id: string | null;
  decided_by: string | null;
}

const toTournament = (r: TournamentRow): TournamentRecord => ({
  id: r.id,
  guildId: r.guild_id,
  channelId: r.channel_id,
  messageId: r.message_id,
  name: r.name,
  ruleset: r.ruleset as RuleSetId,
  options: JSON.parse(r.options) as RuleOptions,
  format: r.format as TournamentFormat,
  rounds: r.rounds,
  startsAt: r.starts_at,
  roundMs: r.round_ms,
  rated: r.rated === 1,
  maxPlayers: r.max_players,
  status: r.status as TournamentStatus,
  round: r.round,
  roundEndsAt: r.round_ends_at,
  createdBy: r.created_by,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  locale: storedLocale(r.locale),
  eventId: r.event_id,
  version: r.version,
  shownVersion: r.shown_version,
});

const toPairing = (r: PairingRow): PairingRecord => ({
  tournamentId: r.tournament_id,
  round: r.round,
  board: r.board,
  firstId: r.first_id,
  secondId: r.second_id,
  gameId: r.game_id,
  winnerId: r.winner_id,
  decidedBy: r.decided_by as DecidedBy | null,
});

type Id = { id: number };

export class TournamentStore {
  private readonly s: ReturnType<typeof prepare>;

  /** `shard`: the servers whose tournaments this process runs (their start, rounds and time limits). */
  constructor(
    private readonly sql: Sql,
    shard: ShardScope = ONE_SHARD,
  ) {
    this.s = prepare(onShard(shard));
  }

  async insert(t: NewTournament): Promise<number> {
    const info = await this.s.insert.one(this.sql, {
      guild_id: t.guildId,
      channel_id: t.channelId,
      name: t.name,
      ruleset: t.ruleset,
      options: JSON.stringify(t.options),
      format: t.format,
      rounds: t.rounds,
      starts_at: t.startsAt,
      round_ms: t.roundMs,
      rated: t.rated ? 1 : 0,
      max_players: t.maxPlayers,
      created_by: t.createdBy,
      created_at: t.createdAt,
      locale: t.locale,
    });
    return info.id;
  }

  async tournament(id: number): Promise<TournamentRecord | undefined> {
    const row = await this.s.tournament.get(this.sql, id);
    return row && toTournament(row);
  }

  /** Open or running tournaments in a server (the per-server limit counts them). */
  async liveIn(guildId: string): Promise<number> {
    return (await this.s.liveIn.one(this.sql, guildId)).n;
  }

  /** A server's tournaments, newest first. */
  async recentIn(guildId: string, limit: number): Promise<TournamentRecord[]> {
    return (await this.s.recentIn.all(this.sql, guildId, limit)).map(toTournament);
  }

  async setMessage(id: number, messageId: string): Promise<boolean> {
    return (await this.s.setMessage.run(this.sql, messageId, id)).changes === 1;
  }

  async setEvent(id: number, eventId: string): Promise<boolean> {
    return (await this.s.setEvent.run(this.sql, eventId, id)).changes === 1;
  }

  /** Something its message shows changed: version + 1; answers the tournament as it now stands (undefined: no such tournament). */
  async touch(id: number): Promise<TournamentRecord | undefined> {
    const row = await this.s.touch.get(this.sql, id);
    return row && toTournament(row);
  }

  /** Records that its message shows `version` (never lowers it). */
  async recordShown(id: number, version: number): Promise<void> {
    await this.s.recordShown.run(this.sql, version, id, version);
  }

  /** Moves an open tournament's start to `at` (an admin starting it early); false if not open. */
  async startAt(id: number, at: number): Promise<boolean> {
    return (await this.s.startAt.run(this.sql, at, id)).changes === 1;
  }

  /** Open → running, with its number of rounds; false if it was not open (already started or cancelled). */
  async setRunning(id: number, rounds: number): Promise<boolean> {
    return (await this.s.setRunning.run(this.sql, rounds, id)).changes === 1;
  }

  async finish(id: number, at: number): Promise<boolean> {
    return (await this.s.finish.run(this.sql, at, id)).changes === 1;
  }

  async cancel(id: number, at: number): Promise<boolean> {
    return (await this.s.cancel.run(this.sql, at, id)).changes === 1;
  }

  // ---- players -------------------------------------------------------------------------------

  async entrants(id: number): Promise<EntrantRecord[]> {
    return (await this.s.entrants.all(this.sql, id)).map((r) => ({
      userId: r.user_id,
      name: r.name,
      joinedAt: r.joined_at,
      rating: r.rating,
      seed: r.seed,
      leftRound: r.left_round,
    }));
  }

  /** False if the player was in already. */
  async addEntrant(id: number, userId: string, at: number): Promise<boolean> {
    return (await this.s.addEntrant.run(this.sql, id, userId, at)).changes === 1;
  }

  /** Before the start: the player is simply gone. False if they were not in. */
  async removeEntrant(id: number, userId: string): Promise<boolean> {
    return (await this.s.removeEntrant.run(this.sql, id, userId)).changes === 1;
  }

  /** During the event: the player is paired no more from `round` on. False if not in, or already out. */
  async withdraw(id: number, userId: string, round: number): Promise<boolean> {
    return (await this.s.withdraw.run(this.sql, round, id, userId)).changes === 1;
  }

  async seed(id: number, userId: string, rating: number, seed: number): Promise<void> {
    await this.s.seed.run(this.sql, rating, seed, id, userId);
  }

  // ---- rounds and pairings -------------------------------------------------------------------

  /**
   * Opens round `round` (the one after the current): false if it exists already or the tournament
   * has moved on, so a round is never paired twice.
   */
  async openRound(id: number, round: number, at: number, endsAt: number): Promise<boolean> {
    if (await this.s.roundExists.get(this.sql, id, round)) return false;
    if ((await this.s.advanceRound.run(this.sql, round, endsAt, id, round - 1)).changes !== 1) return false;
    await this.s.insertRound.run(this.sql, id, round, at, endsAt);
    return true;
  }

  async insertPairing(
    p: Omit<PairingRecord, 'tournamentId' | 'round'> & { tournamentId: number; round: number },
  ): Promise<void> {
    await this.s.insertPairing.run(this.sql, {
      tournament_id: p.tournamentId,
      round: p.round,
      board: p.board,
      first_id: p.firstId,
      second_id: p.secondId,
      game_id: p.gameId,
      winner_id: p.winnerId,
      decided_by: p.decidedBy,
    });
  }

  async setPairingGame(id: number, round: number, board: number, gameId: number): Promise<void> {
    await this.s.setPairingGame.run(this.sql, gameId, id, round, board);
  }

  async pairings(id: number): Promise<PairingRecord[]> {
    return (await this.s.pairings.all(this.sql, id)).map(toPairing);
  }

  async pairingOfGame(gameId: number): Promise<PairingRecord | undefined> {
    const row = await this.s.pairingOfGame.get(this.sql, gameId);
    return row && toPairing(row);
  }

  /** Decides an undecided board; false if it was decided already. */
  async decide(
    p: Pick<PairingRecord, 'tournamentId' | 'round' | 'board'>,
    winnerId: string,
    by: DecidedBy,
  ): Promise<boolean> {
    return (await this.s.decide.run(this.sql, winnerId, by, p.tournamentId, p.round, p.board)).changes === 1;
  }

  // ---- timed work (this shard's servers) -------------------------------------------------------

  /**
   * Tournaments with work due: open ones whose start has come, running ones whose round is over
   * (every board decided) or whose round's time has run out.
   */
  async due(now: number): Promise<number[]> {
    return (await this.s.due.all(this.sql, { now })).map((r) => r.id);
  }

  /** Tournaments whose message shows an older version than the database holds. */
  async behind(): Promise<number[]> {
    return (await this.s.behind.all(this.sql)).map((r) => r.id);
  }
}

function prepare(owned: string) {
  const st = <P extends unknown[] | object, R = unknown>(sql: string) => new Query<P, R>(sql);
  return {
    insert: st<Record<string, string | number>, { id: number }>(
      `INSERT INTO tournaments (guild_id, channel_id, name, ruleset, options, format, rounds, starts_at, round_ms, rated,
                                max_players, status, created_by, created_at, locale)
       VALUES (@guild_id, @channel_id, @name, @ruleset, @options, @format, @rounds, @starts_at, @round_ms, @rated,
               @max_players, 'open', @created_by, @created_at, @locale)
       RETURNING id`,
    ),
    tournament: st<[number], TournamentRow>(`SELECT * FROM tournaments WHERE id = ?`),
    liveIn: st<[string], { n: number }>(
      `SELECT COUNT(*) AS n FROM tournaments WHERE guild_id = ? AND status IN ('open', 'running')`,
    ),
    recentIn: st<[string, number], TournamentRow>(
      `SELECT * FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT ?`,
    ),
    setMessage: st<[string, number]>(`UPDATE tournaments SET message_id = ? WHERE id = ?`),
    setEvent: st<[string, number]>(`UPDATE tournaments SET event_id = ? WHERE id = ?`),
    touch: st<[number], TournamentRow>(`UPDATE tournaments SET version = version + 1 WHERE id = ? RETURNING *`),
    recordShown: st<[number, number, number]>(
      `UPDATE tournaments SET shown_version = ? WHERE id = ? AND (shown_version IS NULL OR shown_version < ?)`,
    ),
    startAt: st<[number, number]>(`UPDATE tournaments SET starts_at = ? WHERE id = ? AND status = 'open'`),
    setRunning: st<[number, number]>(
      `UPDATE tournaments SET status = 'running', rounds = ?, version = version + 1 WHERE id = ? AND status = 'open'`,
    ),
    finish: st<[number, number]>(
      `UPDATE tournaments SET status = 'finished', finished_at = ?, round_ends_at = NULL, version = version + 1
       WHERE id = ? AND status = 'running'`,
    ),
    cancel: st<[number, number]>(
      `UPDATE tournaments SET status = 'cancelled', finished_at = ?, round_ends_at = NULL, version = version + 1
       WHERE id = ? AND status IN ('open', 'running')`,
    ),
    entrants: st<
      [number],
      {
        user_id: string;
        name: string;
        joined_at: number;
        rating: number | null;
        seed: number | null;
        left_round: number | null;
      }
    >(
      `SELECT e.user_id, ${SHOWN_NAME} AS name, e.joined_at, e.rating, e.seed, e.left_round
       FROM tournament_players e JOIN tournaments t ON t.id = e.tournament_id
       JOIN players p ON p.user_id = e.user_id ${NICKNAME_IN('t.guild_id')}
       WHERE e.tournament_id = ? ORDER BY COALESCE(e.seed, 1e9), e.joined_at, e.user_id`,
    ),
    addEntrant: st<[number, string, number]>(
      `INSERT INTO tournament_players (tournament_id, user_id, joined_at) VALUES (?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    removeEntrant: st<[number, string]>(`DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?`),
    withdraw: st<[number, number, string]>(
      `UPDATE tournament_players SET left_round = ? WHERE tournament_id = ? AND user_id = ? AND left_round IS NULL`,
    ),
    seed: st<[number, number, number, string]>(
      `UPDATE tournament_players SET rating = ?, seed = ? WHERE tournament_id = ? AND user_id = ?`,
    ),
    roundExists: st<[number, number], { round: number }>(
      `SELECT round FROM tournament_rounds WHERE tournament_id = ? AND round = ?`,
    ),
    advanceRound: st<[number, number, number, number]>(
      `UPDATE tournaments SET round = ?, round_ends_at = ?, version = version + 1
       WHERE id = ? AND round = ? AND status = 'running'`,
    ),
    insertRound: st<[number, number, number, number]>(
      `INSERT INTO tournament_rounds (tournament_id, round, started_at, ends_at) VALUES (?, ?, ?, ?)`,
    ),
    insertPairing: st<Record<string, string | number | null>>(
      `INSERT INTO tournament_pairings (tournament_id, round, board, first_id, second_id, game_id, winner_id, decided_by)
       VALUES (@tournament_id, @round, @board, @first_id, @second_id, @game_id, @winner_id, @decided_by)`,
    ),
    setPairingGame: st<[number, number, number, number]>(
      `UPDATE tournament_pairings SET game_id = ? WHERE tournament_id = ? AND round = ? AND board = ?`,
    ),
    pairings: st<[number], PairingRow>(
      `SELECT * FROM tournament_pairings WHERE tournament_id = ? ORDER BY round, board`,
    ),
    pairingOfGame: st<[number], PairingRow>(`SELECT * FROM tournament_pairings WHERE game_id = ?`),
    decide: st<[string, DecidedBy, number, number, number]>(
      `UPDATE tournament_pairings SET winner_id = ?, decided_by = ?
       WHERE tournament_id = ? AND round = ? AND board = ? AND winner_id IS NULL`,
    ),
    due: st<{ now: number }, Id>(
      `SELECT id FROM tournaments t WHERE ${owned} AND (
         (status = 'open' AND starts_at <= @now)
         OR (status = 'running' AND (round_ends_at <= @now OR NOT EXISTS (
           SELECT 1 FROM tournament_pairings p WHERE p.tournament_id = t.id AND p.round = t.round AND p.winner_id IS NULL)))
       ) ORDER BY id`,
    ),
    behind: st<[], Id>(
      `SELECT id FROM tournaments WHERE message_id IS NOT NULL AND (shown_version IS NULL OR shown_version < version)
       AND ${owned} ORDER BY id`,
    ),
  };
}
