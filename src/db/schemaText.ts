// The current schema as text (docs/schema.sql): what every migration leaves on a new database,
// so a reader sees the tables without replaying src/db/sqliteMigrations.ts in their head.
import { SqliteDatabase } from './sqliteDriver.js';
import { LATEST_VERSION, migrate } from './sqliteMigrations.js';

interface SchemaEntry {
  type: 'table' | 'index' | 'trigger' | 'view';
  sql: string;
}

interface Item {
  code: string;
  comment: string;
}

/**
 * A table's column and constraint definitions, split at the commas outside parentheses and
 * quotes. A `-- comment` belongs to the first definition on its line: ALTER TABLE ADD COLUMN
 * splices new columns in before the comment of the last one.
 */
function definitions(body: string): Item[] {
  const items: Item[] = [];
  let code = '';
  let comment = '';
  let depth = 0;
  let quote: string | null = null;
  let firstOnLine: number | null = null;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] ?? '';
    if (quote) {
      code += ch;
      if (ch === quote) quote = null;
    } else if (ch === '-' && body[i + 1] === '-') {
      const end = body.indexOf('\n', i);
      const said = body.slice(i, end < 0 ? body.length : end).trim();
      const owner = firstOnLine === null ? undefined : items[firstOnLine];
      if (owner) owner.comment = said;
      else comment = said;
      i = end < 0 ? body.length : end - 1;
    } else if (ch === '\n') {
      firstOnLine = null;
      code += ch;
    } else if (ch === ',' && depth === 0) {
      items.push({ code: code.trim().replace(/\s+/g, ' '), comment });
      code = '';
      comment = '';
    } else {
      if (firstOnLine === null && ch.trim() !== '') firstOnLine = items.length;
      if (ch === "'" || ch === '"') quote = ch;
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      code += ch;
    }
  }
  items.push({ code: code.trim().replace(/\s+/g, ' '), comment });
  return items;
}

/** CREATE TABLE with one definition a line, comments aligned (ALTER TABLE leaves them run together). */
function formatTable(sql: string): string {
  const open = sql.indexOf('(');
  const close = sql.lastIndexOf(')');
  const items = definitions(sql.slice(open + 1, close));
  const width = Math.max(0, ...items.filter((item) => item.comment).map((item) => item.code.length + 1));
  const lines = items.map(({ code, comment }, index) => {
    const line = index < items.length - 1 ? `${code},` : code;
    return comment ? `  ${line.padEnd(width + 1)} ${comment}` : `  ${line}`;
  });
  return `${sql.slice(0, open).trim()} (\n${lines.join('\n')}\n)${sql.slice(close + 1)}`;
}

/** Indexes and triggers: continuation lines indented by two, whatever the migration's indentation. */
function formatStatement(sql: string): string {
  const [first = '', ...rest] = sql.split('\n');
  const indents = rest.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const cut = Math.min(...indents) - 2;
  return [first, ...rest.map((line) => line.slice(Math.max(0, cut)).trimEnd())].join('\n');
}

/**
 * The schema of a fresh database at the latest version: each table (by name) followed by its
 * indexes and triggers (by name). SQLite's own automatic indexes (for PRIMARY KEY and UNIQUE)
 * have no text and are left out.
 */
export function schemaText(): string {
  const db = new SqliteDatabase(':memory:');
  try {
    migrate(db);
    const entries = db
      .prepare<[], SchemaEntry>(
        `SELECT type, sql FROM sqlite_schema WHERE sql IS NOT NULL
         ORDER BY tbl_name, CASE type WHEN 'table' THEN 0 WHEN 'view' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, name`,
      )
      .all();
    const header = [
      `-- The schema at version ${LATEST_VERSION}, generated from src/db/sqliteMigrations.ts by \`npm run db:schema\`.`,
      '-- Do not edit: change the migrations and regenerate (test/db/schema.test.ts checks it).',
    ];
    const statements = entries.map(({ type, sql }) => `${type === 'table' ? formatTable(sql) : formatStatement(sql)};`);
    return `${[header.join('\n'), ...statements].join('\n\n')}\n`;
  } finally {
    db.close();
  }
}
