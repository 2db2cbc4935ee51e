// Schema migrations on real files: from empty, from each older version, twice, and refusing a newer file.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion } from '../../src/db/migrations.js';
import { ANA, BEN, open, playToEnd, startGame, textOnlyRenderer, value } from '../game/harness.js';
import { tempDbPath } from '../game/tempDb.js';

const tables = (db: Database.Database): string[] =>
  db
    .prepare<[], { name: string }>(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
    .all()
    .map((r) => r.name);

/** Takes migration 6 out of a file again: the schema as version 5 code left it. */
function undoVersion6(db: Database.Database): void {
  db.exec(`
    DROP TABLE guild_settings; DROP TABLE seasons;
    DROP INDEX games_rated_by_season; ALTER TABLE games DROP COLUMN season;
    ALTER TABLE rating_history DROP COLUMN season; DROP INDEX challenges_by_challenger;
    CREATE TABLE ratings_v5 (
      guild_id TEXT NOT NULL, user_id TEXT NOT NULL REFERENCES players (user_id), rating REAL NOT NULL,
      rd REAL NOT NULL, vol REAL NOT NULL, games INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      PRIMARY KEY (guild_id, user_id)
    );
    INSERT INTO ratings_v5 SELECT guild_id, user_id, rating, rd, vol, games, updated_at FROM ratings;
    DROP TABLE ratings; ALTER TABLE ratings_v5 RENAME TO ratings;
  `);
}

describe('migrations', () => {
  it('builds the latest schema in an empty file, with the pragmas the service relies on', () => {
    const db = openDatabase(tempDbPath());
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    expect(tables(db)).toEqual([
      'actions',
      'challenges',
      'games',
      'guild_settings',
      'players',
      'rating_history',
      'ratings',
      'seasons',
    ]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    db.close();
  });

  it('is a no-op when started again', () => {
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
      const service = open(path, { renderBoard: textOnlyRenderer() });
      const start = await startGame(service, 'c', 'regency');
      service.close();
      const legacyPath = tempDbPath();
      const legacy = openDatabase(legacyPath, { schemaVersion: version });
      legacy.exec(`ATTACH DATABASE '${path}' AS newer`);
      for (const table of ['players', 'games', 'challenges', 'actions']) {
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

      const upgraded = open(legacyPath, { renderBoard: textOnlyRenderer() });
      expect(schemaVersion(upgraded.db)).toBe(LATEST_VERSION);
      const { view } = await playToEnd(upgraded, value(await upgraded.game(start.gameId)), 5);
      expect(view.result!.ratings).toHaveLength(2);
      expect(value(upgraded.stats({ guildId: start.guildId, userId: ANA.id })).ratingHistory).toHaveLength(1);
      expect(upgraded.verify().problems).toEqual([]);
      upgraded.close();
    },
  );

  it('version 3 takes the messages of older files as up to date, and tracks what later ones show', async () => {
    const path = tempDbPath();
    const service = open(path, { renderBoard: textOnlyRenderer() });
    const posted = await startGame(service, 'posted');
    value(service.setMessage('game', posted.gameId, '111'));
    const unposted = await startGame(service, 'unposted');
    service.close();
    // The file as version 2 code would have left it.
    const raw = new Database(path);
    raw.exec('ALTER TABLE games DROP COLUMN shown_version; ALTER TABLE games DROP COLUMN closed_reason');
    raw.exec('ALTER TABLE challenges DROP COLUMN shown_status');
    undoVersion6(raw);
    raw.pragma('user_version = 2');
    raw.close();

    const upgraded = open(path, { renderBoard: textOnlyRenderer() });
    expect(upgraded.outOfSync()).toEqual({
      gamesBehind: [],
      challengesBehind: [],
      unpostedGames: [unposted.gameId],
      unpostedChallenges: [],
    });
    const view = value(await upgraded.game(posted.gameId));
    value(
      await upgraded.act({ gameId: view.gameId, userId: view.toAct!.id, version: 0, action: view.choices[0]!.action }),
    );
    expect(upgraded.outOfSync().gamesBehind).toEqual([posted.gameId]);
    upgraded.markShown('game', posted.gameId, 1);
    upgraded.markShown('game', posted.gameId, 0); // a late, older edit does not lower it
    expect(upgraded.outOfSync().gamesBehind).toEqual([]);
    upgraded.close();
  });

  it('version 6 keeps the ratings and rated games of older files as season 1', async () => {
    const path = tempDbPath();
    const service = open(path, { renderBoard: textOnlyRenderer() });
    const game = await startGame(service, 'c');
    value(await service.resign({ gameId: game.gameId, userId: BEN.id }));
    const board = value(service.leaderboard({ guildId: game.guildId }));
    service.close();
    const raw = new Database(path);
    undoVersion6(raw);
    raw.pragma('user_version = 5');
    raw.close();

    const upgraded = open(path, { renderBoard: textOnlyRenderer() });
    expect(schemaVersion(upgraded.db)).toBe(LATEST_VERSION);
    expect(upgraded.currentSeason(game.guildId)).toBe(1);
    expect(value(upgraded.leaderboard({ guildId: game.guildId, season: 1 }))).toEqual(board);
    expect(board.map((e) => [e.player.id, e.wins])).toEqual([
      [ANA.id, 1],
      [BEN.id, 0],
    ]);
    expect(value(upgraded.stats({ guildId: game.guildId, userId: ANA.id })).ratingHistory).toHaveLength(1);
    upgraded.close();
  });

  it('refuses a file from newer code instead of guessing', () => {
    const path = tempDbPath();
    openDatabase(path).close();
    const raw = new Database(path);
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`);
    raw.close();
    expect(() => openDatabase(path)).toThrow(/newer than this code/);
  });

  it('keeps the action log append-only', async () => {
    const path = tempDbPath();
    const service = open(path, { renderBoard: textOnlyRenderer() });
    const view = await startGame(service, 'c');
    value(
      await service.act({
        gameId: view.gameId,
        userId: view.toAct!.id,
        version: view.version,
        action: view.choices[0]!.action,
      }),
    );
    expect(() => service.db.exec('DELETE FROM actions')).toThrow(/append-only/);
    expect(() => service.db.exec(`UPDATE actions SET user_id = '${BEN.id}'`)).toThrow(/append-only/);
    service.close();
  });
});
