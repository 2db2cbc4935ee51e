// The `language` option of `/senet-admin settings`. Discord allows an option at most 25 fixed
// choices, and it has thirty languages: the option suggests as the admin types (autocomplete),
// each language named in itself and in the admin's own language, and what is sent is checked
// here again, since an autocompleted option takes any text.
import type { AutocompleteInteraction } from 'discord.js';
import { LANGUAGES, LOCALES, type Locale, translator } from '../i18n/index.js';
import { userLocale } from '../chat/locale.js';

/** The option's value for "follow the server's Discord language". */
const AUTO = 'auto';

/** Discord's most suggestions an autocomplete may answer, and its longest choice name. */
const MAX_SUGGESTIONS = 25;
const MAX_NAME = 100;

/** A language's names a reader may type or read: in itself, in the reader's language, its code. */
function namesOf(locale: Locale, reader: Locale): { own: string; theirs: string | undefined } {
  const own = LANGUAGES[locale].name;
  const theirs = new Intl.DisplayNames([reader], { type: 'language' }).of(locale);
  return {
    own,
    theirs: theirs && theirs.toLocaleLowerCase(reader) !== own.toLocaleLowerCase(reader) ? theirs : undefined,
  };
}

/**
 * What the list offers while `typed` is typed by a reader of `reader`: the server's Discord
 * language first, then the reader's own, then every other language the bot speaks, those whose
 * names or code contain what was typed.
 */
function languageSuggestions(typed: string, reader: Locale): { name: string; value: string }[] {
  const wanted = typed.trim().toLocaleLowerCase(reader);
  const matches = (...names: (string | undefined)[]): boolean =>
    wanted === '' || names.some((name) => name?.toLocaleLowerCase(reader).includes(wanted));
  const auto = translator(reader)('command.admin.language.auto');
  const ordered = [reader, ...LOCALES.filter((locale) => locale !== reader)];
  const languages = ordered.flatMap((locale) => {
    const { own, theirs } = namesOf(locale, reader);
    if (!matches(own, theirs, locale)) return [];
    return [{ name: (theirs ? `${own} · ${theirs}` : own).slice(0, MAX_NAME), value: locale }];
  });
  return [...(matches(auto, AUTO) ? [{ name: auto, value: AUTO }] : []), ...languages].slice(0, MAX_SUGGESTIONS);
}

export async function suggestLanguages(interaction: AutocompleteInteraction): Promise<void> {
  await interaction.respond(languageSuggestions(String(interaction.options.getFocused()), userLocale(interaction)));
}

/**
 * The language an admin sent: a locale, null for the server's Discord language, undefined for
 * text that names no language the bot speaks (typed without picking a suggestion). A language's
 * code or its own name, in any case, is read as that language.
 */
export function languageChosen(value: string): Locale | null | undefined {
  const said = value.trim().toLowerCase();
  if (said === AUTO) return null;
  return LOCALES.find((locale) => locale.toLowerCase() === said || LANGUAGES[locale].name.toLowerCase() === said);
}

/** A language by its own name ("Deutsch"), as the list names it. */
export const languageName = (locale: Locale): string => LANGUAGES[locale].name;
