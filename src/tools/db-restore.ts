// `npm run db:restore -- --from <backup> [--db <file>]`: puts a SQLite backup back in place of the
// bot's database, or makes a new database from it elsewhere (a drill, an inspection).
//
// It refuses while a bot serves that database: every bot process holds the file's serving lock for
// as long as it runs (src/db/servingLock.ts), and any other open connection (a tool, a process
// that holds no serving lock) blocks the switch out of WAL mode this takes before replacing the
// file. The backup must pass `PRAGMA integrity_check` and the foreign-key check, and its games
// must replay clean (as `npm run db:verify`) on the copy that goes in place. The copy is owned like
// the file it replaces (else like its folder), so a restore run as root leaves a file the bot's
// user can write. The replaced file is kept beside, as <db>.replaced-<time>. Exit 0 when restored;
// 1 when the backup does not check out; 2 on wrong arguments or a PostgreSQL database; 3 while a
// bot or another process has the database open.
import { config as loadDotenv } from 'dotenv';
import { chmodSync, chownSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { SqliteDatabase } from '../db/sqliteDriver.js';
import { processSettings } from '../bot/config.js';
import { DEFAULT_DATABASE_PATH } from '../db/sqliteConnection.js';
import { GameStore } from '../db/gameStore.js';
import { LATEST_VERSION, schemaVersion } from '../db/sqliteMigrations.js';
import { openConfiguredDatabase } from '../db/open.js';
import { servingLocksHeld } from '../db/servingLock.js';
import { verifyGames } from '../game/verify.js';
import { namedArgs } from './toolArgs.js';

const USAGE =
  'usage: npm run db:restore -- --from <backup file> [--db <database file>]\n' +
  '  --from  the backup to restore (a file npm run db:backup wrote)\n' +
  '  --db    the database it replaces, or a new file (default: DATABASE_PATH, else ./data/senet.db)';

/** Another process has the database open: nothing was changed. */
class InUse extends Error {}

const args = namedArgs(['from', 'db'], USAGE);
loadDotenv({ quiet: true });
const settings = processSettings(process.env, ['databasePath', 'databaseUrl']);
if (!settings.ok) {
  for (const problem of settings.error) console.error(`Invalid setting: ${problem}`);
  process.exit(78);
}
const target = resolve(args.db ?? settings.value.databaseUrl ?? settings.value.databasePath ?? DEFAULT_DATABASE_PATH);
if (/^postgres(ql)?:\/\//.test(args.db ?? settings.value.databaseUrl ?? '')) {
  fail(
    2,
    'db:restore restores SQLite files. On PostgreSQL, stop the bot, create an empty database and ' +
      'pg_restore --dbname=<its URL> --no-owner <backup>.dump into it, then point DATABASE_URL at it ' +
      '(docs/operators.md#restoring-a-backup)',
  );
}
if (!args.from) fail(2, `--from is needed\n${USAGE}`);
const from = resolve(args.from);
if (!existsSync(from)) fail(2, `no backup at ${from}`);
if (from === target) fail(2, '--from and --db name the same file');

const held = existsSync(target) ? servingLocksHeld(target) : [];
if (held.length > 0)
  fail(3, `a bot is serving ${target} (shard ${held.join(', ')}): stop it first (systemctl stop senet-bot)`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const incoming = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
try {
  // Checked as copied: reading the backup itself could leave files beside it, and it stays as it was.
  copyFileSync(from, incoming);
  checkBackup(incoming, from);
  const games = await verifyCopy(incoming);
  ownLike(incoming, existsSync(target) ? target : dirname(target));
  const replaced = existsSync(target) ? swapIn(incoming, target, `${target}.replaced-${stamp}`) : null;
  if (!replaced) renameSync(incoming, target);
  console.log(`restored ${from} to ${target} (${games} games replay clean)`);
  if (replaced) console.log(`the database it replaced is kept at ${replaced}: delete it once the bot plays again`);
} catch (error) {
  rmSync(incoming, { force: true });
  fail(error instanceof InUse ? 3 : 1, error instanceof Error ? error.message : String(error));
}

function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

/** The copy at `path` of the backup `from` is a sound database of this bot, from this code or an older one. */
function checkBackup(path: string, from: string): void {
  const db = new SqliteDatabase(path, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${from} is damaged: ${String(integrity)}`);
    const dangling = db.pragma('foreign_key_check') as unknown[];
    if (dangling.length > 0) throw new Error(`${from} has ${dangling.length} rows whose references are missing`);
    const version = schemaVersion(db);
    if (version < 1 || !db.prepare(`SELECT 1 FROM sqlite_schema WHERE name = 'games'`).get())
      throw new Error(`${from} is not a senet-bot database`);
    if (version > LATEST_VERSION)
      throw new Error(
        `${from} is at schema version ${version}, newer than this code (${LATEST_VERSION}): restore it with the release that made it`,
      );
  } catch (error) {
    // A file that is no database at all fails at its first read, with SQLite's own code.
    if (error instanceof Error && 'code' in error)
      throw new Error(`${from} is not a database: ${error.message}`, { cause: error });
    throw error;
  } finally {
    db.close();
  }
}

/** Opens the copy as the bot will (migrating an older backup) and replays its games; returns how many. */
async function verifyCopy(path: string): Promise<number> {
  const db = await openConfiguredDatabase({ path });
  try {
    const { checked, problems } = await verifyGames(new GameStore(db));
    if (problems.length > 0) {
      const lines = problems.map(({ gameId, problem }) => `  game ${gameId}: ${problem}`).join('\n');
      throw new Error(`${problems.length} games of the backup do not replay as stored:\n${lines}`);
    }
    return checked;
  } finally {
    await db.close();
  }
}

/**
 * Gives `path` the owner of `like` (a restore run as root must leave a file the bot's user can
 * write) and, when `like` is the file it replaces, its permissions.
 */
function ownLike(path: string, like: string): void {
  const { uid, gid, mode } = statSync(like);
  if (process.getuid?.() === 0) chownSync(path, uid, gid);
  if (like === target) chmodSync(path, mode & 0o777);
}

/**
 * Replaces the database at `path` with `incoming`, keeping the old one as `aside`. Taking the old
 * file out of WAL mode needs it to be the only connection, so this refuses (InUse) while anything
 * else has it open; held in EXCLUSIVE locking mode, no one can open it until the new file is in
 * place, and its log is folded into it first, so nothing of it is left beside the new file.
 */
function swapIn(incoming: string, path: string, aside: string): string {
  const old = new SqliteDatabase(path, { timeout: 0 });
  try {
    old.pragma('locking_mode = EXCLUSIVE');
    try {
      // Out of WAL mode only as the one connection; then an exclusive lock, which any reader blocks.
      old.pragma('journal_mode = DELETE');
      old.exec('BEGIN EXCLUSIVE');
    } catch {
      throw new InUse(`another process has ${path} open (a bot, or a tool such as db:backup): stop it first`);
    }
    renameSync(path, aside);
    renameSync(incoming, path);
    return aside;
  } finally {
    old.close();
  }
}
