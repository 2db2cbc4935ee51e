// A CPU profiler for the bot's main thread, preloaded into the bot the e2e bench starts:
//   BENCH_BOT_NODE_OPTIONS="--import ./bench/profiler.mjs" npm run bench -- e2e
// (NODE_OPTIONS may not carry --cpu-prof.) V8 samples every 250 µs; the profile is written when the
// process exits, as senet-bot-<pid>.cpuprofile in the working directory, for Chrome's DevTools or
// speedscope.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import process from 'node:process';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 250 });
session.post('Profiler.start');

let written = false;
function write() {
  if (written) return;
  written = true;
  // Synchronous: the bot is exiting, so the callback runs before the session is torn down.
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(`senet-bot-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
  });
}
process.on('exit', write);
for (const signal of ['SIGTERM', 'SIGINT']) process.prependListener(signal, write);
