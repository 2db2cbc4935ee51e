// `npm run balance [-- --games N --strength easy|medium|hard --only name,… --jobs N --no-write]`:
// simulates games between two computer players of the same strength (hard by default) for every
// rule configuration and reports how balanced and how long each is: the first player's win rate
// (95 % Wilson interval), game length in throws and in moves (mean and sd), how often each special
// square is reached per game, and captures per game. Prints the table and writes it into
// docs/rules/README.md between the balance markers (with the list of rule sets between its own).
//
// Two hard players need about 1.1 CPU seconds for one game of every configuration (kendall with
// seven pawns a third of it; 8 × 10,000 games took 137.5 min on 2 cores), so the games are shared out in ranges of seeds to one process per
// core (`--jobs`). Game i uses seed i whatever process plays it, so the result does not depend on
// how the work was shared.
import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { STRENGTHS, type Strength, strengthOf } from '../ai/index.js';
import { BALANCE_CONFIGS, type PlayConfig } from '../ai/configs.js';
import { PAGE, balanceTable, fillSection, ruleSetList } from './balance/report.js';
import { type Tally, addTally, emptyTally, simulate } from './balance/simulate.js';

/** Ranges per process: small enough to keep every core busy to the end. */
const RANGES_PER_JOB = 6;

interface Range {
  config: PlayConfig;
  from: number;
  to: number;
}

const USAGE =
  'usage: npm run balance -- [--games N] [--strength easy|medium|hard] [--only name,…] [--jobs N] [--no-write]';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    strength: { type: 'string' },
    only: { type: 'string' },
    jobs: { type: 'string' },
    'no-write': { type: 'boolean' },
    /** Internal: play one range (`name:from:to`) and send its tally to the parent process. */
    range: { type: 'string' },
  },
});
const strength = strengthOf(values.strength ?? 'hard');
if (!strength) fail(`unknown strength "${values.strength}" (${STRENGTHS.join(', ')})`);

if (values.range) playRange(values.range, strength);
else await report(strength);

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** In a child process: plays the range and sends the tally home. */
function playRange(spec: string, strength: Strength): void {
  const [name, from, to] = spec.split(':');
  const config = BALANCE_CONFIGS.find((c) => c.name === name);
  if (!config || !process.send) fail(`bad range "${spec}"`);
  const tally = simulate(config, Number(from), Number(to), strength);
  process.send(tally, () => process.disconnect());
}

async function report(strength: Strength): Promise<void> {
  const games = Number(values.games ?? 10_000);
  const jobs = Number(values.jobs ?? availableParallelism());
  if (!Number.isInteger(games) || games < 1 || !Number.isInteger(jobs) || jobs < 1)
    fail('--games and --jobs take a whole number ≥ 1');
  const only = values.only?.split(',');
  const configs = BALANCE_CONFIGS.filter((c) => !only || only.includes(c.name));
  if (configs.length === 0) fail(`--only names none of ${BALANCE_CONFIGS.map((c) => c.name).join(', ')}`);

  const size = Math.ceil(games / (jobs * RANGES_PER_JOB));
  const ranges: Range[] = configs.flatMap((config) =>
    Array.from({ length: Math.ceil(games / size) }, (_, i) => ({
      config,
      from: i * size + 1,
      to: Math.min(games, (i + 1) * size),
    })),
  );
  const started = performance.now();
  let done = 0;
  const tallies = await inParallel(ranges, jobs, async (range) => {
    const tally = await playInChild(range, strength);
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    console.error(
      `${range.config.name} games ${range.from}-${range.to} done (${++done}/${ranges.length}, ${minutes} min)`,
    );
    return tally;
  });
  // Ranges are in seed order within each configuration, so the per-game lists stay in seed order.
  const results = configs.map((config) => ({
    config,
    tally: ranges.reduce(
      (total: Tally, range, i) => (range.config === config ? addTally(total, tallies[i]!) : total),
      emptyTally(),
    ),
  }));
  console.error(
    `${configs.length} configurations × ${games} games in ${((performance.now() - started) / 60_000).toFixed(1)} min on ${jobs} processes`,
  );
  const table = balanceTable(results, strength);
  console.log(table);
  if (!values['no-write'] && !only) {
    const file = join(import.meta.dirname, '../../docs/rules/README.md');
    const page = existsSync(file) ? readFileSync(file, 'utf8') : PAGE;
    writeFileSync(file, fillSection(fillSection(page, 'rulesets', ruleSetList()), 'balance', table));
    console.error(`wrote ${file}`);
  }
}

/** Runs `task` on every item, at most `limit` at a time; results in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** This script again, in a child process of its own (with the same loader flags, if any). */
function playInChild(range: Range, strength: Strength): Promise<Tally> {
  return new Promise((resolve, reject) => {
    const child = fork(
      process.argv[1]!,
      ['--range', `${range.config.name}:${range.from}:${range.to}`, '--strength', strength],
      {
        execArgv: process.execArgv,
      },
    );
    let tally: Tally | null = null;
    child.once('message', (message) => (tally = message as Tally));
    child.once('error', reject);
    child.once('exit', (code) =>
      tally ? resolve(tally) : reject(new Error(`${range.config.name} ${range.from}-${range.to}: exited ${code}`)),
    );
  });
}
