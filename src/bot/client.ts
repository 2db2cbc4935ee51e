// The running bot: a discord.js client (Guilds intent only) wired to the dispatcher, the
// bot-turn scheduler and the deadline sweeper. start() logs in and resumes the computer's
// pending turns; stop() undoes everything so a process (or a test) can exit cleanly.
import {
  Client,
  Events,
  GatewayIntentBits,
  type Interaction,
  Options,
  Routes,
  ThreadAutoArchiveDuration,
} from 'discord.js';
import type { Logger } from 'pino';
import { BoardsInFlight } from '../chat/boardsInFlight.js';
import type { CommandContext } from '../commands/commandContext.js';
import { ThreadMembers } from '../commands/threadMembers.js';
import { type GameService, ONE_SHARD, type ShardScope } from '../game/service.js';
import type { MessagePayload } from '../chat/messages.js';
import { BotRest } from './botRest.js';
import { BotTurns } from './botTurns.js';
import { countInteraction, watchRest } from './botMetrics.js';
import type { BotConfig } from './config.js';
import { discordApi } from './discordApi.js';
import { dispatch } from './dispatcher.js';
import { EditQueue } from '../chat/editQueue.js';
import { type Health, HealthCheck } from './health.js';
import { interactionEditor, TOKEN_EXPIRED, type Uploader } from '../chat/interactionEdits.js';
import { editsThroughAnswers } from '../chat/interactionWebhooks.js';
import { MessageSync, channelLost } from '../chat/messageSync.js';
import type { Metrics } from './metrics.js';
import { DeletionFollowUp } from './deletionFollowUp.js';
import { type ReminderMessage, Reminders } from './reminders.js';
import { UnreachableError } from './startupRetry.js';
import { Sweeper } from './sweeper.js';
import { TournamentRunner } from './tournaments.js';

/** Well inside Discord's 3 s, leaving room for the answer's own round trip. */
const DEFER_AFTER_MS = 1500;
/**
 * While standing by to take over, interactions older than this are let go: Discord accepts a first
 * answer for 3 s, and the process being taken over answers what arrived before it stopped.
 */
const STANDBY_HOLD_MS = 5000;
/**
 * The interactions answered in this last stretch are handed over on stop; longer than any standby
 * holds one, so whatever a successor holds and this process answered is in the list.
 */
const ANSWERED_KEPT_MS = 10_000;
/**
 * An interaction's token works for 15 minutes; past 14 (a margin for clocks and the request's
 * own time) its answer goes to the stored message with the bot's token instead.
 */
const TOKEN_USABLE_MS = 14 * 60_000;

export interface Bot {
  client: Client;
  turns: BotTurns;
  sweeper: Sweeper;
  messages: MessageSync;
  tournaments: TournamentRunner;
  /** Resolves once every interaction received so far is fully handled (bot turns: `turns.idle()`). */
  settled(): Promise<void>;
  /** Whether an interaction is being handled right now. */
  busy(): boolean;
  /** Gateway connected and database writable (GET /healthz); the database probed at most every few seconds. */
  health(): Promise<Health>;
  stop(): Promise<void>;
}

export interface BotOptions {
  config: Pick<BotConfig, 'token' | 'apiUrl' | 'restProxySecret' | 'botStepDelayMs' | 'sweepIntervalMs'> & {
    deferAfterMs?: number;
  };
  /** Opens the game service once the bot knows its own user id. */
  openService: (botUserId: string) => GameService;
  log: Logger;
  /** The clock interaction ages are measured with (tests advance it). */
  now?: () => number;
  /** Sends edits with megabytes of attachments (a replay) from another thread. */
  uploadLarge?: Uploader;
  /** The gateway shard this process connects as (default: the only one). */
  shard?: ShardScope;
  /** Where to count interactions, Discord's responses and database writes (METRICS_PORT). */
  metrics?: Metrics;
  /**
   * Another process serves this shard (an upgrade's hand-over): once logged in, wait for it to let
   * go before answering anything, and skip the interactions it says it answered. Interactions are
   * held meanwhile, as at any start (src/db/servingLock.ts).
   */
  takeOver?: () => Promise<ReadonlySet<string>>;
  /** On stop, once no new interaction is taken: hand the shard over, with the ids answered lately. */
  handOver?: (answered: string[]) => Promise<void>;
}

/** What to tell whoever runs the bot when it could not log in. */
export function loginFailure(err: unknown): string {
  if (err instanceof UnreachableError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  // Discord closes the gateway with 4011 when one connection would serve too many servers.
  if (/sharding is required/i.test(message)) {
    return 'Discord requires shards for this many servers: set SHARDS=auto in .env (docs/operators.md#many-servers-shards)';
  }
  // discord.js's own check of the token's form, or Discord's 401.
  const refused =
    err instanceof Error && (('code' in err && err.code === 'TokenInvalid') || ('status' in err && err.status === 401));
  return refused ? 'Discord refused the token: check DISCORD_TOKEN' : `could not start the bot: ${message}`;
}

/**
 * A server the bot was removed from (or that was deleted) keeps its data for a grace period, then
 * the sweeper deletes it (src/game/serverData.ts). Discord's GUILD_DELETE says so when its
 * `unavailable` is not set (an outage sets it, and discord.js then emits GuildUnavailable
 * instead); being added again, or finding the server among this shard's at start-up, calls the
 * deletion off. Events reach the shard that holds the server, as its timed work does.
 */
async function watchMembership(client: Client, service: GameService, log: Logger): Promise<void> {
  const noted = (outcome: { ok: boolean }, guildId: string, what: string): void => {
    if (!outcome.ok) log.warn({ guildId }, `could not record that the bot ${what} a server`);
  };
  const failed = (err: unknown): void => log.error({ err }, 'could not record a server joined or left');
  client.on(Events.GuildDelete, (guild) => {
    log.info({ guildId: guild.id }, 'removed from a server: its data is deleted after the grace period');
    service.privacy.serverLeft(guild.id).then((outcome) => noted(outcome, guild.id, 'left'), failed);
  });
  client.on(Events.GuildCreate, (guild) => {
    service.privacy.serversPresent([guild.id]).then((outcome) => noted(outcome, guild.id, 'joined'), failed);
  });
  const present = await service.privacy.serversPresent([...client.guilds.cache.keys()]);
  if (present.ok && present.value.length > 0) log.info({ guilds: present.value }, 'back in servers it had left');
}

/** Logs in, resolves once the client is ready and pending bot turns are resumed. */
export async function startBot(options: BotOptions): Promise<Bot> {
  const { config, log } = options;
  const now = options.now ?? Date.now;
  const shard = options.shard ?? ONE_SHARD;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // Given, never left to discord.js: it would otherwise read SHARDS from the environment, which
    // in .env means the number of shard processes (src/bot/config.ts).
    shards: [shard.id],
    shardCount: shard.count,
    rest: discordApi(config),
    // Nothing the bot sends pings anyone unless its payload names them (every payload does): words
    // users chose, shown in messages, can then never ping @everyone, a role or a user.
    allowedMentions: { parse: [] },
    // Nothing here reads cached messages, members or users (clicks are routed by custom id and
    // carry their user), so those caches would only grow with every click: keep just the bot.
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user.id },
      UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user.id },
      ReactionManager: 0,
      PresenceManager: 0,
      VoiceStateManager: 0,
    }),
  });
  // Interaction endpoints outside the bot's global rate limit, as Discord counts them (botRest.ts).
  client.rest.clearHashSweeper();
  client.rest.clearHandlerSweeper();
  const rest = new BotRest(client.options.rest ?? {}, () => client.application?.id);
  client.rest = rest;
  const { metrics } = options;
  if (metrics) for (const manager of [rest, rest.interactions]) watchRest(manager, metrics);
  client.on(Events.Error, (err) => log.error({ err }, 'discord client error'));
  client.on(Events.Warn, (message) => log.warn({ message }, 'discord client warning'));
  // Interactions that arrive between READY and the dispatcher below are held, not dropped:
  // discord.js drops an event no listener hears and Discord never sends it again, and start-up
  // awaits the database in between (a write per server present; far longer on PostgreSQL, where
  // the manager's "ready" came first and the first clicks after a restart went unanswered).
  const early: { interaction: Interaction; at: number; arrivedAt: number }[] = [];
  let standingBy = false;
  const hold = (interaction: Interaction): void => {
    const arrivedAt = performance.now();
    // Standing by can last: what the serving process answers (or lets time out) is not kept.
    while (standingBy && early.length > 0 && arrivedAt - early[0]!.arrivedAt > STANDBY_HOLD_MS) early.shift();
    early.push({ interaction, at: now(), arrivedAt });
  };
  client.on(Events.InteractionCreate, hold);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  let answeredBefore: ReadonlySet<string> = new Set();
  try {
    await client.login(config.token);
    await ready;
    if (options.takeOver) {
      standingBy = true;
      answeredBefore = await options.takeOver();
      standingBy = false;
    }
  } catch (err) {
    // A refused token must not leave a half-open client keeping the process alive.
    await client.destroy();
    throw err;
  }
  const me = client.user!;
  const service = options.openService(me.id);
  await watchMembership(client, service, log);

  const textChannel = async (channelId: string) => {
    const channel = client.channels.cache.get(channelId) ?? (await client.channels.fetch(channelId));
    if (!channel?.isSendable()) throw new Error(`channel ${channelId} is not a text channel`);
    return channel;
  };
  /** Posts a message with the bot's token; resolves to its id. */
  const post = async (channelId: string, payload: MessagePayload | ReminderMessage): Promise<string> =>
    (await (await textChannel(channelId)).send(payload)).id;
  const health = new HealthCheck(client, service);
  const editor = interactionEditor(discordApi(config), options.uploadLarge);
  if (metrics) {
    watchRest(editor.rest, metrics);
    service.storage.observeWrites((timing) => metrics.write(timing));
    metrics.liveGames = () => service.games.liveCount();
    metrics.gatewayReady = () => health.gateway() === 'ready';
    metrics.databaseWritable = async () => (await health.database()) === 'writable';
  }
  const edits = new EditQueue(
    editsThroughAnswers({
      tokenOf: (messageId) => service.chat.answerToken(messageId),
      now,
      editor,
      client: client as Client<true>,
      botEdit: async (channelId: string, messageId: string, payload: MessagePayload) => {
        await (await textChannel(channelId)).messages.edit(messageId, payload);
      },
    }),
  );
  const boardsInFlight = new BoardsInFlight();
  const messages = new MessageSync({
    service,
    boardsInFlight,
    edits,
    post,
    startThread: async (channelId, messageId, name) => {
      // Raw REST: the message need not be cached. A week of quiet before Discord archives it on
      // its own (the longest it allows), so a slow game's thread stays open between turns; the
      // bot archives it itself once the game is over.
      const body = { name, auto_archive_duration: ThreadAutoArchiveDuration.OneWeek };
      const thread = (await client.rest.post(Routes.threads(channelId, messageId), { body })) as { id: string };
      return thread.id;
    },
    setArchived: async (threadId, archived) => {
      await client.rest.patch(Routes.channel(threadId), { body: { archived } });
    },
    log,
  });
  const turns = new BotTurns({
    service,
    show: (view) => messages.showGame(view),
    delayMs: config.botStepDelayMs,
    log,
  });
  const reminders = new Reminders({
    service,
    post,
    remove: async ({ channelId, messageId }) => {
      await client.rest.delete(Routes.channelMessage(channelId, messageId));
    },
    log,
  });
  // Raw REST, for Discord's own answer (a cache can hold a channel the bot no longer sees). Any
  // other failure (Discord unreachable) says nothing about the channel: the game is left to its deadline.
  const lostChannel = (channelId: string): Promise<boolean> =>
    client.rest.get(Routes.channel(channelId)).then(
      () => false,
      (err: unknown) => channelLost(err),
    );
  // The runner (made below, once the context it opens threads with exists) joins every sweep.
  const sweptTournaments = { runOnce: () => runner.runOnce() };
  const deletions = new DeletionFollowUp({
    service,
    reminders,
    tournaments: sweptTournaments,
    deleteEvent: async (guildId, eventId) => {
      await client.rest.delete(Routes.guildScheduledEvent(guildId, eventId));
    },
    log,
  });
  const sweeper = new Sweeper(service, messages, log, reminders, turns, lostChannel, sweptTournaments, deletions);
  /** When each interaction arrived, for its token's lifetime. */
  const received = new WeakMap<object, number>();
  const ctx: CommandContext = {
    service,
    botUser: { id: me.id, name: me.displayName },
    scheduleBotTurn: (gameId) => turns.schedule(gameId),
    messages,
    boardsInFlight,
    startBoard: (ruleset) => service.rules.startBoard(ruleset),
    deferAfterMs: config.deferAfterMs ?? DEFER_AFTER_MS,
    editDeferred: (interaction, payload) => {
      const age = now() - (received.get(interaction) ?? now());
      if (age > TOKEN_USABLE_MS) return Promise.reject(new Error(TOKEN_EXPIRED));
      return editor.editOriginal(interaction, payload);
    },
    events: {
      create: async (guildId, event) => {
        // EXTERNAL (3), members only (2): an event elsewhere than a voice or stage channel needs a
        // location and an end (resources/guild-scheduled-event.mdx).
        const body = {
          name: event.name,
          description: event.description,
          privacy_level: 2,
          entity_type: 3,
          entity_metadata: { location: event.location },
          scheduled_start_time: new Date(event.startsAt).toISOString(),
          scheduled_end_time: new Date(event.endsAt).toISOString(),
        };
        return ((await client.rest.post(Routes.guildScheduledEvents(guildId), { body })) as { id: string }).id;
      },
      cancel: async (guildId, eventId) => {
        await client.rest.patch(Routes.guildScheduledEvent(guildId, eventId), { body: { status: 4 } });
      },
    },
    threadMembers: new ThreadMembers(now),
    deletions,
    log,
  };
  const runner = new TournamentRunner({
    service,
    messages,
    ctx,
    post,
    edit: (channelId, messageId, payload) => edits.edit(channelId, messageId, payload),
    log,
  });
  service.tournaments.onChange(() => runner.poke());
  // Handlers run concurrently; they are tracked so shutdown (and tests) can wait for them.
  const inFlight = new Set<Promise<void>>();
  /** The interactions taken lately, oldest first, for the hand-over on stop. */
  const answered: { id: string; arrivedAt: number }[] = [];
  // What was left behind by a crash is listed before any new click can change it.
  const catchingUp = messages.catchUp();
  const handle = (interaction: Interaction, at = now(), arrivedAt = performance.now()): void => {
    received.set(interaction, at);
    while (answered.length > 0 && arrivedAt - answered[0]!.arrivedAt > ANSWERED_KEPT_MS) answered.shift();
    answered.push({ id: interaction.id, arrivedAt });
    let failed = false;
    const handled = dispatch(interaction, ctx, () => (failed = true)).finally(() => {
      inFlight.delete(handled);
      if (metrics) countInteraction(metrics, interaction, failed, arrivedAt);
    });
    inFlight.add(handled);
  };
  client.off(Events.InteractionCreate, hold);
  client.on(Events.InteractionCreate, (interaction) => handle(interaction));
  for (const held of early.splice(0)) {
    if (!answeredBefore.has(held.interaction.id)) handle(held.interaction, held.at, held.arrivedAt);
  }
  const settled = async (): Promise<void> => {
    while (inFlight.size > 0) await Promise.all(inFlight);
  };
  await catchingUp.catch((err: unknown) => log.error({ err }, 'catching up with the database failed'));
  for (const gameId of await service.games.botTurns()) turns.schedule(gameId);
  // Whatever came due while the bot was down: a start, a round's time limit, a round left unpaired.
  runner.poke();
  if (config.sweepIntervalMs > 0) sweeper.start(config.sweepIntervalMs);
  log.info({ user: me.tag, guilds: client.guilds.cache.size, shard: shard.id, shards: shard.count }, 'senet bot ready');

  return {
    client,
    turns,
    sweeper,
    messages,
    tournaments: runner,
    settled,
    busy: () => inFlight.size > 0,
    health: () => health.check(),
    async stop() {
      client.removeAllListeners(Events.InteractionCreate);
      // No interaction is taken from here on: a process standing by may answer every other one.
      await options.handOver?.(answered.map((a) => a.id)).catch((err: unknown) => {
        log.error({ err }, 'could not hand the shard over: a process standing by takes over once this one is gone');
      });
      service.tournaments.onChange(() => {});
      await Promise.all(inFlight);
      await sweeper.stop();
      await runner.idle();
      await turns.stop();
      await edits.idle();
      await client.destroy();
      editor.close();
      log.info(service.storage.lockWaits(), 'database writes');
      await service.storage.close();
    },
  };
}
