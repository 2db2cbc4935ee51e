// What the bot needs in a channel to run a game there, and what to tell a player when it lacks it.
import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';

const NEEDED: [bigint, string][] = [
  [PermissionFlagsBits.ViewChannel, 'View Channel'],
  [PermissionFlagsBits.SendMessages, 'Send Messages'],
  [PermissionFlagsBits.AttachFiles, 'Attach Files'],
];

/** Missing channel permissions, named, or an empty list. */
export function missingPermissions(appPermissions: Readonly<PermissionsBitField>): string[] {
  return NEEDED.filter(([flag]) => !appPermissions.has(flag)).map(([, name]) => name);
}

/** One private line naming what is missing (all three when Discord did not say which). */
export function cannotPlayHere(missing: readonly string[]): string {
  const names = missing.length > 0 ? missing : NEEDED.map(([, name]) => name);
  const which = missing.length > 0 ? 'the' : 'one of the';
  return `I can't play here: I'm missing ${which} ${names.join(', ')} permission${names.length > 1 ? 's' : ''} in this channel. Ask a server admin to grant ${missing.length === 1 ? 'it' : 'them'} (or use another channel).`;
}
