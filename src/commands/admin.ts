// The /senet-admin command's subcommands (adminDefinition.ts deploys it; registry.ts finds them): a
// server's settings, leaderboard seasons and stored data (serverData.ts). The answers about
// settings are private; a new season is announced in the channel with the closed season's final table.
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { Variant } from '../engine/index.js';
import { variantTitle } from '../i18n/gameWords.js';
import type { SettingsChange, SettingsView } from '../game/service.js';
import { adminInput } from './adminInput.js';
import { type DeclaredSetting, MINUTE_MS, SERVER_SETTINGS, type ServerSettings } from '../game/settingSpecs.js';
import { RESET_OPTION, RESET_VALUES } from './adminDefinition.js';
import { type Locale, type Text, type Translate, text, translator } from '../i18n/index.js';
import { languageChosen, languageName, suggestLanguages } from './languageOption.js';
import { publicLocale, userLocale } from '../chat/locale.js';
import type { CommandContext } from './commandContext.js';
import { durationWords } from '../i18n/durations.js';
import { leaderboardLine } from './info.js';
import { readRules } from './options.js';
import type { Subcommand } from './declarations.js';
import { type Result, err, ok } from '../lib/result.js';
import { dataSubcommand } from './serverData.js';
import { viewerOf } from './viewer.js';

async function settings(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const change = readChange(interaction, await ctx.service.servers.defaultVariant(interaction.guildId ?? ''));
  if (!change.ok) return ctx.answers.replyPrivately(interaction, change.error);
  const asked = adminInput(interaction);
  const changing = Object.keys(change.value).length > 0;
  const outcome = changing
    ? await ctx.service.admin.changeSettings({ ...asked, change: change.value })
    : await ctx.service.admin.showSettings(asked);
  if (!outcome.ok) return ctx.answers.replyPrivately(interaction, outcome.error.message);
  await ctx.answers.replyPrivately(interaction, settingsText(outcome.value, changing, userLocale(interaction)));
}

/** Server settings belong to a server that installed the bot; answered privately. */
const settingsSubcommand: Subcommand = {
  name: 'settings',
  run: settings,
  // The only option that suggests: the language (more languages than Discord allows choices).
  autocomplete: (interaction: AutocompleteInteraction) => suggestLanguages(interaction),
  serverOnly: 'dm.adminInServers',
  posts: false,
};

async function newSeason(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const outcome = await ctx.service.seasons.newSeason({
    ...adminInput(interaction),
    viewer: viewerOf(interaction, ctx),
  });
  if (!outcome.ok) return ctx.answers.replyPrivately(interaction, outcome.error.message);
  const { closed, current, finalTable } = outcome.value;
  // Announced to the whole channel: in the server's language.
  const t = translator(await publicLocale(interaction, ctx));
  const table = finalTable.length
    ? [t('admin.finalTable', { season: closed }), ...finalTable.map((e) => leaderboardLine(t, e))]
    : [t('admin.noRatedGames', { season: closed })];
  const content = [t('admin.seasonClosed', { closed, current }), ...table].join('\n');
  await interaction.reply({ content, allowedMentions: { parse: [] } });
}

/** A server's seasons; announced as the answer to the command. */
const newSeasonSubcommand: Subcommand = {
  name: 'new-season',
  run: newSeason,
  serverOnly: 'dm.adminInServers',
  posts: false,
};

export const ADMIN_SUBCOMMANDS: readonly Subcommand[] = [settingsSubcommand, newSeasonSubcommand, dataSubcommand];

type ChangeRead = Result<SettingsChange, Text>;

/** The settings an admin gave, as one change (empty: just show them). */
function readChange(interaction: ChatInputCommandInteraction, currentDefault: Variant): ChangeRead {
  const o = interaction.options;
  const change: SettingsChange = {};
  for (const spec of SERVER_SETTINGS) {
    switch (spec.kind) {
      case 'rules': {
        const rules = readRules(interaction, currentDefault);
        if (!rules.ok) return rules;
        if (rules.value) change[spec.key] = rules.value;
        break;
      }
      case 'flag': {
        const on = o.getBoolean(spec.option);
        if (on !== null) change[spec.key] = on;
        break;
      }
      case 'minutes': {
        const minutes = o.getInteger(spec.option);
        if (minutes !== null) change[spec.key] = minutes * MINUTE_MS;
        break;
      }
      case 'count': {
        const count = o.getInteger(spec.option);
        if (count !== null) change[spec.key] = count;
        break;
      }
      case 'language': {
        const sent = o.getString(spec.option);
        if (sent === null) break;
        const language = languageChosen(sent);
        if (language === undefined) return err(text('settings.unknownLanguage'));
        change[spec.key] = language;
        break;
      }
      case 'channels': {
        const add = o.getChannel(spec.options.add)?.id;
        const remove = o.getChannel(spec.options.remove)?.id;
        const clear = o.getBoolean(spec.options.clear);
        // Options not given are left out, so an empty change means "show".
        if (add !== undefined || remove !== undefined || clear !== null)
          change[spec.key] = {
            ...(add !== undefined ? { add } : {}),
            ...(remove !== undefined ? { remove } : {}),
            ...(clear !== null ? { clear } : {}),
          };
        break;
      }
    }
  }
  const reset = o.getString(RESET_OPTION);
  const resetKey = RESET_VALUES.find((value) => value === reset);
  if (reset !== null && !resetKey) return err(text('settings.unknownReset'));
  if (resetKey) change.reset = resetKey;
  return ok(change);
}

/**
 * Each setting on a line, marked when this server chose it; `saved` after a change. Said in the
 * admin's `locale` (the lines are built in it), as the listing is theirs alone.
 * @internal
 */
export function settingsText(view: SettingsView, saved: boolean, locale: Locale): Text {
  const t = translator(locale);
  const lines = SERVER_SETTINGS.map((spec) =>
    t('settings.line', {
      label: t(spec.label),
      value: valueWords(spec, view.settings, t),
      own: view.own.includes(spec.key) ? 'yes' : 'no',
    }),
  );
  // The command's usage stays out of the catalog: ICU would read `<option>` as a tag.
  const command = '`/senet-admin settings <option>`';
  return text('settings.listing', { saved: saved ? 'yes' : 'no', lines: lines.join('\n'), command });
}

/** A setting's value in the listing, in `t`'s language. */
function valueWords(spec: DeclaredSetting, s: ServerSettings, t: Translate): string {
  switch (spec.kind) {
    case 'rules': {
      const variant = s[spec.key];
      return variantTitle(t, variant.ruleset, variant.options);
    }
    case 'flag':
      return onOff(s[spec.key], t);
    case 'minutes': {
      const ms = s[spec.key];
      if (!('zeroIsOff' in spec)) return durationWords(ms, t);
      return ms === 0 ? t('settings.off') : t(spec.zeroIsOff.phrase, { duration: durationWords(ms, t) });
    }
    case 'count':
      return String(s[spec.key]);
    case 'language': {
      const language = s[spec.key];
      return language === null ? t('settings.languageAuto') : languageName(language);
    }
    case 'channels': {
      const channels = s[spec.key];
      return channels.length === 0 ? t('settings.everyChannel') : channels.map((id) => `<#${id}>`).join(', ');
    }
  }
}

const onOff = (on: boolean, t: Translate): string => t(on ? 'settings.on' : 'settings.off');
