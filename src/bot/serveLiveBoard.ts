// The live board (src/activity) beside the bot in one process. A move made on a page is committed
// through the same service call as a click; the game's chat message is then edited, and the
// computer's turn played, by the process that owns the game, told by the database's news like
// every other process (src/bot/gameNews.ts), and the same news brings changes made anywhere to
// the pages.
import type { Logger } from 'pino';
import { DiscordSignIn } from '../activity/discordSignIn.js';
import { type LiveServer, startLiveServer } from '../activity/liveServer.js';
import { buildPage } from '../activity/pageBundle.js';
import type { GameService } from '../game/service.js';
import type { GameView } from '../game/types.js';
import type { Bot } from './client.js';
import { type ActivityConfig, type BotConfig, DEFAULT_API_URL } from './config.js';

/**
 * What to do with a game started from the live board's lobby: posted in its channel as a
 * tournament's game is (it has no challenge message to become its board), where the bot posts
 * (a game recorded outside servers is played on the live board only); then the computer plays
 * its turn, if it is the computer's.
 * @internal
 */
export function showLiveStart(bot: () => Pick<Bot, 'postNewGame' | 'turns'>, log: Logger): (view: GameView) => void {
  return (view) => {
    const { postNewGame, turns } = bot();
    const posted = view.guildId === '' ? Promise.resolve() : postNewGame(view);
    void posted
      .catch((err: unknown) =>
        log.warn({ err, gameId: view.gameId }, 'a game started on the live board was not posted'),
      )
      .then(() => {
        if (view.botToAct) turns.schedule(view.gameId);
      });
  };
}

/**
 * Whether the bot is a member of the server (null: outside servers), so its token posts there.
 * @internal
 */
export function botPostsIn(bot: () => Pick<Bot, 'client'>): (guildId: string | null) => Promise<boolean> {
  return async (guildId) => {
    if (guildId === null) return false;
    const { guilds } = bot().client;
    // Another shard's server is not in this process's cache: Discord is asked (GET /guilds/{id}).
    return (
      guilds.cache.has(guildId) ||
      (await guilds.fetch(guildId).then(
        () => true,
        () => false,
      ))
    );
  };
}

/**
 * ACTIVITY_PORT: the live board's server beside this bot (docs/activity.md). Under a sharding
 * manager shard 0 serves it: one address for the portal's URL mapping; a page's move on a game of
 * another shard is shown in chat by that shard's process, which hears of it from the database. A
 * port that cannot be bound stops the bot, as METRICS_PORT's does.
 */
export async function serveLiveBoard(options: {
  activity: ActivityConfig;
  config: Pick<BotConfig, 'apiUrl' | 'applicationId' | 'token' | 'restProxySecret'>;
  service: GameService;
  bot: Pick<Bot, 'news' | 'turns' | 'postNewGame' | 'client'>;
  log: Logger;
}): Promise<LiveServer> {
  const { activity, config, log } = options;
  const me = options.bot.client.user;
  if (!me) throw new Error('the live board starts once the bot is logged in');
  const signIn = new DiscordSignIn({
    apiUrl: config.apiUrl,
    // A player's own requests are not the bot's: past the REST proxy, straight to Discord.
    oauthApiUrl: config.restProxySecret === null ? config.apiUrl : DEFAULT_API_URL,
    applicationId: config.applicationId,
    clientSecret: activity.clientSecret,
    botToken: config.token,
  });
  if (activity.mockSignIn) log.warn('the live board accepts mock sign-ins (ACTIVITY_MOCK_SIGN_IN): tests only');
  return await startLiveServer({
    host: activity.host,
    port: activity.port,
    service: options.service,
    signIn,
    mockSignIn: activity.mockSignIn,
    page: await buildPage(config.applicationId),
    computer: { id: me.id, name: me.displayName },
    started: showLiveStart(() => options.bot, log),
    postsIn: botPostsIn(() => options.bot),
    follow: (listener) => options.bot.news.follow(listener),
    log,
  });
}
