// `npm run db:backup [-- path]`: an online backup of the bot's database, safe while the bot
// runs (SQLite's backup API copies a consistent snapshot page by page, letting the bot write in
// between). The source is DATABASE_PATH, else ./data/senet.db; the copy goes to `path`, else
// ./data/backups/senet-<UTC time>.db. The copy is checked (`PRAGMA quick_check`) before it is
// reported. Restoring is described in the README ("Backups").
import { config as loadDotenv } from 'dotenv';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { databasePath } from '../db/connection.js';

loadDotenv({ quiet: true });
const source = databasePath();
if (!existsSync(source)) {
  console.error(`no database at ${source}`);
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = process.argv[2] ?? join(dirname(source), 'backups', `senet-${stamp}.db`);
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
