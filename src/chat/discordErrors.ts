// Discord's JSON error codes the bot acts on, and reading one from a failed request.
import { DiscordAPIError } from 'discord.js';

export const DISCORD = {
  unknownChannel: 10003,
  unknownGuild: 10004,
  unknownMember: 10007,
  unknownMessage: 10008,
  unknownScheduledEvent: 10070,
  missingAccess: 50001,
  missingPermissions: 50013,
  invalidWebhookToken: 50027,
  archivedThread: 50083,
} as const;

/**
 * Deletes something from Discord (a message, an event): true once it is gone, also when Discord
 * answers one of `gone` (it was gone already); else false, with the error handed to `failed`.
 */
export async function deleteFromDiscord(
  remove: () => Promise<void>,
  gone: ReadonlySet<number>,
  failed: (err: unknown) => void,
): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (err) {
    const code = discordCode(err);
    if (code !== null && gone.has(code)) return true;
    failed(err);
    return false;
  }
}

/** The JSON error code of a failed Discord request, or null (network error, timeout, 5xx without one). */
export function discordCode(err: unknown): number | null {
  return err instanceof DiscordAPIError && typeof err.code === 'number' ? err.code : null;
}
