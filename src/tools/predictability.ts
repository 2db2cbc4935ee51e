// `npm run predictability [-- --positions 50 --rollouts 60 --only kendall-7]`: how far any win-chance
// model could beat the first-player-rate baseline at all, per tournament configuration; writes
// docs/predictability.md. Positions are taken from hard self-play (one throw position, picked at
// random, per game); from each, hard plays on against hard many times with fresh throws. The mean
// of those rollouts is the position's true chance to within binomial noise, and how much the true
// chances differ from position to position is what a perfect model could explain: its Brier score
// is the baseline's minus that variance. Deterministic: the same arguments give the same tables.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chooseCode } from '../ai/choose.js';
import { playCode } from '../ai/codes.js';
import { TOURNAMENT_CONFIGS, type PlayConfig } from '../ai/configs.js';
import { MAX_ACTIONS, decisionSeed } from '../ai/selfplay.js';
import { Position, SeededSticks } from '../engine/index.js';
import { mix32 } from '../lib/hash.js';
import { percent } from '../lib/format.js';
import { bootstrapInterval, ceilingSkill, mean, trueVariance } from './calibration.js';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '50' },
    rollouts: { type: 'string', default: '60' },
    only: { type: 'string' },
    out: { type: 'string', default: 'docs/predictability.md' },
  },
});
const positionCount = Number(values.positions);
const rolloutCount = Number(values.rollouts);
const only = values.only?.split(',');

const SALT = 0x9e_d1c7;

/** Plays hard against hard from `pos` (changed in place) to the end; returns whether W won. */
function playOut(pos: Position, seed: number): boolean {
  for (let actions = 0; pos.phase !== 'over' && actions < MAX_ACTIONS; actions++)
    playCode(pos, chooseCode(pos, 'hard', decisionSeed(seed, pos.ply)));
  return pos.winner === 1;
}

/** One throw position of a hard self-play game, picked at random among the game's. */
function samplePosition(config: PlayConfig, seed: number): Position {
  const pos = Position.start(config.rules, seed); // the old seeded dice: fast, for simulations (throws.ts)
  const throwPositions: Position[] = [];
  for (let actions = 0; pos.phase !== 'over' && actions < MAX_ACTIONS; actions++) {
    if (pos.phase === 'throw') throwPositions.push(pos.clone());
    playCode(pos, chooseCode(pos, 'hard', decisionSeed(seed, pos.ply)));
  }
  return throwPositions[(mix32(seed, SALT) >>> 0) % throwPositions.length]!;
}

/** Each sampled position's share of W wins over the rollouts from it. */
function sample(config: PlayConfig): number[] {
  return Array.from({ length: positionCount }, (_, k) => {
    const seed = mix32(k, SALT);
    const start = samplePosition(config, seed);
    let wins = 0;
    for (let r = 0; r < rolloutCount; r++) {
      const pos = start.clone();
      const rolloutSeed = mix32(seed, r + 1);
      pos.dice = SeededSticks.fromSeed(rolloutSeed);
      if (playOut(pos, rolloutSeed)) wins++;
    }
    return wins / rolloutCount;
  });
}

function row(name: string, rolled: readonly number[]): string {
  const outside = rolled.filter((p) => Math.abs(p - 0.5) > 0.15).length / rolled.length;
  const ceiling = (sample: readonly number[]): number => ceilingSkill(sample, rolloutCount);
  const [low, high] = bootstrapInterval(rolled, ceiling);
  return (
    `| ${name} | ${rolled.length} | ${percent(mean(rolled), 1)} | ${percent(Math.sqrt(trueVariance(rolled, rolloutCount)), 1)} | ` +
    `${percent(outside, 0)} | ${percent(ceiling(rolled), 1)} | ${percent(low, 1)} to ${percent(high, 1)} |`
  );
}

const rows: string[] = [];
for (const config of TOURNAMENT_CONFIGS) {
  if (only && !only.includes(config.name)) continue;
  rows.push(row(config.name, sample(config)));
  console.error(rows.at(-1));
}

writeFileSync(
  values.out,
  `# How predictable is the winner?

Written by \`npm run predictability -- --positions ${positionCount} --rollouts ${rolloutCount}${only ? ` --only ${only.join(',')}` : ''}\`
(src/tools/predictability.ts); do not edit by hand.

The review's win chance ([calibration.md](calibration.md)) is measured against the games' outcomes. This
asks how much any model could explain at all. From each of ${positionCount} positions per configuration (one
throw position picked at random from a hard self-play game), hard plays on against hard ${rolloutCount} times
with fresh throws; the share of W wins is that position's true chance between hard players, give or
take the rollouts' binomial noise (${percent(0.5 / Math.sqrt(rolloutCount), 1)} at 50 %).

- **Spread of the true chance**: the standard deviation of the rollout means across positions, net of
  that noise. Near zero, every position is about as good as any other: the throws decide the game.
- **Outside 35-65 %**: the share of positions whose rollouts gave W under 35 % or over 65 %.
- **Ceiling skill**: the share of the baseline's Brier score a perfect model would remove (the true
  chances' variance over the average's p(1 − p)), with a 95 % interval from resampling the positions;
  compare the model's skill in calibration.md.

| configuration | positions | W wins, mean | spread of the true chance | outside 35-65 % | ceiling skill | its 95 % interval |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`,
);
