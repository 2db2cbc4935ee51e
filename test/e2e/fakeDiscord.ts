// A fake Discord on localhost: just enough of the gateway (WebSocket) and the REST API for the
// real discord.js client to log in, receive interactions and answer them. Tests dispatch
// INTERACTION_CREATE payloads as users and read back what the bot sent, as Discord would store it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface FakeUser {
  id: string;
  username: string;
  global_name: string;
  discriminator: string;
  avatar: null;
  bot?: boolean;
}

interface FakeAttachment {
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

interface RawComponentRow {
  type: number;
  components: RawButton[];
}

interface RecordedFile {
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
  at: number;
}

/** An error answer as Discord sends it: HTTP status, JSON error code and message. */
export interface Failure {
  status: number;
  code: number;
  message: string;
  /** Seconds, for a 429. */
  retryAfter?: number;
}

/** A public thread started from a message (its id is the message's, as Discord makes it). */
export interface FakeThread {
  id: string;
  parentId: string;
  name: string;
  archived: boolean;
  autoArchiveMinutes: number;
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

/** Channel types the fake knows (Discord's numbers). */
export const CHANNEL_TYPE = { text: 0, dm: 1, voice: 2, groupDm: 3, announcement: 5, publicThread: 11 } as const;

/** Permission bits the fake checks. */
export const PERMISSION = {
  viewChannel: 1n << 10n,
  sendMessages: 1n << 11n,
  attachFiles: 1n << 15n,
  createPublicThreads: 1n << 35n,
  sendMessagesInThreads: 1n << 38n,
  createEvents: 1n << 44n,
} as const;

export const FAILURE = {
  unknownInteraction: { status: 404, code: 10062, message: 'Unknown interaction' },
  unknownMessage: { status: 404, code: 10008, message: 'Unknown Message' },
  unknownChannel: { status: 404, code: 10003, message: 'Unknown Channel' },
  missingAccess: { status: 403, code: 50001, message: 'Missing Access' },
  missingPermissions: { status: 403, code: 50013, message: 'Missing Permissions' },
  invalidWebhookToken: { status: 401, code: 50027, message: 'Invalid Webhook Token' },
  archivedThread: { status: 400, code: 50083, message: 'Operation cannot be performed on an archived thread' },
  wrongChannelType: { status: 400, code: 50024, message: 'Cannot execute action on this channel type' },
  threadExists: { status: 400, code: 160004, message: 'A thread has already been created for this message' },
  serverError: { status: 503, code: 0, message: 'Service Unavailable' },
  invalidFormBody: {
    status: 400,
    code: 50035,
    message: 'Invalid Form Body (content: Must be 2000 or fewer in length.)',
  },
} as const satisfies Record<string, Failure>;

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

/** Use External Apps: without it, a user-installed app's answers in a server are forced private. */
const USE_EXTERNAL_APPS = 1n << 50n;

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

/** How long an interaction's token works, as Discord documents. */
export const TOKEN_LIFETIME_MS = 15 * 60_000;

/** What the bot answered to one interaction: the callback, and the message it created or updated. */
export interface InteractionReply {
  /** The interaction's token (its webhook edits the @original message). */
  token: string;
  type: number;
  data: Record<string, unknown> | null;
  flags: number;
  ephemeral: boolean;
  files: RecordedFile[];
  message: FakeMessage | null;
  /** The error the fake answered the callback with, if it refused it. */
  refused?: Failure;
}

/** A slash-command option as Discord sends it (subcommand options are nested by the fake). */
export interface SlashOption {
  name: string;
  type: number;
  value: string | number | boolean;
}

export const OPTION = { string: 3, integer: 4, boolean: 5, user: 6, channel: 7 } as const;

const EPHEMERAL = 64;
/** What a bot may upload in one message (10 MiB), as interactions report it and the REST API enforces. */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;
/** Discord refuses message content longer than this. */
const MAX_CONTENT = 2000;
/** What a plain member may do in a channel (no Manage Server): what interactions report by default. */
export const MEMBER_PERMISSIONS = '1071698660929';
/** A member with Manage Server (bit 5) on top: a server's admin, as `/senet-admin` requires. */
export const ADMIN_PERMISSIONS = (BigInt(MEMBER_PERMISSIONS) | (1n << 5n)).toString();

/** Every permission bit but Administrator (which would imply the rest): the default app_permissions. */
export const ALL_PERMISSIONS = ((1n << 51n) - 1n - (1n << 3n)).toString();

let sequence = 0n;
/** A fresh snowflake: discord.js' REST buckets recognise ids only when they have 17-19 digits. */
export function snowflake(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - 1420070400000n) << 22n) | (sequence & 0x3fffffn)).toString();
}

/** The shard that gets a server's events, by Discord's formula; DMs (no server) go to shard 0. */
function shardOfGuild(guildId: string | null, count: number): number {
  return guildId === null ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** A server id that falls on `shard` of `count` (its timestamp part chosen so). */
function snowflakeOnShard(shard: number, count: number): string {
  const id = BigInt(snowflake());
  const time = id >> 22n;
  const onShard = time - (time % BigInt(count)) + BigInt(shard);
  return ((onShard << 22n) | (id & 0x3fffffn)).toString();
}

/** Discord's identify window: one IDENTIFY per max_concurrency bucket per 5 s. */
const IDENTIFY_WINDOW_MS = 5_000;

function makeUser(username: string, bot = false): FakeUser {
  return {
    id: snowflake(),
    username,
    global_name: username,
    discriminator: '0',
    avatar: null,
    ...(bot ? { bot } : {}),
  };
}

export class FakeDiscord {
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
  /** Permissions the bot has in the channel, as interactions report them and channel posts check. */
  appPermissions = ALL_PERMISSIONS;
  /** Scheduled events the bot created, by id. */
  readonly scheduledEvents = new Map<string, FakeScheduledEvent>();
  /**
   * Permission overwrites of channels, by channel id (none: the channel follows @everyone's
   * role). The bot's cache learns them as Discord sends them: in GUILD_CREATE and CHANNEL_UPDATE.
   */
  readonly overwrites = new Map<string, Overwrite[]>();
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
  /** Threads the bot started, by id. */
  readonly threads = new Map<string, FakeThread>();
  /** Channels outside the bot's server (DMs, group DMs, servers without the bot), by id. */
  readonly scenes = new Map<string, Scene>();
  /** Channels of another type than a text channel (a voice channel's chat, an announcement channel). */
  readonly channelTypes = new Map<string, number>();
  private readonly failures: { match: (r: RecordedRequest) => boolean; failure: Failure; times: number }[] = [];
  private readonly tokenIssuedAt = new Map<string, number>();
  private readonly editWindows = new Map<string, { start: number; count: number }>();
  /** The shard each gateway session was identified as, so a resumed connection gets the same events. */
  private readonly sessionShards = new Map<string, [number, number]>();
  /** While set, answers to interaction callbacks wait for it (the bot's handler is in flight meanwhile). */
  private held: Promise<void> | null = null;
  private readonly byToken = new Map<string, FakeMessage>();
  private readonly pending = new Map<string, (reply: InteractionReply) => void>();
  private readonly waiters: { match: (r: RecordedRequest) => boolean; resolve: (r: RecordedRequest) => void }[] = [];
  private readonly sockets = new Set<WebSocket>();
  /** The shard each identified connection serves: [id, count] ([0, 1] when the bot asked for none). */
  private readonly shardOfSocket = new Map<WebSocket, [number, number]>();
  /** When each identify bucket last identified (fake clock: real ms). */
  private readonly identifiedAt = new Map<number, number>();
  /** The server of each channel used in one (threads: their parent's). */
  private readonly channelGuild = new Map<string, string>();
  /** Which stored message each component interaction was clicked on. */
  private readonly clickedMessage = new Map<string, string>();
  /** Who authorized the app for each interaction, for the messages its replies create. */
  private readonly interactionOwners = new Map<string, Owners>();
  /** The channel of each interaction, for the messages its replies create. */
  private readonly interactionChannel = new Map<string, string>();
  private gatewaySeq = 0;
  /** Channels the bot has been told about (GUILD_CREATE or CHANNEL_CREATE). */
  private readonly announced = new Set<string>();

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    readonly port: number,
  ) {}

  /** Starts the fake on a free localhost port. */
  static async start(): Promise<FakeDiscord> {
    // Idle keep-alive sockets stay open longer than any test or benchmark pause, so the bot never
    // writes to one the fake has just closed (EPIPE), as it would not against Discord's edge.
    const server = createServer({ keepAliveTimeout: 120_000 });
    const wss = new WebSocketServer({ noServer: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeDiscord(server, wss, (server.address() as AddressInfo).port);
    server.on('request', (req, res) => void fake.handleHttp(req, res));
    server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => fake.handleGateway(ws)));
    return fake;
  }

  /** The base URL to give discord.js as `rest.api` (it appends `/v10`). */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  newUser(name: string): FakeUser {
    return makeUser(name);
  }

  /** Interactions from here on come from a fresh channel in `scene` (a DM, a group DM, …); its id. */
  goTo(scene: Scene): string {
    const channelId = snowflake();
    this.scenes.set(channelId, scene);
    this.channelId = channelId;
    return channelId;
  }

  /** Answers the next `times` requests that match with `failure` (a callback refused so is not an answer). */
  failRequests(match: (r: RecordedRequest) => boolean, failure: Failure, times = 1): void {
    this.failures.push({ match, failure, times });
  }

  /** Drops the injected failures not used up yet. */
  clearFailures(): void {
    this.failures.length = 0;
  }

  /**
   * Holds Discord's response to every interaction callback until the returned function is
   * called: each click's handler stays in flight (its change committed, its answer unanswered).
   */
  holdAnswers(): () => void {
    let release!: () => void;
    this.held = new Promise((resolve) => (release = resolve));
    return () => {
      this.held = null;
      release();
    };
  }

  /** A moderator deletes a message. */
  deleteMessage(messageId: string): void {
    this.messages.delete(messageId);
  }

  /**
   * Makes a server channel visible only to `viewers` (a staff-only channel): @everyone denied View
   * Channel, each viewer allowed it by a member overwrite. topics/permissions.mdx, "Permission
   * Overwrites": the @everyone overwrite applies first, then roles', then the member's own. The
   * bot is told by CHANNEL_UPDATE (events/gateway-events.mdx, "Channel Update"); the bot's own
   * access is `appPermissions`, as interactions report it.
   */
  restrictChannel(channelId: string, viewers: FakeUser[]): void {
    const guildId = this.serverOf(channelId);
    const view = PERMISSION.viewChannel.toString();
    this.overwrites.set(channelId, [
      { id: guildId, type: 0, allow: '0', deny: view },
      ...viewers.map((u): Overwrite => ({ id: u.id, type: 1, allow: view, deny: '0' })),
    ]);
    const known = this.announced.has(channelId);
    this.announced.add(channelId);
    this.dispatch(known ? 'CHANNEL_UPDATE' : 'CHANNEL_CREATE', this.channelJson(channelId), guildId);
  }

  /** Closes the gateway connection as a network drop would; the bot reconnects by itself. */
  dropGateway(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  /** Whether the bot has a gateway connection that identified or resumed. */
  get connected(): boolean {
    return this.sockets.size > 0;
  }

  /** The shards with an open, identified gateway connection, as [id, count], by id. */
  connectedShards(): [number, number][] {
    return [...this.shardOfSocket.values()].sort((a, b) => a[0] - b[0]);
  }

  /**
   * The bot is added to a new server (on `shard` of `count` if given): the shard connected for it
   * gets its GUILD_CREATE. Tests then type commands there with `guildId` (and a new `channelId`).
   */
  addGuild(on?: { shard: number; count: number }): string {
    const guildId = on ? snowflakeOnShard(on.shard, on.count) : snowflake();
    this.guilds.add(guildId);
    this.dispatch('GUILD_CREATE', this.guildJson(guildId), guildId);
    return guildId;
  }

  /**
   * The bot is removed from a server (kicked, or the server deleted): Discord sends GUILD_DELETE
   * with an unavailable guild object whose `unavailable` is not set, which is how a removal is
   * told from an outage (events/gateway-events.mdx, "Guild Delete").
   */
  removeGuild(guildId: string): void {
    this.guilds.delete(guildId);
    this.dispatch('GUILD_DELETE', { id: guildId }, guildId);
  }

  /** The bot is added back to a server it was removed from: GUILD_CREATE, sent when "user joined a new guild" (events/gateway-events.mdx, "Guild Create"). */
  rejoinGuild(guildId: string): void {
    this.guilds.add(guildId);
    this.dispatch('GUILD_CREATE', this.guildJson(guildId), guildId);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- Driving the bot ----------------------------------------------------------------------

  /** `/senet <subcommand> [options]` as `user`; resolves with the bot's first answer. */
  slash(
    user: FakeUser,
    subcommand: string,
    options: SlashOption[] = [],
    resolvedUsers: FakeUser[] = [],
  ): Promise<InteractionReply> {
    return this.chatInput(user, 'senet', [{ type: 1, name: subcommand, options }], this.resolvedUsers(resolvedUsers));
  }

  /**
   * `/<command> <subcommand> [options]` as `user`, for commands besides /senet: `channelIds` are
   * the channels channel options name (Discord sends them resolved, as it does users).
   */
  command(
    user: FakeUser,
    command: string,
    subcommand: string,
    options: SlashOption[] = [],
    channelIds: string[] = [],
  ): Promise<InteractionReply> {
    const channels = Object.fromEntries(channelIds.map((id) => [id, this.channelJson(id)]));
    const resolved = channelIds.length ? { channels } : undefined;
    return this.chatInput(user, command, [{ type: 1, name: subcommand, options }], resolved);
  }

  /**
   * `/<command> <group> <subcommand> [options]` as `user`. Discord sends the group as an option of
   * type SUB_COMMAND_GROUP (2) whose one option is the SUB_COMMAND (1) with its own options, and
   * users named by user options resolved (interactions/application-commands.mdx, "Subcommands and
   * Subcommand Groups"; interactions/receiving-and-responding.mdx, "Resolved Data Structure").
   */
  groupCommand(
    user: FakeUser,
    command: string,
    group: string,
    subcommand: string,
    options: SlashOption[] = [],
    resolvedUsers: FakeUser[] = [],
  ): Promise<InteractionReply> {
    const subcommandOption = { type: 1, name: subcommand, options };
    const groupOption = { type: 2, name: group, options: [subcommandOption] };
    return this.chatInput(user, command, [groupOption], this.resolvedUsers(resolvedUsers));
  }

  /** A CHAT_INPUT command (type 1) used in the current channel, with its options and resolved data. */
  private chatInput(
    user: FakeUser,
    name: string,
    options: unknown[],
    resolved: Record<string, unknown> | undefined,
  ): Promise<InteractionReply> {
    return this.interact(user, {
      type: 2,
      data: {
        id: snowflake(),
        name,
        type: 1,
        guild_id: this.serverOf(this.channelId),
        options,
        ...(resolved ? { resolved } : {}),
      },
    });
  }

  /** The users user options name, resolved as Discord sends them: the users and their members. */
  private resolvedUsers(named: FakeUser[]): Record<string, unknown> | undefined {
    if (named.length === 0) return undefined;
    const users = Object.fromEntries(named.map((u) => [u.id, u]));
    const members = Object.fromEntries(named.map((u) => [u.id, this.member(u, false)]));
    return { users, members };
  }

  /** A click on the button `customId` of the stored message `messageId` as `user`. */
  click(user: FakeUser, messageId: string, customId: string): Promise<InteractionReply> {
    const message = this.messages.get(messageId);
    if (!message) throw new Error(`no message ${messageId}`);
    return this.interact(
      user,
      {
        type: 3,
        data: { custom_id: customId, component_type: 2 },
        message: this.messageJson(message),
      },
      messageId,
    );
  }

  /**
   * The user typing in `/senet <subcommand>`'s option `focused` (`value` so far); resolves with
   * the suggestions the bot answered (an autocomplete result, callback type 8).
   */
  async autocomplete(
    user: FakeUser,
    subcommand: string,
    focused: SlashOption,
  ): Promise<{ name: string; value: string | number }[]> {
    const reply = await this.interact(user, {
      type: 4,
      data: {
        id: snowflake(),
        name: 'senet',
        type: 1,
        guild_id: this.serverOf(this.channelId),
        options: [{ type: 1, name: subcommand, options: [{ ...focused, focused: true }] }],
      },
    });
    if (reply.type !== 8) throw new Error(`expected an autocomplete result, got callback type ${reply.type}`);
    return (reply.data?.choices ?? []) as { name: string; value: string | number }[];
  }

  /** Resolves with the next recorded request that matches (or one already recorded after `since`). */
  waitForRequest(match: (r: RecordedRequest) => boolean, timeoutMs = 10_000): Promise<RecordedRequest> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a request from the bot')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
    });
  }

  /**
   * Resolves once the message a reply is about shows its new content: at once for an in-place
   * update (type 7), at the webhook edit for a deferred one (type 6).
   */
  async updated(reply: InteractionReply, timeoutMs = 30_000): Promise<void> {
    if (reply.type !== 6) return;
    await this.waitForRequest(
      (r) => r.method === 'PATCH' && r.path.includes(`/${reply.token}/messages/@original`),
      timeoutMs,
    );
  }

  /** Buttons of a stored message, in order. */
  buttons(messageId: string): RawButton[] {
    return (this.messages.get(messageId)?.components ?? []).flatMap((row) => row.components);
  }

  /**
   * Any interaction as `user`: `body` gives its type and data (and may override any field, e.g.
   * drop `guild_id`); `clickedMessageId` is the stored message a component interaction is on.
   */
  interact(user: FakeUser, body: Record<string, unknown>, clickedMessageId?: string): Promise<InteractionReply> {
    const id = snowflake();
    const channelId = clickedMessageId ? this.messages.get(clickedMessageId)!.channelId : this.channelId;
    this.announce(channelId);
    this.interactionChannel.set(id, channelId);
    // An UPDATE_MESSAGE callback edits the message that was clicked.
    if (clickedMessageId) this.clickedMessage.set(id, clickedMessageId);
    const token = `tok-${id}`;
    this.tokenIssuedAt.set(token, this.clock);
    const payload: Record<string, unknown> = {
      id,
      application_id: this.applicationId,
      token,
      version: 1,
      channel_id: channelId,
      channel: this.channelJson(channelId),
      locale: this.userLocales.get(user.id) ?? 'en-US',
      entitlements: [],
      attachment_size_limit: UPLOAD_LIMIT,
      ...this.situation(
        user,
        channelId,
        (clickedMessageId && this.messages.get(clickedMessageId)!.owners) || undefined,
      ),
      ...body,
    };
    this.interactionOwners.set(id, payload.authorizing_integration_owners as Owners);
    this.lastInteraction = payload;
    const reply = new Promise<InteractionReply>((resolve) => this.pending.set(id, resolve));
    this.dispatch('INTERACTION_CREATE', payload, typeof payload.guild_id === 'string' ? payload.guild_id : null);
    return reply;
  }

  /**
   * The fields that say where an interaction happens, as Discord sends them: the guild, the
   * member (in servers) or user (elsewhere), the context, who authorized the app there, and the
   * app's permissions. `owners`: those of the interaction whose answer holds the clicked message.
   */
  private situation(user: FakeUser, channelId: string, owners?: Owners): Record<string, unknown> {
    const scene = this.scenes.get(channelId);
    switch (scene?.kind) {
      case undefined: {
        const guildId = this.serverOf(channelId);
        return {
          guild_id: guildId,
          member: this.member(user, true),
          guild_locale: this.guildLocale,
          // receiving-and-responding.mdx, "Interaction Structure": app_permissions is the "set of
          // permissions the app has in the source location"; change-log.mdx, "Calculated
          // Permissions in Interaction Payloads": computed "including any channel overwrites". A
          // thread's are its parent channel's here (the bot's threads are public ones).
          app_permissions: this.appPermissions,
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
        const member = this.member(user, true);
        const permissions = BigInt(member.permissions as string);
        const allowed = scene.externalApps ? permissions | USE_EXTERNAL_APPS : permissions & ~USE_EXTERNAL_APPS;
        return {
          guild_id: scene.guildId,
          member: { ...member, permissions: allowed.toString() },
          guild_locale: this.guildLocale,
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

  /**
   * Tells the bot about a channel a test switched to, as Discord sends CHANNEL_CREATE for a new
   * channel (the bot's cache then knows its type, as it would).
   */
  private announce(channelId: string): void {
    if (this.announced.has(channelId) || this.threads.has(channelId) || this.scenes.has(channelId)) return;
    this.announced.add(channelId);
    this.dispatch('CHANNEL_CREATE', this.channelJson(channelId), this.serverOf(channelId));
  }

  private member(user: FakeUser, withUser: boolean): Record<string, unknown> {
    return {
      ...(withUser ? { user } : {}),
      roles: [],
      joined_at: new Date(0).toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
      permissions: this.memberPermissions.get(user.id) ?? MEMBER_PERMISSIONS,
    };
  }

  // ---- Gateway --------------------------------------------------------------------------------

  private handleGateway(ws: WebSocket): void {
    this.sockets.add(ws);
    ws.on('close', () => {
      this.sockets.delete(ws);
      this.shardOfSocket.delete(ws);
    });
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null }));
    ws.on('message', (raw) => {
      const frame = JSON.parse((raw as Buffer).toString('utf8')) as {
        op: number;
        d?: { shard?: unknown; session_id?: string };
      };
      if (frame.op === 1) ws.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
      if (frame.op === 2) this.identify(ws, frame.d?.shard);
      if (frame.op === 6) this.resume(ws, frame.d?.session_id ?? '');
    });
  }

  /** A resume after a drop: events missed meanwhile are not replayed (interactions are never redelivered). */
  private resume(ws: WebSocket, sessionId: string): void {
    const shard = this.sessionShards.get(sessionId);
    if (this.refuseSessions) this.sessions.outageRefused++;
    if (!this.resumable || this.refuseSessions || !shard) {
      // Invalid session, not resumable: the client waits a moment and identifies again.
      ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      return;
    }
    this.sessions.resumed++;
    this.shardOfSocket.set(ws, shard);
    ws.send(JSON.stringify({ op: 0, t: 'RESUMED', s: ++this.gatewaySeq, d: {} }));
  }

  /**
   * IDENTIFY, with `shard` [id, count] as the bot sends it (none: [0, 1]): an invalid shard closes
   * the connection with 4010 as Discord does, and one that would serve too many servers with 4011
   * (sharding required); READY lists only the servers on the shard, each then sent in full
   * (GUILD_CREATE).
   */
  private identify(ws: WebSocket, asked: unknown): void {
    const shard: [number, number] = Array.isArray(asked) ? [Number(asked[0]), Number(asked[1])] : [0, 1];
    const [id, count] = shard;
    if (!Number.isInteger(id) || !Number.isInteger(count) || count < 1 || id < 0 || id >= count) {
      ws.close(4010, 'Invalid shard.');
      return;
    }
    if (this.refuseSessions) {
      this.sessions.outageRefused++;
      ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      return;
    }
    if (this.limitIdentify) {
      const bucket = id % this.maxConcurrency;
      const last = this.identifiedAt.get(bucket);
      if (last !== undefined && Date.now() - last < IDENTIFY_WINDOW_MS) {
        this.sessions.identifyRefused++;
        ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
        return;
      }
      this.identifiedAt.set(bucket, Date.now());
    }
    const guilds = [...this.guilds].filter((g) => shardOfGuild(g, count) === id);
    if (guilds.length > this.maxGuildsPerShard) {
      ws.close(4011, 'Sharding required.');
      return;
    }
    const send = (t: string, d: unknown): void => ws.send(JSON.stringify({ op: 0, t, s: ++this.gatewaySeq, d }));
    this.sessions.ready++;
    this.shardOfSocket.set(ws, shard);
    const sessionId = `session-${snowflake()}`;
    this.sessionShards.set(sessionId, shard);
    send('READY', {
      v: 10,
      user: this.botUser,
      guilds: guilds.map((g) => ({ id: g, unavailable: true })),
      session_id: sessionId,
      resume_gateway_url: `ws://127.0.0.1:${this.port}`,
      shard,
      application: { id: this.applicationId, flags: 0 },
    });
    for (const guildId of guilds) send('GUILD_CREATE', this.guildJson(guildId));
  }

  private guildJson(guildId: string): Record<string, unknown> {
    const channels = new Set([...this.channelGuild].filter(([, g]) => g === guildId).map(([c]) => c));
    if (guildId === this.guildId) channels.add(this.channelId);
    return {
      id: guildId,
      name: 'Senet Club',
      icon: null,
      preferred_locale: this.guildLocale,
      owner_id: snowflake(),
      unavailable: false,
      member_count: 3,
      // resources/guild.mdx, "Guild Object": roles; topics/permissions.mdx, "Role Object": the
      // @everyone role has the server's id. Its permissions are what a plain member has.
      roles: [
        {
          id: guildId,
          name: '@everyone',
          color: 0,
          hoist: false,
          position: 0,
          permissions: MEMBER_PERMISSIONS,
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      emojis: [],
      stickers: [],
      features: [],
      channels: [...channels].filter((c) => !this.threads.has(c)).map((c) => this.channelJson(c)),
      threads: [],
      members: [],
      presences: [],
      voice_states: [],
      stage_instances: [],
      guild_scheduled_events: [],
      joined_at: new Date(0).toISOString(),
      large: false,
    };
  }

  private channelJson(id: string): Record<string, unknown> {
    const thread = this.threads.get(id);
    if (thread) return this.threadJson(thread);
    const scene = this.scenes.get(id);
    if (scene?.kind === 'botDm') return { id, type: CHANNEL_TYPE.dm, recipients: [scene.user] };
    if (scene?.kind === 'privateChannel')
      return scene.group ? { id, type: CHANNEL_TYPE.groupDm, recipients: [] } : { id, type: CHANNEL_TYPE.dm };
    if (scene?.kind === 'userInstallServer')
      return { id, type: CHANNEL_TYPE.text, guild_id: scene.guildId, name: 'elsewhere', position: 0 };
    return {
      id,
      type: this.channelTypes.get(id) ?? CHANNEL_TYPE.text,
      guild_id: this.serverOf(id),
      name: `senet-${id.slice(-4)}`,
      position: 0,
      permission_overwrites: this.overwrites.get(id) ?? [],
    };
  }

  private threadJson(thread: FakeThread): Record<string, unknown> {
    return {
      id: thread.id,
      type: CHANNEL_TYPE.publicThread,
      guild_id: this.serverOf(thread.parentId),
      parent_id: thread.parentId,
      owner_id: this.botUser.id,
      name: thread.name,
      message_count: 0,
      member_count: 1,
      rate_limit_per_user: 0,
      thread_metadata: {
        archived: thread.archived,
        auto_archive_duration: thread.autoArchiveMinutes,
        archive_timestamp: new Date().toISOString(),
        locked: false,
      },
    };
  }

  /** The first message posted in a channel or thread (a game's board in its thread), once it is there. */
  async firstMessageIn(channelId: string, timeoutMs = 30_000): Promise<FakeMessage> {
    const posted = (): FakeMessage | undefined => this.messagesIn(channelId)[0];
    if (!posted()) {
      await this.waitForRequest((r) => r.method === 'POST' && r.path === `/channels/${channelId}/messages`, timeoutMs);
    }
    return posted()!;
  }

  /** Messages in a channel or thread, oldest first. */
  messagesIn(channelId: string): FakeMessage[] {
    return [...this.messages.values()].filter((m) => m.channelId === channelId);
  }

  /** Sends an event to the shard that gets `guildId`'s events (null: a DM's, shard 0), as Discord routes them. */
  private dispatch(t: string, d: unknown, guildId: string | null): void {
    const frame = JSON.stringify({ op: 0, t, s: ++this.gatewaySeq, d });
    for (const [socket, [id, count]] of this.shardOfSocket) {
      if (shardOfGuild(guildId, count) === id) socket.send(frame);
    }
  }

  /**
   * The server a channel is in: a thread's parent's, else the one current when it was first used
   * (recorded then). Not for DMs and user-install scenes (see guildOf).
   */
  private serverOf(channelId: string): string {
    const thread = this.threads.get(channelId);
    if (thread) return this.serverOf(thread.parentId);
    let guildId = this.channelGuild.get(channelId);
    if (guildId === undefined) {
      guildId = this.guildId;
      this.channelGuild.set(channelId, guildId);
    }
    return guildId;
  }

  // ---- REST -----------------------------------------------------------------------------------

  private async handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${this.port}`);
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/v10/, ''));
    const { body, files } = await parseBody(req, Buffer.concat(chunks));
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      body,
      files,
      at: performance.now(),
    };
    if (this.recordRequests) this.requests.push(request);
    if (this.held && path.endsWith('/callback')) await this.held;
    if (res.destroyed) return; // the bot is gone
    const failure = this.failureFor(request);
    if (failure) this.refusals.push(request);
    const uploaded = files.reduce((n, f) => n + f.data.length, 0);
    // Discord refuses the whole request, as it does for a bot's upload over the limit.
    const answer = failure
      ? this.refuse(request, failure)
      : uploaded > UPLOAD_LIMIT
        ? { status: 413, json: { message: 'Request entity too large', code: 40005 } }
        : this.route(request);
    const headers: Record<string, string> = answer.json === undefined ? {} : { 'content-type': 'application/json' };
    if (failure?.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
    if (answer.json === undefined) res.writeHead(answer.status, headers).end();
    else res.writeHead(answer.status, headers).end(JSON.stringify(answer.json));
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (waiter.match(request)) {
        this.waiters.splice(i, 1);
        waiter.resolve(request);
      }
    }
  }

  /** An injected failure, an expired token, a deleted channel or a rate limit this request meets. */
  private failureFor(r: RecordedRequest): Failure | null {
    const index = this.failures.findIndex((f) => f.match(r));
    if (index >= 0) {
      const injected = this.failures[index]!;
      if (--injected.times <= 0) this.failures.splice(index, 1);
      return injected.failure;
    }
    const data = r.body?.data as Record<string, unknown> | undefined;
    const content = data?.content ?? r.body?.content;
    if (typeof content === 'string' && content.length > MAX_CONTENT) return FAILURE.invalidFormBody;
    const parts = r.path.split('/').filter(Boolean);
    const token = parts[0] === 'interactions' ? parts[2] : parts[0] === 'webhooks' ? parts[2] : undefined;
    const issued = token === undefined ? undefined : this.tokenIssuedAt.get(token);
    if (issued !== undefined && this.clock - issued > TOKEN_LIFETIME_MS) return FAILURE.invalidWebhookToken;
    if (parts[0] !== 'channels' || !parts[1]) return null;
    const scene = this.scenes.get(parts[1])?.kind;
    // Where the bot is no member (a DM or group DM between users, a server that only a user
    // installed the app to), its token reaches nothing of the channel. The docs name no code for
    // this case; topics/opcodes-and-status-codes.mdx, "JSON Error Codes", 50001 "Missing access"
    // is what Discord answers, and the fake answers it to every bot-token channel route there
    // (the stricter reading: not even a read).
    if (scene === 'privateChannel' || scene === 'userInstallServer') return FAILURE.missingAccess;
    const thread = this.threads.get(parts[1]);
    if (this.deletedChannels.has(parts[1]) || (thread && this.deletedChannels.has(thread.parentId)))
      return FAILURE.unknownChannel;
    // resources/message.mdx, "Create Message", Limitations: permissions are checked "when
    // operating on a guild channel"; the DM with the bot has none (app_permissions there says
    // what interaction responses may use, not what the bot's token may do).
    if (scene === 'botDm') return null;
    const has = (bit: bigint): boolean => (BigInt(this.appPermissions) & bit) !== 0n;
    if (r.method === 'POST' && parts[2] === 'messages' && !parts[3]) {
      if (!has(PERMISSION.viewChannel)) return FAILURE.missingAccess;
      // In a thread, Send Messages in Threads is what counts.
      const send = thread ? PERMISSION.sendMessagesInThreads : PERMISSION.sendMessages;
      if (!has(send) || (r.files.length > 0 && !has(PERMISSION.attachFiles))) return FAILURE.missingPermissions;
    }
    if (r.method === 'POST' && parts[2] === 'messages' && parts[4] === 'threads') {
      if (!has(PERMISSION.viewChannel)) return FAILURE.missingAccess;
      if (!has(PERMISSION.createPublicThreads)) return FAILURE.missingPermissions;
    }
    // A message in an archived thread cannot be edited until the thread is opened again.
    if (r.method === 'PATCH' && parts[2] === 'messages' && thread?.archived) return FAILURE.archivedThread;
    if (r.method === 'PATCH' && parts[2] === 'messages' && this.editLimit) return this.rateLimited(parts[1]);
    return null;
  }

  /** A per-channel bucket for message edits, as Discord keeps one (429 once it is used up). */
  private rateLimited(channelId: string): Failure | null {
    const limit = this.editLimit!;
    const now = performance.now();
    const window = this.editWindows.get(channelId);
    if (!window || now - window.start >= limit.windowMs) {
      this.editWindows.set(channelId, { start: now, count: 1 });
      return null;
    }
    if (window.count < limit.perWindow) {
      window.count++;
      return null;
    }
    const retryAfter = Math.max(0.001, (limit.windowMs - (now - window.start)) / 1000);
    return { status: 429, code: 0, message: 'You are being rate limited.', retryAfter };
  }

  private refuse(r: RecordedRequest, failure: Failure): { status: number; json: unknown } {
    const parts = r.path.split('/').filter(Boolean);
    if (parts[0] === 'interactions' && parts[3] === 'callback') {
      // Refused, so not an answer: whoever waits for the answer learns it was refused.
      const interactionId = parts[1]!;
      this.pending.get(interactionId)?.({
        token: parts[2]!,
        type: 0,
        data: null,
        flags: 0,
        ephemeral: false,
        files: [],
        message: null,
        refused: failure,
      });
      this.pending.delete(interactionId);
    }
    if (failure.status === 429)
      return { status: 429, json: { message: failure.message, retry_after: failure.retryAfter, global: false } };
    return { status: failure.status, json: { message: failure.message, code: failure.code } };
  }

  private route(r: RecordedRequest): { status: number; json?: unknown } {
    const parts = r.path.split('/').filter(Boolean);
    if (r.method === 'GET' && r.path === '/gateway/bot') {
      return {
        status: 200,
        json: {
          url: `ws://127.0.0.1:${this.port}`,
          shards: this.recommendedShards,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: this.maxConcurrency },
        },
      };
    }
    if (parts[0] === 'interactions' && parts[3] === 'callback' && r.method === 'POST') {
      return this.callback(parts[1]!, parts[2]!, r);
    }
    if (parts[0] === 'webhooks' && parts[3] === 'messages' && parts[4] === '@original') {
      const message = this.byToken.get(parts[2]!);
      if (!message || !this.messages.has(message.id))
        return { status: 404, json: { message: 'Unknown Message', code: 10008 } };
      if (r.method === 'DELETE') {
        this.messages.delete(message.id);
        this.byToken.delete(parts[2]!);
        return { status: 204 };
      }
      if (r.method === 'PATCH') this.applyEdit(message, r);
      return { status: 200, json: this.messageJson(message) };
    }
    if (parts[0] === 'webhooks' && parts.length === 3 && r.method === 'POST') {
      // A follow-up belongs to the interaction of the token: its owners (the fake's tokens are `tok-<id>`).
      const id = parts[2]!.replace(/^tok-/, '');
      const owners = this.interactionOwners.get(id) ?? null;
      const message = this.createMessage(r, null, this.interactionChannel.get(id) ?? this.channelId, owners);
      return { status: 200, json: this.messageJson(message) };
    }
    if (parts[0] === 'channels' && parts.length === 2 && r.method === 'GET') {
      return { status: 200, json: this.channelJson(parts[1]!) };
    }
    if (parts[0] === 'channels' && parts.length === 2 && r.method === 'PATCH') {
      const thread = this.threads.get(parts[1]!);
      if (!thread) return { status: 400, json: { message: FAILURE.wrongChannelType.message, code: 50024 } };
      if (typeof r.body?.archived === 'boolean') thread.archived = r.body.archived;
      const json = this.threadJson(thread);
      this.dispatch('THREAD_UPDATE', json, this.serverOf(thread.id));
      return { status: 200, json };
    }
    if (parts[0] === 'channels' && parts[2] === 'messages' && parts[4] === 'threads' && r.method === 'POST') {
      return this.startThread(parts[1]!, parts[3]!, r);
    }
    if (parts[0] === 'channels' && parts[2] === 'messages' && parts[3]) {
      const message = this.messages.get(parts[3]);
      if (!message) return { status: 404, json: { message: 'Unknown Message', code: 10008 } };
      if (r.method === 'DELETE') {
        this.messages.delete(message.id);
        return { status: 204 };
      }
      if (r.method === 'PATCH') this.applyEdit(message, r);
      return { status: 200, json: this.messageJson(message) };
    }
    if (parts[0] === 'channels' && parts[2] === 'messages' && r.method === 'POST') {
      // Sending in an archived thread opens it again, as Discord does.
      const thread = this.threads.get(parts[1]!);
      if (thread) thread.archived = false;
      return { status: 200, json: this.messageJson(this.createMessage(r, null, parts[1])) };
    }
    if (parts[0] === 'guilds' && parts[2] === 'scheduled-events') return this.scheduledEvent(parts[1]!, parts[3], r);
    if (parts[0] === 'applications' && r.method === 'PUT') {
      const scope = parts[2] === 'guilds' ? parts[3]! : 'global';
      const list = (Array.isArray(r.body) ? r.body : []) as unknown[];
      if (!list.every(validPlaces))
        return { status: 400, json: { message: 'Invalid Form Body (contexts)', code: 50035 } };
      this.commands.set(scope, list);
      return {
        status: 200,
        json: list.map((c) => ({
          ...(c as object),
          id: snowflake(),
          application_id: this.applicationId,
          version: snowflake(),
        })),
      };
    }
    return notFound();
  }

  /**
   * Create Guild Scheduled Event, and Modify (its status) for one the bot made. Creating needs
   * CREATE_EVENTS (topics/permissions.mdx; resources/guild-scheduled-event.mdx, "Guild Scheduled Event
   * Permissions Requirements": EXTERNAL events need CREATE_EVENTS); an EXTERNAL event (entity_type 3)
   * must have entity_metadata.location (1-100 characters) and scheduled_end_time ("Field Requirements By
   * Entity Type") ending after it starts, and a name of 1-100 characters. (Discord also refuses a start in
   * the past; the fake's clock counts from 0, not the bot's date, so that is not modelled.)
   */
  private scheduledEvent(
    guildId: string,
    eventId: string | undefined,
    r: RecordedRequest,
  ): { status: number; json: unknown } {
    const invalid = (field: string) => ({
      status: 400,
      json: { message: `Invalid Form Body (${field})`, code: 50035 },
    });
    const body = r.body ?? {};
    if (eventId !== undefined) {
      const event = this.scheduledEvents.get(eventId);
      if (!event || event.guild_id !== guildId || r.method !== 'PATCH')
        return { status: 404, json: { message: 'Unknown Guild Scheduled Event', code: 10070 } };
      if (typeof body.status === 'number') event.status = body.status;
      return { status: 200, json: event };
    }
    if (r.method !== 'POST') return notFound();
    if ((BigInt(this.appPermissions) & PERMISSION.createEvents) === 0n)
      return {
        status: 403,
        json: { message: FAILURE.missingPermissions.message, code: FAILURE.missingPermissions.code },
      };
    const name = body.name;
    if (typeof name !== 'string' || name.length < 1 || name.length > 100) return invalid('name');
    const start = Date.parse(String(body.scheduled_start_time));
    if (Number.isNaN(start)) return invalid('scheduled_start_time');
    if (body.entity_type === 3) {
      const location = (body.entity_metadata as { location?: unknown } | undefined)?.location;
      if (typeof location !== 'string' || location.length < 1 || location.length > 100)
        return invalid('entity_metadata.location');
      if (!(Date.parse(String(body.scheduled_end_time)) > start)) return invalid('scheduled_end_time');
    }
    const event = { ...body, id: snowflake(), guild_id: guildId, status: 1 } as FakeScheduledEvent;
    this.scheduledEvents.set(event.id, event);
    return { status: 200, json: event };
  }

  /** Start Thread from Message: a public thread whose id is the message's; one per message. */
  private startThread(channelId: string, messageId: string, r: RecordedRequest): { status: number; json: unknown } {
    const refuse = (f: Failure) => ({ status: f.status, json: { message: f.message, code: f.code } });
    const type = this.threads.has(channelId) ? CHANNEL_TYPE.publicThread : (this.channelTypes.get(channelId) ?? 0);
    if (type !== CHANNEL_TYPE.text && type !== CHANNEL_TYPE.announcement) return refuse(FAILURE.wrongChannelType);
    const message = this.messages.get(messageId);
    if (!message || message.channelId !== channelId) return refuse(FAILURE.unknownMessage);
    if (this.threads.has(messageId)) return refuse(FAILURE.threadExists);
    const name = r.body?.name;
    if (typeof name !== 'string' || name.length < 1 || name.length > 100) {
      return { status: 400, json: { message: 'Invalid Form Body (name)', code: 50035 } };
    }
    const thread: FakeThread = {
      id: messageId,
      parentId: channelId,
      name,
      archived: false,
      autoArchiveMinutes: Number(r.body?.auto_archive_duration ?? 4320),
    };
    this.threads.set(thread.id, thread);
    const json = this.threadJson(thread);
    this.dispatch('THREAD_CREATE', { ...json, newly_created: true }, this.serverOf(thread.id));
    return { status: 201, json };
  }

  private callback(interactionId: string, token: string, r: RecordedRequest): { status: number; json?: unknown } {
    const type = Number(r.body?.type);
    const data = (r.body?.data ?? null) as Record<string, unknown> | null;
    const flags = Number(data?.flags ?? 0);
    let message: FakeMessage | null = null;
    if (type === 4 || type === 5) {
      const channelId = this.interactionChannel.get(interactionId);
      const owners = this.interactionOwners.get(interactionId) ?? null;
      message = this.createMessage({ ...r, body: data }, token, channelId, owners);
    } else if (type === 6 || type === 7) {
      const source = this.sourceMessageOf(interactionId);
      message = source ?? null;
      if (message) {
        this.byToken.set(token, message);
        if (type === 7) this.applyEdit(message, { ...r, body: data });
      }
    }
    const reply: InteractionReply = {
      token,
      type,
      data,
      flags,
      ephemeral: (flags & EPHEMERAL) !== 0,
      files: r.files,
      message,
    };
    this.pending.get(interactionId)?.(reply);
    this.pending.delete(interactionId);
    if (r.query.get('with_response') !== 'true') return { status: 204 };
    return {
      status: 200,
      json: {
        interaction: {
          id: interactionId,
          type: 2,
          response_message_id: message?.id,
          response_message_loading: type === 5,
          response_message_ephemeral: (flags & EPHEMERAL) !== 0,
        },
        resource: message ? { type, message: this.messageJson(message) } : null,
      },
    };
  }

  private sourceMessageOf(interactionId: string): FakeMessage | undefined {
    const id = this.clickedMessage.get(interactionId);
    return id ? this.messages.get(id) : undefined;
  }

  private createMessage(
    r: RecordedRequest,
    token: string | null,
    channelId = this.channelId,
    owners: Owners | null = null,
  ): FakeMessage {
    const body = r.body ?? {};
    const message: FakeMessage = {
      id: snowflake(),
      channelId,
      content: textOf(body.content),
      components: (body.components ?? []) as RawComponentRow[],
      attachments: attachmentsOf(body, r.files, []),
      flags: Number(body.flags ?? 0),
      interactionToken: token,
      owners,
      edits: 0,
    };
    this.messages.set(message.id, message);
    if (token) this.byToken.set(token, message);
    return message;
  }

  private applyEdit(message: FakeMessage, r: RecordedRequest): void {
    const body = r.body ?? {};
    if ('content' in body) message.content = textOf(body.content);
    if ('components' in body) message.components = (body.components ?? []) as RawComponentRow[];
    if ('attachments' in body || r.files.length > 0)
      message.attachments = attachmentsOf(body, r.files, message.attachments);
    message.edits++;
  }

  /** The `guild_id` of a channel's payloads: none in DMs and group DMs. */
  private guildOf(channelId: string): { guild_id?: string } {
    const scene = this.scenes.get(channelId);
    if (!scene) return { guild_id: this.serverOf(channelId) };
    return scene.kind === 'userInstallServer' ? { guild_id: scene.guildId } : {};
  }

  messageJson(message: FakeMessage): Record<string, unknown> {
    return {
      id: message.id,
      type: 0,
      channel_id: message.channelId,
      ...this.guildOf(message.channelId),
      author: this.botUser,
      content: message.content,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: message.attachments.map((a) => ({
        id: a.id,
        filename: a.filename,
        description: a.description,
        size: a.data.length,
        url: `http://127.0.0.1:${this.port}/attachments/${a.id}/${a.filename}`,
        proxy_url: `http://127.0.0.1:${this.port}/attachments/${a.id}/${a.filename}`,
        content_type: a.contentType,
      })),
      embeds: [],
      pinned: false,
      components: message.components,
      flags: message.flags,
      application_id: this.applicationId,
      webhook_id: this.applicationId,
    };
  }
}

/** Integration types (0 server, 1 user install) and contexts (0 server, 1 bot DM, 2 private channel) Discord knows. */
function validPlaces(command: unknown): boolean {
  const { integration_types: types, contexts } = command as { integration_types?: unknown; contexts?: unknown };
  const subset = (list: unknown, max: number): boolean =>
    list === undefined ||
    list === null ||
    (Array.isArray(list) && list.length > 0 && list.every((n) => Number.isInteger(n) && n >= 0 && n <= max));
  return subset(types, 1) && subset(contexts, 2);
}

function notFound(): { status: number; json: unknown } {
  return { status: 404, json: { message: 'Unknown route', code: 0 } };
}

/**
 * The attachments a message has after a create or edit: Discord keeps exactly those listed in
 * `attachments` (existing ones by id, new uploads by their `files[n]` index), or, when the list is
 * absent, the existing ones plus every upload.
 */
function attachmentsOf(
  body: Record<string, unknown>,
  files: RecordedFile[],
  existing: FakeAttachment[],
): FakeAttachment[] {
  const uploads = files.map((file, index) => ({ index, file }));
  const listed = body.attachments as { id: string | number; filename?: string; description?: string }[] | undefined;
  const fromUpload = (index: number, description: string | undefined): FakeAttachment | null => {
    const upload = uploads.find((u) => u.index === index);
    return upload
      ? {
          id: snowflake(),
          filename: upload.file.name,
          description,
          contentType: upload.file.contentType,
          data: upload.file.data,
        }
      : null;
  };
  if (!listed) return [...existing, ...uploads.map((u) => fromUpload(u.index, undefined)!)];
  const result: FakeAttachment[] = [];
  for (const entry of listed) {
    const kept = existing.find((a) => a.id === String(entry.id));
    if (kept) result.push(kept);
    else {
      const added = fromUpload(Number(entry.id), entry.description);
      if (added) result.push(added);
    }
  }
  return result;
}

async function parseBody(
  req: IncomingMessage,
  raw: Buffer,
): Promise<{ body: Record<string, unknown> | null; files: RecordedFile[] }> {
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: null, files: [] };
  if (type.startsWith('application/json'))
    return { body: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, files: [] };
  if (!type.startsWith('multipart/form-data')) return { body: null, files: [] };
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: raw,
  }).formData();
  let body: Record<string, unknown> | null = null;
  const files: RecordedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (field === 'payload_json' && typeof value === 'string') body = JSON.parse(value) as Record<string, unknown>;
    else if (typeof value !== 'string') {
      files.push({ field, name: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) });
    }
  }
  files.sort((a, b) => fileIndex(a.field) - fileIndex(b.field));
  return { body, files };
}

const fileIndex = (field: string): number => Number(/\d+/.exec(field)?.[0] ?? 0);

/** A message's content as Discord stores it: absent or null is empty. */
function textOf(content: unknown): string {
  return typeof content === 'string' ? content : '';
}
