// The /senet-admin command module (`data` for deployment, `execute` for the dispatcher): a
// server's settings and leaderboard seasons. The answers about settings are private; a new
// season is announced in the channel with the closed season's final table.
import { type ChatInputCommandInteraction, PermissionFlagsBits } from 'discord.js';
import { type Variant, variantTitle } from '../engine/index.js';
import type { AdminInput, SettingsChange, SettingsView } from '../game/service.js';
import { type ServerSettings, type SettingKey } from '../game/settings.js';
import { ADMIN_OPT, LANGUAGE_CHOICES, RESET_CHOICES, adminCommand } from './adminDefinition.js';
import { type Locale, isLocale, translator } from '../i18n/index.js';
import type { CommandContext } from './context.js';
import { durationWords } from '../lib/format.js';
import { leaderboardLine } from './info.js';
import { publicLocale } from './locale.js';
import { readRules } from './options.js';
import { replyPrivately } from './replies.js';

export const data = adminCommand;

type Handler = (interaction: ChatInputCommandInteraction, ctx: CommandContext) => Promise<void>;

const SUBCOMMANDS: Record<string, Handler> = { settings, 'new-season': newSeason };

/** Whether this is a /senet-admin subcommand this version knows. */
export function handles(interaction: ChatInputCommandInteraction): boolean {
  const sub = interaction.options.getSubcommand(false);
  return interaction.commandName === data.name && sub !== null && Object.hasOwn(SUBCOMMANDS, sub);
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const handler = SUBCOMMANDS[interaction.options.getSubcommand()];
  if (!handler) throw new Error(`no handler for /senet-admin ${interaction.options.getSubcommand()}`);
  await handler(interaction, ctx);
}

/** Who asks, with the permission Discord reports for them in this channel. */
function adminInput(interaction: ChatInputCommandInteraction): AdminInput {
  return {
    guildId: interaction.guildId ?? '',
    userId: interaction.user.id,
    canManageServer: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
  };
}

async function settings(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const change = readChange(interaction, ctx.service.defaultVariant(interaction.guildId ?? ''));
  if (!change.ok) return replyPrivately(interaction, change.message);
  const asked = adminInput(interaction);
  const changing = Object.keys(change.value).length > 0;
  const outcome = changing
    ? ctx.service.changeServerSettings({ ...asked, change: change.value })
    : ctx.service.serverSettings(asked);
  if (!outcome.ok) return replyPrivately(interaction, outcome.error.message);
  await replyPrivately(interaction, settingsText(outcome.value, changing ? 'Saved. ' : ''));
}

async function newSeason(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const outcome = ctx.service.newSeason(adminInput(interaction));
  if (!outcome.ok) return replyPrivately(interaction, outcome.error.message);
  const { closed, current, finalTable } = outcome.value;
  const table = finalTable.length
    ? [
        `Final table of season ${closed}:`,
        ...finalTable.map((e) => leaderboardLine(translator(publicLocale(interaction, ctx)), e)),
      ]
    : [`No rated games were played in season ${closed}.`];
  const content = [
    `**Season ${closed} is closed; season ${current} starts now.** Ratings start again. Season ${closed} stays readable with \`/senet leaderboard season:${closed}\`.`,
    ...table,
  ].join('\n');
  await interaction.reply({ content, allowedMentions: { parse: [] } });
}

type ChangeRead = { ok: true; value: SettingsChange } | { ok: false; message: string };

/** The settings an admin gave, as one change (empty: just show them). */
function readChange(interaction: ChatInputCommandInteraction, currentDefault: Variant): ChangeRead {
  const rules = readRules(interaction, currentDefault);
  if (!rules.ok) return rules;
  const o = interaction.options;
  const reset = o.getString(ADMIN_OPT.reset);
  const resetKey = RESET_CHOICES.find((c) => c.value === reset)?.value;
  if (reset !== null && !resetKey) return { ok: false, message: 'Unknown setting to reset.' };
  const given: SettingsChange = {
    ...(rules.variant ? { variant: rules.variant } : {}),
    threads: o.getBoolean(ADMIN_OPT.threads) ?? undefined,
    addChannel: o.getChannel(ADMIN_OPT.addChannel)?.id,
    removeChannel: o.getChannel(ADMIN_OPT.removeChannel)?.id,
    clearChannels: o.getBoolean(ADMIN_OPT.clearChannels) ?? undefined,
    challengeTimeoutMinutes: o.getInteger(ADMIN_OPT.challengeTimeout) ?? undefined,
    turnTimeoutMinutes: o.getInteger(ADMIN_OPT.turnTimeout) ?? undefined,
    reminderDelayMinutes: o.getInteger(ADMIN_OPT.reminderDelay) ?? undefined,
    maxGamesPerPlayer: o.getInteger(ADMIN_OPT.maxGames) ?? undefined,
    rated: o.getBoolean(ADMIN_OPT.rated) ?? undefined,
    language: languageChoice(o.getString(ADMIN_OPT.language)),
    ...(resetKey ? { reset: resetKey } : {}),
  };
  // Options not given are left out, so an empty change means "show".
  const value = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as SettingsChange;
  return { ok: true, value };
}

/** The language option: a locale, null for the server's Discord language, undefined when not given. */
function languageChoice(value: string | null): Locale | null | undefined {
  if (value === 'auto') return null;
  return isLocale(value) ? value : undefined;
}

/** Each setting on a line, marked when this server chose it. */
export function settingsText(view: SettingsView, prefix = ''): string {
  const s = view.settings;
  const line = (key: SettingKey, label: string, value: string): string =>
    `• ${label}: **${value}**${view.own.includes(key) ? ' (set here)' : ''}`;
  return [
    `${prefix}**Senet settings on this server** (values not marked "set here" are the bot's defaults):`,
    line('defaultVariant', 'Default rules', variantTitle(s.defaultVariant.ruleset, s.defaultVariant.options)),
    line('threads', 'A thread per game', onOff(s.threads)),
    line('channels', 'Channels the bot plays in', channelsWords(s)),
    line('challengeTtlMs', 'Challenge timeout', durationWords(s.challengeTtlMs)),
    line('turnTtlMs', 'Turn timeout', durationWords(s.turnTtlMs)),
    line(
      'reminderDelayMs',
      'Turn reminder',
      s.reminderDelayMs === 0 ? 'off' : `after ${durationWords(s.reminderDelayMs)}`,
    ),
    line('maxGamesPerPlayer', 'Most games a player may play at once', String(s.maxGamesPerPlayer)),
    line('rated', 'Rated games', onOff(s.rated)),
    line('language', 'Language of public messages', languageName(s.language)),
    'Change one with `/senet-admin settings <option>`; `reset:` goes back to the default.',
  ].join('\n');
}

function languageName(language: Locale | null): string {
  return LANGUAGE_CHOICES.find((choice) => choice.value === (language ?? 'auto'))!.name;
}

const onOff = (on: boolean): string => (on ? 'on' : 'off');

function channelsWords(s: ServerSettings): string {
  return s.channels.length === 0 ? 'every channel' : s.channels.map((id) => `<#${id}>`).join(', ');
}
