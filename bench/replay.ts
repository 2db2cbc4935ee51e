// `npm run bench -- replay`: the animated replay of the longest game of each rule set (and of
// kendall with 7 pawns) among hard self-play games: file size, and wall and CPU time to draw and
// encode it, several times each; then what an animated WebP of the same frames would weigh and
// cost (each frame encoded as a still WebP by the canvas library, muxed without inter-frame
// optimisation: no tool here encodes animated WebP). Targets (issue #16): ≤ 8 MiB, p50 ≤ 3 s,
// p99 ≤ 8 s. Then the review of the same game with the learned win chance (target p50 ≤ 2 s).
import { loadavg } from 'node:os';
import { createCanvas } from '@napi-rs/canvas';
import { type GameRecord } from '../src/engine/index.js';
import { REPLAY_HEIGHT, REPLAY_WIDTH, drawReplayFrame, renderReplay } from '../src/render/replay.js';
import { replayFrames } from '../src/render/replayFrames.js';
import { modelChance } from '../src/game/replayJob.js';
import { reviewGame } from '../src/game/review.js';
import { unwrap } from '../src/lib/result.js';
import { TOURNAMENT_CONFIGS } from '../src/ai/configs.js';
import { longestRecord } from '../test/fixtures/games.js';
import type { Report } from './run.js';
import { quantile } from './stats.js';
import { translator } from '../src/i18n/index.js';

const NAMES = { W: 'Nefertari', B: 'Senenmut' } as const;
/** Hard self-play games searched for the longest, per rule configuration. */
const GAMES = Number(process.env.BENCH_REPLAY_GAMES ?? 6);
const RUNS = Number(process.env.BENCH_REPLAY_RUNS ?? 5);

export async function run(report: Report): Promise<void> {
  const all: number[] = [];
  for (const config of TOURNAMENT_CONFIGS) {
    const record = longestRecord(config.ruleset, config.options, GAMES, 'hard');
    const times: number[] = [];
    let cpu = 0;
    let bytes = 0;
    let frames = 0;
    for (let i = 0; i < RUNS; i++) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const replay = unwrap(renderReplay({ record, names: NAMES }));
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu += (used.user + used.system) / 1000;
      bytes = replay.image.length;
      frames = replay.frames;
      // Native canvas memory is released only when the event loop turns.
      await new Promise((resolve) => setImmediate(resolve));
    }
    all.push(...times);
    const name = `replay ${config.name} (${record.actions.length} actions, ${frames} frames)`;
    report(`${name} gif size`, bytes / 2 ** 20, 'MiB');
    report(`${name} encode p50`, quantile(times, 0.5) / 1000, 's');
    report(`${name} encode max`, quantile(times, 1) / 1000, 's');
    report(`${name} cpu mean`, cpu / RUNS / 1000, 's');
    const reviews: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      unwrap(reviewGame(record, NAMES, modelChance, translator()));
      reviews.push(performance.now() - started);
    }
    report(`${name} review p50`, quantile(reviews, 0.5) / 1000, 's');
    if (config.name === 'kendall-7' || config.name === 'pennsic') webp(report, config.name, record);
  }
  report('replay encode p50 (all rule sets)', quantile(all, 0.5) / 1000, 's');
  report('replay encode p99 (all rule sets)', quantile(all, 0.99) / 1000, 's');
  report('replay load average (1 min)', loadavg()[0]!, 'runnable');
}

/** The same frames as an animated WebP would cost: every frame a still WebP, plus 24 bytes of ANMF header. */
function webp(report: Report, name: string, record: GameRecord): void {
  const frames = unwrap(replayFrames(translator(), record, NAMES));
  const canvas = createCanvas(REPLAY_WIDTH, REPLAY_HEIGHT);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(REPLAY_WIDTH, REPLAY_HEIGHT);
  for (const [label, quality] of [
    ['lossy q80', 80],
    ['lossless', 100],
  ] as const) {
    let bytes = 0;
    const cpuBefore = process.cpuUsage();
    for (const frame of frames) {
      image.data.set(drawReplayFrame(frame, frames.length - 1, { names: NAMES, locale: 'en' }));
      ctx.putImageData(image, 0, 0);
      bytes += canvas.encodeSync('webp', quality).length + 24;
    }
    const used = process.cpuUsage(cpuBefore);
    report(`replay ${name} as animated webp (${label}) size`, bytes / 2 ** 20, 'MiB');
    report(`replay ${name} as animated webp (${label}) cpu`, (used.user + used.system) / 1e6, 's');
  }
}
