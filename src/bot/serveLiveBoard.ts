// The live board (src/activity) beside the bot in one process: a move made on a page is shown in
// the game's chat message at once, as a click's answer would show it, and the computer plays its
// turn after it as after a click. Changes made elsewhere reach the pages from the database
// (src/activity/liveServer.ts).
import type { Logger } from 'pino';
import { DiscordSignIn } from '../activity/discordSignIn.js';
import { type LiveServer, startLiveServer } from '../activity/liveServer.js';
import { buildPage } from '../activity/pageBundle.js';
import type { GameService } from '../game/service.js';
import type { GameView } from '../game/types.js';
import type { Bot } from './client.js';
import { type ActivityConfig, type BotConfig, DEFAULT_API_URL } from './config.js';

/**
 * What to do with a change the live board committed: show it in chat, then let the computer play.
 * @internal
 */
export function showLiveChange(bot: () => Pick<Bot, 'messages' | 'turns'>, log: Logger): (view: GameView) => void {
  return (view) => {
    const { messages, turns } = bot();
    void messages
      .showGame(view)
      .catch((err: unknown) => {
        log.warn({ err, gameId: view.gameId }, 'a live board move could not be shown in chat; shown at the next sweep');
        messages.showLater(view.gameId);
      })
      .then(() => {
        if (view.botToAct) turns.schedule(view.gameId);
      });
  };
}

/**
 * ACTIVITY_PORT: the live board's server beside this bot (docs/activity.md). Under a sharding
 * manager shard 0 serves it: one address for the portal's URL mapping, and a page's move is
 * shown in chat by whichever process serves it (REST needs no gateway shard). A port that cannot
 * be bound stops the bot, as METRICS_PORT's does.
 */
export async function serveLiveBoard(options: {
  activity: ActivityConfig;
  config: Pick<BotConfig, 'apiUrl' | 'applicationId' | 'token' | 'restProxySecret'>;
  service: GameService;
  bot: Pick<Bot, 'messages' | 'turns'>;
  log: Logger;
}): Promise<LiveServer> {
  const { activity, config, log } = options;
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
    changed: showLiveChange(() => options.bot, log),
    log,
  });
}
