// The main thread's garbage collections in a window of the bot's log, from V8's --trace-gc lines
// (bench/allocProfile.mjs turns them on): how many of each kind, and the bytes allocated between
// them (each collection's heap before it, less the heap after the one before).

/** `[pid:isolate]  1234 ms: Scavenge 4.1 (5.6) -> 3.7 (6.6) MB, …` */
const LINE =
  /^\[(\d+):(0x[0-9a-f]+)\]\s+[\d.]+ ms: ([A-Za-z -]+?)(?: \([a-z ]+\))? ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

export interface GcWindow {
  scavenges: number;
  markCompacts: number;
  /** Those of the mark-compacts that the bot asked for (`gc()`, src/bot/collector.ts: V8 says "testing"). */
  forced: number;
  allocatedMb: number;
}

/**
 * The collections of process `pid`'s isolate that logged first (its main thread's; npm, which runs
 * the bot, logs its own too) between two marker lines.
 */
export function gcBetween(logs: readonly string[], pid: number, startMarker: string, endMarker: string): GcWindow {
  let mainIsolate: string | undefined;
  let inWindow = false;
  let lastAfter: number | undefined;
  const window: GcWindow = { scavenges: 0, markCompacts: 0, forced: 0, allocatedMb: 0 };
  for (const line of logs) {
    if (line === startMarker) inWindow = true;
    if (line === endMarker) break;
    const gc = LINE.exec(line);
    if (!gc || Number(gc[1]) !== pid) continue;
    mainIsolate ??= gc[2];
    if (gc[2] !== mainIsolate) continue;
    const before = Number(gc[4]);
    if (inWindow) {
      if (gc[3]!.startsWith('Scavenge') || gc[3]!.startsWith('Minor')) window.scavenges++;
      else {
        window.markCompacts++;
        if (line.includes(' testing;')) window.forced++;
      }
      if (lastAfter !== undefined) window.allocatedMb += Math.max(0, before - lastAfter);
    }
    lastAfter = Number(gc[5]);
  }
  return window;
}
