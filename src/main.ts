// `npm start`: runs the bot with the settings from .env: one process, or with SHARDS one process
// per gateway shard under a manager (this same script, which discord.js runs again for each
// shard). Every problem with the settings is printed on a line of its own and the process exits
// 78, before anything starts. Only a fresh checkout (no token at all, nothing invalid) says which
// settings are missing and how to get them, then plays an offline demo game and exits 0.
import { config as loadDotenv } from 'dotenv';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { type ActivityConfig, explainMissing, inviteUrl, loadConfig, problemLines, shardOf } from './bot/config.js';
import { createLogger } from './bot/logger.js';
import { spawnShards } from './bot/shardManager.js';
import { retryingNetworkFailures } from './bot/startupRetry.js';
import { DEFAULT_DATABASE_PATH } from './db/sqliteConnection.js';
import { openConfiguredDatabase } from './db/open.js';
import { servingLock } from './db/servingLock.js';
import type { GameService, ShardScope } from './game/service.js';
import type { LiveServer } from './activity/liveServer.js';
import type { Bot } from './bot/client.js';
import type { Health } from './bot/healthCheck.js';
import type { Metrics } from './bot/metrics.js';
import type { MetricsServer } from './bot/metricsServer.js';

/**
 * The exit code for bad settings: sysexits' EX_CONFIG, so a service manager can tell a setting to
 * fix from a crash and not restart into the same error (systemd: RestartPreventExitStatus=78).
 */
const EXIT_BAD_SETTINGS = 78;

/** Discord-facing work gets this long to finish on SIGTERM/SIGINT; the process is gone within 10 s. */
const SHUTDOWN_LIMIT_MS = 9000;

/** How often a process standing by tries the serving lock: each try is a few microseconds' work. */
const TAKE_OVER_POLL_MS = 20;

/** Stops this bot process cleanly (once), exiting with `code`; set once the bot runs. */
let shutdown: (signal: string, code?: number) => void = (_signal, code = 1) => process.exit(code);

loadDotenv({ quiet: true });
const result = loadConfig(process.env);

if (!result.ok) {
  if (!result.demo) {
    for (const line of problemLines(result)) console.error(line);
    console.error('The bot did not start. Fix the settings above (in .env or the environment; see .env.example).');
    process.exit(EXIT_BAD_SETTINGS);
  }
  console.log(explainMissing(result));
  console.log(
    '\nWithout a Discord connection, here is an offline demo: two computer players, the real game service, database and renderer.',
  );
  const { runDemo } = await import('./tools/demo.js');
  const demo = await runDemo({ outDir: result.demo.outDir });
  console.log(`Finished after ${demo.actions} actions: ${demo.lastLine}`);
  console.log(`Board pictures written:\n${demo.files.map((f) => `  ${f}`).join('\n')}`);
  console.log(`The winning position: ${demo.winningPicture}`);
  process.exit(0);
}

const { config } = result;
const { sharding } = config;
// The database's password (DATABASE_URL) never reaches a log line either, like the token.
const databasePassword = config.databaseUrl ? decodeURIComponent(new URL(config.databaseUrl).password) : '';
const log = createLogger({
  level: config.logLevel,
  secrets: [config.token, databasePassword, config.activity?.clientSecret ?? ''],
});
const shardLog = sharding.role === 'shard' ? log.child({ shard: sharding.shard.id }) : log;
// Opened (checked and migrated) before logging in: a damaged file or an unreachable PostgreSQL
// stops the bot with a clear message. The sharding manager opens it too, once, so its shards
// start on a migrated database.
const databaseFile = config.databasePath ?? DEFAULT_DATABASE_PATH;
const db = await openConfiguredDatabase({
  url: config.databaseUrl,
  path: databaseFile,
  poolSize: config.databasePoolSize,
  // Migrations only go forward: a SQLite file is copied as it was first (on PostgreSQL, the
  // upgrade's own backup, deploy/switch-release, is the way back).
  backupBeforeMigrating: {
    dir: config.backups.dir ?? join(dirname(databaseFile), 'backups'),
    copied: (file, fromVersion) =>
      shardLog.info(
        { file, fromVersion },
        'copied the database before migrating it (the way back: docs/deploy.md#rolling-back)',
      ),
  },
}).catch((err: unknown) => {
  shardLog.fatal({ err }, err instanceof Error ? err.message : 'could not open the database');
  process.exit(1);
});

if (sharding.role === 'manager') {
  await db.close();
  await manageShards(sharding.count, sharding.ids);
} else {
  await serve(shardOf(sharding));
}

/**
 * SHARDS=N or auto, or SHARD_COUNT and SHARD_IDS: one bot process per shard of this machine
 * (src/bot/shardManager.ts); signals stop them all.
 */
async function manageShards(count: number | 'auto', ids: readonly number[] | null): Promise<void> {
  const { loginFailure } = await import('./bot/client.js');
  const fleet = await retryingNetworkFailures(
    // This file's own path, symbolic links resolved: a shard restarted after an upgrade switched
    // the release runs the code its manager runs, from a folder no upgrade deletes under it.
    () => spawnShards({ config, count, ids, script: fileURLToPath(import.meta.url), execArgv: process.execArgv, log }),
    { retryMs: config.startupRetryMs, url: config.apiUrl, log },
  ).catch((err: unknown) => {
    log.fatal({ err }, `could not start the shards: ${loginFailure(err)}`);
    process.exit(1);
  });
  // Every shard of this release is logged in and standing by: the release it replaces may go.
  stopPredecessor(log);
  log.info({ invite: inviteUrl(config.applicationId) }, 'add the bot to a server with this link');
  const stop = (signal: string): void => {
    log.info({ signal }, 'stopping every shard');
    exitOnceDone(fleet.stop(), log, 'stopping the shards failed');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * The bot process this one replaces, as deploy/senet-bot-run says when an upgrade starts the new
 * release beside the running one (SUCCEEDS_PID): told to stop once this one is logged in and standing
 * by. It stops taking interactions, hands its shard over and finishes what it has in hand.
 */
function stopPredecessor(log: Logger): void {
  const pid = Number(process.env.SUCCEEDS_PID);
  if (!Number.isInteger(pid) || pid <= 1) return;
  try {
    process.kill(pid, 'SIGTERM');
    log.info({ predecessor: pid }, 'told the running release to stop and hand over');
  } catch (err) {
    log.warn({ err, predecessor: pid }, 'the release this one replaces was already gone');
  }
}

/** One bot process: the whole bot, or one shard of it. */
async function serve(shard: ShardScope): Promise<void> {
  const log = shardLog;
  // Loaded here rather than at the top: a sharding manager never needs them (about 25 MB).
  const [
    { startBot, loginFailure },
    { collectBuffersPeriodically },
    { AiThread },
    { RenderPool },
    { ReplayThread },
    { openService },
  ] = await Promise.all([
    import('./bot/client.js'),
    import('./bot/collector.js'),
    import('./bot/aiThread.js'),
    import('./bot/renderPool.js'),
    import('./bot/replayThread.js'),
    import('./game/service.js'),
  ]);
  const renderPool = config.renderThreads > 0 ? new RenderPool(config.renderThreads) : null;
  const aiThread = new AiThread();
  const replayThread = new ReplayThread();
  // Loaded only when asked for (METRICS_PORT): a bot without metrics never loads prom-client.
  const metrics = config.metricsPort === undefined ? null : new (await import('./bot/metrics.js')).Metrics(shard);
  if (metrics) metrics.replayQueue = () => replayThread.pending;
  const renderBoard = renderPool && metrics ? metrics.timeRenders(renderPool.render) : renderPool?.render;
  // One process answers a shard at a time: a second one (an upgrade's new release) stands by.
  const lock = servingLock({
    where: config.databaseUrl ? { url: config.databaseUrl } : { path: databaseFile },
    db,
    shard,
    lost: (why) => {
      log.error({ why }, 'this process no longer holds the serving lock: stopping');
      shutdown('serving lock lost', 1);
    },
  });
  const serving = await lock.tryTake();
  if (!serving) log.info('another process serves this shard of the database: standing by to take over when it stops');
  const takeOver = async (): Promise<ReadonlySet<string>> => {
    if (sharding.role === 'single') stopPredecessor(log);
    if (!serving) {
      while (!(await lock.tryTake())) await sleep(TAKE_OVER_POLL_MS);
      log.info('took over from the process that served this shard');
    }
    return lock.answeredBefore();
  };
  // The service the bot opened, for the live board beside it.
  const opened: { service?: GameService } = {};
  const bot = await retryingNetworkFailures(
    () =>
      startBot({
        config,
        log,
        shard,
        openService: (botUserId) =>
          (opened.service = openService({
            db,
            botUserId,
            config: config.serverDefaults,
            ...(renderBoard ? { renderBoard } : {}),
            chooseAction: aiThread.choose,
            renderReplay: metrics ? metrics.timeReplays(replayThread.render) : replayThread.render,
            shard,
          })),
        uploadLarge: replayThread.upload,
        ...(metrics ? { metrics } : {}),
        takeOver,
        handOver: (answered) => lock.handOver(answered),
      }),
    { retryMs: config.startupRetryMs, url: config.apiUrl, log },
  ).catch((err: unknown) => {
    log.fatal({ err }, loginFailure(err));
    process.exit(1);
  });
  const metricsServer = metrics && (await serveMetricsFor(metrics, shard, () => bot.health(), log));
  const liveBoard =
    config.activity && opened.service && shard.id === 0
      ? await serveLiveBoardFor(config.activity, opened.service, bot, log)
      : null;

  if (sharding.role === 'single')
    log.info({ invite: inviteUrl(config.applicationId) }, 'add the bot to a server with this link');
  const stopCollecting = collectBuffersPeriodically({ busy: () => bot.busy() });

  /**
   * Stops taking interactions, lets the clicks in hand finish (each is one transaction, already
   * committed or not started), stops the timers, waits for queued edits, closes the database
   * (checkpointing its log) and exits. Whatever is still unsent at the limit is caught up at the
   * next start-up.
   */
  let stopping = false;
  shutdown = (signal: string, code = 0): void => {
    // Once: a shard told to stop by its manager also sees the manager go.
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    stopCollecting();
    setTimeout(() => {
      log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown took too long; exiting now');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    // The live board first: a page's move in flight must not reach a database already closed.
    const stopped = Promise.resolve(liveBoard?.close())
      .then(() => bot.stop())
      .then(() => Promise.all([renderPool?.close(), aiThread.close(), replayThread.close(), metricsServer?.close()]));
    exitOnceDone(stopped, log, 'shutdown failed', code);
  };
  // (Node passes a signal's number as a second argument: not an exit code.)
  process.once('SIGINT', (signal) => shutdown(signal));
  process.once('SIGTERM', (signal) => shutdown(signal));
  // A shard whose manager is gone (killed) has nobody to restart it or pass signals on: it stops.
  if (sharding.role === 'shard') process.once('disconnect', () => shutdown('manager gone'));
}

/**
 * METRICS_PORT: /metrics and /healthz, shard n of a sharded bot on METRICS_PORT + n (each shard is a
 * process of its own, with its own gateway connection and counters). A port that cannot be bound
 * stops the bot: an operator who asked for health checks must not get a bot that silently has none.
 */
async function serveMetricsFor(
  metrics: Metrics,
  shard: ShardScope,
  health: () => Promise<Health>,
  log: Logger,
): Promise<MetricsServer> {
  const { serveMetrics } = await import('./bot/metricsServer.js');
  const host = config.metricsHost;
  const port = config.metricsPort! + shard.id;
  try {
    const server = await serveMetrics({ host, port, metrics, health });
    log.info({ url: `http://${host.includes(':') ? `[${host}]` : host}:${server.port}/metrics` }, 'serving metrics');
    return server;
  } catch (err) {
    log.fatal({ err, host, port }, `could not serve metrics on ${host}:${port} (METRICS_HOST, METRICS_PORT)`);
    process.exit(1);
  }
}

/** ACTIVITY_PORT: the live board (src/bot/serveLiveBoard.ts); a port that cannot be bound stops the bot. */
async function serveLiveBoardFor(
  activity: ActivityConfig,
  service: GameService,
  bot: Bot,
  log: Logger,
): Promise<LiveServer> {
  const { serveLiveBoard } = await import('./bot/serveLiveBoard.js');
  try {
    return await serveLiveBoard({ activity, config, service, bot, log });
  } catch (err) {
    log.fatal(
      { err, port: activity.port },
      `could not serve the live board on ${activity.host}:${activity.port} (ACTIVITY_HOST, ACTIVITY_PORT)`,
    );
    process.exit(1);
  }
}

/** Exits with `code` once `stopping` is done ("stopped cleanly"), or 1 if it fails. */
function exitOnceDone(stopping: Promise<unknown>, log: Logger, failed: string, code = 0): void {
  stopping.then(
    () => {
      log.info('stopped cleanly');
      process.exit(code);
    },
    (err: unknown) => {
      log.error({ err }, failed);
      process.exit(1);
    },
  );
}
