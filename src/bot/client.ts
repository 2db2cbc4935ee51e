// The running bot: a discord.js client (Guilds intent only) wired to the dispatcher, the
// bot-turn scheduler and the deadline sweeper. start() logs in and resumes the computer's
// pending turns; stop() undoes everything so a process (or a test) can exit cleanly.
import { Client, Events, GatewayIntentBits, Options } from 'discord.js';
import type { Logger } from 'pino';
import type { CommandContext } from '../commands/context.js';
import type { GameService } from '../game/service.js';
import { gameMessage, type MessagePayload } from '../commands/messages.js';
import type { GameView } from '../game/types.js';
import { BotTurns } from './botTurns.js';
import type { BotConfig } from './config.js';
import { dispatch } from './dispatcher.js';
import { interactionEditor } from './interactionEdits.js';
import { Sweeper } from './sweeper.js';

/** Well inside Discord's 3 s, leaving room for the answer's own round trip. */
const DEFER_AFTER_MS = 1500;

export interface Bot {
  client: Client;
  turns: BotTurns;
  sweeper: Sweeper;
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
}

/** Logs in, resolves once the client is ready and pending bot turns are resumed. */
export async function startBot(options: BotOptions): Promise<Bot> {
  const { config, log } = options;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
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

  const editStored = async (channelId: string, messageId: string, payload: MessagePayload): Promise<void> => {
    const channel = client.channels.cache.get(channelId) ?? (await client.channels.fetch(channelId));
    if (!channel?.isTextBased()) throw new Error(`channel ${channelId} is not a text channel`);
    await channel.messages.edit(messageId, payload);
  };
  const editGame = async (view: GameView): Promise<void> => {
    if (view.messageId) await editStored(view.channelId, view.messageId, gameMessage(view));
  };
  const editor = interactionEditor(config.apiUrl);
  const turns = new BotTurns({ service, show: editGame, delayMs: config.botStepDelayMs, log });
  const sweeper = new Sweeper(service, editStored, log);
  const ctx: CommandContext = {
    service,
    botUser: { id: me.id, name: me.displayName },
    scheduleBotTurn: (gameId) => turns.schedule(gameId),
    editGame,
    startBoard: (ruleset) => service.startBoard(ruleset),
    deferAfterMs: config.deferAfterMs ?? DEFER_AFTER_MS,
    editDeferred: (interaction, payload) => editor.editOriginal(interaction, payload),
    log,
  };
  // Handlers run concurrently; they are tracked so shutdown (and tests) can wait for them.
  const inFlight = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    const handled = dispatch(interaction, ctx).finally(() => inFlight.delete(handled));
    inFlight.add(handled);
  });
  const settled = async (): Promise<void> => {
    while (inFlight.size > 0) await Promise.all(inFlight);
  };
  for (const gameId of service.pendingBotGames()) turns.schedule(gameId);
  if (config.sweepIntervalMs > 0) sweeper.start(config.sweepIntervalMs);
  log.info({ user: me.tag, guilds: client.guilds.cache.size }, 'senet bot ready');

  return {
    client,
    turns,
    sweeper,
    settled,
    busy: () => inFlight.size > 0,
    async stop() {
      client.removeAllListeners(Events.InteractionCreate);
      await Promise.all(inFlight);
      await sweeper.stop();
      await turns.stop();
      await client.destroy();
      editor.close();
      service.close();
    },
  };
}
