// Schema migrations on real files: from empty, from each older version, twice, and refusing a newer file.
import type Database from 'better-sqlite3';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion } from '../../src/db/migrations.js';
import {
  ANA,
  BEN,
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
  expect(schemaVersion(legacy)).toBe(version);
  expect(tables(legacy).includes('rating_history')).toBe(version >= 2);
  legacy.close();
  return legacyPath;
}

describe('migrations', () => {
  it('builds the latest schema in an empty file, with the pragmas the service relies on', async () => {
    const db = openDatabase(tempDbPath());
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    expect(tables(db)).toEqual([
      'actions',
      'answer_tokens',
      'challenges',
      'games',
      'guild_settings',
      'handoffs',
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
    const board = value(await service.records.leaderboard({ guildId: game.guildId }));
    await service.storage.close();
    const upgraded = await open(legacyCopy(path, 5), { renderBoard: textOnlyRenderer() });
    expect(schemaVersion(sqliteConnection(upgraded.storage.db))).toBe(LATEST_VERSION);
    expect(await upgraded.records.currentSeason(game.guildId)).toBe(1);
    expect(value(await upgraded.records.leaderboard({ guildId: game.guildId, season: 1 }))).toEqual(board);
    expect(board.map((e) => [e.player.id, e.wins])).toEqual([
      [ANA.id, 1],
      [BEN.id, 0],
    ]);
    expect(
      value(await upgraded.records.stats({ viewer: member(game.guildId), userId: ANA.id })).ratingHistory,
    ).toHaveLength(1);
    await upgraded.storage.close();
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
