// The real bot as its own process (src/main.ts, as `npm start` runs it but under tsx), against
// the fake Discord and a database the test chooses (a SQLite file, or a postgres:// URL given as
// DATABASE_URL): for signals and crashes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect } from 'vitest';
import { OPTION, snowflake, type FakeDiscord, type FakeUser } from './fake/fakeDiscord.js';
import { databaseEnv } from '../support/databaseAt.js';

const ROOT = join(import.meta.dirname, '../..');

export interface BotProcess {
  child: ChildProcess;
  /** Every log line so far (pino JSON). */
  lines: string[];
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
}

/**
 * Starts the bot and resolves once it logs `readyLine` (default: ready, i.e. logged in, caught up,
 * listening). `env` adds settings (SHARDS=2: the sharding manager, ready once every shard is);
 * `script` runs another of its programs instead (src/tools/rest-proxy.ts), with the same settings.
 */
export async function startBotProcess(
  fake: FakeDiscord,
  dbPath: string,
  options: { env?: Record<string, string>; readyLine?: string; script?: string } = {},
): Promise<BotProcess> {
  const readyLine = options.readyLine ?? 'senet bot ready';
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DISCORD_TOKEN: 'process-test-token',
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_API_URL: fake.apiUrl,
      ...databaseEnv(dbPath),
      BOT_STEP_DELAY_MS: '0',
      RENDER_THREADS: '1',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  let buffered = '';
  const collect = (chunk: Buffer): void => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      if (line.includes(readyLine)) ready();
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const outcome = await Promise.race([isReady.then(() => 'ready' as const), exited]);
  if (outcome !== 'ready') throw new Error(`the bot exited (${outcome}) before it was ready:\n${lines.join('\n')}`);
  return { child, lines, exited };
}

/** Stops the bot with `signal` and waits until it is gone, if it is still running (a test that failed half-way leaves none behind). */
export async function stopBotProcess(
  bot: BotProcess | null | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!bot || bot.child.exitCode !== null || bot.child.signalCode !== null) return;
  bot.child.kill(signal);
  await bot.exited;
}

/** Resolves once `condition()` holds (checked every 20 ms); fails naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * In a new channel of `guildId`: `challenger` challenges `opponent`, who accepts (the bot starts
 * its games by itself): the board's message id, the first message of the game's thread.
 */
export async function startGameIn(
  fake: FakeDiscord,
  guildId: string,
  challenger: FakeUser,
  opponent: FakeUser,
): Promise<string> {
  fake.guildId = guildId;
  fake.channelId = snowflake();
  const reply = await fake.slash(
    challenger,
    'challenge',
    [{ name: 'opponent', type: OPTION.user, value: opponent.id }],
    [opponent],
  );
  const lobbyId = reply.message!.id;
  if (opponent.id !== fake.botUser.id) {
    // Answered in place (7), or acknowledged first (6) on a machine too busy to draw within 1.5 s.
    expect([6, 7]).toContain((await fake.click(opponent, lobbyId, fake.buttons(lobbyId)[0]!.custom_id!)).type);
  }
  return (await fake.firstMessageIn(lobbyId)).id;
}

/** Listens on `port` of 127.0.0.1, or resolves null when it is taken. */
export function occupy(port: number): Promise<Server | null> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** `count` consecutive ports that are free now (a process's port, e.g. METRICS_PORT and the ones after it). */
export async function freePorts(count: number): Promise<number> {
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * 40_000);
    const held = await Promise.all(Array.from({ length: count }, (_, i) => occupy(first + i)));
    await Promise.all(held.map((s) => new Promise((resolve) => (s ? s.close(resolve) : resolve(null)))));
    if (held.every(Boolean)) return first;
  }
}
