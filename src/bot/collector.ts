// Prompt garbage collection of picture buffers in the running bot.
//
// Every board picture passes through the main thread as memory outside V8's heap: the copy that
// arrives from a render worker, the Blob that discord.js copies it into for the upload, the chunks
// read from that Blob (some 200 KB a click). Their JS handles outlive a few young-generation
// collections while the upload is under way, so they are freed only by a full collection, which
// V8 starts when its own heap fills up or that outside memory has grown by about 64 MB. Until then
// the buffers stay resident, and glibc keeps much of that space once they are freed
// (docs/performance.md has the figures behind the thresholds below).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often the bot looks: often, so an idle moment is found soon (a look costs microseconds). */
const LOOK_EVERY_MS = 100;
/**
 * A full collection stops the main thread for some 20 ms, so it waits for a moment when no click
 * is being handled, as long as buffers hold less than `BUSY_ABOVE_BYTES`; below `IDLE_ABOVE_BYTES`
 * it is not worth its pause at all. Under constant load there is no idle moment, hence the cap.
 */
const IDLE_ABOVE_BYTES = 8 * 1024 * 1024;
const BUSY_ABOVE_BYTES = 16 * 1024 * 1024;

/**
 * V8's full collection as a function. `gc` is only exposed by a flag; set now, it exists in
 * contexts created from now on, and it collects the whole isolate whichever context calls it.
 * @internal
 */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export interface CollectorOptions {
  /** Whether clicks are being handled now, which a pause would delay. */
  busy: () => boolean;
  everyMs?: number;
  idleAboveBytes?: number;
  busyAboveBytes?: number;
  /** Injected by tests; the real ones by default. */
  gc?: () => void;
  arrayBufferBytes?: () => number;
}

/**
 * Every `everyMs`, runs a full collection if array buffers hold at least `idleAboveBytes` more than
 * the last one left and the bot is not busy, or at least `busyAboveBytes` more whatever it is
 * doing. What a collection left is alive (a driver's read buffers, pictures on their way): counted
 * whole, once it passed the busy threshold the bot collected at every look, ten full collections
 * a second for nothing. Returns a function that stops it. The timer never keeps the process alive.
 */
export function collectBuffersPeriodically(options: CollectorOptions): () => void {
  const {
    busy,
    everyMs = LOOK_EVERY_MS,
    idleAboveBytes = IDLE_ABOVE_BYTES,
    busyAboveBytes = BUSY_ABOVE_BYTES,
  } = options;
  const gc = options.gc ?? exposeGc();
  const arrayBufferBytes = options.arrayBufferBytes ?? ((): number => process.memoryUsage().arrayBuffers);
  /** What the last collection left; lower once V8's own collections free some of it. */
  let left = 0;
  const timer = setInterval(() => {
    const bytes = arrayBufferBytes();
    left = Math.min(left, bytes);
    const grown = bytes - left;
    if (grown < busyAboveBytes && (grown < idleAboveBytes || busy())) return;
    gc();
    left = arrayBufferBytes();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
