// The lowest priority for a thread: SCHED_IDLE on Linux where chrt exists, nice 19 otherwise; the
// rest of the process keeps its own. Run in a child process, so the test's own threads are untouched.
import { execFileSync, spawnSync } from 'node:child_process';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const hasChrt = process.platform === 'linux' && spawnSync('chrt', ['--version']).status === 0;

/** Linux's policy numbers in /proc/…/stat. */
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

// A worker thread lowers itself; the main thread reports both threads' policy and nice value.
const script = `
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
const schedOf = (tid) => {
  const fields = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ');
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
};
const url = new URL('./src/bot/idlePriority.ts', 'file://' + process.cwd() + '/').href;
const worker = new Worker(
  'import(' + JSON.stringify(import.meta.resolve('tsx/esm/api')) + ').then((tsx) => { tsx.register(); return import(' + JSON.stringify(url) + '); })' +
  '.then((m) => import("node:worker_threads").then((w) => w.parentPort.postMessage({ got: m.lowestPriority(), tid: m.threadId() })))',
  { eval: true },
);
worker.once('message', ({ got, tid }) => {
  const main = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
  console.log(JSON.stringify({ got, worker: schedOf(tid), main: schedOf(main) }));
  void worker.terminate();
});
`;

describe('lowestPriority', () => {
  it.skipIf(process.platform !== 'linux')(
    'lowers the calling thread only: SCHED_IDLE with chrt, nice 19 at least',
    () => {
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      const { got, worker, main } = JSON.parse(out) as {
        got: string;
        worker: { nice: number; policy: number };
        main: { nice: number; policy: number };
      };
      expect(worker.nice).toBe(19);
      expect(got).toBe(hasChrt ? 'idle' : 'nice');
      expect(worker.policy).toBe(hasChrt ? SCHED_IDLE : SCHED_OTHER);
      expect(main).toEqual({ nice: getPriority(), policy: SCHED_OTHER });
    },
  );
});
