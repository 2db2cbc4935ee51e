// The balance report as markdown: the table of docs/rules/README.md, and the page's other
// generated section (the list of rule sets).
import { percent } from '../../lib/format.js';
import { RULESETS, RULESET_IDS } from '../../engine/index.js';
import type { Strength } from '../../ai/index.js';
import type { PlayConfig } from '../../ai/configs.js';
import { wilson } from '../../ai/selfplay.js';
import type { Tally } from './simulate.js';

function meanSd(values: readonly number[]): string {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return `${mean.toFixed(1)} ± ${Math.sqrt(variance).toFixed(1)}`;
}

function optionText(config: PlayConfig): string {
  const entries = Object.entries(config.options);
  return entries.length === 0 ? 'defaults' : entries.map(([k, v]) => `${k}: ${String(v)}`).join(', ');
}

export function balanceTable(results: { config: PlayConfig; tally: Tally }[], strength: Strength): string {
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
        `${percent(tally.firstWins / tally.games, 1)} (${percent(low, 1)} – ${percent(high, 1)}) | ${meanSd(tally.throws)} | ` +
        `${meanSd(tally.moves)} | ${(tally.captures / tally.games).toFixed(2)} |`,
    );
  }
  lines.push(
    '',
    "Special squares: how often a pawn reaches each one per game (by count, by a square's effect, or displaced by a capture).",
    '',
  );
  lines.push('| rules | squares reached per game |', '| --- | --- |');
  for (const { config, tally } of results) {
    const cells = Object.entries(config.rules.squares).map(([square, info]) => {
      const perGame = (tally.reached[Number(square)] ?? 0) / tally.games;
      return `${square} ${info.name}: ${perGame.toFixed(2)}`;
    });
    lines.push(`| ${config.name} | ${cells.join(' · ')} |`);
  }
  return lines.join('\n');
}

export function ruleSetList(): string {
  return RULESET_IDS.map((id) => `- [${RULESETS[id].title}](${id}.md) (\`${id}\`): ${RULESETS[id].summary}`).join('\n');
}

/** The page as first written, before any section is filled. */
export const PAGE = `# Senet rule sets

The bot plays five reconstructions of Senet. Each page gives the rules as the engine plays them, their source,
and the rule cases that check them.

<!-- rulesets:start -->
<!-- rulesets:end -->

## Balance

<!-- balance:start -->
<!-- balance:end -->
`;

/** Replaces what stands between `<!-- name:start -->` and `<!-- name:end -->`. */
export function fillSection(page: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/rules/README.md lacks the ${name} markers`);
  return `${page.slice(0, from + start.length)}\n${content}\n${page.slice(to)}`;
}
