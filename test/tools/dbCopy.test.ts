// db:copy: a SQLite file made by the real migrations, a few rows in every table, moved to a real
// PostgreSQL (test/support/postgres.ts) and compared row by row; the tool itself prints both ends'
// counts and refuses a target that already holds rows.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/sqliteConnection.js';
import { copyTables, sqliteReader, summarize, tablesInCopyOrder, type TableSpec } from '../../src/db/dataCopy.js';
import { openPostgres } from '../../src/db/postgres.js';
import type { Database, Sql } from '../../src/db/database.js';
import { freshPostgresDatabase } from '../support/postgres.js';

const T = 1_795_000_000_000; // ms, past 2^31

/** A few rows in every table, with NULLs, a fractional rating, non-ASCII text and gaps in the ids. */
function populate(db: BetterSqlite3.Database): void {
  db.exec(`
    INSERT INTO players VALUES ('111', 'Ammon ☥', ${T}), ('222', 'Bastet''s', ${T + 1}), ('deleted:1', '', ${T});
    INSERT INTO games (id, guild_id, channel_id, message_id, ruleset, options, seed, state, version, status,
                       white_id, black_id, to_act_id, rated, turn_deadline, created_at, remind_at,
                       reminders_sent, reminder_channel_id, reminder_message_id, locale)
      VALUES (7, 'g1', 'c1', 'm1', 'kendall', '{"pawns":5}', 4294967297, '{"board":[1,2]}', 3, 'active',
              '111', '222', '111', 1, ${T + 60_000}, ${T}, ${T + 600}, 1, 'c1', 'r1', 'de');
    INSERT INTO games (id, guild_id, channel_id, ruleset, options, seed, state, version, status, white_id,
                       black_id, rated, created_at, finished_at, winner_side, end_reason, score, season)
      VALUES (42, 'g1', 'c2', 'kendall', '{}', 9, '{}', 12, 'finished', '222', '111', 1, ${T}, ${T + 9}, 'B',
              'won', 3, 1);
    INSERT INTO challenges (id, guild_id, channel_id, challenger_id, opponent_id, ruleset, options, status,
                            created_at, expires_at, game_id)
      VALUES (3, 'g1', 'c1', '111', '222', 'kendall', '{}', 'accepted', ${T}, ${T + 1}, 7),
             (5, 'g1', 'c1', '222', '111', 'kendall', '{}', 'pending', ${T}, ${T + 1}, NULL);
    INSERT INTO actions VALUES (7, 0, '111', '{"type":"throw"}', 3, ${T}), (7, 1, '111', '{"type":"move"}', NULL, ${T + 1}),
                               (42, 0, 'deleted:1', '{"type":"throw"}', 5, ${T});
    INSERT INTO rating_history VALUES ('g1', '111', 42, 1500, 1484.123456789, 200.5, ${T}, 1),
                                      ('g1', '222', 42, 1500, 1515.876543211, 200.5, ${T}, 1);
    INSERT INTO ratings VALUES ('g1', 1, '111', 1484.123456789, 200.5, 0.06, 1, ${T}),
                               ('g1', 2, '222', 1515.876543211, 180.25, 0.059999, 1, ${T});
    INSERT INTO guild_settings VALUES ('g1', '{"threads":false}', ${T}, '111');
    INSERT INTO seasons VALUES ('g1', 2, ${T}, '111');
    INSERT INTO reminder_deletions VALUES ('c1', 'old', 2, 'g1');
    INSERT INTO player_settings VALUES ('222', 0, ${T});
    INSERT INTO answer_tokens VALUES ('m1', '123456789012345678', 'tok?en@', ${T});
    INSERT INTO servers_left VALUES ('g9', ${T}, ${T + 86_400_000});
    INSERT INTO tournaments (id, guild_id, channel_id, name, ruleset, options, format, rounds, starts_at, round_ms,
                             rated, max_players, status, round, created_by, created_at, locale)
      VALUES (2, 'g1', 'c1', 'Spring cup', 'kendall', '{}', 'swiss', 3, ${T}, 86400000, 1, 16, 'running', 1, '111',
              ${T}, 'en');
    INSERT INTO tournament_players VALUES (2, '111', ${T}, 1500, 1, NULL), (2, '222', ${T}, 1490.5, 2, NULL);
    INSERT INTO tournament_rounds VALUES (2, 1, ${T}, ${T + 86_400_000});
    INSERT INTO tournament_pairings VALUES (2, 1, 1, '111', '222', 42, '222', 'game');
    INSERT INTO nicknames VALUES ('111', 'g1', 'Ammon of Thebes', ${T}), ('222', 'g9', 'B.', ${T + 1});
    INSERT INTO event_deletions VALUES ('g8', '1234567890123456789', 1);
    INSERT INTO handoffs VALUES (0, '["1575954208639680540"]', ${T});
    INSERT INTO game_news VALUES (1, 7, 3, 'g1');
  `);
}

async function allRows(sql: Sql, table: TableSpec): Promise<unknown[]> {
  return sql.all(`SELECT ${table.columns.join(', ')} FROM ${table.name} ORDER BY ${table.key.join(', ')}`);
}

describe('db:copy', () => {
  let folder: string;
  let file: string;
  let source: BetterSqlite3.Database;
  let target: Database;
  const tables = tablesInCopyOrder();

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'senet-copy-'));
    file = join(folder, 'senet.db');
    source = openDatabase(file);
    populate(source);
    target = await openPostgres(await freshPostgresDatabase());
  });

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    source?.close();
    await target?.close();
  });

  it('orders every table after the tables it refers to', () => {
    const at = (name: string) => tables.findIndex((t) => t.name === name);
    expect(at('players')).toBeLessThan(at('games'));
    expect(at('games')).toBeLessThan(at('actions'));
    expect(at('tournament_rounds')).toBeLessThan(at('tournament_pairings'));
    expect(new Set(tables.map((t) => t.name)).size).toBe(tables.length);
  });

  it('copies every row of every table as it is, and moves the id sequences past the copied ids', async () => {
    const reader = sqliteReader(source);
    // The fixture covers every table: a table added later fails here until it has rows too.
    for (const summary of await summarize(reader, tables))
      expect({ ...summary, empty: summary.rows === 0 }).toMatchObject({ empty: false });

    await copyTables(reader, target, tables);
    for (const table of tables) {
      expect({ table: table.name, rows: await allRows(target, table) }).toEqual({
        table: table.name,
        rows: await allRows(reader, table),
      });
    }
    expect(await summarize(target, tables)).toEqual(await summarize(reader, tables));

    const challenge = await target.get<{ id: number }>(
      `INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, ruleset, options, status,
                               created_at, expires_at)
       VALUES ('g1', 'c3', '111', '222', 'kendall', '{}', 'declined', 0, 0) RETURNING id`,
    );
    expect(challenge?.id).toBe(6); // past the largest copied id, 5
  });

  it('refuses a target that holds rows, and writes nothing to it', async () => {
    const before = await summarize(target, tables);
    await expect(copyTables(sqliteReader(source), target, tables)).rejects.toThrow(/not empty/);
    expect(await summarize(target, tables)).toEqual(before);
  });

  it('runs as npm run db:copy, printing both ends’ counts per table', async () => {
    const run = (to: string) =>
      promisify(execFile)('npx', ['tsx', 'src/tools/db-copy.ts', '--from', `sqlite:${file}`, '--to', to], {
        cwd: join(import.meta.dirname, '../..'),
      });
    const url = await freshPostgresDatabase();
    const { stdout } = await run(url);
    expect(stdout).toMatch(/^actions +3 +3 +equal$/m);
    expect(stdout).toMatch(/^games +2 +2 +equal$/m);
    expect(stdout).toContain('copied: every table matches');
    await expect(run(url)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/not empty/) as string });
  });
});
