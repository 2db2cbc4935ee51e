// The running bot, put together: a discord.js client (Guilds intent only) wired to the
// dispatcher, the chat (src/chat), the bot-turn scheduler and the deadline sweeper. startBot's
// steps: make the client and hold interactions, log in, open the service, wire the chat, the
// timed work and the commands' context, serve. stop() undoes everything so a process (or a test)
// can exit cleanly.
import { Client, Events, GatewayIntentBits, Options, Routes, ThreadAutoArchiveDuration } from 'discord.js';
import type { Logger } from 'pino';
import { BoardsInFlight } from '../chat/boardsInFlight.js';
import { EditQueue } from '../chat/editQueue.js';
import { type InteractionEditor, interactionEditor, type Uploader } from '../chat/interactionEdits.js';
import { editsThroughAnswers } from '../chat/interactionWebhooks.js';
import type { MessagePayload, Offered } from '../chat/messages.js';
import { MessageSync, channelLost } from '../chat/messageSync.js';
import { postNewGame } from '../chat/threads.js';
import { type GameService, ONE_SHARD, type ShardScope } from '../game/service.js';
import type { GameView } from '../game/types.js';
import type { CommandContext } from '../commands/commandContext.js';
import { BotRest } from './botRest.js';
import { BotTurns } from './botTurns.js';
import { watchRest } from './botMetrics.js';
import type { BotConfig } from './config.js';
import { commandContext } from './context.js';
import { DeletionFollowUp } from './deletionFollowUp.js';
import { type GameNews, hearGameNews } from './gameNews.js';
import { discordApi } from './discordApi.js';
import { type Health, HealthCheck } from './healthCheck.js';
import { InteractionIntake } from './interactionIntake.js';
import type { Metrics } from './metrics.js';
import { type ReminderMessage, Reminders } from './reminderMessages.js';
import { UnreachableError } from './startupRetry.js';
import { Sweeper } from './sweeper.js';
import { TournamentRunner } from './tournamentRunner.js';

export interface Bot {
  client: Client;
  turns: BotTurns;
  sweeper: Sweeper;
  messages: MessageSync;
  tournaments: TournamentRunner;
  /** Posts a game started with no challenge message (the live board's): src/chat/threads.ts. */
  postNewGame(view: GameView): Promise<void>;
  /** News of every change to a game committed from now on, by any process on the database (gameNews.ts). */
  news: GameNews;
  /** Resolves once every interaction received so far is fully handled (bot turns: `turns.idle()`). */
  settled(): Promise<void>;
  /** Whether an interaction is being handled right now. */
  busy(): boolean;
  /** Gateway connected and database writable (GET /healthz); the database probed at most every few seconds. */
  health(): Promise<Health>;
  stop(): Promise<void>;
}

export interface BotOptions {
  config: Pick<BotConfig, 'token' | 'apiUrl' | 'restProxySecret' | 'botStepDelayMs' | 'sweepIntervalMs'> &
    Partial<Pick<BotConfig, 'activity'>> & {
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

/** The discord.js client, as it is made (Guilds intent only, one shard, no caches of messages, members or users). */
function discordClient(
  config: Pick<BotConfig, 'apiUrl' | 'restProxySecret'>,
  shard: ShardScope,
  log: Logger,
  metrics?: Metrics,
): Client {
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
  if (metrics) for (const manager of [rest, rest.interactions]) watchRest(manager, metrics);
  client.on(Events.Error, (err) => log.error({ err }, 'discord client error'));
  client.on(Events.Warn, (message) => log.warn({ message }, 'discord client warning'));
  return client;
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
 * the sweeper deletes it (src/game/privacy.ts). Discord's GUILD_DELETE says so when its
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
  const client = discordClient(config, shard, log, options.metrics);
  const intake = new InteractionIntake(client, now, options.metrics);
  const answeredBefore = await logIn(client, config.token, intake, options.takeOver);
  if (!client.isReady()) throw new Error('logged in, yet the client is not ready');
  const me = client.user;
  const service = options.openService(me.id);
  await watchMembership(client, service, log);
  const health = new HealthCheck(client, service);
  const chat = wireChat(client, service, options, now);
  if (options.metrics) observe(options.metrics, service, health, chat.editor);
  const work = timedWork(client, service, chat, options);
  const ctx = commandContext({
    ...chat,
    client,
    service,
    turns: work.turns,
    deletions: work.deletions,
    intake,
    deferAfterMs: config.deferAfterMs,
    now,
    log,
  });
  const runner = work.startTournaments(ctx);
  // Changes from now on, made anywhere; what was made before is the catch-up's.
  const news = await hearGameNews(service, { ...chat, service, turns: work.turns, log });
  // What was left behind by a crash is listed before any new click can change it.
  const catchingUp = chat.messages.catchUp();
  intake.serve(ctx, answeredBefore);
  await catchingUp.catch((err: unknown) => log.error({ err }, 'catching up with the database failed'));
  for (const gameId of await service.games.botTurns()) work.turns.schedule(gameId);
  // Whatever came due while the bot was down: a start, a round's time limit, a round left unpaired.
  runner.poke();
  if (config.sweepIntervalMs > 0) work.sweeper.start(config.sweepIntervalMs);
  log.info({ user: me.tag, guilds: client.guilds.cache.size, shard: shard.id, shards: shard.count }, 'senet bot ready');

  return {
    client,
    turns: work.turns,
    sweeper: work.sweeper,
    messages: chat.messages,
    tournaments: runner,
    postNewGame: (view) => postNewGame(view, ctx),
    news,
    settled: () => intake.settled(),
    busy: () => intake.busy(),
    health: () => health.check(),
    stop: () => stopBot({ client, service, intake, chat, work, runner, news, options }),
  };
}

/** Undoes what startBot did, in order: no new interaction, hand-over, work finished, connections closed. */
async function stopBot(parts: {
  client: Client;
  service: GameService;
  intake: InteractionIntake;
  chat: Chat;
  work: ReturnType<typeof timedWork>;
  runner: TournamentRunner;
  news: GameNews;
  options: BotOptions;
}): Promise<void> {
  const { client, service, intake, chat, work, runner, news, options } = parts;
  // No interaction is taken from here on: a process standing by may answer every other one.
  const answered = intake.close();
  await options.handOver?.(answered).catch((err: unknown) => {
    options.log.error({ err }, 'could not hand the shard over: a process standing by takes over once this one is gone');
  });
  service.tournaments.onChange(() => {});
  service.storage.whenReachable(() => {});
  await intake.settled();
  // The computer's pauses are cut short first: the news waits for a game's computer turn before
  // looking at its message, and a turn paused for BOT_STEP_DELAY_MS would hold shutdown that long.
  const turnsStopped = work.turns.stop();
  await news.close();
  await work.sweeper.stop();
  await runner.idle();
  await turnsStopped;
  await chat.edits.idle();
  await client.destroy();
  chat.editor.close();
  options.log.info(service.storage.lockWaits(), 'database writes');
  await service.storage.close();
}

/**
 * Logs in and waits for READY (and, taking over from another process, for it to let go);
 * resolves to the interactions that process answered. A refused token leaves no half-open client.
 */
async function logIn(
  client: Client,
  token: string,
  intake: InteractionIntake,
  takeOver: BotOptions['takeOver'],
): Promise<ReadonlySet<string>> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(token);
    await ready;
    if (!takeOver) return new Set();
    intake.standingBy = true;
    const answered = await takeOver();
    intake.standingBy = false;
    return answered;
  } catch (err) {
    // A refused token must not leave a half-open client keeping the process alive.
    await client.destroy();
    throw err;
  }
}

/** How a game's change reaches the chat: answers' edits, the per-channel edit queue, the stored messages. */
interface Chat {
  editor: InteractionEditor;
  edits: EditQueue;
  boardsInFlight: BoardsInFlight;
  messages: MessageSync;
  /** Posts a message with the bot's token; resolves to its id. */
  post: (channelId: string, payload: MessagePayload | ReminderMessage) => Promise<string>;
  offered: Offered;
}

function wireChat(client: Client<true>, service: GameService, options: BotOptions, now: () => number): Chat {
  const textChannel = async (channelId: string) => {
    const channel = client.channels.cache.get(channelId) ?? (await client.channels.fetch(channelId));
    if (!channel?.isSendable()) throw new Error(`channel ${channelId} is not a text channel`);
    return channel;
  };
  const post = async (channelId: string, payload: MessagePayload | ReminderMessage): Promise<string> =>
    (await (await textChannel(channelId)).send(payload)).id;
  const editor = interactionEditor(discordApi(options.config), options.uploadLarge);
  const edits = new EditQueue(
    editsThroughAnswers({
      tokenOf: (messageId) => service.chat.answerToken(messageId),
      now,
      editor,
      client,
      botEdit: async (channelId: string, messageId: string, payload: MessagePayload) => {
        await (await textChannel(channelId)).messages.edit(messageId, payload);
      },
    }),
  );
  const boardsInFlight = new BoardsInFlight();
  // The live board is set up wherever ACTIVITY_PORT is (every shard; shard 0 serves it).
  const offered: Offered = { liveBoard: (options.config.activity ?? null) !== null };
  const messages = new MessageSync({
    service,
    boardsInFlight,
    offered,
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
    log: options.log,
  });
  return { editor, edits, boardsInFlight, messages, post, offered };
}

/** The counts METRICS_PORT serves that the service and the chat keep. */
function observe(metrics: Metrics, service: GameService, health: HealthCheck, editor: InteractionEditor): void {
  watchRest(editor.rest, metrics);
  service.storage.observeWrites((timing) => metrics.write(timing));
  metrics.liveGames = () => service.games.liveCount();
  metrics.gatewayReady = () => health.gateway() === 'ready';
  metrics.databaseWritable = async () => (await health.database()) === 'writable';
}

/** What runs on its own time: the computer's turns, reminders, deletions' follow-ups, the sweeper, tournaments. */
function timedWork(client: Client<true>, service: GameService, chat: Chat, options: BotOptions) {
  const { log } = options;
  const turns = new BotTurns({
    service,
    show: (view) => chat.messages.showGame(view),
    delayMs: options.config.botStepDelayMs,
    log,
  });
  const reminders = new Reminders({
    service,
    post: chat.post,
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
  // The runner (made once the context it opens threads with exists) joins every sweep.
  let runner: TournamentRunner | undefined;
  const sweptTournaments = { runOnce: () => runner?.runOnce() ?? Promise.resolve() };
  const deletions = new DeletionFollowUp({
    service,
    reminders,
    tournaments: sweptTournaments,
    deleteEvent: async (guildId, eventId) => {
      await client.rest.delete(Routes.guildScheduledEvent(guildId, eventId));
    },
    log,
  });
  const sweeper = new Sweeper(service, chat.messages, log, reminders, turns, lostChannel, sweptTournaments, deletions);
  service.storage.whenReachable(() => {
    log.info('the database answers again; taking up the edits and computer turns the outage stopped');
    void sweeper.resume();
  });
  const startTournaments = (ctx: CommandContext): TournamentRunner => {
    runner = new TournamentRunner({
      service,
      messages: chat.messages,
      ctx,
      post: chat.post,
      edit: async (channelId, messageId, payload) => {
        await chat.edits.edit(channelId, messageId, payload);
      },
      log,
    });
    service.tournaments.onChange(() => runner?.poke());
    return runner;
  };
  return { turns, deletions, sweeper, startTournaments };
}
