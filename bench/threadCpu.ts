// The bot's CPU by kind of thread, from /proc/<pid>/task/<tid>/stat, for `BENCH_THREADS=1 npm run
// bench -- e2e`. Node.js 24 names its threads (MainThread, V8Worker, DelayedTaskSche, libuv-worker,
// a worker thread by its name); Node.js 20 names them all "node", so there the kind comes from the
// order Node.js starts them in: the main thread (tid = pid), then its platform's five (a delayed-task
// scheduler and four V8 workers: concurrent GC and compiling), then the inspector's signal thread;
// of the threads started later, a worker thread (render, AI, replay) waits in its own event loop
// (epoll) when idle, where libuv's pool and native libraries' threads wait on a futex.
import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadReading {
  /** Its name (Node.js 24), or its kind as its place in the start order says (Node.js 20). */
  kind: string;
  cpuSeconds: number;
  /** Started after the inspector's thread and seen idle in an event loop (epoll), as a worker thread is. */
  polls: boolean;
}

const WORKERS = 'worker threads (render, AI, replay)';
const POOL = "libuv's pool and native threads";

const read = (path: string): string => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // the thread ended
  }
};

/** Every thread of `pid` now, by tid. */
export function threadsOf(pid: number): Map<number, ThreadReading> {
  const tids = readdirSync(`/proc/${pid}/task`)
    .map(Number)
    .sort((a, b) => a - b);
  const threads = new Map<number, ThreadReading>();
  tids.forEach((tid, order) => {
    const task = `/proc/${pid}/task/${tid}`;
    const stat = read(`${task}/stat`);
    if (!stat) return;
    const fields = stat.split(') ')[1]!.split(' ');
    const name = read(`${task}/comm`).trim();
    const late = name === 'node' && order > 6;
    const polls = late && read(`${task}/wchan`).includes('epoll');
    const kind =
      name !== 'node'
        ? name
        : order === 0
          ? 'main thread'
          : order <= 5
            ? 'V8 platform (GC, compiler)'
            : order === 6
              ? 'inspector signal thread'
              : polls
                ? WORKERS
                : POOL;
    threads.set(tid, { kind, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100, polls });
  });
  return threads;
}

/**
 * CPU seconds between two readings by kind of thread, largest first. A late thread seen idle in an
 * event loop at either reading is a worker thread (it was busy at the other); one started between
 * the readings counts whole.
 */
export function cpuByThreadKind(
  before: Map<number, ThreadReading>,
  after: Map<number, ThreadReading>,
): [string, number][] {
  const byKind = new Map<string, number>();
  for (const [tid, now] of after) {
    const then = before.get(tid);
    const kind = now.polls || then?.polls ? WORKERS : now.kind;
    byKind.set(kind, (byKind.get(kind) ?? 0) + now.cpuSeconds - (then?.cpuSeconds ?? 0));
  }
  return [...byKind].sort((a, b) => b[1] - a[1]);
}
