// `npm run db:verify [-- --db <file or postgres://…>]`: rebuilds every stored game from its dice
// and action log and reports any whose stored state differs. Exit code 1 if any does (for cron jobs
// and CI). The database is `--db` (a SQLite file or a postgres:// URL), else DATABASE_URL, else
// DATABASE_PATH, else ./data/senet.db.
import { config as loadDotenv } from 'dotenv';
import { existsSync } from 'node:fs';
import { databasePath } from '../db/sqliteConnection.js';
import { type DatabaseChoice, describeDatabase, openConfiguredDatabase } from '../db/open.js';
import { GameStore } from '../db/gameStore.js';
import { verifyGames } from '../game/verify.js';
import { namedArgs } from './toolArgs.js';

const USAGE =
  'usage: npm run db:verify [-- --db <database file or postgres://…>]\n' +
  '  --db  the database to check (default: DATABASE_URL, else DATABASE_PATH, else ./data/senet.db)';

const args = namedArgs(['db'], USAGE);
loadDotenv({ quiet: true });
const isUrl = (text: string) => /^postgres(ql)?:\/\//.test(text);
const given = args.db ?? (process.env.DATABASE_URL?.trim() || databasePath());
const choice: DatabaseChoice = isUrl(given) ? { url: given } : { path: given };
if (choice.path && !existsSync(choice.path)) {
  console.error(`no database at ${choice.path}`);
  process.exit(2);
}
const path = describeDatabase(choice);
const db = await openConfiguredDatabase(choice);
const { checked, problems } = await verifyGames(new GameStore(db));
await db.close();
for (const { gameId, problem } of problems) console.log(`game ${gameId}: ${problem}`);
console.log(
  `${path}: ${checked} game${checked === 1 ? '' : 's'} checked, ${problems.length} differ${problems.length === 1 ? 's' : ''}`,
);
process.exit(problems.length > 0 ? 1 : 0);
