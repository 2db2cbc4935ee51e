// Where an interaction happens, and the fields that say so as Discord sends them: a channel of
// the bot's server, the user's DM with the bot, a DM or group DM between users, or a server that
// only a user installed the app to. Each has its context, its authorizing integration owners and
// the app's permissions there; where the bot is no member its token gets 403 50001 (channels.ts).
import { member } from './guilds.js';
import {
  BOT_DM_APP_PERMISSIONS,
  MEMBER_PERMISSIONS,
  PRIVATE_CHANNEL_APP_PERMISSIONS,
  USE_EXTERNAL_APPS,
  userInstallServerAppPermissions,
} from './permissions.js';
import { serverOf, type DiscordState, type FakeUser, type Owners } from './state.js';

/**
 * Where a channel is, as Discord reports it in interactions (channels not listed: the bot's server).
 * Where the server did not install the bot (a private channel between users, a server reached
 * through a user's install), the bot's own token gets 403 Missing Access for the channel.
 */
export type Scene =
  /** The user's DM with the bot (context 1): the bot's token reaches it. */
  | { kind: 'botDm'; user: FakeUser }
  /** A DM (`group: false`) or group DM between users (context 2), through a user install. */
  | { kind: 'privateChannel'; group: boolean }
  /** A server without the bot (context 0), through a user install; `externalApps`: members may use them publicly. */
  | { kind: 'userInstallServer'; guildId: string; externalApps: boolean };

/** Discord's interaction context types. */
const CONTEXT = { guild: 0, botDm: 1, privateChannel: 2 } as const;

/**
 * The fields that say where an interaction happens, as Discord sends them: the guild, the
 * member (in servers) or user (elsewhere), the context, who authorized the app there, and the
 * app's permissions. `owners`: those of the interaction whose answer holds the clicked message.
 */
export function situation(
  fake: DiscordState,
  user: FakeUser,
  channelId: string,
  owners?: Owners,
): Record<string, unknown> {
  const scene = fake.scenes.get(channelId);
  switch (scene?.kind) {
    case undefined: {
      const guildId = serverOf(fake, channelId);
      return {
        guild_id: guildId,
        member: member(fake, user, true, guildId),
        guild_locale: fake.guildLocale,
        // receiving-and-responding.mdx, "Interaction Structure": app_permissions is the "set of
        // permissions the app has in the source location"; change-log.mdx, "Calculated
        // Permissions in Interaction Payloads": computed "including any channel overwrites". A
        // thread's are its parent channel's here (the bot's threads are public ones).
        app_permissions: fake.appPermissions,
        // receiving-and-responding.mdx, "Authorizing Integration Owners Object": key "0"
        // (GUILD_INSTALL) is "the guild ID if the interaction is triggered from a server".
        authorizing_integration_owners: owners ?? { '0': guildId },
        context: CONTEXT.guild,
      };
    }
    case 'botDm':
      return {
        user,
        // receiving-and-responding.mdx, "Interaction Structure", footnote ***.
        app_permissions: BOT_DM_APP_PERMISSIONS,
        // "Authorizing Integration Owners Object": key "0" is `"0"` "if the interaction is
        // triggered from a DM with the app's bot user" (the server install authorized /senet).
        authorizing_integration_owners: owners ?? { '0': '0' },
        context: CONTEXT.botDm,
      };
    case 'privateChannel':
      return {
        user,
        app_permissions: PRIVATE_CHANNEL_APP_PERMISSIONS,
        // "Authorizing Integration Owners Object": key "1" (USER_INSTALL) is "the ID of the
        // authorizing user"; no "0", since application-commands.mdx, "Interaction Contexts":
        // PRIVATE_CHANNEL "is only meaningful for commands installed to a user".
        authorizing_integration_owners: owners ?? { '1': user.id },
        context: CONTEXT.privateChannel,
      };
    case 'userInstallServer': {
      const asMember = member(fake, user, true, scene.guildId);
      const permissions = BigInt(asMember.permissions as string);
      const allowed = scene.externalApps ? permissions | USE_EXTERNAL_APPS : permissions & ~USE_EXTERNAL_APPS;
      return {
        guild_id: scene.guildId,
        member: { ...asMember, permissions: allowed.toString() },
        guild_locale: fake.guildLocale,
        // The plain member's permissions stand for @everyone's here.
        app_permissions: userInstallServerAppPermissions(MEMBER_PERMISSIONS),
        // No "0": the server did not install the app ("A key will only be present if ... The
        // app has been authorized to the installation context corresponding to the key").
        authorizing_integration_owners: owners ?? { '1': user.id },
        context: CONTEXT.guild,
      };
    }
  }
}
