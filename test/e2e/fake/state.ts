// What the fake Discord holds: the servers, channels, threads, messages, members' permissions and
// scheduled events that tests set up or the bot created; the settings tests turn (permissions,
// limits, outages); and the fake's own bookkeeping of interactions, requests and gateway sessions.
// The concern files (channels.ts, messages.ts, interactions.ts, ...) read and change it through
// their first argument; the FakeDiscord class (fakeDiscord.ts) is this state with the tests' API.
import type { IncomingHttpHeaders } from 'node:http';
import type { WebSocket } from 'ws';
import type { FakeInstance } from './activities.js';
import type { FakeLaunch } from './launches.js';
import type { Failure } from './failures.js';
import type { InteractionReply } from './responses.js';
import { ALL_PERMISSIONS } from './permissions.js';
import type { Scene } from './scenes.js';

export interface FakeUser {
  id: string;
  username: string;
  global_name: string;
  discriminator: string;
  avatar: null;
  bot?: boolean;
}

export interface FakeAttachment {
  id: string;
  filename: string;
  description: string | undefined;
  contentType: string;
  data: Buffer;
}

/** A message as the fake stores it: the last content, components and attachments the bot set. */
export interface FakeMessage {
  id: string;
  channelId: string;
  content: string;
  components: RawComponentRow[];
  attachments: FakeAttachment[];
  flags: number;
  /** The interaction whose reply created it (its token edits it as @original). */
  interactionToken: string | null;
  /**
   * That interaction's authorizing_integration_owners: a click on the message carries them, not
   * the clicker's (developing-a-user-installable-app.mdx, "Using metadata for message component
   * interactions": they "differentiate between the user that installed an app and the user that
   * triggered an app's interaction"). Null for messages the bot posted with its own token.
   */
  owners: Owners | null;
  edits: number;
  /** The components it showed, in order: as posted, then after each edit (a test reads the board's version from them). */
  history: RawComponentRow[][];
}

/** A permission overwrite (resources/channel.mdx, "Overwrite Object"): type 0 a role, 1 a member. */
export interface Overwrite {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}

/** authorizing_integration_owners: "0" (server install) and "1" (user install) to ids. */
export type Owners = Partial<Record<'0' | '1', string>>;

export interface RawButton {
  type: number;
  custom_id?: string;
  label?: string;
  style?: number;
  disabled?: boolean;
}

export interface RawComponentRow {
  type: number;
  components: RawButton[];
}

export interface RecordedFile {
  field: string;
  name: string;
  contentType: string;
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Path after /api/v10, decoded (`@original`, not `%40original`). */
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  files: RecordedFile[];
  /** The request's headers, as they reached Discord. */
  headers: IncomingHttpHeaders;
  at: number;
}

/**
 * A thread: a public one the bot started from a message (its id is the message's, as Discord
 * makes it), or a private one a test made (privateThreads.ts).
 */
export interface FakeThread {
  id: string;
  parentId: string;
  name: string;
  archived: boolean;
  autoArchiveMinutes: number;
  /** A private thread's members (user ids); null for a public thread. */
  members: Set<string> | null;
}

/** A scheduled event as the bot created it, with the id and status Discord gives it (1 SCHEDULED, 4 CANCELED). */
export interface FakeScheduledEvent {
  id: string;
  guild_id: string;
  name: string;
  status: number;
  scheduled_start_time: string;
  scheduled_end_time?: string;
  entity_type: number;
  entity_metadata?: { location?: string };
  description?: string;
}

let sequence = 0n;
/** A fresh snowflake: discord.js' REST buckets recognise ids only when they have 17-19 digits. */
export function snowflake(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - 1420070400000n) << 22n) | (sequence & 0x3fffffn)).toString();
}

export function makeUser(username: string, bot = false): FakeUser {
  return {
    id: snowflake(),
    username,
    global_name: username,
    discriminator: '0',
    avatar: null,
    ...(bot ? { bot } : {}),
  };
}

export class DiscordState {
  readonly applicationId = snowflake();
  readonly botUser = makeUser('Senet', true);
  /**
   * The server slash commands are typed in (the first of `guilds` unless a test switches): a
   * channel belongs to the server that was current when it was first used.
   */
  guildId = snowflake();
  /** The servers the bot is in. */
  readonly guilds = new Set<string>([this.guildId]);
  /** What GET /gateway/bot recommends: the shard count, and how many shards may identify at once. */
  recommendedShards = 1;
  maxConcurrency = 1;
  /** The most servers one gateway connection may serve (Discord's 2,500); more: closed with 4011. */
  maxGuildsPerShard = 2500;
  /**
   * Whether IDENTIFY is limited as Discord limits it: one per `maxConcurrency` bucket (shard id %
   * max_concurrency) per 5 s, else an invalid session (op 9) (events/gateway.mdx, "Identifying" and
   * "Max Concurrency"). Off by default, so tests that drop and re-identify need not wait.
   */
  limitIdentify = false;
  /** The server's own language (its community locale), sent as each interaction's `guild_locale`. */
  guildLocale = 'en-US';
  /** Each user's Discord client language, sent as `locale` (default en-US). */
  readonly userLocales = new Map<string, string>();
  /** The channel slash commands are typed in; tests may switch to a fresh one (one game per channel). */
  channelId = snowflake();
  readonly requests: RecordedRequest[] = [];
  readonly messages = new Map<string, FakeMessage>();
  /** Registered application commands, by guild id or 'global'. */
  readonly commands = new Map<string, unknown[]>();
  /** Keep every request in `requests` (off in benchmarks, where they would pile up). */
  recordRequests = true;
  /**
   * Requests the bot made that the REST proxy would refuse (src/bot/restProxyRoutes.ts), as
   * `METHOD /path`: stop() fails while there are any, so a new kind of request is added there too.
   */
  readonly notForwarded: string[] = [];
  /** Permissions the bot has in the channel, as interactions report them and channel posts check. */
  appPermissions = ALL_PERMISSIONS;
  /** Scheduled events the bot created, by id. */
  readonly scheduledEvents = new Map<string, FakeScheduledEvent>();
  /**
   * Permission overwrites of channels, by channel id (none: the channel follows @everyone's
   * role). The bot's cache learns them as Discord sends them: in GUILD_CREATE and CHANNEL_UPDATE.
   */
  readonly overwrites = new Map<string, Overwrite[]>();
  /** Members' nicknames, by server and user (nicknameKey): each shown in its server only. */
  readonly nicknames = new Map<string, string>();
  /** A member's permissions in the channel, by user id (others: MEMBER_PERMISSIONS, no Manage Server). */
  readonly memberPermissions = new Map<string, string>();
  /** Edits of channel messages allowed per channel per `windowMs` before a 429 (default: no limit). */
  editLimit: { perWindow: number; windowMs: number } | null = null;
  /** The last interaction the fake sent, as the bot received it (to check the fake against the docs). */
  lastInteraction: Record<string, unknown> | null = null;
  /** The requests the fake answered with an error (injected, expired token, rate limit, ...). */
  readonly refusals: RecordedRequest[] = [];
  /** The fake's clock (ms): interaction tokens expire TOKEN_LIFETIME_MS after their interaction by it. */
  clock = 0;
  /**
   * How long (real ms) slash() and click() wait for the bot's first answer before failing with
   * Unanswered. Discord shows the user "This interaction failed" after 3 s (interactions/
   * receiving-and-responding.mdx, "Responding to an Interaction"); the fake waits longer, for machines
   * loaded many times over, but never for ever: a callback lost on its way must not stall a run.
   * A first answer that arrives after `firstAnswerMs` is refused all the same (responses.ts).
   */
  answerPatienceMs = 60_000;
  /**
   * Discord's deadline (real ms, from sending the interaction) for its first answer: "you must
   * send an initial response within 3 seconds of receiving the event. If the 3 second deadline is
   * exceeded, the token will be invalidated" (interactions/receiving-and-responding.mdx,
   * "Interaction Callback").
   */
  firstAnswerMs = 3000;
  /**
   * How long (real ms) an interaction takes to reach the bot after Discord made it (its id's
   * timestamp, and the start of its 3 s): a gateway's latency, or a bot too busy to read its socket.
   */
  deliveryDelayMs = 0;
  /** Whether a dropped gateway session may be resumed (else the bot must identify again). */
  resumable = true;
  /**
   * A gateway outage: while set, every IDENTIFY and RESUME is answered with Invalid Session (op 9,
   * `d: false`), which Discord sends when "the gateway could not initialize a session after
   * receiving an Opcode 2 Identify" or "could not resume a previous session"
   * (events/gateway-events.mdx, "Invalid Session"). The client then opens a new connection and
   * identifies again (events/gateway.mdx, "Resuming"), and is refused again until this is cleared.
   */
  refuseSessions = false;
  /** Channels deleted by a test: every request about them answers Unknown Channel. */
  readonly deletedChannels = new Set<string>();
  /**
   * READY and RESUMED dispatches sent, identifies refused for coming too soon, and identifies and
   * resumes refused during an outage (`refuseSessions`), for gateway tests.
   */
  readonly sessions = { ready: 0, resumed: 0, identifyRefused: 0, outageRefused: 0 };
  /** Threads, by id: those the bot started and the private ones tests made. */
  readonly threads = new Map<string, FakeThread>();
  /** Channels outside the bot's server (DMs, group DMs, servers without the bot), by id. */
  readonly scenes = new Map<string, Scene>();
  /** Channels of another type than a text channel (a voice channel's chat, an announcement channel). */
  readonly channelTypes = new Map<string, number>();
  /** The application's OAuth2 client secret (the portal's OAuth2 → Client Secret). */
  readonly clientSecret = `fake-client-secret-${snowflake()}`;
  /** Activity instances running, by id (activities.ts). */
  readonly activityInstances = new Map<string, FakeInstance>();
  /** Users who signed in to an activity, by id: what GET /users/@me answers. */
  readonly users = new Map<string, FakeUser>();
  /** Activities are enabled for the app in the developer portal (applicationCommands.ts, launches.ts). */
  activitiesEnabled = false;
  /** The Activity launches the bot asked for (LAUNCH_ACTIVITY callbacks), oldest first (launches.ts). */
  readonly launches: FakeLaunch[] = [];

  // The fake's own bookkeeping, below: the concern files keep it; tests read none of it.

  /** Failures injected by failRequests, each for its next `times` matching requests. */
  readonly failures: { match: (r: RecordedRequest) => boolean; failure: Failure; times: number }[] = [];
  readonly tokenIssuedAt = new Map<string, number>();
  /** When each interaction was sent to the bot (performance.now()), for the 3 s of its first answer. */
  readonly interactionSentAt = new Map<string, number>();
  /** Tokens of interactions not answered within `firstAnswerMs`: Discord invalidated them. */
  readonly invalidatedTokens = new Set<string>();
  /** Interactions whose callback was accepted: a second callback is refused (40060). */
  readonly acknowledged = new Set<string>();
  readonly editWindows = new Map<string, { start: number; count: number }>();
  /** The shard each gateway session was identified as, so a resumed connection gets the same events. */
  readonly sessionShards = new Map<string, [number, number]>();
  /** Requests held on their way to Discord until released (holdRequests): each matching one waits for it. */
  readonly holds: { match: (r: RecordedRequest) => boolean; released: Promise<void> }[] = [];
  readonly byToken = new Map<string, FakeMessage>();
  readonly pending = new Map<string, (reply: InteractionReply) => void>();
  readonly waiters: { match: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }[] = [];
  readonly sockets = new Set<WebSocket>();
  /** The shard each identified connection serves: [id, count] ([0, 1] when the bot asked for none). */
  readonly shardOfSocket = new Map<WebSocket, [number, number]>();
  /** When each identify bucket last identified (fake clock: real ms). */
  readonly identifiedAt = new Map<number, number>();
  /** The server of each channel used in one (threads: their parent's). */
  readonly channelGuild = new Map<string, string>();
  /** Which stored message each component interaction was clicked on. */
  readonly clickedMessage = new Map<string, string>();
  /** Who authorized the app for each interaction, for the messages its replies create. */
  readonly interactionOwners = new Map<string, Owners>();
  /** The channel of each interaction, for the messages its replies create. */
  readonly interactionChannel = new Map<string, string>();
  /** Who made each interaction, for the Activity an answer launches. */
  readonly interactionUsers = new Map<string, FakeUser>();
  gatewaySeq = 0;
  /** Channels the bot has been told about (GUILD_CREATE or CHANNEL_CREATE). */
  readonly announced = new Set<string>();
  /** OAuth2 codes not exchanged yet, and access tokens issued: each to its user's id. */
  readonly oauthCodes = new Map<string, string>();
  readonly accessTokens = new Map<string, string>();

  constructor(readonly port: number) {}
}

/**
 * The server a channel is in: a thread's parent's, else the one current when it was first used
 * (recorded then). Not for DMs and user-install scenes (see guildOf in channels.ts).
 */
export function serverOf(fake: DiscordState, channelId: string): string {
  const thread = fake.threads.get(channelId);
  if (thread) return serverOf(fake, thread.parentId);
  let guildId = fake.channelGuild.get(channelId);
  if (guildId === undefined) {
    guildId = fake.guildId;
    fake.channelGuild.set(channelId, guildId);
  }
  return guildId;
}
