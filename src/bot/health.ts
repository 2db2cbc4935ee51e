// The bot's health, as GET /healthz reports it: healthy while every gateway shard this process
// holds is connected (ready or resumed) and the database takes a write. Anything else is a reason
// a service manager or load balancer should know: the bot is up but cannot serve clicks.
import { type Client, Status } from 'discord.js';
import type { GameService } from '../game/service.js';

export interface Health {
  ok: boolean;
  /** "ready", or what the gateway connection is doing instead (per shard). */
  gateway: string;
  /** "writable", or SQLite's error. */
  database: string;
}

export async function checkHealth(client: Client, service: Pick<GameService, 'storage'>): Promise<Health> {
  const gateway = gatewayState(client);
  const database = await databaseState(service);
  return { ok: gateway === 'ready' && database === 'writable', gateway, database };
}

/** "ready" when every shard's connection is; else each shard that is not, with its state. */
function gatewayState(client: Client): string {
  const shards = [...client.ws.shards.values()];
  if (shards.length === 0) return 'not connected';
  const down = shards.filter((shard) => shard.status !== Status.Ready);
  if (down.length === 0) return 'ready';
  return down.map((shard) => `shard ${shard.id} ${Status[shard.status].toLowerCase()}`).join(', ');
}

async function databaseState(service: Pick<GameService, 'storage'>): Promise<string> {
  try {
    await service.storage.probeWrite();
    return 'writable';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
