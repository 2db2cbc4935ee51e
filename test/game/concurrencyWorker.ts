// A separate process for concurrency.test.ts: opens the same database file and races the other
// worker to play the same games, clicking whatever the board it just read offers.
import { mix32 } from '../../src/lib/hash.js';
import { BOT, open, textOnlyRenderer } from './harness.js';
import type { Action } from '../../src/engine/index.js';

export interface Applied {
  gameId: number;
  version: number;
  action: Action;
}

export interface WorkerReport {
  applied: Applied[];
  rejected: Record<string, number>;
}

const [dbPath, workerSeed, ...gameArgs] = process.argv.slice(2);
const gameIds = gameArgs.map(Number);
const service = await open(dbPath!, { renderBoard: textOnlyRenderer() });
const report: WorkerReport = { applied: [], rejected: {} };
const live = new Set(gameIds);

// Say ready, then wait for the go signal so both workers start together.
const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
process.send!('ready');
await go;

for (let step = 0; live.size > 0 && step < 20_000; step++) {
  for (const gameId of [...live]) {
    const read = await service.play.view(gameId);
    if (!read.ok || read.value.status === 'finished') {
      live.delete(gameId);
      continue;
    }
    const view = read.value;
    const choice = view.choices[(mix32(Number(workerSeed), step * 31 + gameId) >>> 0) % view.choices.length];
    if (!choice || view.botToAct) throw new Error(`game ${gameId} has nothing for a person to click (bot ${BOT.id})`);
    // Every click is sent twice, as an impatient player double-clicks: the second must bounce.
    const click = { gameId, userId: view.toAct!.id, version: view.version, action: choice.action };
    for (const result of await Promise.all([service.play.act(click), service.play.act(click)])) {
      if (result.ok) report.applied.push({ gameId, version: view.version, action: choice.action });
      else report.rejected[result.error.code] = (report.rejected[result.error.code] ?? 0) + 1;
    }
  }
}
await service.storage.close();
process.send!(report, () => process.exit(0));
