// `npm run calibrate [-- --every 2]`: how honest the review's win chance (src/ai/winChance.ts) is,
// on the committed held-out games (test/fixtures/held-out.json: hard self-play no fitting run
// uses); writes docs/calibration.md. The same games and the same measure as the model's test.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { modelChance } from '../game/replayJob.js';
import { percent } from '../lib/format.js';
import {
  type Bin,
  brier,
  heldOutGames,
  recordPredictions,
  reliability,
  skillInterval,
  worstGap,
} from './calibration.js';

const { values } = parseArgs({
  options: {
    every: { type: 'string', default: '2' },
    out: { type: 'string', default: 'docs/calibration.md' },
  },
});
const every = Number(values.every);

/** Deciles with fewer positions than this are too noisy to judge a gap by. */
const MIN_BIN = 100;

const summary: string[] = [];
const sections: string[] = [];
for (const set of heldOutGames()) {
  const predictions = recordPredictions(set.records, every, modelChance);
  const model = brier(predictions);
  const baseline = brier(predictions, set.lightWins);
  const table = reliability(predictions);
  const [low, high] = skillInterval(predictions, set.lightWins);
  summary.push(
    `| ${set.name} | ${set.records.length} | ${predictions.length} | ${model.toFixed(4)} | ${baseline.toFixed(4)} (${percent(set.lightWins, 1)}) | ${percent(1 - model / baseline, 1)} | ${percent(low, 1)} to ${percent(high, 1)} | ${percent(worstGap(table, MIN_BIN), 1)} |`,
  );
  sections.push(`### ${set.name}\n\n${reliabilityTable(table)}`);
  console.error(`${set.name}: Brier ${model.toFixed(4)} against ${baseline.toFixed(4)}`);
}

function reliabilityTable(bins: readonly Bin[]): string {
  const rows = bins.map((b) =>
    b.count === 0
      ? `| ${b.from.toFixed(1)}-${b.to.toFixed(1)} | 0 | | |`
      : `| ${b.from.toFixed(1)}-${b.to.toFixed(1)} | ${b.count} | ${percent(b.meanPredicted, 1)} | ${percent(b.observed, 1)} |`,
  );
  return ['| predicted | positions | mean prediction | light side won |', '|---|---:|---:|---:|', ...rows].join('\n');
}

writeFileSync(
  values.out,
  `# Calibration of the win chance

Written by \`npm run calibrate -- --every ${every}\` (src/tools/calibrate.ts); do not edit by hand.

The review (\`/senet replay\`) shows the light player's chance to win after every action, estimated by the
learned model in \`src/ai/winChance.ts\` (fitted by \`npm run fit-eval\`). Whether it is honest is measured
on **held-out games**: self-play games between two **hard** players (the *games* column), with seeds no
fitting run uses, committed in \`test/fixtures/held-out.json\` (\`npx tsx test/fixtures/heldOut.ts\` writes
them). One position in ${every} where the side to move is about to throw is sampled and labelled with
whether the light side went on to win.

- **Brier score**: the mean squared difference between the predicted chance and the outcome (0 or 1);
  lower is better, and 0.25 is what always saying 50 % scores on a fair game.
- **Baseline**: always predicting the light side's win rate in that configuration, from the balance report
  (docs/rules/README.md, 10,000 hard games: the first player's edge). **Skill** is 1 − model / baseline,
  the share of the baseline's error the model removes, with a 95 % interval from resampling whole games
  (a game's positions share one outcome, so they are far from independent). How much skill any model
  could have, measured with rollouts, is in [predictability.md](predictability.md).
  \`test/tools/winChanceCalibration.test.ts\` fails if the committed model does not beat the baseline in
  every configuration.
- **Reliability**: the positions grouped by the decile of their prediction. Calibrated, the positions
  predicted near p are won about p of the time. *Worst gap* is the largest difference between mean
  prediction and outcome in a decile of at least ${MIN_BIN} positions. Positions of one game share its
  outcome, so the deciles are noisier than their counts suggest.

| configuration | games | positions | Brier, model | Brier, baseline (light wins) | skill | skill, 95 % interval | worst gap |
|---|---:|---:|---:|---:|---:|---:|---:|
${summary.join('\n')}

## Reliability by decile

${sections.join('\n\n')}
`,
);
