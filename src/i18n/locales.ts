// The languages the bot speaks, and how Discord's locale codes map onto them.

/** One catalog each (src/i18n/catalogs/<locale>.json). English is the reference every other catalog follows. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Discord's locale codes each catalog serves: a command's localizations are written under these,
 * and an interaction's `locale` / `guild_locale` is read through them. Discord's English codes
 * (`en-US`, `en-GB`) are the default text, never a localization.
 */
export const DISCORD_LOCALES: Readonly<Record<Exclude<Locale, 'en'>, readonly string[]>> = {
  de: ['de'],
  fr: ['fr'],
  es: ['es-ES', 'es-419'],
  'pt-BR': ['pt-BR'],
};

const BY_DISCORD_CODE = new Map<string, Locale>([
  ['en-US', 'en'],
  ['en-GB', 'en'],
  ...Object.entries(DISCORD_LOCALES).flatMap(([locale, codes]) =>
    codes.map((code) => [code, locale as Locale] as const),
  ),
]);

/** The catalog for a Discord locale code, if the bot speaks it. */
export function localeOf(discordLocale: string | null | undefined): Locale | undefined {
  return discordLocale ? BY_DISCORD_CODE.get(discordLocale) : undefined;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
