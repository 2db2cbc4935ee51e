// METRICS_PORT's /metrics and /healthz, scraped over HTTP while the real bot plays against the
// fake Discord: clicks move the interaction counter and the answer-time histogram, Discord's
// errors are counted by route template (never a token or an id), and /healthz (with the gauges
// senet_gateway_ready and senet_database_writable) turns 503 while the gateway refuses the bot's
// sessions or the database takes no writes, and 200 once they are back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_PROBE_MS } from '../../src/bot/healthCheck.js';
import { FAILURE } from './fake/fakeDiscord.js';
import {
  TOKEN,
  actButtons,
  assertReplyOk,
  harnessForFile,
  pickButton,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

const h = harnessForFile({ metrics: true });

const CALLBACK = { method: 'POST', route: '/interactions/:id/:token/callback' };
const ACT = { kind: 'button', name: 'act' };

async function scrape(): Promise<string> {
  const res = await fetch(`${h.metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample || sample[1] !== name) continue;
    const has = new Map([...(sample[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => has.get(k) === v)) sum += Number(sample[3]);
  }
  return sum;
}

/** How much `name` (with `labels`) grew between two scrapes. */
const grew = (before: string, after: string, name: string, labels: Record<string, string> = {}): number =>
  value(after, name, labels) - value(before, name, labels);

/** Whoever is to act on the board clicks the furthest-reaching button. */
async function playClick(board: string): Promise<void> {
  const mover = userNamed(h, toActName(h.fake.messages.get(board)!.content)!);
  assertReplyOk(await h.click(mover, board, pickButton(actButtons(h, board)).custom_id!), h);
}

async function healthz(): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${h.metricsUrl}/healthz`);
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('/metrics', () => {
  it('counts clicks and their answer times, live games, drawings, commits and Discord responses', async () => {
    const before = await scrape();
    const board = await startHumanGame(h);
    for (let i = 0; i < 4; i++) await playClick(board);
    const after = await scrape();

    expect(
      grew(before, after, 'senet_interactions_total', { kind: 'command', name: 'senet challenge', outcome: 'ok' }),
    ).toBe(1);
    expect(grew(before, after, 'senet_interactions_total', { kind: 'button', name: 'accept', outcome: 'ok' })).toBe(1);
    expect(grew(before, after, 'senet_interactions_total', { ...ACT, outcome: 'ok' })).toBe(4);
    // The answer-time histogram: four more observations, in every bucket up to +Inf, taking time.
    expect(grew(before, after, 'senet_interaction_seconds_count', ACT)).toBe(4);
    expect(grew(before, after, 'senet_interaction_seconds_bucket', { ...ACT, le: '+Inf' })).toBe(4);
    expect(grew(before, after, 'senet_interaction_seconds_sum', ACT)).toBeGreaterThan(0);
    expect(value(after, 'senet_live_games')).toBe(1);
    expect(grew(before, after, 'senet_render_seconds_count')).toBeGreaterThanOrEqual(4);
    // The challenge, the acceptance and each click are one write transaction at least.
    expect(grew(before, after, 'senet_db_commit_seconds_count')).toBeGreaterThanOrEqual(6);
    expect(grew(before, after, 'senet_discord_responses_total', CALLBACK)).toBeGreaterThanOrEqual(6);
    // The process's own figures, and the shard on every series.
    expect(value(after, 'process_cpu_user_seconds_total', { shard: '0' })).toBeGreaterThan(0);
    expect(value(after, 'senet_replay_queue')).toBe(0);
    expect(value(after, 'senet_gateway_ready')).toBe(1);
    expect(value(after, 'senet_database_writable')).toBe(1);
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(value(after, 'senet_build_info', { version, node: process.version, shard: '0' })).toBe(1);
    // Routes are templates: no credential and no id ever becomes a label.
    expect(after).not.toContain(TOKEN);
    expect(after).not.toMatch(/tok-\d/);
    expect(after).not.toMatch(/="[^"]*\d{17,19}[^"]*"/);
  });

  it('counts a refused click as private, and a click whose answer Discord refused as unanswered, by route', async () => {
    const board = await startHumanGame(h);
    const mover = userNamed(h, toActName(h.fake.messages.get(board)!.content)!);
    const other = mover === h.ana ? h.ben : h.ana;
    const before = await scrape();
    const refused = await h.click(other, board, actButtons(h, board)[0]!.custom_id!);
    expect(refused.ephemeral).toBe(true);
    // The click's answer meets 404 Unknown interaction (as Discord answers one given after 3 s):
    // the move is shown with the bot's token instead, but the click itself got no answer.
    h.fake.failRequests((r) => r.path.endsWith('/callback'), FAILURE.unknownInteraction);
    await h.click(mover, board, pickButton(actButtons(h, board)).custom_id!);
    const after = await scrape();

    expect(grew(before, after, 'senet_interactions_total', { ...ACT, outcome: 'private' })).toBe(1);
    expect(grew(before, after, 'senet_interactions_total', { ...ACT, outcome: 'unanswered' })).toBe(1);
    expect(grew(before, after, 'senet_interaction_seconds_count', ACT)).toBe(2);
    expect(grew(before, after, 'senet_discord_responses_total', { ...CALLBACK, status: '404' })).toBe(1);
  });

  it('counts an unexpected error as failed, and a 429 by its route', async () => {
    const before = await scrape();
    const original = h.service.records.leaderboard.bind(h.service);
    h.service.records.leaderboard = () => {
      throw new Error('database exploded');
    };
    try {
      await h.slash(h.ana, 'leaderboard');
    } finally {
      h.service.records.leaderboard = original;
    }
    // Discord's rate limit on starting the game's thread: discord.js waits it out and tries again.
    h.fake.failRequests((r) => r.method === 'POST' && r.path.endsWith('/threads'), {
      status: 429,
      code: 0,
      message: 'You are being rate limited.',
      retryAfter: 0.05,
    });
    await startHumanGame(h);
    const after = await scrape();

    const leaderboard = { kind: 'command', name: 'senet leaderboard' };
    expect(grew(before, after, 'senet_interactions_total', { ...leaderboard, outcome: 'failed' })).toBe(1);
    const threads = { method: 'POST', route: '/channels/:id/messages/:id/threads' };
    expect(grew(before, after, 'senet_discord_responses_total', { ...threads, status: '429' })).toBe(1);
    expect(grew(before, after, 'senet_discord_responses_total', { ...threads, status: '201' })).toBe(1);
  });

  it('answers 404 elsewhere and 405 to anything but GET and HEAD', async () => {
    expect((await fetch(`${h.metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${h.metricsUrl}/metrics`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${h.metricsUrl}/healthz`, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('/healthz', () => {
  it('turns 503 while the gateway refuses the bot, and 200 once it is back', async () => {
    expect(await healthz()).toEqual({ status: 200, body: { status: 'ok', gateway: 'ready', database: 'writable' } });

    h.fake.refuseSessions = true;
    h.fake.dropGateway();
    await vi.waitFor(async () => expect((await healthz()).status).toBe(503), { timeout: 30_000, interval: 50 });
    expect(value(await scrape(), 'senet_gateway_ready')).toBe(0);
    // Still down after the bot has tried to resume and to identify again, and been refused.
    await vi.waitFor(() => expect(h.fake.sessions.outageRefused).toBeGreaterThanOrEqual(2), {
      timeout: 30_000,
      interval: 50,
    });
    const down = await healthz();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'unhealthy', database: 'writable' });
    expect(down.body.gateway).toMatch(/^shard 0 /);

    h.fake.refuseSessions = false;
    await vi.waitFor(async () => expect((await healthz()).status).toBe(200), { timeout: 30_000, interval: 50 });
    expect(value(await scrape(), 'senet_gateway_ready')).toBe(1);
    // And it serves clicks again.
    const board = await startHumanGame(h);
    await playClick(board);
  });

  it("turns 503 within a probe's interval while the database takes no writes, naming SQLite's error", async () => {
    expect((await healthz()).status).toBe(200);
    // What a read-only mount or file looks like to the bot: every write refused.
    sqliteConnection(h.service.storage.db).pragma('query_only = ON');
    const wait = { timeout: 3 * DATABASE_PROBE_MS, interval: 100 };
    try {
      await vi.waitFor(async () => expect((await healthz()).status).toBe(503), wait);
      const down = await healthz();
      expect(down.body).toMatchObject({ status: 'unhealthy', gateway: 'ready' });
      expect(down.body.database).toMatch(/readonly/);
      expect(value(await scrape(), 'senet_database_writable')).toBe(0);
    } finally {
      sqliteConnection(h.service.storage.db).pragma('query_only = OFF');
    }
    await vi.waitFor(async () => expect((await healthz()).status).toBe(200), wait);
    expect(value(await scrape(), 'senet_database_writable')).toBe(1);
  });
});
