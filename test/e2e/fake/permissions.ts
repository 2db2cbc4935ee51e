// Permissions as the fake models them: the bits it checks, what members and the bot have by
// default, and the app_permissions interactions carry in places where the bot is no member. The
// checks themselves sit with what they guard (channels.ts for posts and threads, guilds.ts for
// scheduled events).

/** Permission bits the fake checks. */
export const PERMISSION = {
  viewChannel: 1n << 10n,
  sendMessages: 1n << 11n,
  attachFiles: 1n << 15n,
  manageThreads: 1n << 34n,
  createPublicThreads: 1n << 35n,
  sendMessagesInThreads: 1n << 38n,
  manageEvents: 1n << 33n,
  createEvents: 1n << 44n,
} as const;

/** Use External Apps: without it, a user-installed app's answers in a server are forced private. */
export const USE_EXTERNAL_APPS = 1n << 50n;

const EMBED_LINKS = 1n << 14n;
const MENTION_EVERYONE = 1n << 17n;
const USE_EXTERNAL_EMOJIS = 1n << 18n;

/**
 * `app_permissions` in DMs and group DMs between users, exactly as documented
 * (interactions/receiving-and-responding.mdx, "Interaction Structure", footnote ***): "includes
 * ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE permissions for (G)DMs with other users". Never
 * View Channel or Send Messages: the bot is no member there.
 */
export const PRIVATE_CHANNEL_APP_PERMISSIONS = (PERMISSION.attachFiles | EMBED_LINKS | MENTION_EVERYONE).toString();

/** In the DM with the app's bot user: the same footnote, "additionally includes USE_EXTERNAL_EMOJIS". */
export const BOT_DM_APP_PERMISSIONS = (BigInt(PRIVATE_CHANNEL_APP_PERMISSIONS) | USE_EXTERNAL_EMOJIS).toString();

/**
 * In a server the bot is no member of (reached through a user install): change-log.mdx,
 * "Calculated Permissions in Interaction Payloads": "the value of app_permissions will be the same
 * as the permissions for @everyone, but limited to the permissions that can be used in interaction
 * responses (currently ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE, and USE_EXTERNAL_EMOJIS)".
 * The entry speaks of apps without a bot user; for an app whose bot is not in that server the docs
 * are silent, and the fake takes the same, stricter, value.
 */
export function userInstallServerAppPermissions(everyone: string): string {
  return (BigInt(everyone) & BigInt(BOT_DM_APP_PERMISSIONS)).toString();
}

/** What a plain member may do in a channel (no Manage Server): what interactions report by default. */
export const MEMBER_PERMISSIONS = '1071698660929';
/** A member with Manage Server (bit 5) on top: a server's admin, as `/senet-admin` requires. */
export const ADMIN_PERMISSIONS = (BigInt(MEMBER_PERMISSIONS) | (1n << 5n)).toString();

/** Every permission bit but Administrator (which would imply the rest): the default app_permissions. */
export const ALL_PERMISSIONS = ((1n << 51n) - 1n - (1n << 3n)).toString();
