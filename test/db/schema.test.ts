// docs/schema.sql is the schema the migrations build, not a copy that drifts from them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/sqliteMigrations.js';
import { schemaText } from '../../src/db/schemaText.js';

const SCHEMA_FILE = join(import.meta.dirname, '..', '..', 'docs', 'schema.sql');

describe('docs/schema.sql', () => {
  it('is what the migrations build today', () => {
    expect(
      readFileSync(SCHEMA_FILE, 'utf8'),
      'docs/schema.sql differs from the migrations: run `npm run db:schema` and commit it',
    ).toBe(schemaText());
  });

  it('is SQL that builds the same tables, columns, indexes and triggers as the migrations', () => {
    const shape = (db: Database.Database): string[] =>
      db
        .prepare<[], { type: string; name: string }>(
          `SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`,
        )
        .all()
        .flatMap(({ type, name }) => [
          `${type} ${name}`,
          ...(type === 'table'
            ? db
                .prepare<[], { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
                  `SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_xinfo('${name}') ORDER BY name`,
                )
                .all()
                .map((c) => `  ${c.name} ${c.type} notnull=${c.notnull} default=${c.dflt_value} pk=${c.pk}`)
            : []),
        ]);
    const fromText = new SqliteDatabase(':memory:');
    fromText.exec(schemaText());
    const migrated = new SqliteDatabase(':memory:');
    migrate(migrated);
    expect(shape(fromText)).toEqual(shape(migrated));
    expect(shape(fromText)).toContain('table games');
    fromText.close();
    migrated.close();
  });
});
