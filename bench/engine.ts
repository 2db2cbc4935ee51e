// `npm run bench -- engine`: per rule set, legal-move generations per second and complete random
// games per second, on one core (per CPU second of this single-threaded process, so other load on
// the machine does not distort it). Targets: 3,000,000 generations/s and 15,000 games/s. Then a
// throw's cost by kind of dice: the old seeded generator against keyed dice (HMAC-SHA-256), in
// interleaved runs, medians. Target: a keyed throw within a few microseconds. The random games
// throw with the old generator, as the simulations do (src/engine/throws.ts).
import { unwrap } from '../src/lib/result.js';
import { MAX_MOVES, Position, SeededSticks, resolveRules, type RuleOptions, type Rules } from '../src/engine/index.js';
import { DiceSecret } from '../src/engine/keyedDice.js';
import { KeyedDice, type ThrowSource } from '../src/engine/throws.js';
import type { Report } from './run.js';
import { cpuSeconds, quantile } from './stats.js';

const CONFIGS: [string, string, RuleOptions][] = [
  ['kendall', 'kendall', {}],
  ['kendall7', 'kendall', { pawns: 7 }],
  ['traditional', 'traditional', {}],
  ['pennsic', 'pennsic', {}],
  ['dancers', 'dancers', {}],
  ['regency', 'regency', {}],
];

/** A tiny xorshift for the random player's choices (the throws use the game's own generator). */
function chooser(seed: number): (n: number) => number {
  let x = seed | 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** Plays one game to the end choosing uniformly among the legal actions; returns its length in actions. */
function randomGame(
  rules: Rules,
  seed: number,
  pick: (n: number) => number,
  list: Uint16Array,
  onMove?: (p: Position) => void,
): number {
  const pos = Position.start(rules, seed);
  while (pos.phase !== 'over') {
    const moves = pos.listMoves(list);
    const take = pos.canTake() ? 1 : 0;
    const choice = pick(moves + take + (pos.canThrow() ? 1 : 0));
    if (choice < moves) {
      if (onMove) onMove(pos);
      pos.play(list[choice]!);
    } else if (choice < moves + take) pos.take();
    else pos.throwSticks();
  }
  return pos.ply;
}

/** Positions with a throw pending, sampled from random games, for the generation benchmark. */
function samplePositions(rules: Rules, count: number): Position[] {
  const samples: Position[] = [];
  const pick = chooser(7);
  for (let seed = 1; samples.length < count; seed++) {
    randomGame(rules, seed, pick, new Uint16Array(MAX_MOVES), (pos) => {
      if (pos.phase === 'move' && samples.length < count && pick(4) === 0) samples.push(pos.clone());
    });
  }
  return samples;
}

/** Interleaved runs of each kind of dice (old, new, old, new, …): their medians are compared. */
const THROW_RUNS = 7;

/** One kind of dice: how many throws a run makes, and each run's CPU microseconds per throw. */
interface DiceRuns {
  dice: ThrowSource;
  throws: number;
  costs: number[];
}

/** CPU microseconds per throw of each kind of dice, median of interleaved runs. */
function throwCosts(report: Report): void {
  const seeded: DiceRuns = { dice: SeededSticks.fromSeed(1), throws: 2_000_000, costs: [] };
  const keyed: DiceRuns = { dice: new KeyedDice(0, DiceSecret.random()), throws: 100_000, costs: [] };
  let sink = 0;
  for (const { dice } of [seeded, keyed]) for (let i = 0; i < 10_000; i++) sink ^= dice.sticks(); // warm up
  for (let run = 0; run < THROW_RUNS; run++) {
    for (const { dice, throws, costs } of [seeded, keyed]) {
      const seconds = cpuSeconds(() => {
        for (let i = 0; i < throws; i++) sink ^= dice.sticks();
      });
      costs.push((seconds / throws) * 1e6);
    }
  }
  const [old, now] = [quantile(seeded.costs, 0.5), quantile(keyed.costs, 0.5)];
  report('engine.throw.seeded', old, 'µs');
  report('engine.throw.keyed', now, 'µs');
  report('engine.throw.keyed_over_seeded', now / old, 'x');
  if (sink < 0) console.log(sink); // keeps the loops observable
}

export function run(report: Report): void {
  for (const [name, id, options] of CONFIGS) {
    const rules = unwrap(resolveRules(id, options));
    const samples = samplePositions(rules, 2000);
    const list = new Uint16Array(MAX_MOVES);
    let generated = 0;
    for (let i = 0; i < 200_000; i++) {
      const pos = samples[i % samples.length]!;
      generated += pos.generateMoves(pos.turn, pos.value, list);
    }
    const rounds = 2_000_000;
    const generating = cpuSeconds(() => {
      for (let i = 0; i < rounds; i++) {
        const pos = samples[i % samples.length]!;
        generated += pos.generateMoves(pos.turn, pos.value, list);
      }
    });
    report(`engine.${name}.generations`, rounds / generating, 'per s');

    const pick = chooser(12345);
    for (let g = 0; g < 300; g++) randomGame(rules, g, pick, list);
    const games = 5000;
    let actions = 0;
    const playing = cpuSeconds(() => {
      for (let g = 0; g < games; g++) actions += randomGame(rules, 1000 + g, pick, list);
    });
    report(`engine.${name}.games`, games / playing, 'per s');
    report(`engine.${name}.actions_per_game`, actions / games, 'actions');
    if (generated < 0) console.log(generated); // keeps the generation loop observable
  }
  throwCosts(report);
}
