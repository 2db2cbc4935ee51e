// A fake Discord on localhost: just enough of the gateway (WebSocket) and the REST API for the
// real discord.js client to log in, receive interactions and answer them. Tests dispatch
// INTERACTION_CREATE payloads as users and read back what the bot sent, as Discord would store it.
//
// This class is what tests drive: it is the fake's state (state.ts) with the methods tests call.
// What each part of Discord does lives with its concern, each citing Discord's docs: server.ts
// (REST routing), gateway.ts and shards.ts, interactions.ts and responses.ts, scenes.ts (where an
// interaction happens), messages.ts, channels.ts, guilds.ts, scheduledEvents.ts,
// privateThreads.ts, applicationCommands.ts (the Entry Point command among them), launches.ts
// (the Activity launched from chat), activities.ts (OAuth2 and activity instances),
// permissions.ts and failures.ts (Discord's errors, on demand).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { authorizeCode, launchInstance } from './activities.js';
import { enableActivities } from './applicationCommands.js';
import { allowInChannel, restrictChannel } from './channels.js';
import type { Failure } from './failures.js';
import { handleGateway } from './gateway.js';
import { addGuild, nicknameKey, rejoinGuild, removeGuild } from './guilds.js';
import { autocomplete, click, command, groupCommand, interact, slash, type SlashOption } from './interactions.js';
import { useEntryPoint } from './launches.js';
import { messageJson } from './messages.js';
import { leavePrivateThread, makePrivateThread } from './privateThreads.js';
import type { InteractionReply } from './responses.js';
import type { Scene } from './scenes.js';
import { handleHttp } from './server.js';
import {
  DiscordState,
  makeUser,
  serverOf,
  snowflake,
  type FakeMessage,
  type FakeUser,
  type RawButton,
  type RecordedRequest,
} from './state.js';

export { CHANNEL_TYPE } from './channels.js';
export { FAILURE, type Failure } from './failures.js';
export { LAUNCH_ACTIVITY } from './launches.js';
export { OPTION, Unanswered, type SlashOption } from './interactions.js';
export { UPLOAD_LIMIT } from './messages.js';
export {
  ADMIN_PERMISSIONS,
  ALL_PERMISSIONS,
  BOT_DM_APP_PERMISSIONS,
  MEMBER_PERMISSIONS,
  PERMISSION,
  PRIVATE_CHANNEL_APP_PERMISSIONS,
  userInstallServerAppPermissions,
} from './permissions.js';
export { TOKEN_LIFETIME_MS, type InteractionReply } from './responses.js';
export type { Scene } from './scenes.js';
export {
  snowflake,
  type FakeMessage,
  type FakeUser,
  type RawButton,
  type RawComponentRow,
  type RecordedRequest,
} from './state.js';

export class FakeDiscord extends DiscordState {
  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    port: number,
  ) {
    super(port);
  }

  /** Starts the fake on a free localhost port. */
  static async start(): Promise<FakeDiscord> {
    // Idle keep-alive sockets stay open longer than any test or benchmark pause, so the bot never
    // writes to one the fake has just closed (EPIPE), as it would not against Discord's edge.
    const server = createServer({ keepAliveTimeout: 120_000 });
    const wss = new WebSocketServer({ noServer: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeDiscord(server, wss, (server.address() as AddressInfo).port);
    server.on('request', (req, res) => void handleHttp(fake, req, res));
    server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => handleGateway(fake, ws)));
    return fake;
  }

  /** The base URL to give discord.js as `rest.api` (it appends `/v10`). */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  newUser(name: string): FakeUser {
    return makeUser(name);
  }

  /** Gives `user` the nickname `nick` in the server `guildId` (null: none), as a member or an admin sets it. */
  setNickname(guildId: string, user: FakeUser, nick: string | null): void {
    if (nick === null) this.nicknames.delete(nicknameKey(guildId, user.id));
    else this.nicknames.set(nicknameKey(guildId, user.id), nick);
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
    return this.holdRequests((r) => r.path.endsWith('/callback'));
  }

  /**
   * Holds the requests that `match` on their way to Discord (a slow network) until the returned
   * function is called: Discord reads them, and applies what they change, only then, in the order
   * they arrive. A request sent after a held one can overtake it.
   */
  holdRequests(match: (r: RecordedRequest) => boolean): () => void {
    let release!: () => void;
    const hold = { match, released: new Promise<void>((resolve) => (release = resolve)) };
    this.holds.push(hold);
    return () => {
      this.holds.splice(this.holds.indexOf(hold), 1);
      release();
    };
  }

  /**
   * `user` opens the app's Activity in `channelId` (default: the current channel; a scene's
   * channel is a DM or group DM): a new instance with them in it; its id.
   */
  launchActivity(user: FakeUser, channelId = this.channelId): string {
    const guildId = this.scenes.has(channelId) ? null : serverOf(this, channelId);
    return launchInstance(this, channelId, guildId, user);
  }

  /** `user` joins a running instance, or (joined: false) leaves it; the last to leave ends it. */
  setInInstance(instanceId: string, user: FakeUser, joined: boolean): void {
    const instance = this.activityInstances.get(instanceId);
    if (!instance) throw new Error(`no activity instance ${instanceId}`);
    this.users.set(user.id, user);
    if (joined) instance.users.add(user.id);
    else instance.users.delete(user.id);
    if (instance.users.size === 0) this.activityInstances.delete(instanceId);
  }

  /**
   * Activities are enabled for the app in the developer portal: Activities may be launched, and
   * Discord adds its "Launch" Entry Point command unless the app has one (applicationCommands.ts).
   */
  enableActivities(): void {
    enableActivities(this);
  }

  /** `user` runs the app's Entry Point command from the App Launcher in the current channel; the bot's answer. */
  useEntryPoint(user: FakeUser): Promise<InteractionReply> {
    return useEntryPoint(this, user);
  }

  /** The one-time code the Embedded App SDK's authorize command hands `user`'s page. */
  authorize(user: FakeUser): string {
    return authorizeCode(this, user);
  }

  /** A moderator deletes a message. */
  deleteMessage(messageId: string): void {
    this.messages.delete(messageId);
  }

  /** Makes a server channel visible only to `viewers`, as a staff-only channel (channels.ts). */
  restrictChannel(channelId: string, viewers: FakeUser[]): void {
    restrictChannel(this, channelId, viewers);
  }

  /** Gives a member `bits` in a server channel (a member overwrite: a moderator's Manage Threads, say). */
  allowInChannel(channelId: string, user: FakeUser, bits: bigint): void {
    allowInChannel(this, channelId, user, bits);
  }

  /** A private thread under `parentId`, visible to `members` and to moderators (privateThreads.ts); its id. */
  privateThread(parentId: string, members: FakeUser[]): string {
    return makePrivateThread(this, parentId, members);
  }

  /** `user` leaves a private thread; the bot is not told (privateThreads.ts). */
  leavePrivateThread(threadId: string, user: FakeUser): void {
    leavePrivateThread(this, threadId, user);
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

  /** The bot is added to a new server (on `shard` of `count` if given); its id (guilds.ts). */
  addGuild(on?: { shard: number; count: number }): string {
    return addGuild(this, on);
  }

  /** The bot is removed from a server, kicked or the server deleted (guilds.ts). */
  removeGuild(guildId: string): void {
    removeGuild(this, guildId);
  }

  /** The bot is added back to a server it was removed from (guilds.ts). */
  rejoinGuild(guildId: string): void {
    rejoinGuild(this, guildId);
  }

  /** Stops; fails if the bot made a request the REST proxy would not forward (see `notForwarded`). */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.notForwarded.length > 0)
      throw new Error(
        `requests the REST proxy would refuse (add their routes to src/bot/restProxyRoutes.ts): ${[...new Set(this.notForwarded)].join(', ')}`,
      );
  }

  // ---- Driving the bot (interactions.ts) -------------------------------------------------------

  /** `/senet <subcommand> [options]` as `user`; resolves with the bot's first answer. */
  slash(
    user: FakeUser,
    subcommand: string,
    options: SlashOption[] = [],
    resolvedUsers: FakeUser[] = [],
  ): Promise<InteractionReply> {
    return slash(this, user, subcommand, options, resolvedUsers);
  }

  /** `/<command> <subcommand> [options]` as `user`; `channelIds`: the channels channel options name. */
  command(
    user: FakeUser,
    name: string,
    subcommand: string,
    options: SlashOption[] = [],
    channelIds: string[] = [],
  ): Promise<InteractionReply> {
    return command(this, user, name, subcommand, options, channelIds);
  }

  /** `/<command> <group> <subcommand> [options]` as `user`. */
  groupCommand(
    user: FakeUser,
    name: string,
    group: string,
    subcommand: string,
    options: SlashOption[] = [],
    resolvedUsers: FakeUser[] = [],
  ): Promise<InteractionReply> {
    return groupCommand(this, user, name, group, subcommand, options, resolvedUsers);
  }

  /** A click on the button `customId` of the stored message `messageId` as `user`. */
  click(user: FakeUser, messageId: string, customId: string): Promise<InteractionReply> {
    return click(this, user, messageId, customId);
  }

  /** The user typing in `/<command> <subcommand>`'s option `focused` (command: senet); the suggestions the bot answered. */
  autocomplete(
    user: FakeUser,
    subcommand: string,
    focused: SlashOption,
    command = 'senet',
  ): Promise<{ name: string; value: string | number }[]> {
    return autocomplete(this, user, subcommand, focused, command);
  }

  /** Any interaction as `user` (`body` gives its type and data and may override any field). */
  interact(user: FakeUser, body: Record<string, unknown>, clickedMessageId?: string): Promise<InteractionReply> {
    return interact(this, user, body, clickedMessageId);
  }

  // ---- Reading what the bot did ----------------------------------------------------------------

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

  /** A stored message as the bot receives it. */
  messageJson(message: FakeMessage): Record<string, unknown> {
    return messageJson(this, message);
  }
}
