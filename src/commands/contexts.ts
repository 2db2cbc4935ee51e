// What works where. Discord sends each interaction's context (a server, the DM with the bot, a
// private channel between users) and who authorized the app there (the server, or only the user
// who typed, through a user install). Where the server did not install the bot, the bot is no
// member of the channel: its own token can neither read, post nor edit there, so every change
// goes through interaction responses (src/bot/interactionWebhooks.ts), and the game belongs to no
// server's records.
import {
  type ChatInputCommandInteraction,
  type Interaction,
  InteractionContextType,
  PermissionFlagsBits,
} from 'discord.js';
import type { GameService } from '../game/service.js';
import { type MessageKey, type Text, text } from '../i18n/index.js';
import { OPT } from './definition.js';

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

/** Subcommands that only make sense in a server that installed the bot, with why. */
const SERVER_ONLY: Readonly<Record<string, MessageKey>> = {
  leaderboard: 'dm.leaderboardInServers',
};

/** Subcommands whose answer is a public message: forced private, nobody else would see it. */
const PUBLIC_ANSWERS: ReadonlySet<string> = new Set(['challenge', 'play']);

/**
 * Why a /senet subcommand cannot run here (one private line saying where it works), or null.
 * In a server where only the user installed the app and the server forbids external apps,
 * Discord makes every answer private: a game there would be one nobody else can see.
 */
export function senetRefusal(interaction: ChatInputCommandInteraction): Text | null {
  const sub = interaction.options.getSubcommand(false) ?? '';
  const place = placeOf(interaction);
  const serverOnly = SERVER_ONLY[sub];
  if (serverOnly && place !== 'server') return text(serverOnly);
  if (place === 'userInstallServer' && PUBLIC_ANSWERS.has(sub) && !externalAppsAllowed(interaction))
    return text('dm.externalAppsForbidden');
  if (place === 'botDm' && sub === 'challenge') {
    const opponent = interaction.options.getUser(OPT.opponent);
    if (opponent && opponent.id !== interaction.client.user.id) return text('dm.challengeInBotDm');
  }
  return null;
}

/** Why /senet-admin cannot run here, or null: server settings belong to a server that installed the bot. */
export function adminRefusal(interaction: Situated): Text | null {
  return placeOf(interaction) === 'server' ? null : text('dm.adminInServers');
}

/** Whether the member may use external apps publicly here (Discord's Use External Apps permission). */
function externalAppsAllowed(interaction: Pick<Interaction, 'memberPermissions'>): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.UseExternalApps) ?? true;
}

/**
 * Keeps an interaction's token for the message it answered, where only interaction responses
 * reach the channel: the computer's moves and the sweeper's edits go through it while it lives.
 */
export async function rememberAnswer(
  interaction: Situated & Pick<Interaction, 'applicationId' | 'token'>,
  messageId: string,
  service: Pick<GameService, 'rememberAnswer'>,
): Promise<void> {
  if (botTokenReaches(interaction)) return;
  await service.rememberAnswer({ messageId, applicationId: interaction.applicationId, token: interaction.token });
}
