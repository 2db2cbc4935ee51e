// /senet rules, leaderboard, stats, history, help: read-only answers. What the channel sees is in
// the server's language (publicLocale), a private answer in the reader's (userLocale).
import { type ChatInputCommandInteraction, MessageFlags, type User } from 'discord.js';
import { RULESET_IDS, type RuleSetId, defaultOptions, isRuleSetId, rulesOf } from '../engine/index.js';
import { OFFERED_STRENGTHS } from '../game/strengths.js';
import { listsArePrivate } from '../game/visibility.js';
import type { HistoryEntry, LeaderboardEntry, PlayerStats } from '../game/types.js';
import { type Locale, type Translate, type UserText, text, translator } from '../i18n/index.js';
import type { CommandContext } from './commandContext.js';
import { OPT, strengthName } from './definition.js';
import { publicLocale, userLocale } from '../chat/locale.js';
import { boardFile, echo } from '../chat/messages.js';
import { playerOf, shownName } from './options.js';
import type { Subcommand } from './declarations.js';
import { sendReply } from '../chat/replies.js';
import { viewerOf } from './viewer.js';
import { rulesetSummary, rulesetTitle, squareName, squareRuleKey } from './rulesetWords.js';

const DOCS = 'docs/rules';
/** Where `npm run balance` tables how the rule sets compare (first-player edge, length, squares). */
const BALANCE_FILE = `${DOCS}/README.md`;
const NO_MENTIONS = { parse: [] } as const;

async function rules(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const id = interaction.options.getString(OPT.rules);
  if (id !== null && !isRuleSetId(id))
    return ctx.answers.replyPrivately(interaction, text('rulesInfo.unknown', { name: echo(id) }));
  const t = translator(await publicLocale(interaction, ctx));
  if (id === null) {
    await interaction.reply({ content: rulesList(t), allowedMentions: NO_MENTIONS });
    return;
  }
  const board = await ctx.answers.acknowledgedInTime(interaction, ctx.startBoard(id), ctx.deferAfterMs, 'new message');
  await sendReply(
    interaction,
    { content: rulesText(t, id), files: [boardFile(board)], allowedMentions: NO_MENTIONS },
    ctx,
  );
}

/** Posts the rule set's start board in the channel. */
export const rulesSubcommand: Subcommand = { name: 'rules', run: rules, posts: true };

/**
 * Every rule set, one line each, with how to see one.
 * @internal
 */
export function rulesList(t: Translate): string {
  const list = RULESET_IDS.map((id) =>
    t('rulesInfo.listItem', { title: rulesetTitle(t, id), id, summary: rulesetSummary(t, id) }),
  );
  return [
    t('rulesInfo.listTitle'),
    ...list,
    t('rulesInfo.listHint'),
    t('rulesInfo.balance', { file: BALANCE_FILE }),
  ].join('\n');
}

/**
 * Title, summary and the special squares of a rule set, with where the full text lives.
 * @internal
 */
export function rulesText(t: Translate, id: RuleSetId): string {
  const rules = rulesOf({ ruleset: id, options: defaultOptions(id) });
  const squares = Object.entries(rules.squares).map(([n, info]) =>
    t('rulesInfo.square', {
      square: n,
      name: squareName(t, rules, Number(n))!,
      glyph: info.glyph,
      rule: t(squareRuleKey(id, Number(n))),
    }),
  );
  return [
    t('rulesInfo.heading', { title: rulesetTitle(t, id), summary: rulesetSummary(t, id) }),
    t('rulesInfo.pawns', { count: rules.pawns }),
    t('rulesInfo.pieces'),
    ...(squares.length ? [t('rulesInfo.specialSquares'), ...squares] : []),
    t('rulesInfo.fullRules', { file: `${DOCS}/${id}.md` }),
    t('rulesInfo.balance', { file: BALANCE_FILE }),
  ].join('\n');
}

async function leaderboard(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const ruleset = interaction.options.getString(OPT.rules);
  if (ruleset !== null && !isRuleSetId(ruleset))
    return ctx.answers.replyPrivately(interaction, text('rulesInfo.unknown', { name: echo(ruleset) }));
  const guildId = interaction.guildId ?? '';
  const asked = interaction.options.getInteger(OPT.season);
  const found = await ctx.service.records.leaderboard({
    viewer: viewerOf(interaction, ctx),
    ...(ruleset ? { ruleset } : {}),
    ...(asked === null ? {} : { season: asked }),
  });
  if (!found.ok) return ctx.answers.replyPrivately(interaction, found.error.message);
  const t = translator(await publicLocale(interaction, ctx));
  const entries = found.value;
  const current = await ctx.service.records.currentSeason(guildId);
  const season = asked ?? current;
  const closed = season === current ? 'no' : 'yes';
  const title = ruleset
    ? t('leaderboard.titleWithRules', { season, closed, ruleset: rulesetTitle(t, ruleset) })
    : t('leaderboard.title', { season, closed });
  const lines = entries.length ? entries.slice(0, 20).map((e) => leaderboardLine(t, e)) : [t('leaderboard.empty')];
  await interaction.reply({ content: [title, ...lines].join('\n'), allowedMentions: NO_MENTIONS });
}

/** A server's table: outside servers there is none. */
export const leaderboardSubcommand: Subcommand = {
  name: 'leaderboard',
  run: leaderboard,
  serverOnly: 'dm.leaderboardInServers',
  posts: false,
};

export function leaderboardLine(t: Translate, e: LeaderboardEntry): string {
  const rating =
    e.rating === null
      ? t('leaderboard.unrated')
      : t('leaderboard.rating', { rating: e.rating, provisional: e.provisional ? 'yes' : 'no' });
  return t('leaderboard.line', { rank: e.rank, name: e.player.name, rating, wins: e.wins, losses: e.losses });
}

/** Whom /senet stats or history asks about (the `user` option, else the asker), named as they are here. */
function askedAbout(interaction: ChatInputCommandInteraction): { user: User; name: UserText } {
  const named = interaction.options.getUser(OPT.user);
  const user = named ?? interaction.user;
  const member = named ? interaction.options.getMember(OPT.user) : interaction.member;
  return { user, name: shownName(playerOf(user, member)) };
}

async function stats(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const { user, name } = askedAbout(interaction);
  const found = await ctx.service.records.stats({ viewer: viewerOf(interaction, ctx), userId: user.id });
  if (!found.ok || found.value.total.games === 0)
    return ctx.answers.replyPrivately(interaction, text('stats.none', { name }));
  const t = translator(await publicLocale(interaction, ctx));
  await interaction.reply({ content: statsText(t, name, found.value), allowedMentions: NO_MENTIONS });
}

export const statsSubcommand: Subcommand = { name: 'stats', run: stats, posts: false };

/** @internal */
export function statsText(t: Translate, name: UserText, s: PlayerStats): string {
  const allTime = t('stats.allTime', {
    games: s.total.games,
    wins: s.total.wins,
    losses: s.total.losses,
    winRate: s.total.winRate,
  });
  if (s.totalsOnly) return [t('stats.heading', { name }), allTime].join('\n');
  const rating =
    s.rating === null
      ? t('stats.noRating')
      : t('stats.rating', { rating: s.rating, provisional: s.provisional ? 'yes' : 'no' });
  const season = s.seasonRecord;
  const lines = [
    t('stats.season', {
      name,
      season: s.season,
      rating,
      games: season.games,
      wins: season.wins,
      losses: season.losses,
    }),
    allTime,
    ...s.byRuleset.map((r) =>
      t('stats.byRuleset', { ruleset: rulesetTitle(t, r.ruleset), wins: r.wins, losses: r.losses }),
    ),
  ];
  if (s.vsBot.games > 0) lines.push(t('stats.vsBot', { wins: s.vsBot.wins, losses: s.vsBot.losses }));
  if (s.streak) lines.push(t('stats.streak', { count: s.streak.length, result: s.streak.result }));
  return lines.join('\n');
}

async function history(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const { user, name } = askedAbout(interaction);
  const viewer = viewerOf(interaction, ctx);
  const found = await ctx.service.records.history({ viewer, userId: user.id });
  const games = found.ok ? found.value : [];
  if (games.length === 0) return ctx.answers.replyPrivately(interaction, text('history.none', { name }));
  // Outside servers the games listed are private chats' own: only the asker reads the list.
  const listPrivately = listsArePrivate(viewer);
  const t = translator(listPrivately ? userLocale(interaction) : await publicLocale(interaction, ctx));
  const lines = games.slice(0, 10).map((h) => historyLine(t, h));
  await interaction.reply({
    content: [t('history.title', { name }), ...lines].join('\n'),
    allowedMentions: NO_MENTIONS,
    ...(listPrivately ? { flags: MessageFlags.Ephemeral } : {}),
  });
}

export const historySubcommand: Subcommand = { name: 'history', run: history, posts: false };

/** @internal */
export function historyLine(t: Translate, h: HistoryEntry): string {
  return t('history.line', {
    // A Discord timestamp: each reader's client shows the date in their own language and zone.
    date: `<t:${Math.floor(h.finishedAt / 1000)}:d>`,
    result: h.result,
    opponent: h.opponent.name,
    bot: h.vsBot ? 'yes' : 'no',
    reason: h.reason,
    hasScore: h.score === null ? 'no' : 'yes',
    score: h.score ?? 0,
    ruleset: rulesetTitle(t, h.ruleset),
    rated: h.rated ? 'yes' : 'no',
  });
}

/**
 * How to play, in a language; the strengths are named as the command's choices name them.
 * @internal
 */
export function helpText(locale: Locale): string {
  const t = translator(locale);
  const strengths = new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(
    OFFERED_STRENGTHS.map((strength) => strengthName(t, strength)),
  );
  return t('help.text', { strengths });
}

/** Help is private, in the reader's own language. */
async function help(interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.reply({
    content: helpText(userLocale(interaction)),
    flags: MessageFlags.Ephemeral,
    allowedMentions: NO_MENTIONS,
  });
}

export const helpSubcommand: Subcommand = { name: 'help', run: help, posts: false };
