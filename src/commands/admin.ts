// The /senet-admin command module (`data` for deployment, `execute` for the dispatcher): a
// server's settings and leaderboard seasons. The answers about settings are private; a new
// season is announced in the channel with the closed season's final table.
import { type ChatInputCommandInteraction, PermissionFlagsBits } from 'discord.js';
import type { Variant } from '../engine/index.js';
import { variantTitle } from '../i18n/gameWords.js';
import type { AdminInput, SettingsChange, SettingsView } from '../game/service.js';
import { type ServerSettings, type SettingKey } from '../game/settings.js';
import { ADMIN_OPT, LANGUAGE_CHOICES, RESET_CHOICES, adminCommand } from './adminDefinition.js';
import { type Locale, type Text, type Translate, isLocale, text, translator } from '../i18n/index.js';
import { publicLocale, userLocale } from './locale.js';
import type { CommandContext } from './context.js';
import { durationWords } from '../lib/format.js';
import { leaderboardLine } from './info.js';
import { readRules } from './options.js';
import { replyPrivately } from './replies.js';
import { executeTournament, handlesTournament } from './tournamentAdmin.js';

export const data = adminCommand;

type Handler = (interaction: ChatInputCommandInteraction, ctx: CommandContext) => Promise<void>;

const SUBCOMMANDS: Record<string, Handler> = { settings, 'new-season': newSeason };

/** Whether this is a /senet-admin subcommand this version knows. */
export function handles(interaction: ChatInputCommandInteraction): boolean {
  if (interaction.commandName === data.name && handlesTournament(interaction)) return true;
  const sub = interaction.options.getSubcommand(false);
  return interaction.commandName === data.name && sub !== null && Object.hasOwn(SUBCOMMANDS, sub);
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  if (handlesTournament(interaction)) return executeTournament(interaction, ctx);
  const handler = SUBCOMMANDS[interaction.options.getSubcommand()];
  if (!handler) throw new Error(`no handler for /senet-admin ${interaction.options.getSubcommand()}`);
  await handler(interaction, ctx);
}

/** Who asks, with the permission Discord reports for them in this channel. */
export function adminInput(interaction: ChatInputCommandInteraction): AdminInput {
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
  await replyPrivately(interaction, settingsText(outcome.value, changing, userLocale(interaction)));
}

async function newSeason(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const outcome = ctx.service.newSeason(adminInput(interaction));
  if (!outcome.ok) return replyPrivately(interaction, outcome.error.message);
  const { closed, current, finalTable } = outcome.value;
  // Announced to the whole channel: in the server's language.
  const t = translator(publicLocale(interaction, ctx));
  const table = finalTable.length
    ? [t('admin.finalTable', { season: closed }), ...finalTable.map((e) => leaderboardLine(t, e))]
    : [t('admin.noRatedGames', { season: closed })];
  const content = [t('admin.seasonClosed', { closed, current }), ...table].join('\n');
  await interaction.reply({ content, allowedMentions: { parse: [] } });
}

type ChangeRead = { ok: true; value: SettingsChange } | { ok: false; message: Text };

/** The settings an admin gave, as one change (empty: just show them). */
function readChange(interaction: ChatInputCommandInteraction, currentDefault: Variant): ChangeRead {
  const rules = readRules(interaction, currentDefault);
  if (!rules.ok) return rules;
  const o = interaction.options;
  const reset = o.getString(ADMIN_OPT.reset);
  const resetKey = RESET_CHOICES.find((c) => c.value === reset)?.value;
  if (reset !== null && !resetKey) return { ok: false, message: text('settings.unknownReset') };
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

/**
 * Each setting on a line, marked when this server chose it; `saved` after a change. Said in the
 * admin's `locale` (the lines are built in it), as the listing is theirs alone.
 */
export function settingsText(view: SettingsView, saved: boolean, locale: Locale): Text {
  const t = translator(locale);
  const s = view.settings;
  const line = (key: SettingKey, label: string, value: string): string =>
    t('settings.line', { label, value, own: view.own.includes(key) ? 'yes' : 'no' });
  const lines = [
    line(
      'defaultVariant',
      t('settings.defaultRules'),
      variantTitle(t, s.defaultVariant.ruleset, s.defaultVariant.options),
    ),
    line('threads', t('settings.threads'), onOff(s.threads, t)),
    line('channels', t('settings.channels'), channelsWords(s, t)),
    line('challengeTtlMs', t('settings.challengeTimeout'), durationWords(s.challengeTtlMs, t)),
    line('turnTtlMs', t('settings.turnTimeout'), durationWords(s.turnTtlMs, t)),
    line(
      'reminderDelayMs',
      t('settings.turnReminder'),
      s.reminderDelayMs === 0
        ? t('settings.off')
        : t('settings.reminderAfter', { duration: durationWords(s.reminderDelayMs, t) }),
    ),
    line('maxGamesPerPlayer', t('settings.maxGames'), String(s.maxGamesPerPlayer)),
    line('rated', t('settings.rated'), onOff(s.rated, t)),
    line('language', t('settings.language'), languageName(s.language, t)),
  ];
  // The command's usage stays out of the catalog: ICU would read `<option>` as a tag.
  const command = '`/senet-admin settings <option>`';
  return text('settings.listing', { saved: saved ? 'yes' : 'no', lines: lines.join('\n'), command });
}

/** A language by its own name ("Deutsch"), as the language option lists it. */
function languageName(language: Locale | null, t: Translate): string {
  if (language === null) return t('settings.languageAuto');
  return LANGUAGE_CHOICES.find((choice) => choice.value === language)!.name;
}

const onOff = (on: boolean, t: Translate): string => t(on ? 'settings.on' : 'settings.off');

function channelsWords(s: ServerSettings, t: Translate): string {
  return s.channels.length === 0 ? t('settings.everyChannel') : s.channels.map((id) => `<#${id}>`).join(', ');
}
