// `npm run db:schema`: writes docs/schema.sql, the schema every migration leaves on a new
// database. Run it after changing src/db/sqliteMigrations.ts; test/db/schema.test.ts fails until then.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaText } from '../db/schemaText.js';

const file = join(import.meta.dirname, '..', '..', 'docs', 'schema.sql');
writeFileSync(file, schemaText());
console.log(`wrote ${file}`);
