// Every shard's REST requests through one proxy (@discordjs/proxy, as `npm run rest-proxy` runs it):
// `SHARDS=2` with DISCORD_API_URL at the proxy and its secret, and the proxy forwarding to the fake
// Discord. The bot plays a whole game and answers clicks in both shards' servers, and every request
// the fake saw (the manager's gateway check, messages, interaction callbacks, edits) came through
// the proxy, without the secret. `npm run rest-proxy` itself, as a process: it does not start
// without a secret, refuses callers without it (and requests the bot does not send) before anything
// reaches Discord, and shares Discord's global limit among its callers so that a greedy one cannot
// hold back another.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerInto } from '../support/loggerInto.js';
import { PROXY_CALLER_HEADER, PROXY_SECRET_HEADER } from '../../src/bot/discordApi.js';
import { PER_CALLER, restProxy, serveRestProxy, type RestProxyServer } from '../../src/bot/restProxy.js';
import { actButtons, pickButton, toActName } from './players.js';
import { freePorts, startBotProcess, startGameIn, stopBotProcess, until, type BotProcess } from './botProcess.js';
import { FakeDiscord, snowflake, type FakeUser } from './fake/fakeDiscord.js';

let fake: FakeDiscord;
let proxy: RestProxyServer;
let dir: string;
let bot: BotProcess | null = null;
let proxyProcess: BotProcess | null = null;
let ana: FakeUser;
let ben: FakeUser;
let servers: [string, string];
/** Each request the proxy took, as the fake records it: method and path after /api/v10, decoded. */
const forwarded: string[] = [];
const proxyLogs: string[] = [];
/** The shared secret of the proxy and its bots, as an operator makes one (openssl rand -hex 32). */
const SECRET = '3f9a1c7e5b2d8046f1e3a9c7b5d2e0f48a6c1e3b5d7f9a2c4e6b8d0f1a3c5e7b';

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
  const config = { apiUrl: fake.apiUrl, host: '127.0.0.1', port: 0, secret: SECRET };
  const forward = restProxy(config, log);
  proxy = await serveRestProxy(config, log, (req, res) => {
    forwarded.push(asRecorded(req));
    forward(req, res);
  });
});
afterAll(async () => {
  await stopBotProcess(bot);
  await stopBotProcess(proxyProcess);
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
      env: { SHARDS: '2', DISCORD_API_URL: `http://127.0.0.1:${proxy.port}/api`, REST_PROXY_SECRET: SECRET },
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
    // The secret and the callers' names stay between the bots and the proxy.
    expect(fake.requests.filter((r) => r.headers[PROXY_SECRET_HEADER] ?? r.headers[PROXY_CALLER_HEADER])).toEqual([]);
  }, 300_000);

  it('answers 502 when Discord cannot be reached, and logs no token', async () => {
    const logs: string[] = [];
    const log = loggerInto(logs);
    // A port nothing listens on: the fake's, once it is stopped.
    const gone = await FakeDiscord.start();
    const unreachable = gone.apiUrl;
    await gone.stop();
    const dead = await serveRestProxy({ apiUrl: unreachable, host: '127.0.0.1', port: 0, secret: SECRET }, log);
    try {
      const token = 'aW50ZXJhY3Rpb246c2VjcmV0LXRva2Vu';
      const answer = await fetch(`http://127.0.0.1:${dead.port}/api/v10/interactions/1/${token}/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PROXY_SECRET_HEADER]: SECRET },
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

/** `npm run rest-proxy` as a process, forwarding to `discord`, on a free port; its base URL. */
async function startProxyProcess(discord: FakeDiscord, env: Record<string, string> = {}): Promise<string> {
  const port = await freePorts(1);
  proxyProcess = await startBotProcess(discord, join(dir, 'unused.db'), {
    script: 'src/tools/rest-proxy.ts',
    readyLine: 'REST proxy listening',
    env: { REST_PROXY_API_URL: discord.apiUrl, REST_PROXY_PORT: String(port), REST_PROXY_SECRET: SECRET, ...env },
  });
  return `http://127.0.0.1:${port}/api/v10`;
}

/** A request to the proxy as a bot process sends it: its token, and the headers given. */
function send(url: string, headers: Record<string, string>, method = 'GET'): Promise<Response> {
  return fetch(url, { method, headers: { authorization: 'Bot process-test-token', ...headers } });
}

describe('npm run rest-proxy', () => {
  it('does not start without a secret, or with a short one, naming the setting and not the value', async () => {
    const discord = await FakeDiscord.start();
    try {
      await expect(startProxyProcess(discord, { REST_PROXY_SECRET: '' })).rejects.toThrow(
        /exited \(78\)[^]*Missing setting: REST_PROXY_SECRET\. /,
      );
      const short = 'hunter2-hunter2';
      const refused = await startProxyProcess(discord, { REST_PROXY_SECRET: short }).catch((e: Error) => e.message);
      expect(refused).toMatch(/exited \(78\)[^]*Invalid setting: REST_PROXY_SECRET must be 32 to 256 characters/);
      expect(refused).not.toContain(short);
      expect(discord.requests).toEqual([]);
    } finally {
      await discord.stop();
    }
  });

  it('refuses callers without the secret, and requests the bot does not send, before Discord sees them', async () => {
    const discord = await FakeDiscord.start();
    try {
      const api = await startProxyProcess(discord);
      const wrong = `${SECRET.slice(0, -1)}0`;
      const refusals = [
        await send(`${api}/gateway/bot`, {}),
        await send(`${api}/gateway/bot`, { [PROXY_SECRET_HEADER]: wrong }),
        await send(`${api}/users/@me`, { [PROXY_SECRET_HEADER]: SECRET }),
        await send(`${api}/guilds/${discord.guildId}`, { [PROXY_SECRET_HEADER]: SECRET }, 'DELETE'),
      ];
      expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403]);
      expect(((await refusals[0]!.json()) as { message: string }).message).toMatch(/REST_PROXY_SECRET/);
      expect(discord.requests).toEqual([]);

      expect((await send(`${api}/gateway/bot`, { [PROXY_SECRET_HEADER]: SECRET })).status).toBe(200);
      expect(discord.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /gateway/bot']);
      expect(discord.requests[0]!.headers[PROXY_SECRET_HEADER]).toBeUndefined();
      const logged = proxyProcess!.lines.join('\n');
      // Without REST_PROXY_HOST it listens on this machine only.
      expect(logged).toContain(`"url":"http://127.0.0.1:${new URL(api).port}/api"`);
      expect(logged).toMatch(/refused requests without the right/);
      expect(logged).not.toContain(SECRET);
      expect(logged).not.toContain(wrong);
    } finally {
      await stopBotProcess(proxyProcess);
      await discord.stop();
    }
  });

  it("shares Discord's global limit by caller: a greedy caller's flood does not hold back another's request", async () => {
    const discord = await FakeDiscord.start();
    try {
      const api = await startProxyProcess(discord);
      const as = (caller: string) => ({ [PROXY_SECRET_HEADER]: SECRET, [PROXY_CALLER_HEADER]: caller });
      // 200 reads of 200 channels: 200 rate-limit buckets, all waiting for the one global limit of
      // 50 a second, which the proxy's client keeps as Discord asks (topics/rate-limits.mdx).
      const flood = Array.from({ length: 200 }, () => send(`${api}/channels/${snowflake()}`, as('greedy')));
      await until(() => discord.requests.length >= 10, 'the flood to reach Discord');
      const victim = `/channels/${snowflake()}`;
      const sentAt = discord.requests.length;
      expect((await send(`${api}${victim}`, as('another'))).status).toBe(200);
      const arrivedAt = discord.requests.findIndex((r) => r.path === victim);
      // Behind at most the greedy caller's requests already waiting for Discord, not its whole flood
      // (some 190 more if the proxy took callers first come, first served). On a loaded machine the
      // proxy may forward a further share of the flood between the count above and its taking the
      // victim's request: hence a bound of a few shares, still far below the flood.
      expect(arrivedAt - sentAt).toBeLessThanOrEqual(4 * PER_CALLER);
      expect((await Promise.all(flood)).every((r) => r.status === 200)).toBe(true);
    } finally {
      await stopBotProcess(proxyProcess);
      await discord.stop();
    }
  }, 60_000);
});
