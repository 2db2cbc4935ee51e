// METRICS_PORT as `npm start` runs it (src/main.ts under tsx, against the fake Discord): each shard
// process of a sharded bot serves /metrics and /healthz on METRICS_PORT + its id, with its shard on
// every series; a port that cannot be bound stops the bot with a line naming the settings; a burst
// of health checks costs no database write each and holds no click up.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePorts, occupy, startBotProcess, startGameIn, stopBotProcess, type BotProcess } from './botProcess.js';
import { FakeDiscord } from './fake/fakeDiscord.js';
import { actButtons, pickButton, toActName } from './players.js';
import { DATABASE_PROBE_MS } from '../../src/bot/healthCheck.js';

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

/**
 * The commits in a SQLite file's write-ahead log so far: the wal-index header's mxFrame, "the index
 * of the last valid frame in the WAL", a u32 at byte 16 of the -shm file in the machine's byte order
 * (sqlite.org/walformat.html, "The WAL-Index Header"). Every commit appends at least one frame.
 */
function walFrames(dbPath: string): number {
  const header = readFileSync(`${dbPath}-shm`).subarray(0, 48);
  return endianness() === 'LE' ? header.readUInt32LE(16) : header.readUInt32BE(16);
}

/** `count` GET /healthz at once; resolves with their statuses. */
const healthBurst = (url: string, count: number): Promise<number[]> =>
  Promise.all(Array.from({ length: count }, async () => (await fetch(`${url}/healthz`)).status));

describe('GET /healthz under a burst', () => {
  it('answers from a probe that writes at most once every few seconds, and a click in the burst is answered', async () => {
    const port = await freePorts(1);
    const dbPath = join(dir, 'burst.db');
    bot = await startBotProcess(fake, dbPath, { env: { METRICS_PORT: String(port), SWEEP_INTERVAL_SECONDS: '3600' } });
    const url = `http://127.0.0.1:${port}`;
    await vi.waitFor(async () => expect((await fetch(`${url}/healthz`)).status).toBe(200), { timeout: 30_000 });

    const before = walFrames(dbPath);
    const started = performance.now();
    expect(new Set(await healthBurst(url, 300))).toEqual(new Set([200]));
    const probes = Math.ceil((performance.now() - started) / DATABASE_PROBE_MS) + 1;
    // One write per probe at most, not one per request (the log has not been checkpointed meanwhile:
    // that happens at 1,000 frames).
    expect(walFrames(dbPath) - before).toBeLessThanOrEqual(probes);

    const [ana, ben] = [fake.newUser('Ana'), fake.newUser('Ben')];
    const board = await startGameIn(fake, fake.guildId, ana, ben);
    const mover = [ana, ben].find((u) => u.global_name === toActName(fake.messages.get(board)!.content))!;
    const burst = healthBurst(url, 300);
    const click = await fake.click(mover, board, pickButton(actButtons(fake, board)).custom_id!);
    expect(click.type).toBe(7); // the board, updated in place
    expect(new Set(await burst)).toEqual(new Set([200]));
  }, 120_000);
});
