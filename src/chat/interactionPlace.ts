// What works where. Discord sends each interaction's context (a server, the DM with the bot, a
// private channel between users) and who authorized the app there (the server, or only the user
// who typed, through a user install). Where the server did not install the bot, the bot is no
// member of the channel: its own token can neither read, post nor edit there, so every change
// goes through interaction responses (src/chat/interactionWebhooks.ts), and the game belongs to no
// server's records. In a server that installed it, the bot needs channel permissions to run a
// game; a player is told which it lacks.
import { type Interaction, InteractionContextType, PermissionFlagsBits, type RepliableInteraction } from 'discord.js';
import { type MessageKey, type Text, text, translate } from '../i18n/index.js';
import { userLocale } from './locale.js';

/** Where an interaction comes from, as far as the bot can act there. */
export type Place =
  /** A server that installed the bot: it is a member, with its own permissions. */
  | 'server'
  /** The user's DM with the bot: only the two of them see it; the bot's token reaches it. */
  | 'botDm'
  /** A DM or group DM between users, through the user's install: interaction responses only. */
  | 'privateChannel'
  /** A server that never invited the bot, through the user's install: interaction responses only. */
  | 'userInstallServer';

type Situated = Pick<Interaction, 'context' | 'guildId' | 'authorizingIntegrationOwners'>;

export function placeOf(interaction: Situated): Place {
  if (interaction.context === InteractionContextType.PrivateChannel) return 'privateChannel';
  if (interaction.context === InteractionContextType.BotDM || interaction.guildId === null) return 'botDm';
  const owners = interaction.authorizingIntegrationOwners;
  // Authorized by the user alone: the server has no install of its own (so no bot member).
  return owners.guildId === null && owners.userId !== null ? 'userInstallServer' : 'server';
}

/** Whether the bot's own token reaches the channel (else only interaction responses do). */
export function botTokenReaches(interaction: Situated): boolean {
  const place = placeOf(interaction);
  return place === 'server' || place === 'botDm';
}

/**
 * Whether the bot's channel permissions decide what it can post here: only in a server that
 * installed it. In its own DM there are none to have: Discord documents `app_permissions` there as
 * ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS (what an interaction response
 * may use), never View Channel or Send Messages, yet the bot's token posts and edits in the DM.
 * Elsewhere only interaction responses reach the channel, and they need none.
 */
export function channelPermissionsApply(interaction: Situated): boolean {
  return placeOf(interaction) === 'server';
}

/**
 * The server whose records and settings a game made here belongs to: the server's id where it
 * installed the bot, else '' (games outside servers: they count in each player's records asked
 * outside servers, never in a server's leaderboard).
 */
export function recordsGuild(interaction: Situated): string {
  return placeOf(interaction) === 'server' ? (interaction.guildId ?? '') : '';
}

// ---- What the bot needs in a channel to run a game there, and what to tell a player who asks
// where it lacks it.

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
