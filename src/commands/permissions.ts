// What the bot needs in a channel to run a game there, and what to tell a player when it lacks it.
import { PermissionFlagsBits, type RepliableInteraction } from 'discord.js';

const NEEDED: [bigint, string][] = [
  [PermissionFlagsBits.ViewChannel, 'View Channel'],
  [PermissionFlagsBits.SendMessages, 'Send Messages'],
  [PermissionFlagsBits.AttachFiles, 'Attach Files'],
];

/** In a thread (a game's own), posting takes Send Messages in Threads instead. */
const NEEDED_IN_THREAD: [bigint, string][] = NEEDED.map(([flag, name]) =>
  flag === PermissionFlagsBits.SendMessages
    ? [PermissionFlagsBits.SendMessagesInThreads, 'Send Messages in Threads']
    : [flag, name],
);

function needed(interaction: RepliableInteraction): [bigint, string][] {
  return interaction.channel?.isThread() ? NEEDED_IN_THREAD : NEEDED;
}

/** Channel permissions the bot lacks where the interaction came from, named, or an empty list. */
export function missingPermissions(interaction: RepliableInteraction): string[] {
  return needed(interaction)
    .filter(([flag]) => !interaction.appPermissions.has(flag))
    .map(([, name]) => name);
}

/** One private line naming what is missing (all three when Discord did not say which). */
export function cannotPlayHere(interaction: RepliableInteraction, missing: readonly string[]): string {
  const names = missing.length > 0 ? missing : needed(interaction).map(([, name]) => name);
  const which = missing.length > 0 ? 'the' : 'one of the';
  return `I can't play here: I'm missing ${which} ${names.join(', ')} permission${names.length > 1 ? 's' : ''} in this channel. Ask a server admin to grant ${missing.length === 1 ? 'it' : 'them'} (or use another channel).`;
}
