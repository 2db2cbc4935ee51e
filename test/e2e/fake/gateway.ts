// The gateway (WebSocket) as the bot's connections meet it: HELLO, heartbeats, IDENTIFY with its
// shard and Discord's identify limit, RESUME after a drop, and the sessions refused during an
// outage. Events later go to each connection by its shard (shards.ts).
import type { WebSocket } from 'ws';
import { guildJson } from './guilds.js';
import { shardOfGuild } from './shards.js';
import { snowflake, type DiscordState } from './state.js';

/** Discord's identify window: one IDENTIFY per max_concurrency bucket per 5 s. */
const IDENTIFY_WINDOW_MS = 5_000;

export function handleGateway(fake: DiscordState, ws: WebSocket): void {
  fake.sockets.add(ws);
  ws.on('close', () => {
    fake.sockets.delete(ws);
    fake.shardOfSocket.delete(ws);
  });
  ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null }));
  ws.on('message', (raw) => {
    const frame = JSON.parse((raw as Buffer).toString('utf8')) as {
      op: number;
      d?: { shard?: unknown; session_id?: string };
    };
    if (frame.op === 1) ws.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
    if (frame.op === 2) identify(fake, ws, frame.d?.shard);
    if (frame.op === 6) resume(fake, ws, frame.d?.session_id ?? '');
  });
}

/** A resume after a drop: events missed meanwhile are not replayed (interactions are never redelivered). */
function resume(fake: DiscordState, ws: WebSocket, sessionId: string): void {
  const shard = fake.sessionShards.get(sessionId);
  if (fake.refuseSessions) fake.sessions.outageRefused++;
  if (!fake.resumable || fake.refuseSessions || !shard) {
    // Invalid session, not resumable: the client waits a moment and identifies again.
    ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
    return;
  }
  fake.sessions.resumed++;
  fake.shardOfSocket.set(ws, shard);
  ws.send(JSON.stringify({ op: 0, t: 'RESUMED', s: ++fake.gatewaySeq, d: {} }));
}

/**
 * IDENTIFY, with `shard` [id, count] as the bot sends it (none: [0, 1]): an invalid shard closes
 * the connection with 4010 as Discord does, and one that would serve too many servers with 4011
 * (sharding required); READY lists only the servers on the shard, each then sent in full
 * (GUILD_CREATE).
 */
function identify(fake: DiscordState, ws: WebSocket, asked: unknown): void {
  const shard: [number, number] = Array.isArray(asked) ? [Number(asked[0]), Number(asked[1])] : [0, 1];
  const [id, count] = shard;
  if (!Number.isInteger(id) || !Number.isInteger(count) || count < 1 || id < 0 || id >= count) {
    ws.close(4010, 'Invalid shard.');
    return;
  }
  if (fake.refuseSessions) {
    fake.sessions.outageRefused++;
    ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
    return;
  }
  if (fake.limitIdentify) {
    const bucket = id % fake.maxConcurrency;
    const last = fake.identifiedAt.get(bucket);
    if (last !== undefined && Date.now() - last < IDENTIFY_WINDOW_MS) {
      fake.sessions.identifyRefused++;
      ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      return;
    }
    fake.identifiedAt.set(bucket, Date.now());
  }
  const guilds = [...fake.guilds].filter((g) => shardOfGuild(g, count) === id);
  if (guilds.length > fake.maxGuildsPerShard) {
    ws.close(4011, 'Sharding required.');
    return;
  }
  const send = (t: string, d: unknown): void => ws.send(JSON.stringify({ op: 0, t, s: ++fake.gatewaySeq, d }));
  fake.sessions.ready++;
  fake.shardOfSocket.set(ws, shard);
  const sessionId = `session-${snowflake()}`;
  fake.sessionShards.set(sessionId, shard);
  send('READY', {
    v: 10,
    user: fake.botUser,
    guilds: guilds.map((g) => ({ id: g, unavailable: true })),
    session_id: sessionId,
    resume_gateway_url: `ws://127.0.0.1:${fake.port}`,
    shard,
    application: { id: fake.applicationId, flags: 0 },
  });
  for (const guildId of guilds) send('GUILD_CREATE', guildJson(fake, guildId));
}
