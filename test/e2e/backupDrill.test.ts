// The backup drill an operator runs (docs/operators.md#backups), end to end: a bot process plays
// games, `npm run db:backup` copies its database while it runs, more is played, `npm run
// db:restore` refuses to touch the database the bot serves and restores into a scratch place
// instead, `npm run db:verify` finds every game there clean, and a bot started on the restored copy
// plays on from where the backup was taken. Then, with the bot stopped, the restore in place:
// refused while another process has the file open, done (owned like the file it replaces) once not.
// SQLite only: PostgreSQL is backed up with pg_dump and restored with pg_restore, which db:restore
// only explains.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actButtons, pickButton, toActName } from './players.js';
import { startBotProcess, startGameIn, stopBotProcess, until, type BotProcess } from './botProcess.js';
import { FakeDiscord, type FakeUser } from './fake/fakeDiscord.js';

const ROOT = join(import.meta.dirname, '../..');
/** An owner for the scratch folder that is not the test's own user, as the bot's user is not root. */
const SERVICE_UID = 4242;

let fake: FakeDiscord;
let dir: string;
let bot: BotProcess | null = null;
let ana: FakeUser;
let ben: FakeUser;

beforeAll(async () => {
  fake = await FakeDiscord.start();
  dir = mkdtempSync(join(tmpdir(), 'senet-drill-'));
  [ana, ben] = [fake.newUser('Ana'), fake.newUser('Ben')];
});
afterAll(async () => {
  await stopBotProcess(bot, 'SIGKILL');
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A tool as `npm run db:…` runs it, with the settings `env` adds; its exit code and output. */
async function tool(name: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `src/tools/${name}.ts`, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** `times` clicks on the board `messageId`, each by whoever is to act: the version it shows after. */
async function play(messageId: string, times: number): Promise<number> {
  for (let i = 0; i < times && actButtons(fake, messageId).length > 0; i++) {
    const mover = [ana, ben].find((u) => u.global_name === toActName(fake.messages.get(messageId)!.content))!;
    const version = shownVersion(messageId);
    // Answered in place (7), or acknowledged first (6) and the board sent as an edit.
    expect([6, 7]).toContain(
      (await fake.click(mover, messageId, pickButton(actButtons(fake, messageId)).custom_id!)).type,
    );
    await until(() => shownVersion(messageId) > version, 'the board after a click');
  }
  return shownVersion(messageId);
}
const shownVersion = (messageId: string): number => Number(actButtons(fake, messageId)[0]!.custom_id!.split(':')[3]);

describe('the backup drill', () => {
  it('backs up a running bot, restores elsewhere, verifies, and a bot plays on from the copy', async () => {
    const live = join(dir, 'live', 'senet.db');
    const backups = join(dir, 'backups');
    const settings = { DATABASE_PATH: live, BACKUP_DIR: backups };
    bot = await startBotProcess(fake, live, { env: { BACKUP_DIR: backups } });
    const first = await startGameIn(fake, fake.guildId, ana, ben);
    const second = await startGameIn(fake, fake.guildId, ana, ben);
    const [firstAtBackup, secondAtBackup] = [await play(first, 6), await play(second, 4)];

    const backedUp = await tool('db-backup', [], settings);
    expect(backedUp.out).toMatch(/backed up .* to .*senet-.*Z\.db \(2 games\)/);
    expect(backedUp.code).toBe(0);
    const [backup] = readdirSync(backups);
    const backupFile = join(backups, backup!);

    // More is played after the backup: moves, and a game of its own.
    expect(await play(first, 5)).toBeGreaterThan(firstAtBackup);
    const third = await startGameIn(fake, fake.guildId, ana, ben);

    // The bot serves the live database: restoring over it is refused, and nothing changes.
    const over = await tool('db-restore', ['--from', backupFile], settings);
    expect(over.code).toBe(3);
    expect(over.out).toMatch(/a bot is serving .*senet\.db \(shard 0\): stop it first/);
    expect(readdirSync(join(dir, 'live')).filter((f) => f.includes('replaced'))).toEqual([]);

    // Restored into a scratch place, owned like the folder it lands in; every game replays clean.
    const scratchDir = join(dir, 'scratch');
    mkdirSync(scratchDir);
    chownSync(scratchDir, SERVICE_UID, SERVICE_UID);
    const scratch = join(scratchDir, 'senet.db');
    const restored = await tool('db-restore', ['--from', backupFile, '--db', scratch]);
    expect(restored.out).toMatch(/restored .* to .*scratch\/senet\.db \(2 games replay clean\)/);
    expect(restored.code).toBe(0);
    expect(statSync(scratch).uid).toBe(SERVICE_UID);
    expect(readdirSync(scratchDir)).toEqual(['senet.db']);
    const verified = await tool('db-verify', ['--db', scratch]);
    expect(verified.out).toMatch(/: 2 games checked, 0 differ\n$/);

    // A bot on the restored copy plays on from where the backup was taken: a board played past it
    // goes back to the backup's position when clicked, the game made after it is gone.
    await stopBotProcess(bot);
    bot = await startBotProcess(fake, scratch);
    const onFirst = await fake.click(ana, first, actButtons(fake, first)[0]!.custom_id!);
    expect([6, 7]).toContain(onFirst.type);
    await until(() => shownVersion(first) === firstAtBackup, 'the board back at the backup');
    expect(await play(first, 4)).toBe(firstAtBackup + 4);
    expect(await play(second, 4)).toBe(secondAtBackup + 4);
    const onThird = await fake.click(ana, third, fake.buttons(third)[0]!.custom_id!);
    expect(onThird.ephemeral).toBe(true);
    await stopBotProcess(bot);
    bot = null;

    // With no bot, in place: refused for a file that is no backup, and while another process has
    // the file open; then done.
    const notes = join(dir, 'notes.db');
    writeFileSync(notes, 'not a database, though named like one\n'.repeat(200));
    const wrong = await tool('db-restore', ['--from', notes], settings);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/notes\.db is not a database/);
    const reader = new SqliteDatabase(live, { readonly: true });
    reader.prepare('SELECT count(*) FROM games').get();
    const whileOpen = await tool('db-restore', ['--from', backupFile], settings);
    expect(whileOpen.code).toBe(3);
    expect(whileOpen.out).toMatch(/another process has .*senet\.db open/);
    reader.close();
    chownSync(live, SERVICE_UID, SERVICE_UID);
    const inPlace = await tool('db-restore', ['--from', backupFile], settings);
    expect(inPlace.code).toBe(0);
    expect(inPlace.out).toMatch(/the database it replaced is kept at .*senet\.db\.replaced-/);
    expect(statSync(live).uid).toBe(SERVICE_UID);
    expect(existsSync(`${live}-wal`)).toBe(false);
    expect((await tool('db-verify', [], settings)).out).toMatch(/: 2 games checked, 0 differ\n$/);

    // A second backup the same day replaces the first (BACKUP_KEEP_DAILY=1, no weekly copies).
    const again = await tool('db-backup', [], { ...settings, BACKUP_KEEP_DAILY: '1', BACKUP_KEEP_WEEKLY: '0' });
    expect(again.out).toContain(`deleted ${backup}`);
    expect(readdirSync(backups)).toEqual([expect.stringMatching(/^senet-.*Z\.db$/)]);
  }, 180_000);

  it('explains PostgreSQL instead of restoring it', async () => {
    const run = await tool('db-restore', ['--from', 'senet.dump'], { DATABASE_URL: 'postgres://bot@db.example/senet' });
    expect(run.code).toBe(2);
    expect(run.out).toMatch(/pg_restore --dbname=.* \(docs\/operators\.md#restoring-a-backup\)/);
  });
});
