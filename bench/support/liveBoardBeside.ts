// The live board's server as a process of its own beside the bot, on the same database: the other
// layout `npm run bench -- activity` measures (docs/activity.md says which one the bot uses and
// why). It serves pages as the bot's does and hears of every change from the database's news; it
// owns no game, so the chat is left to the bot process that owns each (src/bot/gameNews.ts).
// Settings as the bot's: DATABASE_URL or DATABASE_PATH, DISCORD_API_URL, DISCORD_APPLICATION_ID,
// ACTIVITY_PORT, and BOT_USER_ID (the bot's own user id, which the bot learns at log-in).
import { pino } from 'pino';
import { DiscordSignIn } from '../../src/activity/discordSignIn.js';
import { startLiveServer } from '../../src/activity/liveServer.js';
import { buildPage } from '../../src/activity/pageBundle.js';
import { hearGameNews } from '../../src/bot/gameNews.js';
import { openConfiguredDatabase } from '../../src/db/open.js';
import { openService } from '../../src/game/service.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const log = pino({ level: 'info' });
const url = process.env.DATABASE_URL;
const db = await openConfiguredDatabase(url ? { url } : { path: env('DATABASE_PATH') });
const service = openService({ db, botUserId: env('BOT_USER_ID') });
const news = await hearGameNews(service);
const applicationId = env('DISCORD_APPLICATION_ID');
const live = await startLiveServer({
  host: '127.0.0.1',
  port: Number(env('ACTIVITY_PORT')),
  service,
  signIn: new DiscordSignIn({
    apiUrl: env('DISCORD_API_URL'),
    applicationId,
    clientSecret: null,
    botToken: env('DISCORD_TOKEN'),
  }),
  mockSignIn: true,
  page: await buildPage(applicationId),
  // The lobby's games against the computer: the bot's user, as the fake Discord names it.
  computer: { id: env('BOT_USER_ID'), name: 'Senet' },
  follow: (listener) => news.follow(listener),
  log,
});
process.once('SIGTERM', () => {
  void Promise.all([live.close(), news.close()])
    .then(() => db.close())
    .then(() => process.exit(0));
});
