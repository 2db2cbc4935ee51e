// Who reads what: a private answer is in the reader's own Discord language; what the whole channel
// sees (challenges, boards, results, leaderboards) is in the server's language.
import type { Interaction } from 'discord.js';
import { DEFAULT_LOCALE, type Locale, localeOf } from '../i18n/index.js';
import type { ChatContext } from './chatContext.js';

/** The language of the user who clicked or typed: their Discord client's, if the bot speaks it. */
export function userLocale(interaction: Pick<Interaction, 'locale'>): Locale {
  return localeOf(interaction.locale) ?? DEFAULT_LOCALE;
}

/**
 * The language of a server's public messages: the one its admins chose (`/senet-admin language`,
 * or the bot's LANGUAGE default), else the server's own Discord language (its community locale),
 * else English; outside servers, the language of the user who asked. A challenge or game keeps the
 * language it was made in.
 */
export async function publicLocale(
  interaction: Pick<Interaction, 'guildId' | 'guildLocale' | 'locale'>,
  ctx: Pick<ChatContext, 'service'>,
): Promise<Locale> {
  const chosen = (await ctx.service.servers.settings(interaction.guildId ?? '')).language;
  // Outside servers (DMs, group DMs) there is no server language: the language of whoever starts it.
  const here = interaction.guildId === null ? interaction.locale : interaction.guildLocale;
  return chosen ?? localeOf(here) ?? DEFAULT_LOCALE;
}
