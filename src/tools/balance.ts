// `npm run balance [-- --games N --strength medium|hard --only kendall,… --no-write]`: simulates
// games between two computer players of the same strength for every rule configuration and
// reports how balanced and how long each is: the first player's win rate (95 % Wilson interval),
// game length in throws and in moves (mean and sd), how often each special square is reached per
// game, and captures per game. Prints the table and writes it into docs/rules/README.md between
// the balance markers (with the list of rule sets between its own markers).
//
// Strength: two hard players take 0.1-1.5 s a game here (measured: 200 games of each
// configuration took about eight minutes), some nine hours for 10,000 games of each, so the default
// is medium (greedy with the same evaluation, 200-3,000 games a second), which beats a random
// player 82-91 % of the time. `--strength hard --games 200` gives a smaller cross-check.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type GameEvent, RULESETS, RULESET_IDS, sideName } from '../engine/index.js';
import { STRENGTHS, type Strength } from '../ai/index.js';
import { BALANCE_CONFIGS, type PlayConfig } from '../ai/configs.js';
import { playGame, wilson } from '../ai/selfplay.js';

interface Tally {
  games: number;
  firstWins: number;
  unfinished: number;
  throws: number[];
  moves: number[];
  captures: number;
  /** Arrivals on each special square, over all games. */
  reached: Map<number, number>;
}

/** Plays the games of one configuration and counts what happened, from the engine's events. */
function simulate(config: PlayConfig, games: number, strength: Strength): Tally {
  const { rules } = config;
  const special = new Set(Object.keys(rules.squares).map(Number));
  const first = rules.start.first;
  const tally: Tally = { games, firstWins: 0, unfinished: 0, throws: [], moves: [], captures: 0, reached: new Map() };
  const arrive = (square: number): void => {
    if (special.has(square)) tally.reached.set(square, (tally.reached.get(square) ?? 0) + 1);
  };
  for (let seed = 1; seed <= games; seed++) {
    let throws = 0;
    let moves = 0;
    const observe = (events: readonly GameEvent[]): void => {
      for (const event of events) {
        if (event.type === 'throw') throws++;
        if (event.type !== 'move') continue;
        moves++;
        // A pawn reaches the square its count lands on, where a square's effect puts it, and
        // where a capture puts the pawn it displaced.
        arrive(event.to);
        if (event.end !== event.to) arrive(event.end);
        if (event.captured) {
          tally.captures++;
          arrive(event.captured.to);
        }
      }
    };
    const result = playGame({ rules, seed, players: { W: strength, B: strength }, observe });
    if (result.winner === first) tally.firstWins++;
    if (!result.winner) tally.unfinished++;
    tally.throws.push(throws);
    tally.moves.push(moves);
  }
  return tally;
}

function meanSd(values: readonly number[]): string {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return `${mean.toFixed(1)} ± ${Math.sqrt(variance).toFixed(1)}`;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

function optionText(config: PlayConfig): string {
  const entries = Object.entries(config.options);
  return entries.length === 0 ? 'defaults' : entries.map(([k, v]) => `${k}: ${String(v)}`).join(', ');
}

function balanceTable(results: { config: PlayConfig; tally: Tally }[], strength: Strength): string {
  const lines = [
    `Simulated with two **${strength}** computer players (\`npm run balance\`); game *i* uses seed *i*.`,
    'First player: the side that moves first (in kendall White, whose opening move 10 → 15 comes before any throw). Length: mean ± sd.',
    '',
    '| rules | options | games | first player | first player wins (95 % CI) | throws | moves | captures / game |',
    '| --- | --- | ---: | :---: | --- | ---: | ---: | ---: |',
  ];
  for (const { config, tally } of results) {
    const [low, high] = wilson(tally.firstWins, tally.games);
    const unfinished = tally.unfinished > 0 ? ` (${tally.unfinished} unfinished)` : '';
    lines.push(
      `| ${config.name} | ${optionText(config)} | ${tally.games}${unfinished} | ${config.rules.start.first} | ` +
        `${pct(tally.firstWins / tally.games)} (${pct(low)} – ${pct(high)}) | ${meanSd(tally.throws)} | ` +
        `${meanSd(tally.moves)} | ${(tally.captures / tally.games).toFixed(2)} |`,
    );
  }
  lines.push('', 'Special squares: how often a pawn reaches each one per game (by count, by a square\'s effect, or displaced by a capture).', '');
  lines.push('| rules | squares reached per game |', '| --- | --- |');
  for (const { config, tally } of results) {
    const cells = Object.entries(config.rules.squares).map(([square, info]) => {
      const perGame = (tally.reached.get(Number(square)) ?? 0) / tally.games;
      return `${square} ${info.name}: ${perGame.toFixed(2)}`;
    });
    lines.push(`| ${config.name} | ${cells.join(' · ')} |`);
  }
  return lines.join('\n');
}

function ruleSetList(): string {
  return RULESET_IDS.map((id) => `- [${RULESETS[id].title}](${id}.md) (\`${id}\`): ${RULESETS[id].summary}`).join('\n');
}

const PAGE = `# Senet rule sets

The bot plays five reconstructions of Senet. Each page gives the rules as the engine plays them, their source,
and the rule cases that check them.

<!-- rulesets:start -->
<!-- rulesets:end -->

## Balance

<!-- balance:start -->
<!-- balance:end -->
`;

/** Replaces what stands between `<!-- name:start -->` and `<!-- name:end -->`. */
function fillSection(page: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/rules/README.md lacks the ${name} markers`);
  return `${page.slice(0, from + start.length)}\n${content}\n${page.slice(to)}`;
}

const { values } = parseArgs({
  options: { games: { type: 'string' }, strength: { type: 'string' }, only: { type: 'string' }, 'no-write': { type: 'boolean' } },
});
const games = Number(values.games ?? 10_000);
const strength = (values.strength ?? 'medium') as Strength;
if (!STRENGTHS.includes(strength) || !Number.isInteger(games) || games < 1) {
  console.error('usage: npm run balance -- [--games N] [--strength easy|medium|hard] [--only name,…] [--no-write]');
  process.exit(2);
}
const only = values.only?.split(',');
const results = BALANCE_CONFIGS.filter((c) => !only || only.includes(c.name)).map((config) => {
  const start = performance.now();
  const tally = simulate(config, games, strength);
  console.error(`${config.name}: ${games} games in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return { config, tally };
});
const table = balanceTable(results, strength);
console.log(table);
if (!values['no-write'] && !only) {
  const file = join(import.meta.dirname, '../../docs/rules/README.md');
  const page = existsSync(file) ? readFileSync(file, 'utf8') : PAGE;
  writeFileSync(file, fillSection(fillSection(page, 'rulesets', ruleSetList()), 'balance', table));
  console.error(`wrote ${file}`);
}
