// `npm run db:verify [-- --db <file>]`: rebuilds every stored game from its seed and action log
// and reports any whose stored state differs. Exit code 1 if any does (for cron jobs and CI).
// The file is `--db`, else DATABASE_PATH, else ./data/senet.db.
import { config as loadDotenv } from 'dotenv';
import { existsSync } from 'node:fs';
import { databasePath } from '../db/connection.js';
import { openSqlite } from '../db/sqlite.js';
import { GameStore } from '../db/gameStore.js';
import { verifyGames } from '../game/verify.js';
import { namedArgs } from './toolArgs.js';

const USAGE =
  'usage: npm run db:verify [-- --db <database file>]\n' +
  '  --db  the database to check (default: DATABASE_PATH, else ./data/senet.db)';

const args = namedArgs(['db'], USAGE);
loadDotenv({ quiet: true });
const path = args.db ?? databasePath();
if (!existsSync(path)) {
  console.error(`no database at ${path}`);
  process.exit(2);
}
const db = openSqlite(path);
const { checked, problems } = await verifyGames(new GameStore(db));
await db.close();
for (const { gameId, problem } of problems) console.log(`game ${gameId}: ${problem}`);
console.log(
  `${path}: ${checked} game${checked === 1 ? '' : 's'} checked, ${problems.length} differ${problems.length === 1 ? 's' : ''}`,
);
process.exit(problems.length > 0 ? 1 : 0);
