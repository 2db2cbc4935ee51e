// `npm run tournament [-- --games N --only kendall,regency --pairs expert-hard,hard-medium]`: every pair of strengths plays
// N games in each seat for every rule configuration, with seeded throws (game i uses seed i in
// both seats, so the two players get the same sticks). Prints the stronger player's win rate with
// its 95 % Wilson interval, and games per second.
import { percent } from '../lib/format.js';
import { parseArgs } from 'node:util';
import { type Strength } from '../ai/index.js';
import { TOURNAMENT_CONFIGS } from '../ai/configs.js';
import { playGame, wilson } from '../ai/selfplay.js';

const PAIRS: readonly [Strength, Strength][] = [
  ['expert', 'hard'],
  ['expert', 'easy'],
  ['hard', 'medium'],
  ['medium', 'easy'],
  ['hard', 'easy'],
];

/**
 * Games per seat for each pair. Searching players' games cost far more (expert's 0.3-4 a second,
 * kendall-7 the slowest), so they play fewer. Expert against hard plays the most: the margin is
 * small, and ±4 points needs 600 games. Expert against easy only shows how much luck is left.
 * The whole run takes about two hours here; `--pairs` runs a few pairings.
 */
const DEFAULT_GAMES: Record<string, number> = {
  'expert-hard': 300,
  'expert-easy': 100,
  'hard-medium': 150,
  'medium-easy': 500,
  'hard-easy': 50,
};

const { values } = parseArgs({
  options: { games: { type: 'string' }, only: { type: 'string' }, pairs: { type: 'string' } },
});
const only = values.only?.split(',');
const configs = TOURNAMENT_CONFIGS.filter((c) => !only || only.includes(c.name));
const pairs = PAIRS.filter(([strong, weak]) => !values.pairs || values.pairs.split(',').includes(`${strong}-${weak}`));

const rows: string[][] = [['rules', 'pair', 'games', 'win rate', '95 % CI', 'games/s']];
console.log(rows[0]!.join(' | '));
for (const { name, rules } of configs) {
  for (const [strong, weak] of pairs) {
    const perSeat = values.games ? Number(values.games) : DEFAULT_GAMES[`${strong}-${weak}`]!;
    const start = performance.now();
    let wins = 0;
    let unfinished = 0;
    for (let seed = 1; seed <= perSeat; seed++) {
      const asW = playGame({ rules, seed, players: { W: strong, B: weak } });
      const asB = playGame({ rules, seed, players: { W: weak, B: strong } });
      wins += (asW.winner === 'W' ? 1 : 0) + (asB.winner === 'B' ? 1 : 0);
      unfinished += (asW.winner ? 0 : 1) + (asB.winner ? 0 : 1);
    }
    const games = 2 * perSeat;
    const [low, high] = wilson(wins, games);
    const seconds = (performance.now() - start) / 1000;
    const row = [
      name,
      `${strong} vs ${weak}`,
      String(games),
      percent(wins / games, 1),
      `${percent(low, 1)} – ${percent(high, 1)}`,
      (games / seconds).toFixed(1),
    ];
    if (unfinished > 0) row.push(`(${unfinished} unfinished)`);
    rows.push(row);
    console.log(row.join(' | '));
  }
}
