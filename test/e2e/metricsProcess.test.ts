// METRICS_PORT as `npm start` runs it (src/main.ts under tsx, against the fake Discord): each shard
// process of a sharded bot serves /metrics and /healthz on METRICS_PORT + its id, with its shard on
// every series; a port that cannot be bound stops the bot with a line naming the settings.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBotProcess, stopBotProcess, type BotProcess } from './botProcess.js';
import { FakeDiscord } from './fake/fakeDiscord.js';

let fake: FakeDiscord;
let dir: string;
let bot: BotProcess | null = null;

beforeAll(async () => {
  fake = await FakeDiscord.start();
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'senet-metrics-'));
});
afterEach(async () => {
  await stopBotProcess(bot);
  bot = null;
});
afterAll(async () => {
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Listens on `port` of 127.0.0.1, or resolves null when it is taken. */
function occupy(port: number): Promise<Server | null> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** `count` consecutive ports that are free now (METRICS_PORT and the ones after it). */
async function freePorts(count: number): Promise<number> {
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * 40_000);
    const held = await Promise.all(Array.from({ length: count }, (_, i) => occupy(first + i)));
    await Promise.all(held.map((s) => new Promise((resolve) => (s ? s.close(resolve) : resolve(null)))));
    if (held.every(Boolean)) return first;
  }
}

describe('METRICS_PORT', () => {
  it('with SHARDS=2, shard n answers on METRICS_PORT + n, its series labelled with its shard', async () => {
    const port = await freePorts(2);
    bot = await startBotProcess(fake, join(dir, 'shards.db'), {
      env: { SHARDS: '2', METRICS_PORT: String(port) },
      readyLine: 'all shards ready',
    });
    for (const shard of [0, 1]) {
      const url = `http://127.0.0.1:${port + shard}`;
      // Each shard starts listening once its client is ready.
      await vi.waitFor(async () => expect((await fetch(`${url}/healthz`)).status).toBe(200), {
        timeout: 30_000,
        interval: 100,
      });
      const text = await (await fetch(`${url}/metrics`)).text();
      expect(text).toContain(`senet_live_games{shard="${shard}"} 0`);
      expect(text).toMatch(new RegExp(`^process_cpu_user_seconds_total\\{shard="${shard}"\\} `, 'm'));
    }
  });

  it('stops the bot with a non-zero exit when its port is taken, naming the settings', async () => {
    const port = await freePorts(1);
    const taken = (await occupy(port))!;
    try {
      bot = await startBotProcess(fake, join(dir, 'taken.db'), { env: { METRICS_PORT: String(port) } });
      expect(await bot.exited).toBe(1);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    expect(bot.lines.join('\n')).toContain(`could not serve metrics on 127.0.0.1:${port} (METRICS_HOST, METRICS_PORT)`);
  });
});
