// `npm start`: runs the bot with the settings from .env. Without a token it says which settings
// are missing and how to get them, then plays an offline demo game and exits 0.
import { config as loadDotenv } from 'dotenv';
import { startBot } from './bot/client.js';
import { collectBuffersPeriodically } from './bot/collector.js';
import { explainMissing, inviteUrl, loadConfig } from './bot/config.js';
import { createLogger } from './bot/logger.js';
import { RenderPool } from './bot/renderPool.js';
import { ReplayThread } from './bot/replayThread.js';
import { databasePath } from './db/connection.js';
import { openService } from './game/service.js';
import { runDemo } from './tools/demo.js';

loadDotenv({ quiet: true });
const result = loadConfig(process.env);

if (!result.ok) {
  console.log(explainMissing(result));
  console.log(
    '\nWithout a Discord connection, here is an offline demo: two computer players, the real game service, database and renderer.',
  );
  const demo = await runDemo({ outDir: process.env.DEMO_OUTPUT_DIR?.trim() || 'demo-output' });
  console.log(`${demo.finished ? 'Finished' : 'Stopped'} after ${demo.actions} actions: ${demo.lastLine}`);
  console.log(`Board pictures written:\n${demo.files.map((f) => `  ${f}`).join('\n')}`);
  process.exit(0);
}

const { config } = result;
const log = createLogger({ level: config.logLevel, secrets: [config.token] });
const renderPool = config.renderThreads > 0 ? new RenderPool(config.renderThreads) : null;
const replayThread = new ReplayThread();
const bot = await startBot({
  config,
  log,
  openService: (botUserId) =>
    openService({
      dbPath: databasePath(process.env),
      botUserId,
      config: { challengeTtlMs: config.challengeTtlMs, turnTtlMs: config.turnTtlMs },
      ...(renderPool ? { renderBoard: renderPool.render } : {}),
      renderReplay: replayThread.render,
    }),
}).catch((err: unknown) => {
  log.fatal({ err }, 'could not start the bot (check DISCORD_TOKEN)');
  process.exit(1);
});

log.info({ invite: inviteUrl(config.applicationId) }, 'add the bot to a server with this link');
const stopCollecting = collectBuffersPeriodically({ busy: () => bot.busy() });

const shutdown = (signal: string): void => {
  log.info({ signal }, 'shutting down');
  stopCollecting();
  void bot
    .stop()
    .then(() => Promise.all([renderPool?.close(), replayThread.close()]))
    .then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
