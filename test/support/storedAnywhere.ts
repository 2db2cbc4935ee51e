// Where a value (a user's id or name, a server's id) is still stored, searched in every column of
// every table the schema has: a deletion test that asks this cannot miss a table added later.
import type { Database } from '../../src/db/database.js';

/** Every table of the schema with its columns, as the database itself lists them. */
async function columnsByTable(db: Database): Promise<Map<string, string[]>> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.all<{ table_name: string; column_name: string }>(
          `SELECT t.name AS table_name, c.name AS column_name
           FROM sqlite_schema t, pragma_table_info(t.name) c
           WHERE t.type = 'table' AND t.name NOT LIKE 'sqlite_%'`,
        )
      : await db.all<{ table_name: string; column_name: string }>(
          `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
        );
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of rows)
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  return tables;
}

/** The "table.column" places where any of `values` appears, whole or inside a longer text (JSON, a list). */
export async function storedAnywhere(db: Database, values: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of await columnsByTable(db)) {
    for (const column of columns) {
      for (const value of values) {
        const hit = await db.get(`SELECT 1 AS hit FROM "${table}" WHERE CAST("${column}" AS TEXT) LIKE ? LIMIT 1`, [
          `%${value}%`,
        ]);
        if (hit) found.push(`${table}.${column} holds ${value}`);
      }
    }
  }
  return found;
}
