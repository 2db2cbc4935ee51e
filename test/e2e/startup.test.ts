// The programs as a person runs them: `npm start` (built and run compiled) without a token (settings named, offline demo,
// exit 0) and `npm run deploy-commands` against the fake Discord.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from './fake/fakeDiscord.js';

const run = promisify(execFile);
const TSX = join(import.meta.dirname, '../../node_modules/.bin/tsx');
const ROOT = join(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The environment of a fresh checkout: no Discord settings (set empty so a local .env cannot fill them). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: existsSync('/dev/shm') ? '/dev/shm' : tmpdir(),
    DISCORD_TOKEN: '',
    DISCORD_APPLICATION_ID: '',
    GUILD_ID: '',
    DISCORD_API_URL: '',
    ...extra,
  };
}

describe('npm start without a token', () => {
  it('names the missing settings, plays an offline demo, writes its pictures and exits 0', async () => {
    const out = mkdtempSync(join(tmpdir(), 'senet-demo-out-'));
    dirs.push(out);
    // Exactly the README's command: the build, then the compiled bot with its memory settings.
    const { stdout } = await run('npm', ['start', '--silent'], { cwd: ROOT, env: cleanEnv({ DEMO_OUTPUT_DIR: out }) });
    expect(stdout).toMatch(/Missing settings: DISCORD_TOKEN, DISCORD_APPLICATION_ID/);
    expect(stdout).toMatch(/developer portal/);
    expect(stdout).toMatch(/^Finished after \d+ actions: .* wins!$/m);
    expect(stdout).toMatch(/^The winning position: \/\S+$/m);
    const files = [...stdout.matchAll(/^ {2}(\/\S+)$/gm)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      expect(file.startsWith(out)).toBe(true);
      const image = await loadImage(readFileSync(file));
      expect(image.width).toBeGreaterThan(300);
    }
  });
});

describe('the compiled bot', () => {
  it('draws boards on render workers that are plain JavaScript files', async () => {
    // Under tsx and vitest the pool loads its worker through a tsx bootstrap; compiled, it starts
    // dist/bot/renderWorker.js directly. Only the build shows that this works.
    await run('npm', ['run', '--silent', 'build'], { cwd: ROOT, env: cleanEnv({}) });
    const script = `
      import { RenderPool } from './dist/bot/renderPool.js';
      import { newGame } from './dist/engine/index.js';
      const pool = new RenderPool(1);
      const board = await pool.render(newGame('regency', {}, 3).value, { names: { W: 'Ana', B: 'Ben' } });
      await pool.close();
      console.log(JSON.stringify({ head: board.image.subarray(0, 3).toString('hex'), bytes: board.image.length, alt: board.alt }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: cleanEnv({}),
    });
    const board = JSON.parse(stdout) as { head: string; bytes: number; alt: string };
    expect(board.head).toBe('ffd8ff'); // a JPEG
    expect(board.bytes).toBeGreaterThan(20_000);
    expect(board.alt).toMatch(/Regency/);
  });
});

describe('npm run deploy-commands', () => {
  it('registers /senet and /senet-admin (Manage Server only, guild only) in the configured guild', async () => {
    const fake = await FakeDiscord.start();
    try {
      const { stdout } = await run(TSX, ['src/tools/deploy-commands.ts'], {
        cwd: ROOT,
        env: cleanEnv({
          DISCORD_TOKEN: 'deploy-test-token',
          DISCORD_APPLICATION_ID: fake.applicationId,
          GUILD_ID: fake.guildId,
          DISCORD_API_URL: fake.apiUrl,
        }),
      });
      expect(stdout).toMatch(/Registered 2 commands \(\/senet, \/senet-admin\) in guild/);
      const put = fake.requests.find((r) => r.method === 'PUT')!;
      expect(put.path).toBe(`/applications/${fake.applicationId}/guilds/${fake.guildId}/commands`);
      type Registered = {
        name: string;
        options: { name: string }[];
        default_member_permissions?: string | null;
        contexts?: number[];
        integration_types?: number[];
      };
      const [command, admin] = fake.commands.get(fake.guildId) as Registered[];
      expect(command!.name).toBe('senet');
      expect(command!.options.map((o) => o.name)).toContain('challenge');
      expect(command!.default_member_permissions ?? null).toBeNull(); // everyone
      expect(admin!.name).toBe('senet-admin');
      expect(admin!.options.map((o) => o.name)).toEqual(['settings', 'new-season', 'data', 'tournament']);
      expect(admin!.default_member_permissions).toBe('32'); // Manage Server
      // Both installs; servers, the DM with the bot, and DMs and group DMs between users.
      expect(command!.integration_types).toEqual([0, 1]);
      expect(command!.contexts).toEqual([0, 1, 2]);
      expect(admin!.contexts).toEqual([0]); // servers only
      expect(admin!.integration_types ?? [0]).toEqual([0]); // server installs only
    } finally {
      await fake.stop();
    }
  });
});
