// The discord.js client the bot runs on, as it is made: the Guilds intent only, one shard, no
// caches of messages, members or users, the REST client that keeps interaction endpoints outside
// the global rate limit (botRest.ts), and its errors logged.
import { Client, Events, GatewayIntentBits, Options } from 'discord.js';
import type { Logger } from 'pino';
import type { ShardScope } from '../game/service.js';
import { BotRest } from './botRest.js';
import { watchRest } from './botMetrics.js';
import type { BotConfig } from './config.js';
import { discordApi } from './discordApi.js';
import type { Metrics } from './metrics.js';

export function discordClient(
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
