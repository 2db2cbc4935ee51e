// `npm run db:backup [-- --db <file or postgres://…>] [--dir <folder> | --out <file>]`: a checked
// copy of the bot's database, safe while the bot runs, then the backup folder's rotation.
//
// SQLite: the online backup API copies a consistent snapshot page by page, letting the bot write in
// between; the copy must pass `PRAGMA quick_check`. PostgreSQL: pg_dump's custom format (a snapshot
// of one transaction), which `pg_restore --list` must read back. Either is written under a temporary
// name and renamed once checked, so a failed or interrupted backup never looks like a backup.
//
// Into the folder (--dir, else BACKUP_DIR, else backups/ beside the SQLite file) the copy is named
// by its time, and the folder is rotated: the newest copy of each of the last BACKUP_KEEP_DAILY days
// and BACKUP_KEEP_WEEKLY weeks stays, older ones are deleted (src/db/backupFiles.ts). With --out, one
// copy to that file, outside the rotation. Restoring: `npm run db:restore` (docs/operators.md#backups).
import { config as loadDotenv } from 'dotenv';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SqliteDatabase } from '../db/sqliteDriver.js';
import { processSettings } from '../bot/config.js';
import { backupName, backupsToPrune } from '../db/backupFiles.js';
import { DEFAULT_DATABASE_PATH } from '../db/sqliteConnection.js';
import { describeDatabase } from '../db/open.js';
import { namedArgs } from './toolArgs.js';

const USAGE =
  'usage: npm run db:backup [-- --db <database file or postgres://…>] [--dir <folder> | --out <file>]\n' +
  '  --db   the database to copy (default: DATABASE_URL, else DATABASE_PATH, else ./data/senet.db)\n' +
  '  --dir  the backup folder, rotated after the copy (default: BACKUP_DIR, else backups/ beside the file)\n' +
  '  --out  one copy to this file instead, outside the rotation';

const args = namedArgs(['db', 'dir', 'out'], USAGE);
loadDotenv({ quiet: true });
const settings = processSettings(process.env, [
  'databasePath',
  'databaseUrl',
  'backupDir',
  'backupKeepDaily',
  'backupKeepWeekly',
]);
if (!settings.ok) {
  for (const problem of settings.error) console.error(`Invalid setting: ${problem}`);
  process.exit(78);
}
const { databasePath, databaseUrl, backupDir, backupKeepDaily, backupKeepWeekly } = settings.value;
if (args.dir && args.out) fail(2, `--dir and --out exclude each other\n${USAGE}`);

const source = args.db ?? databaseUrl ?? databasePath ?? DEFAULT_DATABASE_PATH;
const onPostgres = /^postgres(ql)?:\/\//.test(source);
if (!onPostgres && !existsSync(source)) fail(2, `no database at ${source}`);
const folder = args.dir ?? backupDir ?? (onPostgres ? null : join(dirname(source), 'backups'));
if (!args.out && !folder)
  fail(2, 'a PostgreSQL database has no file to keep its backups beside: set BACKUP_DIR, or give --dir or --out');
const target = resolve(args.out ?? join(folder!, backupName(new Date(), onPostgres ? 'dump' : 'db')));
if (existsSync(target)) fail(2, `${target} exists already: choose another path`);
mkdirSync(dirname(target), { recursive: true });

const partial = `${target}.partial`;
try {
  const what = onPostgres ? await dumpPostgres(source, partial) : await copySqlite(source, partial);
  renameSync(partial, target);
  console.log(`backed up ${describeDatabase(onPostgres ? { url: source } : { path: source })} to ${target} (${what})`);
} catch (error) {
  rmSync(partial, { force: true });
  fail(1, `the backup failed, nothing was kept: ${error instanceof Error ? error.message : String(error)}`);
}
if (!args.out) rotate(folder!, { daily: backupKeepDaily, weekly: backupKeepWeekly });

function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

/**
 * SQLite's online backup of `path` into `into`, checked; says how many games it holds. The copy is
 * taken out of WAL mode (which it inherits from the bot's file), so it is one self-contained file
 * that reading leaves no -wal or -shm file beside.
 */
async function copySqlite(path: string, into: string): Promise<string> {
  const db = new SqliteDatabase(path, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(into);
  } finally {
    db.close();
  }
  const copy = new SqliteDatabase(into);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy does not check out: ${String(check)}`);
    const games = copy.prepare('SELECT count(*) FROM games').pluck().get() as number;
    return `${games} game${games === 1 ? '' : 's'}`;
  } finally {
    copy.close();
  }
}

/**
 * pg_dump's custom format of the database at `url` into `into`, read back with `pg_restore --list`.
 * The password goes to pg_dump in its environment (PGPASSWORD), never on its command line, which
 * every user of the machine can read.
 */
async function dumpPostgres(url: string, into: string): Promise<string> {
  const withoutPassword = new URL(url);
  const password = decodeURIComponent(withoutPassword.password);
  withoutPassword.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const run = promisify(execFile);
  try {
    await run('pg_dump', ['--format=custom', `--file=${into}`, `--dbname=${withoutPassword.toString()}`], { env });
    await run('pg_restore', ['--list', into], { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pg_dump and pg_restore are needed (Debian: apt-get install postgresql-client)', {
        cause: error,
      });
    throw new Error((error as { stderr?: string }).stderr?.trim() || String(error), { cause: error });
  }
  return `${statSync(into).size} bytes`;
}

/** Deletes the copies the rotation no longer keeps, and says what it kept and deleted. */
function rotate(dir: string, keep: { daily: number; weekly: number }): void {
  const names = readdirSync(dir);
  const pruned = backupsToPrune(names, keep);
  for (const name of pruned) rmSync(join(dir, name));
  const kept = names.length - pruned.length;
  console.log(
    `rotated ${dir}: keeping the newest of ${keep.daily} days and ${keep.weekly} weeks` +
      (pruned.length > 0 ? `; deleted ${pruned.join(', ')}` : `; nothing to delete (${kept} files)`),
  );
}
