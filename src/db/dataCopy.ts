// Moving a bot's data from its SQLite file to PostgreSQL (`npm run db:copy`), and the per-table
// summary (row count and checksum) that shows both ends hold the same rows, for db:copy now and
// db:verify on either engine later. The tables, their columns and keys are read from the schema
// SQLite's migrations make (the PostgreSQL schema is checked to be the same one), so a table added
// by a later migration is copied and compared without touching this file.
import { createHash } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { SqliteDatabase } from './sqliteDriver.js';
import { LATEST_VERSION, migrate } from './sqliteMigrations.js';
import type { Database, Sql, SqlParams } from './database.js';

export interface TableSpec {
  name: string;
  columns: readonly string[];
  /** The primary key's columns, in key order: rows are read and compared in this order. */
  key: readonly string[];
  /** An identity column (SQLite's INTEGER PRIMARY KEY): PostgreSQL's sequence is moved past it. */
  identity: string | null;
}

export interface TableSummary {
  table: string;
  rows: number;
  /** SHA-256 of every row's values in key order, equal across engines for equal data. */
  checksum: string;
}

/** Every table of the current schema, each after the tables its foreign keys point to. */
export function tablesInCopyOrder(): TableSpec[] {
  const db = new SqliteDatabase(':memory:');
  try {
    migrate(db);
    const names = db
      .prepare<[], { name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all();
    const specs = new Map<string, TableSpec & { after: string[] }>();
    for (const { name, sql } of names) {
      const info = db.pragma(`table_info("${name}")`) as { name: string; type: string; pk: number }[];
      const key = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
      const rowid = key.length === 1 && key[0]?.type === 'INTEGER' && !/WITHOUT ROWID\s*$/i.test(sql);
      const after = (db.pragma(`foreign_key_list("${name}")`) as { table: string }[]).map((fk) => fk.table);
      specs.set(name, {
        name,
        columns: info.map((c) => c.name),
        key: key.map((c) => c.name),
        identity: rowid ? (key[0]?.name ?? null) : null,
        after: after.filter((table) => table !== name),
      });
    }
    const ordered: TableSpec[] = [];
    const placed = new Set<string>();
    const place = (name: string) => {
      const spec = specs.get(name);
      if (!spec || placed.has(name)) return;
      placed.add(name);
      spec.after.forEach(place);
      ordered.push({ name: spec.name, columns: spec.columns, key: spec.key, identity: spec.identity });
    };
    [...specs.keys()].forEach(place);
    return ordered;
  } finally {
    db.close();
  }
}

const ROWS_PER_READ = 1000;

/** `table`'s rows in key order, a page at a time (keyset paging: each page starts past the last). */
async function* rowsOf(sql: Sql, table: TableSpec): AsyncGenerator<unknown[][]> {
  const columns = table.columns.join(', ');
  const order = table.key.join(', ');
  let last: unknown[] | null = null;
  for (;;) {
    const past: string = last ? `WHERE (${order}) > (${table.key.map(() => '?').join(', ')})` : '';
    const page: Record<string, unknown>[] = await sql.all<Record<string, unknown>>(
      `SELECT ${columns} FROM ${table.name} ${past} ORDER BY ${order} LIMIT ${ROWS_PER_READ}`,
      last ?? [],
    );
    const end = page.at(-1);
    if (end === undefined) return;
    const rows = page.map((row) => table.columns.map((column) => row[column] ?? null));
    yield rows;
    last = table.key.map((column) => end[column]);
    if (page.length < ROWS_PER_READ) return;
  }
}

/** Each table's row count and checksum, read through `sql` (either engine). */
export async function summarize(sql: Sql, tables: readonly TableSpec[]): Promise<TableSummary[]> {
  const summaries: TableSummary[] = [];
  for (const table of tables) {
    const hash = createHash('sha256');
    let rows = 0;
    for await (const page of rowsOf(sql, table)) {
      for (const row of page) hash.update(`${JSON.stringify(row)}\n`);
      rows += page.length;
    }
    summaries.push({ table: table.name, rows, checksum: hash.digest('hex') });
  }
  return summaries;
}

/** A SQLite file read through the Sql interface (the copy's source; nothing is written to it). */
export function sqliteReader(db: BetterSqlite3.Database): Sql {
  const bind = (params: SqlParams | undefined) => (params === undefined ? [] : [params]);
  return {
    dialect: 'sqlite',
    get: async <R>(text: string, params?: SqlParams) => db.prepare(text).get(...bind(params)) as R | undefined,
    all: async <R>(text: string, params?: SqlParams) => db.prepare(text).all(...bind(params)) as R[],
    run: async (text: string, params?: SqlParams) => ({ changes: db.prepare(text).run(...bind(params)).changes }),
  };
}

/** The SQLite file at `path`, opened read-only; it must be at the schema version this code has. */
export function openCopySource(path: string): BetterSqlite3.Database {
  const db = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== LATEST_VERSION) {
    db.close();
    throw new Error(
      `${path} is at schema version ${version}, this code at ${LATEST_VERSION}: start the bot (or run npm run db:verify) on it once to upgrade it first`,
    );
  }
  return db;
}

/** Inserts this many rows per statement (PostgreSQL takes at most 65,535 parameters in one). */
const rowsPerInsert = (table: TableSpec) => Math.max(1, Math.min(500, Math.floor(30_000 / table.columns.length)));

/**
 * Copies every table from `source` into the PostgreSQL database `target` in one transaction, in
 * foreign-key order, then moves each identity sequence past the largest id copied. A target that
 * already holds any row is refused (nothing is written).
 */
export async function copyTables(source: Sql, target: Database, tables: readonly TableSpec[]): Promise<void> {
  await target.transaction(async (tx) => {
    for (const table of tables) {
      if (await tx.get(`SELECT 1 AS found FROM ${table.name} LIMIT 1`)) {
        throw new Error(`the target is not empty (${table.name} has rows): db:copy fills a new database only`);
      }
    }
    await tx.run('SET CONSTRAINTS ALL DEFERRED');
    for (const table of tables) {
      const perInsert = rowsPerInsert(table);
      const tuple = `(${table.columns.map(() => '?').join(', ')})`;
      for await (const page of rowsOf(source, table)) {
        for (let start = 0; start < page.length; start += perInsert) {
          const batch = page.slice(start, start + perInsert);
          await tx.run(
            `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES ${batch.map(() => tuple).join(', ')}`,
            batch.flat(),
          );
        }
      }
      if (table.identity) {
        await tx.get(
          `SELECT setval(pg_get_serial_sequence('${table.name}', '${table.identity}'),
                         COALESCE(MAX(${table.identity}), 1), MAX(${table.identity}) IS NOT NULL)
           FROM ${table.name}`,
        );
      }
    }
  });
}
