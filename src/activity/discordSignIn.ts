// Who a page's user is, and whether they are in the activity instance the page says it runs in,
// asked of Discord itself: the page is never believed.
//
// - The page's one-time OAuth2 code is exchanged at POST /oauth2/token with the client secret
//   (topics/oauth2.mdx, "Authorization Code Grant"), and the access token names its user at
//   GET /users/@me (resources/user.mdx, "Get Current User"). The access token goes back to the page
//   only for the SDK's `authenticate` (it keeps it in memory); it is never logged (logger.ts).
// - GET /applications/{id}/activity-instances/{instance_id} with the bot's token
//   (resources/application.mdx, "Get Application Activity Instance") says where an instance runs
//   and who is connected; answers are kept a few seconds, so a page's moves do not each ask, and
//   one being used late in its life is asked again meanwhile, so a page that keeps playing never
//   waits for Discord (a move is never judged on an answer older than the few seconds).
import type { Result } from '../lib/result.js';
import { err, ok } from '../lib/result.js';

/** A signed-in user, as Discord says. */
export interface DiscordUser {
  id: string;
  name: string;
  /** Their Discord client's language (e.g. `pt-BR`). */
  locale: string;
}

/** An activity instance: where it runs (`guildId` null in a DM or group DM) and who is in it. */
export interface ActivityInstance {
  channelId: string;
  guildId: string | null;
  users: ReadonlySet<string>;
}

export interface SignInSettings {
  /** Discord's API (or the REST proxy, or a fake), without the version: `https://discord.com/api`. */
  apiUrl: string;
  /**
   * Where a player's own OAuth2 requests go: Discord itself when the bot's go through the REST
   * proxy (they are not the bot's, and the proxy refuses them); by default `apiUrl`.
   */
  oauthApiUrl?: string;
  applicationId: string;
  clientSecret: string | null;
  botToken: string;
  /** How long an instance's answer is kept (ms). */
  instanceTtlMs?: number;
  now?: () => number;
}

/** How long Discord's answer about an instance is used: joins and leaves show within this. */
const INSTANCE_TTL_MS = 10_000;
/** The part of its life after which an answer in use is asked again, in the background. */
const ASK_AGAIN_AFTER = 0.5;

export class DiscordSignIn {
  /** Discord's answers by instance, each with when it was asked for. */
  private readonly instances = new Map<string, { at: number; instance: ActivityInstance | null }>();
  /** The questions under way: one at a time per instance, however many pages ask. */
  private readonly asking = new Map<string, Promise<ActivityInstance | null>>();
  private readonly now: () => number;

  constructor(private readonly settings: SignInSettings) {
    this.now = settings.now ?? Date.now;
  }

  /** The user behind a one-time code, with the access token for the page's SDK; null: refused. */
  async exchange(code: string): Promise<Result<{ user: DiscordUser; accessToken: string }, string>> {
    const { applicationId, clientSecret } = this.settings;
    if (clientSecret === null) return err('no client secret');
    const answer = await fetch(this.url('/oauth2/token', this.settings.oauthApiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: applicationId,
        client_secret: clientSecret,
        grant_type: 'authorization_code',
        code,
      }),
    });
    if (!answer.ok) return err(`the code exchange answered ${answer.status}`);
    const token = (await answer.json()) as { access_token?: unknown };
    if (typeof token.access_token !== 'string') return err('the code exchange gave no access token');
    const user = await this.currentUser(token.access_token);
    return user.ok ? ok({ user: user.value, accessToken: token.access_token }) : user;
  }

  /** Where the instance runs and who is in it; null: no such instance (ended, foreign, made up). */
  async instance(instanceId: string): Promise<ActivityInstance | null> {
    const kept = this.instances.get(instanceId);
    const ttl = this.settings.instanceTtlMs ?? INSTANCE_TTL_MS;
    const age = kept ? this.now() - kept.at : Infinity;
    if (kept && age < ttl) {
      // A failure here is the next question's: past its life, the answer is asked for and waited on.
      if (age >= ttl * ASK_AGAIN_AFTER) this.ask(instanceId).catch(() => undefined);
      return kept.instance;
    }
    return this.ask(instanceId);
  }

  /** Discord's answer, asked once for all who want it meanwhile, and kept from when it was asked. */
  private ask(instanceId: string): Promise<ActivityInstance | null> {
    const asking = this.asking.get(instanceId);
    if (asking) return asking;
    const at = this.now();
    const answer = this.askInstance(instanceId)
      .then((instance) => {
        if (this.instances.size > 10_000) this.instances.clear(); // a bound, not a cache policy
        this.instances.set(instanceId, { at, instance });
        return instance;
      })
      .finally(() => this.asking.delete(instanceId));
    this.asking.set(instanceId, answer);
    return answer;
  }

  private async currentUser(accessToken: string): Promise<Result<DiscordUser, string>> {
    const answer = await fetch(this.url('/users/@me', this.settings.oauthApiUrl), {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!answer.ok) return err(`/users/@me answered ${answer.status}`);
    const user = (await answer.json()) as { id?: unknown; username?: unknown; global_name?: unknown; locale?: unknown };
    if (typeof user.id !== 'string' || typeof user.username !== 'string') return err('/users/@me gave no user');
    return ok({
      id: user.id,
      name: typeof user.global_name === 'string' ? user.global_name : user.username,
      locale: typeof user.locale === 'string' ? user.locale : 'en-US',
    });
  }

  private async askInstance(instanceId: string): Promise<ActivityInstance | null> {
    // An instance id is Discord's opaque text: kept to what one looks like before it goes in a path.
    if (!/^[\w-]{1,100}$/.test(instanceId)) return null;
    const path = `/applications/${this.settings.applicationId}/activity-instances/${instanceId}`;
    const answer = await fetch(this.url(path), { headers: { authorization: `Bot ${this.settings.botToken}` } });
    if (answer.status === 404) return null;
    if (!answer.ok) throw new Error(`the activity instance look-up answered ${answer.status}`);
    const found = (await answer.json()) as {
      location?: { channel_id?: unknown; guild_id?: unknown };
      users?: unknown;
    };
    const channelId = found.location?.channel_id;
    if (typeof channelId !== 'string' || !Array.isArray(found.users)) return null;
    const guildId = found.location?.guild_id;
    return {
      channelId,
      guildId: typeof guildId === 'string' ? guildId : null,
      users: new Set(found.users.filter((u): u is string => typeof u === 'string')),
    };
  }

  private url(path: string, base = this.settings.apiUrl): string {
    return `${base}/v10${path}`;
  }
}
