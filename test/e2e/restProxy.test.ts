// Every shard's REST requests through one proxy (@discordjs/proxy, as `npm run rest-proxy` runs it):
// `SHARDS=2` with DISCORD_API_URL at the proxy, and the proxy forwarding to the fake Discord. The
// bot plays a whole game and answers clicks in both shards' servers, and every request the fake saw
// (the manager's gateway check, messages, interaction callbacks, edits) came through the proxy.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerInto } from '../support/loggerInto.js';
import { restProxy, serveRestProxy, type RestProxyServer } from '../../src/bot/restProxy.js';
import { actButtons, pickButton, toActName } from './players.js';
import { startBotProcess, startGameIn, stopBotProcess, until, type BotProcess } from './botProcess.js';
import { FakeDiscord, type FakeUser } from './fake/fakeDiscord.js';

let fake: FakeDiscord;
let proxy: RestProxyServer;
let dir: string;
let bot: BotProcess | null = null;
let ana: FakeUser;
let ben: FakeUser;
let servers: [string, string];
/** Each request the proxy took, as the fake records it: method and path after /api/v10, decoded. */
const forwarded: string[] = [];
const proxyLogs: string[] = [];

const asRecorded = (req: IncomingMessage): string =>
  `${req.method} ${decodeURIComponent(new URL(req.url!, 'http://proxy').pathname.replace(/^\/api\/v10/, ''))}`;

beforeAll(async () => {
  fake = await FakeDiscord.start();
  fake.recommendedShards = 2;
  servers = [fake.addGuild({ shard: 0, count: 2 }), fake.addGuild({ shard: 1, count: 2 })];
  ana = fake.newUser('Ana');
  ben = fake.newUser('Ben');
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'senet-rest-proxy-'));
  const log = loggerInto(proxyLogs);
  const forward = restProxy(fake.apiUrl, log);
  proxy = await serveRestProxy({ apiUrl: fake.apiUrl, host: '127.0.0.1', port: 0 }, log, (req, res) => {
    forwarded.push(asRecorded(req));
    forward(req, res);
  });
});
afterAll(async () => {
  await stopBotProcess(bot);
  await proxy?.close();
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The player to act presses a button: the answer's callback type. */
async function play(board: string): Promise<number> {
  const mover = [ana, ben].find((u) => u.global_name === toActName(fake.messages.get(board)!.content))!;
  return (await fake.click(mover, board, pickButton(actButtons(fake, board)).custom_id!)).type;
}

describe('a shared REST proxy', () => {
  it("carries every shard's requests, interaction callbacks included, through one whole game", async () => {
    const dbPath = join(dir, 'proxied.db');
    bot = await startBotProcess(fake, dbPath, {
      env: { SHARDS: '2', DISCORD_API_URL: `http://127.0.0.1:${proxy.port}/api` },
      readyLine: 'all shards ready',
    });
    expect(fake.connectedShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);

    // A few moves in shard 0's server, and a whole game in shard 1's.
    const boards = [await startGameIn(fake, servers[0], ana, ben), await startGameIn(fake, servers[1], ana, ben)];
    for (let round = 0; round < 3; round++) expect(await play(boards[0]!)).toBe(7);
    const db = new SqliteDatabase(dbPath, { readonly: true });
    const status = (): string | undefined =>
      db.prepare<[string], { status: string }>('SELECT status FROM games WHERE message_id = ?').get(boards[1]!)?.status;
    let clicks = 0;
    while (status() !== 'finished') {
      await until(() => actButtons(fake, boards[1]!).length > 0 || status() === 'finished', 'the next move', 30_000);
      if (status() === 'finished') break;
      expect(await play(boards[1]!)).toBe(7);
      expect(++clicks).toBeLessThan(2000);
    }
    db.close();
    expect(fake.messages.get(boards[1]!)!.content).toMatch(/wins/i);

    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    bot = null;

    // Everything the fake saw came through the proxy, and everything the proxy took reached the fake.
    const seen = fake.requests.map((r) => `${r.method} ${r.path}`);
    expect(seen.length).toBeGreaterThan(clicks);
    expect([...forwarded].sort()).toEqual([...seen].sort());
    expect(seen).toContain('GET /gateway/bot');
    expect(seen.filter((r) => r.endsWith('/callback')).length).toBeGreaterThan(clicks);
    expect(proxyLogs).toEqual([]);
  }, 300_000);

  it('answers 502 when Discord cannot be reached, and logs no token', async () => {
    const logs: string[] = [];
    const log = loggerInto(logs);
    // A port nothing listens on: the fake's, once it is stopped.
    const gone = await FakeDiscord.start();
    const unreachable = gone.apiUrl;
    await gone.stop();
    const dead = await serveRestProxy({ apiUrl: unreachable, host: '127.0.0.1', port: 0 }, log);
    try {
      const token = 'aW50ZXJhY3Rpb246c2VjcmV0LXRva2Vu';
      const answer = await fetch(`http://127.0.0.1:${dead.port}/api/v10/interactions/1/${token}/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 6 }),
      });
      expect(answer.status).toBe(502);
      await until(() => logs.length > 0, 'the failure to be logged');
      expect(logs.join('')).toMatch(/could not forward a request to Discord/);
      expect(logs.join('')).not.toContain(token);
    } finally {
      await dead.close();
    }
  }, 60_000);
});
