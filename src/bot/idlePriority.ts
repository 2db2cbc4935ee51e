// The lowest CPU priority for the calling thread: it runs only on a core nothing else wants.
//
// Linux schedules threads one by one, each with its own nice value and policy. Nice 19 alone was
// not enough for the replay thread: the scheduler counts a core running a nice-19 thread as busy,
// so a board renderer waking up is queued behind the main thread on the other core rather than
// put on the replay's core, and clicks waited (docs/performance.md). A core running only
// SCHED_IDLE threads counts as idle when a waking thread looks for a core. Node cannot set a
// thread's policy itself; util-linux's `chrt` can, given the thread's id, and any user may lower
// their own thread to SCHED_IDLE. Where that fails (no chrt, not Linux), nice 19 stays.
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** What the thread got: SCHED_IDLE, or only the highest nice value. */
export type LowPriority = 'idle' | 'nice';

/** Lowers the calling thread (a worker thread's own, not the process's) as far as it can go. */
export function lowestPriority(): LowPriority {
  // On Linux, 0 is the calling thread.
  setPriority(0, 19);
  const tid = threadId();
  if (tid === null) return 'nice';
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 5_000 });
    return 'idle';
  } catch {
    return 'nice';
  }
}

/**
 * The kernel's id of the calling thread (/proc/thread-self is "<pid>/task/<tid>"), or null off Linux.
 * @public test/bot/idlePriority.test.ts calls it in a worker, loaded by URL where knip cannot see.
 */
export function threadId(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}
