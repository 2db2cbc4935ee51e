// The bot's health, as GET /healthz reports it: healthy while every gateway shard this process
// holds is connected (ready or resumed) and the database takes a write. Anything else is a reason
// a service manager or load balancer should know: the bot is up but cannot serve clicks.
//
// The gateway's state is read from memory at each ask. The database is proved writable by a real
// commit (src/db/writeProbe.ts), which costs an fsync: it runs at most once every few seconds however
// often /healthz and /metrics are asked, and askers in between get its last verdict, so a burst
// of health checks costs no writes and holds no click up.
import { type Client, Status } from 'discord.js';
import type { GameService } from '../game/service.js';

export interface Health {
  ok: boolean;
  /** "ready", or what the gateway connection is doing instead (per shard). */
  gateway: string;
  /** "writable", or the database's error. */
  database: string;
}

/**
 * The database is probed at most this often; in between, its last verdict is the answer.
 * @internal
 */
export const DATABASE_PROBE_MS = 5000;

export class HealthCheck {
  private verdict: { at: number; database: string } | null = null;
  private probing: Promise<string> | null = null;

  constructor(
    private readonly client: Client,
    private readonly service: Pick<GameService, 'storage'>,
  ) {}

  async check(): Promise<Health> {
    const gateway = this.gateway();
    const database = await this.database();
    return { ok: gateway === 'ready' && database === 'writable', gateway, database };
  }

  /** "ready" when every shard's connection is; else each shard that is not, with its state. */
  gateway(): string {
    const shards = [...this.client.ws.shards.values()];
    if (shards.length === 0) return 'not connected';
    const down = shards.filter((shard) => shard.status !== Status.Ready);
    if (down.length === 0) return 'ready';
    return down.map((shard) => `shard ${shard.id} ${Status[shard.status].toLowerCase()}`).join(', ');
  }

  /** "writable", or the database's error: the last probe's, if it is recent, else a new one's. */
  database(): Promise<string> {
    const { verdict } = this;
    if (verdict && performance.now() - verdict.at < DATABASE_PROBE_MS) return Promise.resolve(verdict.database);
    // One probe at a time: whoever asks meanwhile waits for the same one.
    this.probing ??= probe(this.service).then((database) => {
      this.verdict = { at: performance.now(), database };
      this.probing = null;
      return database;
    });
    return this.probing;
  }
}

async function probe(service: Pick<GameService, 'storage'>): Promise<string> {
  try {
    await service.storage.probeWrite();
    return 'writable';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
