// `npm run db:copy -- --from sqlite:<file> --to postgres://…`: moves a bot's data from its SQLite
// file to a new PostgreSQL database (docs/scaling.md). Stop the bot first. The target's schema is
// made by the bot's own migrations; a target holding any row is refused. Every table is copied
// in one transaction, then both ends are read back: rows and checksum per table, side by side.
// Exit 0 when every table matches, 1 when any differs or the copy failed, 2 on wrong arguments.
import { existsSync } from 'node:fs';
import { copyTables, openCopySource, sqliteReader, summarize, tablesInCopyOrder } from '../db/dataCopy.js';
import { openPostgres } from '../db/postgres.js';
import { namedArgs } from './toolArgs.js';

const USAGE =
  'usage: npm run db:copy -- --from sqlite:<database file> --to postgres://user:password@host:5432/database\n' +
  '  --from  the SQLite file to copy (left unchanged)\n' +
  '  --to    a new PostgreSQL database (postgres:// or postgresql://); it must hold no rows';

const args = namedArgs(['from', 'to'], USAGE);
const from = args.from?.startsWith('sqlite:') ? args.from.slice('sqlite:'.length) : undefined;
const to = args.to && /^postgres(ql)?:\/\//.test(args.to) ? args.to : undefined;
if (!from || !to) {
  console.error(`--from sqlite:<file> and --to postgres://… are both needed\n${USAGE}`);
  process.exit(2);
}
if (!existsSync(from)) {
  console.error(`no database at ${from}`);
  process.exit(2);
}

const tables = tablesInCopyOrder();
const sourceDb = openCopySource(from);
const source = sqliteReader(sourceDb);
const target = await openPostgres(to);
try {
  await copyTables(source, target, tables);
} catch (error) {
  console.error(`db:copy failed, nothing was written: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
try {
  if (process.exitCode !== 1) {
    const [before, after] = [await summarize(source, tables), await summarize(target, tables)];
    let differ = 0;
    console.log(`${'table'.padEnd(22)} ${'sqlite'.padStart(9)} ${'postgres'.padStart(9)}  checksums`);
    before.forEach((mine, i) => {
      const theirs = after[i];
      const same = mine.rows === theirs?.rows && mine.checksum === theirs.checksum;
      if (!same) differ++;
      const rows = (n: number | undefined) => String(n ?? '-').padStart(9);
      console.log(`${mine.table.padEnd(22)} ${rows(mine.rows)} ${rows(theirs?.rows)}  ${same ? 'equal' : 'DIFFER'}`);
    });
    console.log(differ === 0 ? 'copied: every table matches' : `${differ} table(s) differ`);
    process.exitCode = differ === 0 ? 0 : 1;
  }
} finally {
  sourceDb.close();
  await target.close();
}
