// The languages the bot speaks, and how Discord's locale codes map onto them.
import { existsSync } from 'node:fs';

/**
 * Every language Discord offers its users (its Locales reference, the `Locale` enum of
 * discord-api-types), each with the catalog code the bot files it under: a BCP 47 tag that `Intl`
 * understands, shared by the Discord codes of one language (`es-ES` and `es-419` are one Spanish;
 * `no` is written in Norwegian Bokmål, `nb`). English is the reference every other catalog follows.
 */
export const LANGUAGES = {
  en: { discord: ['en-US', 'en-GB'], name: 'English', script: 'latin' },
  bg: { discord: ['bg'], name: 'Български', script: 'cyrillic' },
  cs: { discord: ['cs'], name: 'Čeština', script: 'latin' },
  da: { discord: ['da'], name: 'Dansk', script: 'latin' },
  de: { discord: ['de'], name: 'Deutsch', script: 'latin' },
  el: { discord: ['el'], name: 'Ελληνικά', script: 'greek' },
  es: { discord: ['es-ES', 'es-419'], name: 'Español', script: 'latin' },
  fi: { discord: ['fi'], name: 'Suomi', script: 'latin' },
  fr: { discord: ['fr'], name: 'Français', script: 'latin' },
  hi: { discord: ['hi'], name: 'हिन्दी', script: 'devanagari' },
  hr: { discord: ['hr'], name: 'Hrvatski', script: 'latin' },
  hu: { discord: ['hu'], name: 'Magyar', script: 'latin' },
  id: { discord: ['id'], name: 'Bahasa Indonesia', script: 'latin' },
  it: { discord: ['it'], name: 'Italiano', script: 'latin' },
  ja: { discord: ['ja'], name: '日本語', script: 'japanese' },
  ko: { discord: ['ko'], name: '한국어', script: 'korean' },
  lt: { discord: ['lt'], name: 'Lietuvių', script: 'latin' },
  nb: { discord: ['no'], name: 'Norsk (bokmål)', script: 'latin' },
  nl: { discord: ['nl'], name: 'Nederlands', script: 'latin' },
  pl: { discord: ['pl'], name: 'Polski', script: 'latin' },
  'pt-BR': { discord: ['pt-BR'], name: 'Português (Brasil)', script: 'latin' },
  ro: { discord: ['ro'], name: 'Română', script: 'latin' },
  ru: { discord: ['ru'], name: 'Русский', script: 'cyrillic' },
  sv: { discord: ['sv-SE'], name: 'Svenska', script: 'latin' },
  th: { discord: ['th'], name: 'ไทย', script: 'thai' },
  tr: { discord: ['tr'], name: 'Türkçe', script: 'latin' },
  uk: { discord: ['uk'], name: 'Українська', script: 'cyrillic' },
  vi: { discord: ['vi'], name: 'Tiếng Việt', script: 'latin' },
  'zh-CN': { discord: ['zh-CN'], name: '中文（简体）', script: 'simplified-chinese' },
  'zh-TW': { discord: ['zh-TW'], name: '中文（繁體）', script: 'traditional-chinese' },
} as const satisfies Record<string, Language>;

/** A writing system the picture needs its own font for (Latin, Greek and Cyrillic share one). */
export type Script =
  | 'latin'
  | 'greek'
  | 'cyrillic'
  | 'devanagari'
  | 'thai'
  | 'japanese'
  | 'korean'
  | 'simplified-chinese'
  | 'traditional-chinese';

interface Language {
  /** Discord's locale codes this catalog serves. */
  readonly discord: readonly string[];
  /** The language named in itself, as the language setting lists it. */
  readonly name: string;
  readonly script: Script;
}

/** A catalog code: one of Discord's languages, written or not yet. */
export type Locale = keyof typeof LANGUAGES;

export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Every language Discord offers, in catalog codes.
 * @internal
 */
export const DISCORD_LANGUAGES = Object.keys(LANGUAGES) as readonly Locale[];

/** Where a language's catalog is: src/i18n/catalogs/<locale>.json (dist/i18n/catalogs once built). */
export const catalogUrl = (locale: Locale): URL => new URL(`./catalogs/${locale}.json`, import.meta.url);

/**
 * The languages the bot speaks: those whose catalog is written (its file present), English
 * first. A language of Discord's whose catalog is not written yet is spoken as English: Discord
 * shows its users the English commands, its servers get English games, and no setting offers it.
 */
export const LOCALES: readonly Locale[] = DISCORD_LANGUAGES.filter(
  (locale) => locale === DEFAULT_LOCALE || existsSync(catalogUrl(locale)),
);

/**
 * Discord's locale codes each written catalog serves: a command's localizations are written under
 * these, and an interaction's `locale` / `guild_locale` is read through them. Discord's English
 * codes (`en-US`, `en-GB`) are the default text, never a localization.
 */
export const DISCORD_LOCALES: Readonly<Partial<Record<Locale, readonly string[]>>> = Object.fromEntries(
  LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => [locale, LANGUAGES[locale].discord]),
);

const BY_DISCORD_CODE = new Map<string, Locale>(
  LOCALES.flatMap((locale) => LANGUAGES[locale].discord.map((code) => [code, locale] as const)),
);

/** The catalog for a Discord locale code, if the bot speaks it. */
export function localeOf(discordLocale: string | null | undefined): Locale | undefined {
  return discordLocale ? BY_DISCORD_CODE.get(discordLocale) : undefined;
}

/** Whether `value` is a language the bot speaks (its catalog is written). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The script a language is written in: the picture loads that script's font for its games. */
export const scriptOf = (locale: Locale): Script => LANGUAGES[locale].script;
