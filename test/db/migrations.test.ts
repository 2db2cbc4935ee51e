// Schema migrations on real files: from empty, from each older version, twice, and refusing a newer file.
import type Database from 'better-sqlite3';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqliteConnection.js';
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion } from '../../src/db/sqliteMigrations.js';
import {
  ANA,
  BEN,
  GUILD,
  open,
  playFirstChoice,
  playToEnd,
  startGame,
  testClock,
  textOnlyRenderer,
  value,
  member,
} from '../game/harness.js';
import { tempDbPath } from '../game/tempDb.js';
import { sqliteConnection } from '../../src/db/sqlite.js';
import {
  type Action,
  type GameState,
  type RuleSetId,
  SeededSticks,
  applyAction,
  legalActions,
  newGame,
  replay,
} from '../../src/engine/index.js';
import { unwrap } from '../../src/lib/result.js';
import { execFileSync } from 'node:child_process';

const tables = (db: Database.Database): string[] =>
  db
    .prepare<[], { name: string }>(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
    .all()
    .map((r) => r.name);

/** A copy of the rows of the file at `path` in a new file left at schema `version` (the columns that file has). */
function legacyCopy(path: string, version: number): string {
  const legacyPath = tempDbPath();
  const legacy = openDatabase(legacyPath, { schemaVersion: version });
  legacy.exec(`ATTACH DATABASE '${path}' AS newer`);
  const tablesThere = tables(legacy);
  for (const table of ['players', 'games', 'challenges', 'actions', 'ratings', 'rating_history']) {
    if (!tablesThere.includes(table)) continue;
    const columns = legacy
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
      .all()
      .map((c) => c.name)
      .join(', ');
    legacy.exec(`INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM newer.${table}`);
  }
  legacy.exec('DETACH DATABASE newer');
  if (version < 15) asSeededGames(legacy);
  expect(schemaVersion(legacy)).toBe(version);
  expect(tables(legacy).includes('rating_history')).toBe(version >= 2);
  legacy.close();
  return legacyPath;
}

/**
 * A game between Ana and Ben as code before version 15 stored it: thrown by the old generator from
 * `seed`, its state (with the generator's) after `actions` actions (at most to the end), its log.
 */
function writeOldGame(
  legacy: Database.Database,
  game: { id: number; seed: number; ruleset: RuleSetId; actions: number },
): void {
  const at = Date.UTC(2025, 5, 1);
  legacy
    .prepare(`INSERT OR IGNORE INTO players (user_id, name, updated_at) VALUES (?, ?, ?), (?, ?, ?)`)
    .run(ANA.id, ANA.name, at, BEN.id, BEN.name, at);
  const seats = { W: ANA.id, B: BEN.id };
  let state = unwrap(newGame(game.ruleset, {}, game.seed));
  const log = legacy.prepare(
    'INSERT INTO actions (game_id, seq, user_id, action, throw_value, at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const logged: (() => void)[] = [];
  for (let seq = 0; seq < game.actions && state.phase !== 'over'; seq++) {
    const action = legalActions(state).at(-1)!;
    const applied = unwrap(applyAction(state, action));
    const thrown = applied.events.find((e) => e.type === 'throw');
    const user = seats[state.toMove];
    logged.push(() => log.run(game.id, seq, user, JSON.stringify(action), thrown ? thrown.throw.value : null, at));
    state = applied.state;
  }
  const over = state.winner !== null;
  legacy
    .prepare(
      `INSERT INTO games (id, guild_id, channel_id, ruleset, options, seed, state, version, status, white_id, black_id,
                          to_act_id, rated, created_at, finished_at, winner_side, end_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    )
    .run(
      game.id,
      GUILD,
      `channel-${game.id}`,
      game.ruleset,
      JSON.stringify(state.options),
      game.seed,
      JSON.stringify(state),
      state.ply,
      over ? 'finished' : 'active',
      seats.W,
      seats.B,
      over ? null : seats[state.toMove],
      at,
      over ? at : null,
      state.winner,
      over ? 'won' : null,
    );
  for (const write of logged) write();
}

/**
 * Games as code before version 15 made them: the old seeded generator's state in place of keyed
 * dice's count of throws. Only games not yet thrown in can be so turned (their throws are to come).
 */
function asSeededGames(legacy: Database.Database): void {
  const games = legacy
    .prepare<[], { id: number; seed: number; state: string }>('SELECT id, seed, state FROM games')
    .all();
  for (const { id, seed, state } of games) {
    const { thrown, ...rest } = JSON.parse(state) as GameState;
    if (thrown !== 0) throw new Error(`game ${id} was thrown in: copy games into older files before their first throw`);
    const seeded = { ...rest, rng: SeededSticks.fromSeed(seed).state() };
    legacy.prepare('UPDATE games SET state = ? WHERE id = ?').run(JSON.stringify(seeded), id);
  }
}

describe('migrations', () => {
  it('builds the latest schema in an empty file, with the pragmas the service relies on', async () => {
    const db = openDatabase(tempDbPath());
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    expect(tables(db)).toEqual([
      'actions',
      'answer_tokens',
      'challenges',
      'event_deletions',
      'game_news',
      'games',
      'guild_settings',
      'handoffs',
      'nicknames',
      'player_settings',
      'players',
      'rating_history',
      'ratings',
      'reminder_deletions',
      'seasons',
      'servers_left',
      'tournament_pairings',
      'tournament_players',
      'tournament_rounds',
      'tournaments',
    ]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    db.close();
  });

  it('is a no-op when started again', async () => {
    const path = tempDbPath();
    openDatabase(path).close();
    const db = openDatabase(path);
    expect(migrate(db)).toEqual([]);
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    db.close();
  });

  it.each(MIGRATIONS.slice(0, -1).map((m) => m.version))(
    'upgrades a version %i file holding a game, keeping it playable',
    async (version) => {
      // A game started through the service, then its rows copied into a file left at `version`
      // (the columns that file has).
      const path = tempDbPath();
      const service = await open(path, { renderBoard: textOnlyRenderer() });
      const start = await startGame(service, 'c', 'regency');
      await service.storage.close();
      const upgraded = await open(legacyCopy(path, version), { renderBoard: textOnlyRenderer() });
      expect(schemaVersion(sqliteConnection(upgraded.storage.db))).toBe(LATEST_VERSION);
      const { view } = await playToEnd(upgraded, value(await upgraded.play.view(start.gameId)), 5);
      expect(view.result!.ratings).toHaveLength(2);
      expect(
        value(await upgraded.records.stats({ viewer: member(start.guildId), userId: ANA.id })).ratingHistory,
      ).toHaveLength(1);
      expect((await upgraded.storage.verify()).problems).toEqual([]);
      await upgraded.storage.close();
    },
  );

  it('version 3 takes the messages of older files as up to date, and tracks what later ones show', async () => {
    const path = tempDbPath();
    const service = await open(path, { renderBoard: textOnlyRenderer() });
    const posted = await startGame(service, 'posted');
    value(await service.chat.setMessage('game', posted.gameId, '111'));
    const unposted = await startGame(service, 'unposted');
    await service.storage.close();
    // The file as version 2 code would have left it.
    const upgraded = await open(legacyCopy(path, 2), { renderBoard: textOnlyRenderer() });
    expect(await upgraded.chat.outOfSync()).toEqual({
      gamesBehind: [],
      lobbiesBehind: [],
      challengesBehind: [],
      unpostedGames: [unposted.gameId],
      unpostedChallenges: [],
    });
    const view = value(await upgraded.play.view(posted.gameId));
    value(
      await upgraded.play.act({
        gameId: view.gameId,
        userId: view.toAct!.id,
        version: 0,
        action: view.choices[0]!.action,
      }),
    );
    expect((await upgraded.chat.outOfSync()).gamesBehind).toEqual([posted.gameId]);
    await upgraded.chat.recordShown({ kind: 'game', id: posted.gameId, version: 1 });
    await upgraded.chat.recordShown({ kind: 'game', id: posted.gameId, version: 0 }); // a late, older edit does not lower it
    expect((await upgraded.chat.outOfSync()).gamesBehind).toEqual([]);
    await upgraded.storage.close();
  });

  it('version 5 lets a channel with a game from before threads (its board in the channel) hold more games', async () => {
    const path = tempDbPath();
    const service = await open(path, { renderBoard: textOnlyRenderer() });
    const old = await startGame(service, 'c');
    value(await service.chat.setMessage('game', old.gameId, '111'));
    await service.storage.close();

    const upgraded = await open(legacyCopy(path, 4), { renderBoard: textOnlyRenderer() });
    const kept = value(await upgraded.play.view(old.gameId));
    expect(kept).toMatchObject({ channelId: 'c', homeChannelId: 'c', threadId: null, messageId: '111' });
    expect(kept.lobbyMessageId).toBeNull();
    const second = await startGame(upgraded, 'c'); // refused before version 5: one game per channel
    expect(second.channelId).toBe('c');
    // Ana now has two games in c: resigning asks which; named, the old one ends and the new one plays on.
    expect(await upgraded.play.resign({ channelId: 'c', userId: ANA.id })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect((await upgraded.play.gamesHere({ channelId: 'c', userId: ANA.id })).map((g) => g.gameId)).toEqual([
      old.gameId,
      second.gameId,
    ]);
    value(await upgraded.play.resign({ gameId: old.gameId, userId: ANA.id }));
    value(await upgraded.play.resign({ channelId: 'c', userId: ANA.id }));
    expect((await upgraded.storage.verify()).problems).toEqual([]);
    await upgraded.storage.close();
  });

  it('version 7 reminds the games running at the upgrade from their next turn on', async () => {
    const path = tempDbPath();
    const clock = testClock();
    const config = { turnTtlMs: 24 * 3_600_000, reminderDelayMs: 600_000 };
    const service = await open(path, { renderBoard: textOnlyRenderer(), now: clock.now, config });
    const started = await startGame(service, 'c');
    await service.storage.close();
    // The file as version 4 code would have left it.
    const upgraded = await open(legacyCopy(path, 4), { renderBoard: textOnlyRenderer(), now: clock.now, config });
    clock.advance(600_000);
    expect(await upgraded.reminders.claim()).toEqual([]); // its turn began before reminders existed
    const view = value(await upgraded.play.view(started.gameId));
    const next = await playFirstChoice(upgraded, view);
    clock.advance(600_000);
    expect(await upgraded.reminders.claim()).toMatchObject([
      { gameId: started.gameId, player: { id: next.toAct!.id } },
    ]);
    expect(await upgraded.reminders.isOn(ANA.id)).toBe(true);
    await upgraded.storage.close();
  });

  it('version 8 shows the games of older files in English, and keeps each new game in its own language', async () => {
    const path = tempDbPath();
    const service = await open(path, { renderBoard: textOnlyRenderer() });
    const old = await startGame(service, 'c');
    await service.storage.close();
    const upgraded = await open(legacyCopy(path, 7), { renderBoard: textOnlyRenderer() });
    expect(value(await upgraded.play.view(old.gameId)).locale).toBe('en');
    const made = value(
      await upgraded.challenges.create({
        guildId: old.guildId,
        channelId: 'd',
        challenger: ANA,
        opponent: BEN,
        locale: 'fr',
      }),
    );
    if (made.kind !== 'challenge') throw new Error('expected a challenge');
    expect(made.challenge.locale).toBe('fr');
    const game = value(await upgraded.challenges.accept({ challengeId: made.challenge.challengeId, userId: BEN.id }));
    expect(value(await upgraded.play.view(game.gameId)).locale).toBe('fr');
    await upgraded.storage.close();
  });

  it('version 6 keeps the ratings and rated games of older files as season 1', async () => {
    const path = tempDbPath();
    const service = await open(path, { renderBoard: textOnlyRenderer() });
    const game = await startGame(service, 'c');
    value(await service.play.resign({ gameId: game.gameId, userId: BEN.id }));
    const board = value(await service.records.leaderboard({ viewer: member(game.guildId) }));
    await service.storage.close();
    const upgraded = await open(legacyCopy(path, 5), { renderBoard: textOnlyRenderer() });
    expect(schemaVersion(sqliteConnection(upgraded.storage.db))).toBe(LATEST_VERSION);
    expect(await upgraded.records.currentSeason(game.guildId)).toBe(1);
    expect(value(await upgraded.records.leaderboard({ viewer: member(game.guildId), season: 1 }))).toEqual(board);
    expect(board.map((e) => [e.player.id, e.wins])).toEqual([
      [ANA.id, 1],
      [BEN.id, 0],
    ]);
    expect(
      value(await upgraded.records.stats({ viewer: member(game.guildId), userId: ANA.id })).ratingHistory,
    ).toHaveLength(1);
    await upgraded.storage.close();
  });

  it('version 15 marks the games before it as the old dice, which replay and play on exactly as they were', async () => {
    const path = tempDbPath();
    const legacy = openDatabase(path, { schemaVersion: 14 });
    writeOldGame(legacy, { id: 1, seed: 20_260, ruleset: 'pennsic', actions: Infinity });
    writeOldGame(legacy, { id: 2, seed: 7, ruleset: 'dancers', actions: 40 });
    const before = legacy.prepare('SELECT id, seed, state FROM games ORDER BY id').all();
    legacy.close();

    const upgraded = await open(path, { renderBoard: textOnlyRenderer() });
    expect(await upgraded.storage.db.all('SELECT id, seed, state, dice, dice_secret FROM games ORDER BY id')).toEqual(
      before.map((row) => ({ ...(row as object), dice: 'seeded', dice_secret: null })),
    );
    expect(await upgraded.storage.verify()).toEqual({ checked: 2, problems: [] });
    expect(await upgraded.dice.check({ viewer: member(GUILD), gameId: 1 })).toEqual({
      ok: true,
      value: { gameId: 1, kind: 'seeded' },
    });
    // The game still running plays on with its old generator: the throws its seed gives.
    const live = value(await upgraded.play.view(2));
    expect(live.dice).toBeNull();
    const { view: ended } = await playToEnd(upgraded, live, 3);
    const actions = (
      await upgraded.storage.db.all<{ action: string }>('SELECT action FROM actions WHERE game_id = 2 ORDER BY seq')
    ).map((row) => JSON.parse(row.action) as Action);
    expect(ended.state).toEqual(unwrap(replay({ ruleset: 'dancers', options: live.options, seed: 7, actions })));
    await upgraded.storage.close();

    const verified = execFileSync(process.execPath, ['--import', 'tsx', 'src/tools/db-verify.ts', '--db', path], {
      encoding: 'utf8',
    });
    expect(verified).toContain('2 games checked, 0 differ');
  });

  it('refuses a file from newer code instead of guessing', async () => {
    const path = tempDbPath();
    openDatabase(path).close();
    const raw = new SqliteDatabase(path);
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`);
    raw.close();
    expect(() => openDatabase(path)).toThrow(/newer than this code/);
  });

  it('copies a file that holds data as it was before migrating it, and only then', async () => {
    const path = tempDbPath();
    const dir = join(dirname(path), 'backups');
    const copies: [string, number][] = [];
    const backupBeforeMigrating = { dir, copied: (file: string, from: number) => copies.push([file, from]) };
    // A new file, and a file already at the latest version, have nothing to copy.
    openDatabase(path, { backupBeforeMigrating, schemaVersion: 0 }).close();
    const older = openDatabase(path, { schemaVersion: LATEST_VERSION - 1 });
    older.prepare(`INSERT INTO players (user_id, name, updated_at) VALUES ('ana', 'Ana', 0)`).run();
    older.close();
    openDatabase(path, { backupBeforeMigrating }).close();
    openDatabase(path, { backupBeforeMigrating }).close();

    expect(copies).toHaveLength(1);
    const [file, from] = copies[0]!;
    expect(from).toBe(LATEST_VERSION - 1);
    expect(readdirSync(dir)).toEqual([basename(file)]);
    expect(basename(file)).toMatch(new RegExp(`^pre-migration-v${LATEST_VERSION - 1}-.*Z\\.db$`));
    const copy = new SqliteDatabase(file, { readonly: true });
    expect(schemaVersion(copy)).toBe(LATEST_VERSION - 1);
    expect(copy.prepare('SELECT name FROM players').pluck().all()).toEqual(['Ana']);
    copy.close();
    const migrated = openDatabase(path);
    expect(schemaVersion(migrated)).toBe(LATEST_VERSION);
    migrated.close();
  });

  it('keeps the action log append-only', async () => {
    const path = tempDbPath();
    const service = await open(path, { renderBoard: textOnlyRenderer() });
    const view = await startGame(service, 'c');
    value(
      await service.play.act({
        gameId: view.gameId,
        userId: view.toAct!.id,
        version: view.version,
        action: view.choices[0]!.action,
      }),
    );
    expect(() => sqliteConnection(service.storage.db).exec('DELETE FROM actions')).toThrow(/append-only/);
    expect(() => sqliteConnection(service.storage.db).exec(`UPDATE actions SET user_id = '${BEN.id}'`)).toThrow(
      /append-only/,
    );
    await service.storage.close();
  });
});
