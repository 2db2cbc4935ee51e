// Prompt garbage collection of picture buffers in the running bot.
//
// Every board picture passes through the main thread as memory outside V8's heap: the copy that
// arrives from a render worker, the Blob that discord.js copies it into for the upload, the chunks
// read from that Blob (some 200 KB a click). Their JS handles outlive a few young-generation
// collections while the upload is under way, so they are freed only by a full collection, which
// V8 starts when its own heap fills up or that outside memory has grown by about 64 MB. Until then
// the buffers stay resident, and glibc keeps much of that space once they are freed. Measured with
// 500 open games (bench e2e): about 50 MB of the process's RSS was such garbage.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often the bot looks; a full collection of its heap takes a few milliseconds. */
const COLLECT_EVERY_MS = 1000;
/** Below this much array-buffer memory (live or garbage) a collection is not worth its pause. */
const COLLECT_ABOVE_BYTES = 8 * 1024 * 1024;

/**
 * V8's full collection as a function. `gc` is only exposed by a flag; set now, it exists in
 * contexts created from now on, and it collects the whole isolate whichever context calls it.
 */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export interface CollectorOptions {
  everyMs?: number;
  aboveBytes?: number;
  /** Injected by tests; the real ones by default. */
  gc?: () => void;
  arrayBufferBytes?: () => number;
}

/**
 * Every `everyMs`, runs a full collection if array buffers hold at least `aboveBytes`.
 * Returns a function that stops it. The timer never keeps the process alive.
 */
export function collectBuffersPeriodically(options: CollectorOptions = {}): () => void {
  const { everyMs = COLLECT_EVERY_MS, aboveBytes = COLLECT_ABOVE_BYTES } = options;
  const gc = options.gc ?? exposeGc();
  const arrayBufferBytes = options.arrayBufferBytes ?? ((): number => process.memoryUsage().arrayBuffers);
  const timer = setInterval(() => {
    if (arrayBufferBytes() >= aboveBytes) gc();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
