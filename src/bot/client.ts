// The running bot: a discord.js client (Guilds intent only) wired to the dispatcher, the
// bot-turn scheduler and the deadline sweeper. start() logs in and resumes the computer's
// pending turns; stop() undoes everything so a process (or a test) can exit cleanly.
import { Client, Events, GatewayIntentBits, Options, Routes, ThreadAutoArchiveDuration } from 'discord.js';
import type { Logger } from 'pino';
import { BoardsInFlight } from '../commands/boardsInFlight.js';
import type { CommandContext } from '../commands/context.js';
import { type GameService, ONE_SHARD, type ShardScope } from '../game/service.js';
import type { MessagePayload } from '../commands/messages.js';
import { BotRest } from './botRest.js';
import { BotTurns } from './botTurns.js';
import type { BotConfig } from './config.js';
import { dispatch } from './dispatcher.js';
import { EditQueue } from './editQueue.js';
import { interactionEditor, TOKEN_EXPIRED, type Uploader } from './interactionEdits.js';
import { editsThroughAnswers } from './interactionWebhooks.js';
import { MessageSync } from './messageSync.js';
import { type ReminderMessage, Reminders } from './reminders.js';
import { Sweeper } from './sweeper.js';

/** Well inside Discord's 3 s, leaving room for the answer's own round trip. */
const DEFER_AFTER_MS = 1500;
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
  /** Resolves once every interaction received so far is fully handled (bot turns: `turns.idle()`). */
  settled(): Promise<void>;
  /** Whether an interaction is being handled right now. */
  busy(): boolean;
  stop(): Promise<void>;
}

export interface BotOptions {
  config: Pick<BotConfig, 'token' | 'apiUrl' | 'botStepDelayMs' | 'sweepIntervalMs'> & { deferAfterMs?: number };
  /** Opens the game service once the bot knows its own user id. */
  openService: (botUserId: string) => GameService;
  log: Logger;
  /** The clock interaction ages are measured with (tests advance it). */
  now?: () => number;
  /** Sends edits with megabytes of attachments (a replay) from another thread. */
  uploadLarge?: Uploader;
  /** The gateway shard this process connects as (default: the only one). */
  shard?: ShardScope;
}

/** What to tell whoever runs the bot when it could not log in. */
export function loginFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // Discord closes the gateway with 4011 when one connection would serve too many servers.
  if (/sharding is required/i.test(message)) {
    return 'Discord requires shards for this many servers: set SHARDS=auto in .env (README, "Many servers: shards")';
  }
  return 'could not start the bot (check DISCORD_TOKEN)';
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
    rest: { api: config.apiUrl },
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
  client.rest = new BotRest(client.options.rest ?? {}, () => client.application?.id);
  client.on(Events.Error, (err) => log.error({ err }, 'discord client error'));
  client.on(Events.Warn, (message) => log.warn({ message }, 'discord client warning'));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(config.token);
    await ready;
  } catch (err) {
    // A refused token must not leave a half-open client keeping the process alive.
    await client.destroy();
    throw err;
  }
  const me = client.user!;
  const service = options.openService(me.id);

  const textChannel = async (channelId: string) => {
    const channel = client.channels.cache.get(channelId) ?? (await client.channels.fetch(channelId));
    if (!channel?.isSendable()) throw new Error(`channel ${channelId} is not a text channel`);
    return channel;
  };
  /** Posts a message with the bot's token; resolves to its id. */
  const post = async (channelId: string, payload: MessagePayload | ReminderMessage): Promise<string> =>
    (await (await textChannel(channelId)).send(payload)).id;
  const editor = interactionEditor(config.apiUrl, options.uploadLarge);
  const edits = new EditQueue(
    editsThroughAnswers({
      tokenOf: (messageId) => service.answerToken(messageId),
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
  const sweeper = new Sweeper(service, messages, log, reminders, turns);
  /** When each interaction arrived, for its token's lifetime. */
  const received = new WeakMap<object, number>();
  const ctx: CommandContext = {
    service,
    botUser: { id: me.id, name: me.displayName },
    scheduleBotTurn: (gameId) => turns.schedule(gameId),
    messages,
    boardsInFlight,
    startBoard: (ruleset) => service.startBoard(ruleset),
    deferAfterMs: config.deferAfterMs ?? DEFER_AFTER_MS,
    editDeferred: (interaction, payload) => {
      const age = now() - (received.get(interaction) ?? now());
      if (age > TOKEN_USABLE_MS) return Promise.reject(new Error(TOKEN_EXPIRED));
      return editor.editOriginal(interaction, payload);
    },
    log,
  };
  // Handlers run concurrently; they are tracked so shutdown (and tests) can wait for them.
  const inFlight = new Set<Promise<void>>();
  // What was left behind by a crash is listed before any new click can change it.
  const catchingUp = messages.catchUp();
  client.on(Events.InteractionCreate, (interaction) => {
    received.set(interaction, now());
    const handled = dispatch(interaction, ctx).finally(() => inFlight.delete(handled));
    inFlight.add(handled);
  });
  const settled = async (): Promise<void> => {
    while (inFlight.size > 0) await Promise.all(inFlight);
  };
  await catchingUp.catch((err: unknown) => log.error({ err }, 'catching up with the database failed'));
  for (const gameId of service.pendingBotGames()) turns.schedule(gameId);
  if (config.sweepIntervalMs > 0) sweeper.start(config.sweepIntervalMs);
  log.info({ user: me.tag, guilds: client.guilds.cache.size, shard: shard.id, shards: shard.count }, 'senet bot ready');

  return {
    client,
    turns,
    sweeper,
    messages,
    settled,
    busy: () => inFlight.size > 0,
    async stop() {
      client.removeAllListeners(Events.InteractionCreate);
      await Promise.all(inFlight);
      await sweeper.stop();
      await turns.stop();
      await edits.idle();
      await client.destroy();
      editor.close();
      log.info(service.lockWaits(), 'database writes');
      service.close();
    },
  };
}
