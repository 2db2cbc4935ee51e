// What the bot needs in a channel to run a game there, and what to tell a player when it lacks it.
import { PermissionFlagsBits, type RepliableInteraction } from 'discord.js';
import { type MessageKey, type Text, text, translate } from '../i18n/index.js';
import { userLocale } from './locale.js';

/** Each permission by the name Discord shows for it (in the reader's language). */
const NEEDED: [bigint, MessageKey][] = [
  [PermissionFlagsBits.ViewChannel, 'permission.viewChannel'],
  [PermissionFlagsBits.SendMessages, 'permission.sendMessages'],
  [PermissionFlagsBits.AttachFiles, 'permission.attachFiles'],
];

/** In a thread (a game's own), posting takes Send Messages in Threads instead. */
const NEEDED_IN_THREAD: [bigint, MessageKey][] = NEEDED.map(([flag, name]) =>
  flag === PermissionFlagsBits.SendMessages
    ? [PermissionFlagsBits.SendMessagesInThreads, 'permission.sendMessagesInThreads']
    : [flag, name],
);

function needed(interaction: RepliableInteraction): [bigint, MessageKey][] {
  return interaction.channel?.isThread() ? NEEDED_IN_THREAD : NEEDED;
}

/** Channel permissions the bot lacks where the interaction came from, or an empty list. */
export function missingPermissions(interaction: RepliableInteraction): MessageKey[] {
  return needed(interaction)
    .filter(([flag]) => !interaction.appPermissions.has(flag))
    .map(([, name]) => name);
}

/**
 * One private line naming what is missing (all three when Discord did not say which); `nothingKept`
 * adds that a challenge was withdrawn for it. The permissions' names are said in the reader's
 * language here, as the line itself will be.
 */
export function cannotPlayHere(
  interaction: RepliableInteraction,
  missing: readonly MessageKey[],
  nothingKept = false,
): Text {
  const known = missing.length > 0;
  const keys = known ? missing : needed(interaction).map(([, name]) => name);
  const locale = userLocale(interaction);
  const names = keys.map((key) => translate(locale, key)).join(', ');
  const params = { names, count: keys.length, after: nothingKept ? 'nothingKept' : 'none' };
  return text(known ? 'permission.missing' : 'permission.missingOneOf', params);
}
