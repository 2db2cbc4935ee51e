// The bot as a real process: SIGTERM and SIGINT finish the clicks in hand and exit cleanly
// within 10 seconds; SIGKILL in the middle of clicks loses no acknowledged click, applies none
// twice, and after a restart on the same database every message catches up and plays to the end.
// On both backends: a SQLite file, or PostgreSQL given as DATABASE_URL (`DATABASE_URL=… npm start`).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { actButtons, pickButton, toActName } from './players.js';
import { startBotProcess, stopBotProcess, until, type BotProcess } from './botProcess.js';
import { openTestDatabase } from '../support/databaseAt.js';
import { freshPostgresDatabase } from '../support/postgres.js';
import { onPostgres } from '../support/testDatabase.js';
import {
  FakeDiscord,
  OPTION,
  Unanswered,
  snowflake,
  type FakeUser,
  type InteractionReply,
} from './fake/fakeDiscord.js';

let fake: FakeDiscord;
let dir: string;
let bot: BotProcess | null = null;
const users: FakeUser[] = [];

beforeAll(async () => {
  fake = await FakeDiscord.start();
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'senet-process-'));
  users.push(fake.newUser('Ana'), fake.newUser('Ben'));
});
afterEach(async () => {
  await stopBotProcess(bot, 'SIGKILL');
  bot = null;
});
afterAll(async () => {
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A new database for a bot process: a file in the temp folder, or a fresh PostgreSQL database. */
const newDatabase = async (name: string): Promise<string> =>
  onPostgres ? await freshPostgresDatabase() : join(dir, `${name}.db`);

/** A challenge from Ana to Ben in a fresh channel, accepted: the board's message id (in the game's thread). */
async function startGame(): Promise<string> {
  fake.channelId = snowflake();
  const [a, b] = users;
  const reply = await fake.slash(a!, 'challenge', [{ name: 'opponent', type: OPTION.user, value: b!.id }], [b!]);
  const challengeId = reply.message!.id;
  await fake.click(b!, challengeId, fake.buttons(challengeId)[0]!.custom_id!);
  // The thread is started from the challenge message, so it has the message's id.
  return (await fake.firstMessageIn(challengeId)).id;
}

const moverOf = (messageId: string): FakeUser =>
  users.find((u) => u.global_name === toActName(fake.messages.get(messageId)!.content))!;

/** A click on the board's chosen button by whoever it says is to act: the version it was made on, and the reply. */
function clickNext(messageId: string): { version: number; reply: Promise<InteractionReply> } {
  const button = pickButton(actButtons(fake, messageId));
  return {
    version: Number(button.custom_id!.split(':')[3]),
    reply: fake.click(moverOf(messageId), messageId, button.custom_id!),
  };
}

describe.each(['SIGTERM', 'SIGINT'] as const)('%s', (signal) => {
  it('finishes the click in hand, closes the database cleanly and exits 0 within 10 s', async () => {
    const dbPath = await newDatabase(signal);
    bot = await startBotProcess(fake, dbPath);
    const messageId = await startGame();
    const release = fake.holdAnswers();
    const callbacks = fake.requests.length;
    const click = clickNext(messageId);
    try {
      // The click is committed and its answer is on its way: the handler is in flight.
      await until(() => fake.requests.slice(callbacks).some((r) => r.path.endsWith('/callback')), 'the answer');
      const started = Date.now();
      bot.child.kill(signal);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      const reply = await click.reply;
      expect(reply.type).toBe(7);
      expect(await bot.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      release();
    }
    expect(bot.lines.join('\n')).toContain('stopped cleanly');
    // Closed cleanly: SQLite's log was checkpointed into the file and removed.
    if (!onPostgres) expect(existsSync(`${dbPath}-wal`)).toBe(false);
    const db = await openTestDatabase(dbPath);
    expect(await db.get('SELECT version FROM games')).toEqual({ version: click.version + 1 });
    await db.close();
  });
});

describe('a second bot on the same database', () => {
  it('stands by while the first serves, then takes over as it stops: every click answered once', async () => {
    const dbPath = await newDatabase('standby');
    bot = await startBotProcess(fake, dbPath);
    const messageId = await startGame();
    // Logged in beside the first (Discord sends each click to both), holding what it receives.
    const sessions = fake.sessions.ready;
    const second = await startBotProcess(fake, dbPath, { readyLine: 'standing by to take over' });
    try {
      await until(() => fake.sessions.ready > sessions, 'the second bot to log in');
      let version = 0;
      const clickOnce = async (): Promise<number> => {
        const click = clickNext(messageId);
        expect((await click.reply).type).toBe(7);
        return (version = click.version);
      };
      for (let i = 0; i < 5; i++) await clickOnce();
      // The first stops while clicks keep coming: the second answers each one it did not.
      let clicking = true;
      const clicks = (async () => {
        while (clicking) await clickOnce();
      })();
      await new Promise((resolve) => setTimeout(resolve, 200));
      bot.child.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
      await until(
        () => second.lines.some((l) => l.includes('took over from the process that served')),
        'the take-over',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      clicking = false;
      await clicks;
      expect(fake.refusals.map((r) => r.path)).toEqual([]);
      const db = await openTestDatabase(dbPath);
      const game = await db.get<{ version: number; actions: number }>(
        `SELECT version, (SELECT count(*) FROM actions WHERE game_id = games.id) AS actions FROM games`,
      );
      await db.close();
      expect(game).toEqual({ version: version + 1, actions: version + 1 });
    } finally {
      await stopBotProcess(second, 'SIGKILL');
    }
  });
});

describe('SIGKILL in the middle of clicks', () => {
  it('loses no acknowledged click, applies none twice, and every game catches up and plays to the end', async () => {
    const dbPath = await newDatabase('crash');
    bot = await startBotProcess(fake, dbPath);
    const games = [await startGame(), await startGame()];
    const acknowledged: { messageId: string; version: number }[] = [];

    // A few rounds answered as usual.
    for (let round = 0; round < 3; round++) {
      const clicks = games.map((messageId) => ({ messageId, ...clickNext(messageId) }));
      for (const c of clicks) if ((await c.reply).type === 7) acknowledged.push(c);
    }
    // Then clicks whose changes are committed but whose answers Discord has not taken yet...
    const release = fake.holdAnswers();
    const before = fake.requests.length;
    const inFlight = games.map((messageId) => clickNext(messageId));
    await until(
      () => fake.requests.slice(before).filter((r) => r.path.endsWith('/callback')).length === games.length,
      'the answers',
    );
    // ... when the process is killed.
    bot.child.kill('SIGKILL');
    expect(await bot.exited).toBe('SIGKILL');
    release();
    // Never answered: Discord would show "The application did not respond". The fake gives up on
    // them after its patience (Unanswered), which may come while the test still runs.
    for (const click of inFlight) {
      click.reply.catch((error: unknown) => {
        if (!(error instanceof Unanswered)) throw error;
      });
    }

    bot = await startBotProcess(fake, dbPath);
    const db = await openTestDatabase(dbPath);
    const row = async (messageId: string) =>
      (await db.get<{ id: number; version: number; shown: number; actions: number }>(
        `SELECT id, version, shown_version AS shown, (SELECT count(*) FROM actions a WHERE a.game_id = g.id) AS actions
         FROM games g WHERE message_id = ?`,
        [messageId],
      ))!;
    for (const messageId of games) {
      const game = await row(messageId);
      // One action per version step: nothing applied twice, nothing half-applied.
      expect(game.actions).toBe(game.version);
      // The message caught up with what the crash left committed but unshown.
      expect(game.shown).toBe(game.version);
      expect(Number(actButtons(fake, messageId)[0]!.custom_id!.split(':')[3])).toBe(game.version);
    }
    for (const click of acknowledged) expect((await row(click.messageId)).version).toBeGreaterThan(click.version);

    // And each game plays on to its end.
    for (const messageId of games) {
      for (let clicks = 0; actButtons(fake, messageId).length > 0; clicks++) {
        expect(clicks).toBeLessThan(3000);
        expect((await clickNext(messageId).reply).type).toBe(7);
      }
      expect(fake.messages.get(messageId)!.content).toMatch(/🏆 Winner/);
      const game = await row(messageId);
      expect(game.actions).toBe(game.version);
    }
    await db.close();
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
  }, 180_000); // two whole games through a real process: slow when the machine is busy
});
