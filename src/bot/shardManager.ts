// SHARDS=N or auto, or SHARD_COUNT with SHARD_IDS: discord.js's ShardingManager runs one bot
// process per gateway shard of this machine, all on the same database, and starts again any that
// dies. Processes rather than worker shards in one process (@discordjs/ws): a shard's process has
// its own event loop, render threads and database connection, so it uses a core of its own, and
// one that crashes takes down only its servers while the others keep serving (docs/scaling.md has
// the figures). This process only checks the token and the database, spawns the shards and passes
// signals on.
import { setTimeout as sleep } from 'node:timers/promises';
import { REST, type RESTGetAPIGatewayBotResult, Routes, ShardingManager, type Shard } from 'discord.js';
import type { Logger } from 'pino';
import type { BotConfig } from './config.js';
import { discordApi } from './discordApi.js';

/** How long a shard may take from its process starting to its client being ready. */
const READY_TIMEOUT_MS = 60_000;
/** Discord lets one identify in per 5 s per bucket of `max_concurrency` shards; a margin over it. */
const IDENTIFY_INTERVAL_MS = 5_500;
/** A shard process gets this long to finish its clicks in hand on SIGTERM (its own limit is 9 s). */
const STOP_LIMIT_MS = 10_000;

export interface ShardManagerOptions {
  config: Pick<BotConfig, 'token' | 'apiUrl' | 'restProxySecret'>;
  /** N, or 'auto' for the count Discord recommends. */
  count: number | 'auto';
  /** This machine's shards (SHARD_IDS), each below `count`; null: all of them. */
  ids: readonly number[] | null;
  /** The bot's entry script and the Node options to run it with (this process's own). */
  script: string;
  execArgv: readonly string[];
  log: Logger;
}

export interface ShardFleet {
  count: number;
  /** Stops restarting shards, asks every shard process to stop (SIGTERM) and waits for them. */
  stop(): Promise<void>;
}

/**
 * What Discord says for this token: its recommended shard count and how many may identify at once.
 * @internal
 */
export async function gatewayPlan(
  config: ShardManagerOptions['config'],
): Promise<{ shards: number; maxConcurrency: number }> {
  const rest = new REST(discordApi(config)).setToken(config.token);
  const gateway = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
  return { shards: gateway.shards, maxConcurrency: gateway.session_start_limit.max_concurrency };
}

/**
 * Spawns every shard (resolves once each client is ready). Asking Discord first also checks the
 * token: a wrong one stops here with one clear error instead of every shard failing and restarting.
 */
export async function spawnShards(options: ShardManagerOptions): Promise<ShardFleet> {
  const { log } = options;
  const plan = await gatewayPlan(options.config);
  const count = options.count === 'auto' ? plan.shards : options.count;
  const ids = options.ids ?? [...Array(count).keys()];
  const manager = new ShardingManager(options.script, {
    token: options.config.token,
    totalShards: count,
    shardList: [...ids],
    mode: 'process',
    respawn: true,
    execArgv: [...options.execArgv],
  });
  manager.on('shardCreate', (shard) => watch(shard, log));
  const rounds = identifyRounds(ids, plan.maxConcurrency);
  log.info(
    { shards: count, ids, rounds: rounds.length, recommended: plan.shards, maxConcurrency: plan.maxConcurrency },
    'starting shards',
  );
  const fleet: ShardFleet = { count, stop: () => stopAll(manager) };
  try {
    for (const [i, round] of rounds.entries()) {
      const spawned = round.map((id) => manager.createShard(id).spawn(READY_TIMEOUT_MS));
      // The next round identifies a window later (as discord.js's own spawn() paces its shards).
      const paced = i < rounds.length - 1 ? [sleep(IDENTIFY_INTERVAL_MS)] : [];
      await Promise.all([...spawned, ...paced]);
    }
  } catch (err) {
    await fleet.stop();
    throw err;
  }
  log.info({ shards: count, ids }, 'all shards ready');
  return fleet;
}

/**
 * The order this machine's shards identify in (events/gateway.mdx, "Max Concurrency"): shards with
 * different rate-limit keys (`shard_id % max_concurrency`) may identify at once, and buckets are
 * started in order, so shard ids `r * max_concurrency` up to `(r + 1) * max_concurrency - 1` form
 * round r, a window (5 s) after round r - 1. Another machine starting at the same moment may still
 * use a key in the same window: Discord answers that identify with Invalid Session (op 9) and the
 * shard's client identifies again once its own window has passed (docs/scaling.md).
 * @internal
 */
export function identifyRounds(ids: readonly number[], maxConcurrency: number): number[][] {
  const rounds = new Map<number, number[]>();
  for (const id of [...ids].sort((a, b) => a - b)) {
    const round = Math.floor(id / Math.max(1, maxConcurrency));
    rounds.set(round, [...(rounds.get(round) ?? []), id]);
  }
  return [...rounds.values()];
}

function watch(shard: Shard, log: Logger): void {
  let pid: number | undefined;
  shard.on('spawn', (child) => {
    // Process mode: a ChildProcess (worker mode would give a Worker, which has no pid).
    pid = 'pid' in child ? child.pid : undefined;
    log.info({ shard: shard.id, shardPid: pid }, 'shard process started');
  });
  shard.on('ready', () => log.info({ shard: shard.id, shardPid: pid }, 'shard ready'));
  shard.on('death', () => {
    if (shard.manager.respawn) log.warn({ shard: shard.id, shardPid: pid }, 'shard process died; starting it again');
  });
  shard.on('error', (err) => log.error({ err, shard: shard.id }, 'shard error'));
}

async function stopAll(manager: ShardingManager): Promise<void> {
  manager.respawn = false;
  const exits = [...manager.shards.values()].map((shard) => {
    const child = shard.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const limit = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
    return exited.finally(() => clearTimeout(limit));
  });
  await Promise.all(exits);
}
