// The PostgreSQL schema (src/db/postgresMigrations.ts) against SQLite's (src/db/sqliteMigrations.ts):
// the same tables, columns (type, NOT NULL, default, primary key, identity), foreign keys, unique
// constraints, indexes (unique, partial, columns), CHECK constraints (how many) and triggers, so the
// two lists cannot drift.
// Then the migrations themselves: once, under the lock, with the triggers doing SQLite's work.
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION, migrate } from '../../src/db/sqliteMigrations.js';
import { openPostgres } from '../../src/db/postgres.js';
import {
  migratePostgres,
  POSTGRES_LATEST_VERSION,
  POSTGRES_MIGRATIONS,
  postgresSchemaVersion,
} from '../../src/db/postgresMigrations.js';
import { freshPostgresDatabase } from '../support/postgres.js';

/** One table's shape, in words both engines can be brought to. */
interface TableShape {
  columns: string[];
  foreignKeys: string[];
  unique: string[];
  indexes: string[];
  /** How many CHECK constraints (their texts differ by dialect: IN lists, casts). */
  checks: number;
}

type Schema = Record<string, TableShape>;

const SQLITE_TYPES: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', REAL: 'double precision' };

function sqliteSchema(): { tables: Schema; triggers: string[] } {
  const db = new SqliteDatabase(':memory:');
  try {
    migrate(db);
    const tables: Schema = {};
    const names = db
      .prepare<[], { name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all();
    for (const { name, sql } of names) {
      const withoutRowid = /WITHOUT ROWID\s*$/i.test(sql);
      const info = db.pragma(`table_info("${name}")`) as {
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }[];
      const pkColumns = info.filter((c) => c.pk > 0).length;
      const columns = info.map((c) => {
        const identity = !withoutRowid && pkColumns === 1 && c.pk === 1 && c.type === 'INTEGER';
        const notNull = c.notnull === 1 || c.pk > 0;
        return describeColumn(c.name, SQLITE_TYPES[c.type] ?? c.type, notNull, c.dflt_value, c.pk, identity);
      });
      const fks = db.pragma(`foreign_key_list("${name}")`) as { id: number; table: string; from: string; to: string }[];
      const byId = new Map<number, typeof fks>();
      for (const fk of fks) byId.set(fk.id, [...(byId.get(fk.id) ?? []), fk]);
      const foreignKeys = [...byId.values()].map(
        (parts) => `(${parts.map((p) => p.from).join(',')}) -> ${parts[0]!.table}(${parts.map((p) => p.to).join(',')})`,
      );
      const indexList = db.pragma(`index_list("${name}")`) as {
        name: string;
        unique: number;
        origin: string;
        partial: number;
      }[];
      const indexColumns = (index: string) =>
        (db.pragma(`index_xinfo("${index}")`) as { key: number; name: string | null }[])
          .filter((c) => c.key === 1)
          .map((c) => c.name ?? '(expression)');
      const unique = indexList.filter((i) => i.origin === 'u').map((i) => indexColumns(i.name).join(','));
      const indexes = indexList
        .filter((i) => i.origin === 'c')
        .map((i) => describeIndex(i.name, i.unique === 1, i.partial === 1, indexColumns(i.name)));
      const checks = (sql.match(/\bCHECK\s*\(/gi) ?? []).length;
      tables[name] = {
        columns,
        foreignKeys: foreignKeys.sort(),
        unique: unique.sort(),
        indexes: indexes.sort(),
        checks,
      };
    }
    const triggers = db
      .prepare<[], { name: string }>(`SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name`)
      .all()
      .map((t) => t.name);
    return { tables, triggers };
  } finally {
    db.close();
  }
}

function describeColumn(
  name: string,
  type: string,
  notNull: boolean,
  defaultValue: string | null,
  pk: number,
  identity: boolean,
): string {
  return [
    name,
    type,
    notNull ? 'NOT NULL' : 'NULL',
    defaultValue === null ? 'no default' : `DEFAULT ${defaultValue}`,
    pk > 0 ? `PK#${pk}` : '',
    identity ? 'identity' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const describeIndex = (name: string, unique: boolean, partial: boolean, columns: string[]) =>
  `${unique ? 'UNIQUE ' : ''}${name} (${columns.join(', ')})${partial ? ' WHERE …' : ''}`;

async function postgresSchema(client: pg.Client): Promise<{ tables: Schema; triggers: string[] }> {
  const tables: Schema = {};
  const names = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_name <> 'schema_version' ORDER BY table_name`,
  );
  for (const { name } of names.rows) {
    const columns = await client.query<{
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
      pk: number | null;
    }>(
      `SELECT c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity,
              (SELECT k.ordinal_position FROM information_schema.key_column_usage k
                 JOIN information_schema.table_constraints t USING (constraint_schema, constraint_name)
               WHERE t.constraint_type = 'PRIMARY KEY' AND k.table_name = c.table_name
                 AND k.column_name = c.column_name) AS pk
       FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.table_name = $1 ORDER BY c.ordinal_position`,
      [name],
    );
    const described = columns.rows.map((c) =>
      describeColumn(
        c.column_name,
        c.data_type,
        c.is_nullable === 'NO',
        c.column_default?.replace(/::(text|bigint)$/, '') ?? null,
        c.pk ?? 0,
        c.is_identity === 'YES',
      ),
    );
    const constraints = await client.query<{
      type: string;
      columns: string;
      ref: string | null;
      refcolumns: string | null;
    }>(
      `SELECT c.contype AS type,
         (SELECT string_agg(a.attname, ',' ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS columns,
         c.confrelid::regclass::text AS ref,
         (SELECT string_agg(a.attname, ',' ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
            JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS refcolumns
       FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.contype IN ('f', 'u', 'c')`,
      [name],
    );
    const foreignKeys = constraints.rows
      .filter((c) => c.type === 'f')
      .map((c) => `(${c.columns}) -> ${c.ref}(${c.refcolumns})`);
    const unique = constraints.rows.filter((c) => c.type === 'u').map((c) => c.columns);
    const indexes = await client.query<{ name: string; unique: boolean; partial: boolean; columns: string[] }>(
      `SELECT i.indexrelid::regclass::text AS name, i.indisunique AS unique, i.indpred IS NOT NULL AS partial,
         ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts) AS k) AS columns
       FROM pg_index i
       WHERE i.indrelid = $1::regclass
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [name],
    );
    tables[name] = {
      checks: constraints.rows.filter((c) => c.type === 'c').length,
      columns: described,
      foreignKeys: foreignKeys.sort(),
      unique: unique.sort(),
      indexes: indexes.rows
        .map((i) =>
          describeIndex(
            i.name,
            i.unique,
            i.partial,
            i.columns.map((c) => (/^\w+$/.test(c) ? c : '(expression)')),
          ),
        )
        .sort(),
    };
  }
  const triggers = await client.query<{ name: string }>(
    `SELECT DISTINCT trigger_name AS name FROM information_schema.triggers
     WHERE trigger_schema = 'public' ORDER BY trigger_name`,
  );
  return { tables, triggers: triggers.rows.map((t) => t.name) };
}

describe('the PostgreSQL schema', () => {
  let url: string;
  let client: pg.Client;

  beforeAll(async () => {
    url = await freshPostgresDatabase();
    await (await openPostgres(url)).close();
    client = new pg.Client(url);
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
  });

  it('reaches the same version as SQLite, numbered alike', () => {
    expect(POSTGRES_LATEST_VERSION).toBe(LATEST_VERSION);
    const versions = POSTGRES_MIGRATIONS.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('has the tables, columns, keys, indexes and triggers the SQLite migrations make', async () => {
    const sqlite = sqliteSchema();
    const postgres = await postgresSchema(client);
    expect(Object.keys(postgres.tables)).toEqual(Object.keys(sqlite.tables));
    for (const [table, shape] of Object.entries(sqlite.tables)) {
      expect({ table, ...postgres.tables[table] }).toEqual({ table, ...shape });
    }
    expect(postgres.triggers).toEqual(sqlite.triggers);
  });

  it('clears the turn’s reminder and queues its message when a game’s version moves on', async () => {
    await client.query(`INSERT INTO players (user_id, name, updated_at) VALUES ('w', 'W', 0), ('b', 'B', 0)`);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO games (guild_id, channel_id, ruleset, options, seed, state, version, status, white_id,
                          black_id, rated, created_at, remind_at, reminders_sent, reminder_channel_id,
                          reminder_message_id)
       VALUES ('g', 'c', 'kendall', '{}', 1, '{}', 1, 'active', 'w', 'b', 0, 0, 500, 1, 'c', 'm')
       RETURNING id`,
    );
    const id = rows[0]!.id;
    await client.query('UPDATE games SET remind_at = 900 WHERE id = $1', [id]); // same version: kept
    await client.query('UPDATE games SET version = 2 WHERE id = $1', [id]);
    const game = await client.query('SELECT remind_at, reminders_sent, reminder_message_id FROM games WHERE id = $1', [
      id,
    ]);
    expect(game.rows[0]).toEqual({ remind_at: null, reminders_sent: '0', reminder_message_id: null });
    const queued = await client.query('SELECT channel_id, message_id, guild_id FROM reminder_deletions');
    expect(queued.rows).toEqual([{ channel_id: 'c', message_id: 'm', guild_id: 'g' }]);

    await client.query(`INSERT INTO actions (game_id, seq, user_id, action, at) VALUES ($1, 0, 'w', '{}', 0)`, [id]);
    await expect(client.query(`UPDATE actions SET at = 1`)).rejects.toThrow(/append-only/);
    await client.query(`UPDATE actions SET user_id = 'deleted:1'`); // a deleted player's stand-in: allowed
    await expect(client.query(`DELETE FROM actions`)).rejects.toThrow(/append-only/);
  });
});

describe('PostgreSQL migrations', () => {
  it('run once when two processes open a new database at the same moment', async () => {
    const url = await freshPostgresDatabase();
    const clients = [new pg.Client(url), new pg.Client(url)];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      const applied = await Promise.all(clients.map((c) => migratePostgres(c)));
      expect(applied.map((versions) => versions.length).sort()).toEqual([0, POSTGRES_MIGRATIONS.length]);
      expect(await postgresSchemaVersion(clients[0]!)).toBe(LATEST_VERSION);
      const rows = await clients[0]!.query('SELECT version FROM schema_version');
      expect(rows.rowCount).toBe(1);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('make a process starting beside a long migration wait for it, past the busy timeout', async () => {
    const url = await freshPostgresDatabase();
    const holder = new pg.Client(url);
    await holder.connect();
    try {
      // Stands for another process's migration: it holds the same advisory lock for a while.
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(${0x73656e6574})`);
      const opening = openPostgres(url, { busyTimeoutMs: 100 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await holder.query('COMMIT');
      const db = await opening;
      expect(await db.get('SELECT version FROM schema_version')).toEqual({ version: LATEST_VERSION });
      await db.close();
    } finally {
      await holder.end();
    }
  });

  it('leave an up-to-date database as it is, and refuse one newer than the code', async () => {
    const url = await freshPostgresDatabase();
    await Promise.all([openPostgres(url), openPostgres(url)].map(async (opening) => (await opening).close()));
    const client = new pg.Client(url);
    await client.connect();
    try {
      expect(await migratePostgres(client)).toEqual([]);
      await client.query('UPDATE schema_version SET version = $1', [LATEST_VERSION + 1]);
      await expect(migratePostgres(client)).rejects.toThrow(/newer than this code/);
    } finally {
      await client.end();
    }
  });
});
