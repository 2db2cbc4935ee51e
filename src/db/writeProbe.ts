// Whether the database still takes writes, for the bot's health check (GET /healthz). Taking the
// write lock alone proves little: SQLite grants it on a read-only connection, and a full disk only
// shows when pages are written. So the probe writes and commits for real, the smallest write there
// is: on SQLite it stamps the file's application id in its header (the same value every time;
// SQLite's documented place for "this file belongs to this application"); on PostgreSQL it rewrites
// the one row of schema_version with its own value (a new row version, a WAL record flushed at the
// commit), which fails on a read-only server or a standby, and on a full disk. A failure throws the
// database's error.
import type { Database } from './database.js';

/** "Sent" in ASCII: what `PRAGMA application_id` reads on a senet-bot database once probed. */
const SENET_APPLICATION_ID = 0x53656e74;

/** One committed write (a page appended to the log and fsynced); throws when the database takes none. */
export async function probeWrite(db: Database): Promise<void> {
  // Dialects differ: SQLite's header stamp has no PostgreSQL counterpart.
  if (db.dialect === 'postgres') await db.run('UPDATE schema_version SET version = version');
  else await db.run(`PRAGMA application_id = ${SENET_APPLICATION_ID}`);
}
