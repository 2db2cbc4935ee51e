// /senet rules, leaderboard, stats, history, help: read-only answers.
import type { ChatInputCommandInteraction } from 'discord.js';
import {
  RULESETS,
  RULESET_IDS,
  type RuleSetId,
  defaultOptions,
  isRuleSetId,
  rulesOf,
  squareLabel,
} from '../engine/index.js';
import { OFFERED_STRENGTHS } from '../game/strengths.js';
import type { HistoryEntry, LeaderboardEntry, PlayerStats } from '../game/types.js';
import type { CommandContext } from './context.js';
import { recordsGuild } from './contexts.js';
import { percent } from '../lib/format.js';
import { OPT } from './definition.js';
import { boardFile, echo } from './messages.js';
import { playerOf } from './options.js';
import { acknowledgedInTime, replyPrivately, sendReply } from './replies.js';

const DOCS = 'docs/rules';
/** Where `npm run balance` tables how the rule sets compare (first-player edge, length, squares). */
const BALANCE = `How the rule sets compare (first player's edge, game length, special squares): \`${DOCS}/README.md\`.`;
const NO_MENTIONS = { parse: [] } as const;

export async function rules(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const id = interaction.options.getString(OPT.rules);
  if (id === null) {
    const list = RULESET_IDS.map((r) => `• **${RULESETS[r].title}** (\`${r}\`): ${RULESETS[r].summary}`);
    const content = ['**Senet rule sets**', ...list, 'Use `/senet rules rules:<name>` for one of them.', BALANCE].join(
      '\n',
    );
    await interaction.reply({ content, allowedMentions: NO_MENTIONS });
    return;
  }
  if (!isRuleSetId(id)) return replyPrivately(interaction, `Unknown rules ${echo(id)}.`);
  const board = await acknowledgedInTime(interaction, ctx.startBoard(id), ctx.deferAfterMs, 'new message');
  await sendReply(
    interaction,
    { content: rulesText(id), files: [boardFile(board)], allowedMentions: NO_MENTIONS },
    ctx,
  );
}

/** Title, summary and the special squares of a rule set, with where the full text lives. */
export function rulesText(id: RuleSetId): string {
  const rules = rulesOf({ ruleset: id, options: defaultOptions(id) });
  const squares = Object.entries(rules.squares).map(
    ([n, s]) => `• **${squareLabel(Number(n))}: ${s.name}** ${s.glyph}: ${s.rule}`,
  );
  return [
    `**${RULESETS[id].title}**: ${RULESETS[id].summary}`,
    `${rules.pawns} pawns each.`,
    ...(squares.length ? ['Special squares:', ...squares] : []),
    `Full rules: \`${DOCS}/${id}.md\` in the bot's repository. The picture shows the start.`,
    BALANCE,
  ].join('\n');
}

export async function leaderboard(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const ruleset = interaction.options.getString(OPT.rules);
  if (ruleset !== null && !isRuleSetId(ruleset)) return replyPrivately(interaction, `Unknown rules ${echo(ruleset)}.`);
  const guildId = interaction.guildId ?? '';
  const asked = interaction.options.getInteger(OPT.season);
  const found = ctx.service.leaderboard({
    guildId,
    ...(ruleset ? { ruleset } : {}),
    ...(asked === null ? {} : { season: asked }),
  });
  if (!found.ok) return replyPrivately(interaction, found.error.message);
  const entries = found.value;
  const current = ctx.service.currentSeason(guildId);
  const season = asked ?? current;
  const when = season === current ? '' : ' (closed)';
  const title = `**Senet leaderboard · season ${season}${when}${ruleset ? ` · ${RULESETS[ruleset].title}` : ''}**`;
  const lines = entries.length
    ? entries.slice(0, 20).map(leaderboardLine)
    : ['No rated games yet. `/senet challenge` someone!'];
  await interaction.reply({ content: [title, ...lines].join('\n'), allowedMentions: NO_MENTIONS });
}

export function leaderboardLine(e: LeaderboardEntry): string {
  const rating = e.rating === null ? 'unrated' : `${e.rating}${e.provisional ? '?' : ''}`;
  return `${e.rank}. **${e.player.name}** ${rating} · ${e.wins} won, ${e.losses} lost`;
}

export async function stats(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const user = interaction.options.getUser(OPT.user) ?? interaction.user;
  const found = ctx.service.stats({ guildId: recordsGuild(interaction), userId: user.id });
  const name = playerOf(user).name;
  if (!found.ok || found.value.total.games === 0)
    return replyPrivately(interaction, `${name} has not finished a game of Senet here yet.`);
  await interaction.reply({ content: statsText(name, found.value), allowedMentions: NO_MENTIONS });
}

function statsText(name: string, s: PlayerStats): string {
  const rating = s.rating === null ? 'none yet' : `${s.rating}${s.provisional ? ' (provisional)' : ''}`;
  const season = s.seasonRecord;
  const lines = [
    `**${name}** · season ${s.season} rating ${rating} · ${season.games} rated game${season.games === 1 ? '' : 's'} this season: ${season.wins} won, ${season.losses} lost`,
    `All time: ${s.total.games} game${s.total.games === 1 ? '' : 's'}: ${s.total.wins} won, ${s.total.losses} lost (${percent(s.total.winRate)})`,
    ...s.byRuleset.map((r) => `• ${RULESETS[r.ruleset].title}: ${r.wins}–${r.losses}`),
  ];
  if (s.vsBot.games > 0) lines.push(`Against the bot: ${s.vsBot.wins}–${s.vsBot.losses}`);
  if (s.streak) lines.push(`Streak: ${s.streak.length} ${s.streak.result} in a row`);
  return lines.join('\n');
}

export async function history(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const user = interaction.options.getUser(OPT.user) ?? interaction.user;
  const found = ctx.service.history({ guildId: recordsGuild(interaction), userId: user.id });
  const games = found.ok ? found.value : [];
  const name = playerOf(user).name;
  if (games.length === 0) return replyPrivately(interaction, `${name} has no finished games here yet.`);
  const lines = games.slice(0, 10).map(historyLine);
  await interaction.reply({
    content: [`**${name}'s recent games**`, ...lines].join('\n'),
    allowedMentions: NO_MENTIONS,
  });
}

function historyLine(h: HistoryEntry): string {
  const how = h.reason === 'won' ? '' : h.reason === 'resigned' ? ' by resignation' : ' on time';
  const score = h.score === null ? '' : ` (${h.score} pts)`;
  return `• <t:${Math.floor(h.finishedAt / 1000)}:d> ${h.result} vs ${h.opponent.name}${h.vsBot ? ' (bot)' : ''}${how}${score} · ${RULESETS[h.ruleset].title}${h.rated ? '' : ', unrated'}`;
}

export const HELP_TEXT = [
  '**Senet**, the board game of ancient Egypt. Race your pawns along the 30 squares and bear them all off first.',
  '• `/senet challenge opponent:@someone` posts a challenge with Accept and Decline buttons. Pick `rules:` (by default the rule set this server chose: Kendall unless an admin changed it) and its options.',
  `• \`/senet play\` (or challenging me) starts a game against the computer; \`strength:\` ${OFFERED_STRENGTHS.join(', ')}.`,
  '• Each game gets a thread of its own under its challenge, so many games can run in one channel.',
  '• In a game, the player to move presses **Throw**; the board then numbers the pawns that can move, and one button per move (`1 · 17 → 20`) plays it.',
  '• `/senet resign` gives up your game (in its thread; in the channel, `game:` picks one if you have several). Waiting too long forfeits.',
  '• `/senet replay` (or **Replay** under a finished game) plays a game again, animated, with its win-chance chart and turning points.',
  '• `/senet rules`, `/senet leaderboard`, `/senet stats`, `/senet history` tell you more.',
  '• When a turn of yours has waited a while I ping you; `/senet settings reminders:off` stops that.',
].join('\n');

export async function help(interaction: ChatInputCommandInteraction): Promise<void> {
  await replyPrivately(interaction, HELP_TEXT);
}
