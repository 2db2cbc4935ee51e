// The storage behind the service, as the bot and the tools reach it: closing it, proving it still
// takes writes (GET /healthz), its write transactions' waits (the bot's metrics), its return after
// an outage, and the replay check over stored games (verify.ts).
import type { GameNewsFeed, WriteTiming } from '../db/database.js';
import { probeWrite as commitOneWrite } from '../db/writeProbe.js';
import type { LockWaits, ServiceCore } from './core.js';
import { type VerifyReport, verifyGames } from './verify.js';

export async function close(core: ServiceCore): Promise<void> {
  await core.db.close();
}

/** Commits one small write (GET /healthz); throws the database's error when it does not. */
export async function probeWrite(core: ServiceCore): Promise<void> {
  await commitOneWrite(core.db);
}

/** Write transactions so far, and their waits for their turn (see ServiceCore.lockWaits). */
export function lockWaits(core: ServiceCore): LockWaits {
  return { ...core.lockWaits };
}

/** Tells `observer` of each write transaction's lock wait and commit time (the bot's metrics). */
export function observeWrites(core: ServiceCore, observer: (timing: WriteTiming) => void): void {
  core.onWrite = observer;
}

/** Tells `listener` each time the database server answers again after an outage (Database.onReachable). */
export function whenReachable(core: ServiceCore, listener: () => void): void {
  core.db.onReachable = listener;
}

/** News of every change to a game committed from now on, by any process on the database (src/db/gameNews.ts). */
export function news(core: ServiceCore): GameNewsFeed {
  return core.db.news();
}

/** The replay check over stored games (all by default); see verify.ts. */
export async function verify(core: ServiceCore, gameIds?: readonly number[]): Promise<VerifyReport> {
  return await verifyGames(core.games, gameIds);
}
