// A command's words in every language the bot speaks: its English text is the default Discord
// shows, and each other catalog's text goes under each Discord locale code that catalog serves
// (DISCORD_LOCALES), so a new catalog localizes the commands with no change here.
import type { LocalizationMap } from 'discord.js';
import {
  DEFAULT_LOCALE,
  DISCORD_LOCALES,
  type Locale,
  type MessageKey,
  type Translate,
  translator,
} from '../i18n/index.js';

/** Words said through a translator: one catalog key, or a few composed ("Kendall: …"). */
export type Words = (t: Translate) => string;

/** One catalog message, as Words. */
export const message =
  (key: MessageKey): Words =>
  (t) =>
    t(key);

/** Discord's limit on a description, and on a choice's name. */
export const MAX_DESCRIPTION = 100;

/**
 * The words in every localized Discord locale, keyed by Discord's code.
 */
export function localizations(words: Words): LocalizationMap {
  return Object.fromEntries(
    Object.entries(DISCORD_LOCALES).flatMap(([locale, codes]) => {
      const said = words(translator(locale as Locale));
      return codes.map((code) => [code, said]);
    }),
  );
}

/** The English words: what Discord shows any locale without a localization. */
export const inEnglish = (words: Words): string => words(translator(DEFAULT_LOCALE));

interface Describable {
  setDescription(description: string): this;
  setDescriptionLocalizations(localized: LocalizationMap | null): this;
}

/** A command, subcommand or option described in every language. */
export function described<B extends Describable>(builder: B, words: Words): B {
  return builder.setDescription(inEnglish(words)).setDescriptionLocalizations(localizations(words));
}

/** A choice named in every language; its value is what the handler reads, the same in all. */
export function choice<V extends string | number>(
  words: Words,
  value: V,
): { name: string; name_localizations: LocalizationMap; value: V } {
  return { name: inEnglish(words), name_localizations: localizations(words), value };
}
