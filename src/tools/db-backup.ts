// `npm run db:backup [-- --db <file>] [--out <file>]`: an online backup of the bot's database,
// safe while the bot runs (SQLite's backup API copies a consistent snapshot page by page, letting
// the bot write in between). The source is `--db`, else DATABASE_PATH, else ./data/senet.db; the
// copy goes to `--out`, else data/backups/senet-<UTC time>.db beside the source. The copy is checked (`PRAGMA quick_check`) before it is
// reported. Restoring is described in the README ("Backups").
import { config as loadDotenv } from 'dotenv';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { databasePath } from '../db/connection.js';
import { namedArgs } from './toolArgs.js';

const USAGE =
  'usage: npm run db:backup [-- --db <database file>] [--out <backup file>]\n' +
  '  --db   the database to copy (default: DATABASE_PATH, else ./data/senet.db)\n' +
  '  --out  where the copy goes (default: backups/senet-<time>.db beside the database)';

const args = namedArgs(['db', 'out'], USAGE);
loadDotenv({ quiet: true });
// A bot on PostgreSQL (DATABASE_URL, or a URL given as --db) is backed up with PostgreSQL's own tools.
if (/^postgres(ql)?:\/\//.test(args.db ?? (process.env.DATABASE_URL?.trim() || ''))) {
  console.error('db:backup copies SQLite files; back up PostgreSQL with pg_dump (docs/operators.md, "Backups")');
  process.exit(2);
}
const source = args.db ?? databasePath();
if (!existsSync(source)) {
  console.error(`no database at ${source}`);
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = args.out ?? join(dirname(source), 'backups', `senet-${stamp}.db`);
if (existsSync(target)) {
  console.error(`${target} exists already: choose another path`);
  process.exit(2);
}
mkdirSync(dirname(target), { recursive: true });

const db = new Database(source, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
try {
  await db.backup(target);
} finally {
  db.close();
}
const copy = new Database(target, { readonly: true });
const check = copy.pragma('quick_check', { simple: true });
const games = copy.prepare('SELECT count(*) FROM games').pluck().get() as number;
copy.close();
if (check !== 'ok') {
  console.error(`the copy at ${target} does not check out: ${String(check)}`);
  process.exit(1);
}
console.log(`backed up ${source} to ${target} (${games} game${games === 1 ? '' : 's'})`);
