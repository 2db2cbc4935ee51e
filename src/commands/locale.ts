// Who reads what: a private answer is in the reader's own Discord language; what the whole channel
// sees (challenges, boards, results) is in the server's language.
import type { Interaction } from 'discord.js';
import { DEFAULT_LOCALE, type Locale, localeOf } from '../i18n/index.js';

/** The language of the user who clicked or typed: their Discord client's, if the bot speaks it. */
export function userLocale(interaction: Pick<Interaction, 'locale'>): Locale {
  return localeOf(interaction.locale) ?? DEFAULT_LOCALE;
}

/**
 * The language of a server's public messages: the one its admins chose (`/senet-admin language`),
 * else the server's own Discord language (its community locale), else English.
 */
export function serverLocale(interaction: Pick<Interaction, 'guildLocale'>, chosen: Locale | null): Locale {
  return chosen ?? localeOf(interaction.guildLocale) ?? DEFAULT_LOCALE;
}
