// Where the bot allocates, preloaded into the bot the e2e bench starts:
//   BENCH_BOT_NODE_OPTIONS="--import ./bench/allocProfile.mjs" npm run bench -- e2e
// Turns on V8's --trace-gc (its lines reach the bench's log of the bot, which marks the throughput
// window in it and sums the main thread's collections and the bytes allocated between them), and
// takes a sampling heap profile of everything allocated, collected or not, written when the process
// exits as senet-bot-<pid>.heapprofile (DevTools' Memory tab, or speedscope). NODE_OPTIONS may not
// carry --trace-gc or --heap-prof.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import process from 'node:process';
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--trace-gc');
const session = new Session();
session.connect();
session.post('HeapProfiler.startSampling', {
  samplingInterval: 16_384,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});

let written = false;
function write() {
  if (written) return;
  written = true;
  session.post('HeapProfiler.stopSampling', (err, result) => {
    if (!err) writeFileSync(`senet-bot-${process.pid}.heapprofile`, JSON.stringify(result.profile));
  });
}
process.on('exit', write);
for (const signal of ['SIGTERM', 'SIGINT']) process.prependListener(signal, write);
