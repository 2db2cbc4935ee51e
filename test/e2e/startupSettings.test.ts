// The real process (src/main.ts) started as a service manager starts it, with a token: bad
// settings stop it with exit 78 (EX_CONFIG) and one line per problem (never the offline demo), and a Discord it
// cannot reach is said to be unreachable and tried again before it gives up.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_SETTINGS } from '../../src/bot/config.js';
import { SERVER_SETTINGS } from '../../src/game/settingSpecs.js';
import { samples } from '../commands/settingSamples.js';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'senet-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bot with a token and `env`, to its exit. */
function start(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DISCORD_TOKEN: 'startup-test-token',
          DISCORD_APPLICATION_ID: '123456789012345678',
          DATABASE_PATH: join(dir, 'senet.db'),
          DEMO_OUTPUT_DIR: join(dir, 'demo'),
          RENDER_THREADS: '0',
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

/** A value each process setting refuses, by `.env` key (paths and the demo folder take any text). */
const BAD_PROCESS: Record<string, string> = {
  DISCORD_TOKEN: 'two words',
  DISCORD_APPLICATION_ID: '42',
  GUILD_ID: 'my-server',
  DATABASE_URL: 'mysql://db.example/senet',
  DATABASE_POOL_SIZE: '0',
  DISCORD_API_URL: 'discord.com/api',
  BOT_STEP_DELAY_MS: 'soon',
  SWEEP_INTERVAL_SECONDS: '0',
  RENDER_THREADS: '-1',
  LOG_LEVEL: 'verbose',
  STARTUP_RETRY_SECONDS: 'forever',
  METRICS_PORT: '70000',
  METRICS_HOST: 'local host',
  REST_PROXY_SECRET: 'too short',
  SHARDS: '0',
  SHARD_COUNT: 'two',
  SHARD_IDS: '1..3',
  BACKUP_KEEP_DAILY: '0',
  BACKUP_KEEP_WEEKLY: 'many',
  ACTIVITY_PORT: '0',
  ACTIVITY_HOST: 'the web',
  DISCORD_CLIENT_SECRET: 'two words',
  ACTIVITY_MOCK_SIGN_IN: 'yes',
};

/** Every setting with a value it refuses: the server settings' by their kind. */
const BAD: Record<string, string> = {
  ...BAD_PROCESS,
  ...Object.fromEntries(SERVER_SETTINGS.map((spec) => [spec.env, samples(spec).bad])),
};

describe('a start with a token and bad settings', () => {
  it('names every bad setting on a line of its own, exits 78 and plays no demo', async () => {
    const checked = [
      ...Object.values(PROCESS_SETTINGS)
        .map((s) => s.env)
        .filter((env) => !['DATABASE_PATH', 'DEMO_OUTPUT_DIR', 'BACKUP_DIR'].includes(env)),
      ...SERVER_SETTINGS.map((s) => s.env),
    ];
    expect(Object.keys(BAD).sort()).toEqual([...checked].sort());
    const run = await start(BAD);
    expect(run.code).toBe(78);
    const problems = run.stderr.split('\n').filter((line) => line.startsWith('Invalid setting: '));
    expect(problems.map((line) => line.split(' ')[2]).sort()).toEqual([...checked].sort());
    expect(run.stderr).toMatch(/^The bot did not start\. Fix the settings above/m);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.stdout).not.toMatch(/demo/i);
  });

  it.each([
    ['TURN_TIMEOUT_MINUTES', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['SWEEP_INTERVAL_SECONDS', '0'],
    ['DISCORD_APPLICATION_ID', 'my-bot'],
  ])('with only %s=%s wrong, says that one setting and nothing else', async (name, bad) => {
    const run = await start({ [name]: bad });
    expect(run.code).toBe(78);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(new RegExp(`^Invalid setting: ${name} must .*\\(got "${bad}"\\)$`)),
      expect.stringMatching(/^The bot did not start/),
    ]);
    expect(run.stdout).toBe('');
  });
});

describe('a start with the live board', () => {
  it('refuses the mock sign-in against Discord itself: one line, exit 78', async () => {
    const run = await start({ ACTIVITY_PORT: '8443', ACTIVITY_MOCK_SIGN_IN: 'true' });
    expect(run.code).toBe(78);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^Invalid setting: ACTIVITY_MOCK_SIGN_IN .*refused with DISCORD_API_URL unset/),
      expect.stringMatching(/^The bot did not start/),
    ]);
  });
});

describe('a start when Discord cannot be reached', () => {
  it('says the connection was refused, tries again with a pause, then exits 1', async () => {
    // A port that was just free: nothing listens there, so connecting is refused.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const url = `http://127.0.0.1:${port}/api`;
    const run = await start({ DISCORD_API_URL: url, STARTUP_RETRY_SECONDS: '3' });
    expect(run.code).toBe(1);
    const lines = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    const retries = lines.filter((l) => l.msg.includes('trying again'));
    expect(retries.map((l) => l.msg)).toEqual([
      `cannot reach Discord at ${url}: the connection was refused (ECONNREFUSED); trying again in 1 s`,
      `cannot reach Discord at ${url}: the connection was refused (ECONNREFUSED); trying again in 2 s`,
    ]);
    const fatal = lines.find((l) => l.level === 60)!;
    expect(fatal.msg).toMatch(
      new RegExp(`^cannot reach Discord at ${url}: the connection was refused .*gave up after 3 tries`),
    );
    expect(run.stdout).not.toMatch(/DISCORD_TOKEN/);
  });
});
