// Whether the database still takes writes, for the bot's health check (GET /healthz). Taking the
// write lock alone proves little: SQLite grants it on a read-only connection, and a full disk only
// shows when pages are written. So the probe writes and commits for real, the smallest write there
// is: it stamps the file's application id in its header (the same value every time; SQLite's
// documented place for "this file belongs to this application"). A failure throws SQLite's error.
import type { Database } from 'better-sqlite3';

/** "Sent" in ASCII: what `PRAGMA application_id` reads on a senet-bot database once probed. */
const SENET_APPLICATION_ID = 0x53656e74;

/** One committed write (a page appended to the log and fsynced); throws when the file takes none. */
export function probeWrite(db: Database): void {
  db.pragma(`application_id = ${SENET_APPLICATION_ID}`);
}
