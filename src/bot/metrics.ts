// What an operator watches, in Prometheus's text format (prom-client): interactions and how long
// their answers took, live games, whether the gateway is ready and the database writable, Discord's
// REST errors and rate limits, drawing and replay times, the replay queue, database commits, the
// version, and the process itself. Every update is an in-memory counter or histogram bucket; the
// figures that need a query (live games, the database's health) are read when /metrics is scraped,
// never per click. docs/operations.md explains each metric and how to read them, and
// deploy/prometheus/ alerts on them.
import { readFileSync } from 'node:fs';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ShardScope, WriteTiming } from '../game/service.js';
import { routeTemplate } from './routeTemplate.js';

/** What became of an interaction (docs/operations.md): see `Metrics.interaction`. */
export type InteractionOutcome = 'ok' | 'private' | 'failed' | 'unanswered';

/** What kind of interaction it was, and which command or button (a bounded set of names). */
export interface InteractionKind {
  kind: 'command' | 'button' | 'autocomplete' | 'other';
  name: string;
}

/**
 * Seconds. Clicks are answered in tens of milliseconds (the target is p99 ≤ 30 ms, an edge here so
 * an alert on it is exact); a click that takes 1.5 s is deferred and its board sent as an edit,
 * and Discord gives up on a first answer after 3 s.
 */
const ANSWER_BUCKETS = [0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10];
/** A board is drawn in about 10 ms; a busy pool queues it behind others. */
const RENDER_BUCKETS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** A replay takes a second or more of a third of a core. */
const REPLAY_BUCKETS = [0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80];
/** A commit is one fsync: well under a millisecond on tmpfs, milliseconds on a disk. */
const COMMIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
/** Round trips per write: one for a move kept in memory, some ten for a move's transaction, more for a game's end. */
const ROUND_TRIP_BUCKETS = [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32];

/** package.json's version: src/bot/ and dist/bot/ are both two folders below it. */
const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export class Metrics {
  readonly registry = new Registry();
  /** Counts the games being played on this shard (a query: read when scraped); set once the service is open. */
  liveGames: (() => Promise<number>) | null = null;
  /** Counts the replays asked for and not drawn yet; set by whoever runs the replay thread. */
  replayQueue: (() => number) | null = null;
  /** Whether every gateway shard of this process is ready; set once the bot is logged in. */
  gatewayReady: (() => boolean) | null = null;
  /** Whether the database takes writes (the health check's probe, at most every few seconds). */
  databaseWritable: (() => Promise<boolean>) | null = null;
  private readonly interactions: Counter<'kind' | 'name' | 'outcome'>;
  private readonly answers: Histogram<'kind' | 'name'>;
  private readonly discordResponses: Counter<'method' | 'route' | 'status'>;
  private readonly rateLimitWaits: Counter<'method' | 'route' | 'global'>;
  private readonly renders: Histogram;
  private readonly replays: Histogram<'outcome'>;
  private readonly commits: Histogram;
  private readonly lockWaits: Histogram;
  private readonly reruns: Counter;
  private readonly roundTrips: Histogram<'kind'>;

  /** `shard`: every series carries its shard's id, so shards scraped into one place stay apart. */
  constructor(shard: ShardScope) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ shard: String(shard.id) });
    collectDefaultMetrics({ register: this.registry });
    this.interactions = new Counter({
      name: 'senet_interactions_total',
      help: 'Interactions handled, by kind (command, button, autocomplete, other), name and outcome (ok, private, failed, unanswered).',
      labelNames: ['kind', 'name', 'outcome'],
      registers,
    });
    this.answers = new Histogram({
      name: 'senet_interaction_seconds',
      help: "From an interaction's arrival to its handler's end, its answer accepted by Discord (a deferred click: the board's edit).",
      labelNames: ['kind', 'name'],
      buckets: ANSWER_BUCKETS,
      registers,
    });
    this.discordResponses = new Counter({
      name: 'senet_discord_responses_total',
      help: "Discord REST responses, by method, route template (no ids or tokens) and HTTP status: 4xx/5xx are errors, 429 is Discord's rate limit.",
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.rateLimitWaits = new Counter({
      name: 'senet_discord_rate_limit_waits_total',
      help: 'Requests held back by discord.js to stay inside a rate limit Discord announced, by method, route template and whether it was the global limit.',
      labelNames: ['method', 'route', 'global'],
      registers,
    });
    this.renders = new Histogram({
      name: 'senet_render_seconds',
      help: 'Drawing a board picture, queueing for a render thread included.',
      buckets: RENDER_BUCKETS,
      registers,
    });
    this.replays = new Histogram({
      name: 'senet_replay_seconds',
      help: 'Drawing a replay or review, waiting behind earlier replays and their rests included, by outcome (ok, failed).',
      labelNames: ['outcome'],
      buckets: REPLAY_BUCKETS,
      registers,
    });
    this.commits = new Histogram({
      name: 'senet_db_commit_seconds',
      help: "A write transaction's COMMIT (its log append and fsync).",
      buckets: COMMIT_BUCKETS,
      registers,
    });
    this.lockWaits = new Histogram({
      name: 'senet_db_lock_wait_seconds',
      help: "Waiting before a write transaction could begin: this process's earlier ones, and another process's write lock (sharded bots share one file).",
      buckets: COMMIT_BUCKETS,
      registers,
    });
    this.reruns = new Counter({
      name: 'senet_db_transaction_reruns_total',
      help: 'Write transactions run again on PostgreSQL: lost to a concurrent one (40001, 40P01, 23505), a lost connection, or a move that ended its game and needed SERIALIZABLE. Always 0 on SQLite.',
      registers,
    });
    this.roundTrips = new Histogram({
      name: 'senet_db_round_trips',
      help: "Round trips to the database server per write (BEGIN, each statement, COMMIT; a move kept in memory: one statement), by kind: move (a click, the computer's step) or other. Always 0 on SQLite.",
      labelNames: ['kind'],
      buckets: ROUND_TRIP_BUCKETS,
      registers,
    });
    readGauge('senet_live_games', 'Games being played on this shard.', () => this.liveGames?.(), registers);
    readGauge(
      'senet_gateway_ready',
      "1 while every gateway shard of this process is connected and ready (it receives clicks), else 0: /healthz's gateway.",
      () => (this.gatewayReady ? Number(this.gatewayReady()) : undefined),
      registers,
    );
    readGauge(
      'senet_database_writable',
      "1 while the database takes a committed write (probed at most every 5 s), else 0: /healthz's database.",
      async () => (this.databaseWritable ? Number(await this.databaseWritable()) : undefined),
      registers,
    );
    new Gauge({
      name: 'senet_build_info',
      help: 'Always 1: the version of senet-bot and of Node.js this process runs.',
      labelNames: ['version', 'node'],
      registers,
    }).set({ version: VERSION, node: process.version }, 1);
    readGauge(
      'senet_replay_queue',
      'Replays and reviews asked for and not drawn yet (the one being drawn included).',
      () => this.replayQueue?.(),
      registers,
    );
  }

  /**
   * One interaction handled: `outcome` ok (answered in public), private (the first answer was
   * private: a refusal or private information), failed (an unexpected error: the user saw "something
   * went wrong"), unanswered (no answer at all: Discord shows "The application did not respond").
   */
  interaction(what: InteractionKind, outcome: InteractionOutcome, seconds: number): void {
    this.interactions.inc({ kind: what.kind, name: what.name, outcome });
    this.answers.observe({ kind: what.kind, name: what.name }, seconds);
  }

  /** A response from Discord's REST API; `route` must already be a template (see `routeTemplate`). */
  discordResponse(method: string, route: string, status: number): void {
    this.discordResponses.inc({ method: method.toUpperCase(), route: routeTemplate(route), status: String(status) });
  }

  /** A request discord.js held back for a rate limit. */
  rateLimitWait(method: string, route: string, global: boolean): void {
    this.rateLimitWaits.inc({ method: method.toUpperCase(), route: routeTemplate(route), global: String(global) });
  }

  /** A write transaction done. */
  write(timing: WriteTiming): void {
    this.commits.observe(timing.commitMs / 1000);
    this.lockWaits.observe(timing.waitedMs / 1000);
    if (timing.reruns > 0) this.reruns.inc(timing.reruns);
    this.roundTrips.observe({ kind: timing.kind }, timing.roundTrips);
  }

  /** `render`, timed into senet_render_seconds. */
  timeRenders<A extends unknown[], R>(render: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args) => {
      const end = this.renders.startTimer();
      try {
        return await render(...args);
      } finally {
        end();
      }
    };
  }

  /** `render`, timed into senet_replay_seconds with its outcome. */
  timeReplays<A extends unknown[], R>(render: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args) => {
      const end = this.replays.startTimer();
      try {
        const output = await render(...args);
        end({ outcome: 'ok' });
        return output;
      } catch (err) {
        end({ outcome: 'failed' });
        throw err;
      }
    };
  }

  /** The text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A gauge whose value is read when scraped; a reader that is not set (or fails) leaves it as it was. */
function readGauge(
  name: string,
  help: string,
  read: () => number | undefined | Promise<number | undefined>,
  registers: Registry[],
): Gauge {
  return new Gauge({
    name,
    help,
    registers,
    async collect() {
      try {
        const value = await read();
        if (value !== undefined) this.set(value);
      } catch {
        // The database is closed (shutting down): the last value stands.
      }
    },
  });
}
