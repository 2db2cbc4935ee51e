// Starting the bot's worker threads (board pictures, the computer player's search, replays) and
// answering jobs between them and the main thread.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, parentPort } from 'node:worker_threads';
import type { Result } from '../lib/result.js';

/**
 * Compiled (`npm start` runs dist/), the worker `name` is name.js beside this file: a plain file
 * worker. Run as TypeScript (tsx, vitest), loader hooks of the parent do not reach worker threads:
 * a small bootstrap registers tsx in the worker, then loads the .ts. (tsx costs memory and
 * start-up time in each worker, so production does without it.)
 */
const COMPILED = import.meta.url.endsWith('.js');

function newWorker(name: string): Worker {
  if (COMPILED) return new Worker(new URL(`./${name}.js`, import.meta.url), { execArgv: [] });
  // (tsx's ESM entry: resolving it from here gives the CommonJS one, whose register() fails in a worker.)
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const worker = new URL(`./${name}.ts`, import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); })`;
  return new Worker(bootstrap, { eval: true, execArgv: [] });
}

/** Bytes that crossed from a worker arrive as a Uint8Array: the same memory as a Buffer, not copied. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A worker's answer to one job: its result, or what stopped it. */
type Answer<R> = { id: number; result: R } | { id: number; error: string };

interface Waiting<R> {
  resolve: (result: R) => void;
  reject: (err: Error) => void;
}

/**
 * One worker thread answering jobs by id (the worker side is `serveJobs`). A crashed worker fails
 * the jobs in hand, then `onCrash` lets the owner replace the thread (or leave it to the next job).
 */
export class JobThread<J, R> {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting<R>>();
  private nextId = 0;

  constructor(name: string, onCrash: (thread: JobThread<J, R>) => void) {
    this.worker = newWorker(name);
    this.worker.on('message', (answer: Answer<R>) => {
      const job = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (!job) return;
      if ('result' in answer) job.resolve(answer.result);
      else job.reject(new Error(`${name.replace(/Worker$/, '')} worker: ${answer.error}`));
    });
    this.worker.on('error', (err) => {
      for (const job of this.waiting.values()) job.reject(err);
      this.waiting.clear();
      onCrash(this);
    });
  }

  /** Jobs sent and not answered yet. */
  get load(): number {
    return this.waiting.size;
  }

  /** Sends `job`; the buffers in `transfer` are moved to the worker (unusable here afterwards), not copied. */
  run(job: J, transfer: ArrayBuffer[] = []): Promise<R> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, job }, transfer);
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * A JobThread started by the first job and ended `idleMs` after the last one is answered: a thread
 * holds megabytes (a V8 heap, its modules, what malloc keeps of its buffers) that a bot not using
 * it should not carry. A crashed thread fails its jobs; the next job starts a new one.
 */
export class ThreadOnDemand<J, R> {
  private thread: JobThread<J, R> | null = null;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    private readonly name: string,
    private readonly idleMs: number,
  ) {}

  async run(job: J, transfer: ArrayBuffer[] = []): Promise<R> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const thread = (this.thread ??= new JobThread<J, R>(this.name, (crashed) => {
      if (this.thread === crashed) this.thread = null;
    }));
    try {
      return await thread.run(job, transfer);
    } finally {
      if (thread === this.thread && thread.load === 0) this.endWhenIdle();
    }
  }

  /** Whether the thread is running (it ends `idleMs` after the last job). */
  get running(): boolean {
    return this.thread !== null;
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate();
  }

  private endWhenIdle(): void {
    this.idle = setTimeout(() => void this.close(), this.idleMs);
    // The timer alone must not keep a process alive.
    this.idle.unref();
  }
}

/**
 * The worker side of a JobThread: answers each job with `handle`'s result, or with its refusal (an
 * expected failure, as a value) or the stack of what it threw. `transfer` names buffers of the
 * result to move to the owner instead of copying them.
 */
export function serveJobs<J, R>(
  handle: (job: J) => Result<R, string> | Promise<Result<R, string>>,
  transfer: (result: R) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort!;
  port.on('message', ({ id, job }: { id: number; job: J }) => {
    Promise.resolve()
      .then(() => handle(job))
      .then(
        (answer) =>
          answer.ok
            ? port.postMessage({ id, result: answer.value }, transfer(answer.value))
            : port.postMessage({ id, error: answer.error }),
        (err: unknown) =>
          port.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
      );
  });
}
