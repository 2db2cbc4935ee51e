// An upgrade as an operator runs it (docs/deploy.md#upgrades), while people play: the bot runs
// from the previous release's folder under deploy/senet-bot-run, the service's main process;
// deploy/switch-release --to <this checkout's release> backs the database up, points `current` at
// the new folder and reloads; the new release logs in beside the old one, stands by, and takes over
// when the old one hands its shard over. Clicks keep coming the whole time, each answered within
// Discord's 3 s or counted as unanswered, and a second answer to a click is refused as Discord
// refuses it (40060). No click may go unanswered or be answered twice, and every move answered is
// in the database exactly once. Release folders: test/e2e/releases.ts (what "the previous
// release" is in a clone with no tags).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { openTestDatabase } from '../support/databaseAt.js';
import { until, startGameIn } from './botProcess.js';
import { FakeDiscord, Unanswered, type FakeUser } from './fake/fakeDiscord.js';
import { actButtons, pickButton, toActName } from './players.js';
import { buildReleases, type Releases } from './releases.js';

const ROOT = join(import.meta.dirname, '../..');
/** Discord's limit for the first answer to an interaction. */
const ANSWER_WITHIN_MS = 3000;

let fake: FakeDiscord;
let dir: string;
let releases: Releases;
let supervisor: ChildProcess | null = null;
const lines: string[] = [];

beforeAll(async () => {
  fake = await FakeDiscord.start();
  fake.answerPatienceMs = ANSWER_WITHIN_MS;
  dir = mkdtempSync(join(tmpdir(), 'senet-upgrade-'));
  releases = await buildReleases(dir);
}, 600_000); // two builds (one when no release was tagged): about half a minute each on a busy machine

afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) {
    supervisor.kill('SIGTERM');
    await new Promise((resolve) => supervisor!.once('exit', resolve));
  }
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const dbPath = () => join(dir, 'data', 'senet.db');
const backupDir = () => join(dir, 'backups');

/** What the service would have: its settings, the releases' root. */
function serviceEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH!,
    HOME: process.env.HOME!,
    SENET_ROOT: dir,
    DISCORD_TOKEN: 'upgrade-test-token',
    DISCORD_APPLICATION_ID: fake.applicationId,
    DISCORD_API_URL: fake.apiUrl,
    DATABASE_PATH: dbPath(),
    BACKUP_DIR: backupDir(),
    BOT_STEP_DELAY_MS: '0',
    RENDER_THREADS: '1',
    LOG_LEVEL: 'info',
  };
}

/** Starts deploy/senet-bot-run as systemd would; resolves once the bot it started is ready. */
async function startService(): Promise<ChildProcess> {
  const child = spawn('bash', [join(ROOT, 'deploy/senet-bot-run')], {
    cwd: dir,
    env: serviceEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
  }
  await until(() => lines.some((l) => l.includes('senet bot ready')), 'the bot from the previous release', 60_000);
  return child;
}

/** The pids whose working directory is in `folder`: the processes running from it. */
function runningFrom(folder: string): number[] {
  const real = realpathSync(folder);
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const cwd = readlinkSync(`/proc/${pid}/cwd`);
        return cwd === real || cwd.startsWith(`${real}/`);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

interface Click {
  messageId: string;
  /** The game's version the click was made on. */
  version: number;
  outcome: 'answered' | 'unanswered' | 'refused';
}

/**
 * Plays games between `a` and `b` until `stop()` says so, one click at a time, starting a new game
 * when one ends: every click and what became of it.
 */
async function keepPlaying(guildId: string, a: FakeUser, b: FakeUser, stop: () => boolean): Promise<Click[]> {
  const clicks: Click[] = [];
  const users = [a, b];
  let messageId = await startGameIn(fake, guildId, a, b);
  while (!stop()) {
    const buttons = actButtons(fake, messageId);
    if (buttons.length === 0) {
      messageId = await startGameIn(fake, guildId, a, b);
      continue;
    }
    const button = pickButton(buttons);
    const version = Number(button.custom_id!.split(':')[3]);
    const mover = users.find((u) => u.global_name === toActName(fake.messages.get(messageId)!.content))!;
    try {
      const reply = await fake.click(mover, messageId, button.custom_id!);
      clicks.push({ messageId, version, outcome: reply.refused ? 'refused' : 'answered' });
      // A deferred click's board comes as an edit: the next click waits for it.
      await until(
        () => Number(actButtons(fake, messageId)[0]?.custom_id?.split(':')[3] ?? Infinity) > version,
        'the board',
      );
    } catch (error) {
      if (!(error instanceof Unanswered)) throw error;
      clicks.push({ messageId, version, outcome: 'unanswered' });
      await sleep(200);
    }
    await sleep(5);
  }
  return clicks;
}

describe('an upgrade while games are played', () => {
  it('switches to the new release with no click unanswered or answered twice, and no move lost', async () => {
    // What the service logged (bots and supervisor), for whoever reads a failure.
    onTestFailed(() => console.error(lines.slice(-300).join('\n')));
    supervisor = await startService();
    expect(runningFrom(releases.previous.dir).length).toBeGreaterThan(0);

    let stopped = false;
    const pairs = [0, 1, 2].map((i) => [fake.newUser(`Ana${i}`), fake.newUser(`Ben${i}`)] as const);
    const playing = pairs.map(([a, b]) => keepPlaying(fake.guildId, a, b, () => stopped));
    await sleep(1000);

    const switched = await promisify(execFile)(join(ROOT, 'deploy/switch-release'), ['--to', releases.current], {
      env: { ...serviceEnv(), SENET_RELOAD: `kill -HUP ${supervisor.pid}`, SENET_AS_BOT: 'env' },
    });
    expect(switched.stdout).toMatch(/^switch-release: current serves; .* stopped/m);
    // The new release answers on for a while, then the players stop.
    await sleep(1500);
    stopped = true;
    const clicks = (await Promise.all(playing)).flat();

    // The old release's bot is gone, the new one serves: it took over a shard handed to it.
    expect(runningFrom(releases.previous.dir)).toEqual([]);
    expect(runningFrom(releases.current).length).toBeGreaterThan(0);
    expect(realpathSync(join(dir, 'current'))).toBe(realpathSync(releases.current));
    // The switch backed the database up first.
    expect(readdirSync(backupDir()).filter((f) => /^senet-.*Z\.db$/.test(f))).toHaveLength(1);

    // Every click answered, none twice; clicks were answered all through the switch.
    expect(clicks.filter((c) => c.outcome !== 'answered')).toEqual([]);
    expect(fake.refusals.map((r) => r.path)).toEqual([]);
    expect(clicks.length).toBeGreaterThan(30);
    expect(lines.join('\n')).toContain('took over from the process that served this shard');

    // Every answered move is in the database once: each game's versions were clicked one after
    // another with no gap, and its action log holds exactly those moves.
    const db = await openTestDatabase(dbPath());
    try {
      for (const messageId of new Set(clicks.map((c) => c.messageId))) {
        const versions = clicks.filter((c) => c.messageId === messageId).map((c) => c.version);
        const game = (await db.get<{ version: number; actions: number }>(
          `SELECT version, (SELECT count(*) FROM actions a WHERE a.game_id = g.id) AS actions FROM games g
           WHERE message_id = ?`,
          [messageId],
        ))!;
        expect(game.actions).toBe(game.version);
        expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));
        expect(game.version).toBe(versions.at(-1)! + 1);
      }
    } finally {
      await db.close();
    }

    supervisor.kill('SIGTERM');
    expect(await new Promise((resolve) => supervisor!.once('exit', (code) => resolve(code)))).toBe(0);
    expect(existsSync(`${dbPath()}-wal`)).toBe(false);
  }, 240_000);
});
