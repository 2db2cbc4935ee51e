// Activities: the instances people open in a channel, the OAuth2 sign-in of the page inside one,
// and the bot's question "who is in this instance, and where?".
//
// - An instance is launched in a channel and joined by people; it ends when the last one leaves
//   (activities/development-guides/multiplayer-experience.mdx, "Activity Instance Management":
//   "When all the users of an application in a channel leave or close the application, that
//   instance has finished its lifecycle").
// - The page signs in with the Embedded App SDK's `authorize` command, which hands it a one-time
//   code (activities/building-an-activity.mdx, "Authorizing & Authenticating Users"); the app's server
//   exchanges it at POST /oauth2/token with its client id and secret, as a form
//   (topics/oauth2.mdx, "Authorization Code Grant", "Access Token Exchange Example"): the answer is
//   `access_token`, `token_type: "Bearer"`, `expires_in`, `refresh_token` and `scope`. A code is
//   good once; a wrong secret is `invalid_client`, a bad or used code `invalid_grant`, both 400 or
//   401 with an OAuth2 error body (RFC 6749 §5.2, which the same section follows).
// - GET /users/@me with `Authorization: Bearer <access token>` is the signed-in user
//   (resources/user.mdx, "Get Current User": "Returns the user object of the requester's
//   account. For OAuth2, this requires the identify scope"); another token is 401 Unauthorized.
// - GET /applications/{application.id}/activity-instances/{instance_id} with the bot's token
//   (resources/application.mdx, "Get Application Activity Instance") answers the Activity Instance
//   Object: `application_id`, `instance_id`, `launch_id`, `location` (`id`, `kind` "gc" for a
//   server channel or "pc" for a DM or group DM, `channel_id`, `guild_id`) and `users`, the ids of
//   those connected; an instance that is not running is 404 Unknown.
import { randomBytes } from 'node:crypto';
import type { DiscordState, FakeUser, RecordedRequest } from './state.js';
import { snowflake } from './state.js';

export interface FakeInstance {
  id: string;
  launchId: string;
  channelId: string;
  /** The server, or null in a DM or group DM ("pc"). */
  guildId: string | null;
  users: Set<string>;
}

type Answer = { status: number; json?: unknown };

const oauthError = (status: number, error: string, description: string): Answer => ({
  status,
  json: { error, error_description: description },
});

/** A code the SDK's authorize command would hand `user`'s page: exchangeable once. */
export function authorizeCode(fake: DiscordState, user: FakeUser): string {
  const code = randomBytes(15).toString('hex');
  fake.oauthCodes.set(code, user.id);
  fake.users.set(user.id, user);
  return code;
}

/** POST /oauth2/token, grant_type authorization_code. */
export function exchangeCode(fake: DiscordState, r: RecordedRequest): Answer {
  const form = r.body ?? {};
  if (form.client_id !== fake.applicationId || form.client_secret !== fake.clientSecret)
    return oauthError(401, 'invalid_client', 'Invalid client');
  if (form.grant_type !== 'authorization_code')
    return oauthError(400, 'unsupported_grant_type', 'Unsupported grant type');
  const code = typeof form.code === 'string' ? form.code : '';
  const userId = fake.oauthCodes.get(code);
  if (userId === undefined) return oauthError(400, 'invalid_grant', 'Invalid "code" in request.');
  fake.oauthCodes.delete(code); // good once
  const accessToken = randomBytes(20).toString('base64url');
  fake.accessTokens.set(accessToken, userId);
  return {
    status: 200,
    json: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604_800,
      refresh_token: randomBytes(20).toString('base64url'),
      scope: 'identify',
    },
  };
}

/** GET /users/@me with a Bearer token. */
export function currentUser(fake: DiscordState, r: RecordedRequest): Answer {
  const auth = r.headers.authorization ?? '';
  const userId = auth.startsWith('Bearer ') ? fake.accessTokens.get(auth.slice('Bearer '.length)) : undefined;
  const user = userId === undefined ? undefined : fake.users.get(userId);
  if (!user) return { status: 401, json: { message: '401: Unauthorized', code: 0 } };
  return { status: 200, json: { ...user, locale: fake.userLocales.get(user.id) ?? 'en-US' } };
}

/** GET /applications/{id}/activity-instances/{instance_id}, with the bot's token. */
export function activityInstance(fake: DiscordState, applicationId: string, instanceId: string): Answer {
  const instance = fake.activityInstances.get(instanceId);
  if (applicationId !== fake.applicationId || !instance || instance.users.size === 0)
    return { status: 404, json: { message: '404: Not Found', code: 0 } };
  return {
    status: 200,
    json: {
      application_id: fake.applicationId,
      instance_id: instance.id,
      launch_id: instance.launchId,
      location: {
        id: `${instance.guildId === null ? 'pc' : 'gc'}-${instance.channelId}`,
        kind: instance.guildId === null ? 'pc' : 'gc',
        channel_id: instance.channelId,
        ...(instance.guildId === null ? {} : { guild_id: instance.guildId }),
      },
      users: [...instance.users],
    },
  };
}

/** Someone opens the app in a channel: a new instance with them in it. */
export function launchInstance(fake: DiscordState, channelId: string, guildId: string | null, user: FakeUser): string {
  const id = `i-${snowflake()}-gc-${channelId}`;
  fake.activityInstances.set(id, { id, launchId: snowflake(), channelId, guildId, users: new Set([user.id]) });
  fake.users.set(user.id, user);
  return id;
}
