// `npm run bench -- render`: how fast a board picture is ready to upload (draw + encode), and how
// big it is, for the start position and a busy mid-game position with many move markers.
// Targets (issue "Board renderer"): median ≤ 6 ms, p99 ≤ 12 ms, ≤ 100 KB.
// On a shared, busy machine wall times stretch: the minimum (an uncontended render) and the CPU
// time per render are reported too, with the load average, to read the figures by.
import { loadavg } from 'node:os';
import { renderBoard } from '../src/render/index.js';
import { sample } from '../test/render/positions.js';
import type { Report } from './run.js';
import { quantile, yieldToLoop } from './stats.js';

const WARMUP = 30;
const RUNS = 400;

export async function run(report: Report): Promise<void> {
  for (const name of ['kendall-start', 'kendall-mid']) {
    const { state, view } = sample(name);
    let bytes = 0;
    for (let i = 0; i < WARMUP; i++) bytes = (await renderBoard(state, view)).image.length;
    const times: number[] = [];
    let cpu = 0;
    for (let i = 0; i < RUNS; i++) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await renderBoard(state, view);
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu += (used.user + used.system) / 1000;
      // Native canvas memory is released only when the event loop turns.
      await yieldToLoop();
    }
    report(`render ${name} min`, quantile(times, 0), 'ms');
    report(`render ${name} median`, quantile(times, 0.5), 'ms');
    report(`render ${name} p99`, quantile(times, 0.99), 'ms');
    report(`render ${name} cpu mean`, cpu / RUNS, 'ms');
    report(`render ${name} size`, bytes / 1024, 'KB');
  }
  report('render rss after bench', process.memoryUsage().rss / 2 ** 20, 'MB');
  report('render load average (1 min)', loadavg()[0]!, 'runnable');
}
