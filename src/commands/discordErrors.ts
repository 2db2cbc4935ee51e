// Discord's JSON error codes the bot acts on, and reading one from a failed request.
import { DiscordAPIError } from 'discord.js';

export const DISCORD = {
  unknownChannel: 10003,
  unknownGuild: 10004,
  unknownMessage: 10008,
  unknownScheduledEvent: 10070,
  missingAccess: 50001,
  missingPermissions: 50013,
  invalidWebhookToken: 50027,
  archivedThread: 50083,
} as const;

/** The JSON error code of a failed Discord request, or null (network error, timeout, 5xx without one). */
export function discordCode(err: unknown): number | null {
  return err instanceof DiscordAPIError && typeof err.code === 'number' ? err.code : null;
}
