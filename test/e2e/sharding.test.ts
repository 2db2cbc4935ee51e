// `SHARDS=2 npm start` against the fake Discord: a manager process and one bot process per shard,
// all on one SQLite file. Games in servers on different shards are each served by their own
// shard; killing one shard's process in the middle of the computer's turn leaves the other
// serving, the manager starts it again, and the computer's turn resumes there, played once.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatewayPlan } from '../../src/bot/shardManager.js';
import { openService } from '../../src/game/service.js';
import { actButtons, pickButton, toActName } from './players.js';
import { startBotProcess, startGameIn, stopBotProcess, until, type BotProcess } from './botProcess.js';
import { FakeDiscord, type FakeUser } from './fake/fakeDiscord.js';

let fake: FakeDiscord;
let dir: string;
let bot: BotProcess | null = null;
let ana: FakeUser;
let ben: FakeUser;
/** A server on shard 0 and one on shard 1 (of 2). */
let servers: [string, string];

beforeAll(async () => {
  fake = await FakeDiscord.start();
  // Discord's identify limit, enforced: one shard identifies per 5 s (max_concurrency 1).
  fake.limitIdentify = true;
  fake.recommendedShards = 2;
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'senet-shards-'));
  servers = [fake.addGuild({ shard: 0, count: 2 }), fake.addGuild({ shard: 1, count: 2 })];
  ana = fake.newUser('Ana');
  ben = fake.newUser('Ben');
});
/** A test that failed half-way leaves no processes behind for the next (the manager's SIGTERM stops its shards). */
async function stopBot(): Promise<void> {
  await stopBotProcess(bot);
  bot = null;
}
afterEach(stopBot);
afterAll(async () => {
  await stopBot();
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** How long to wait for a process to do something: starting one takes a few seconds on a busy machine. */
const WAIT_MS = 30_000;

/** The log lines (pino JSON) with this message. */
function logged(msg: string): Record<string, unknown>[] {
  return bot!.lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg);
}

/** The person the board says is to act clicks the furthest-reaching button: the answer's callback type. */
async function play(messageId: string): Promise<number> {
  const mover = [ana, ben].find((u) => u.global_name === toActName(fake.messages.get(messageId)!.content))!;
  const button = pickButton(actButtons(fake, messageId));
  return (await fake.click(mover, messageId, button.custom_id!)).type;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('SHARDS=2', () => {
  it('serves each server from its own shard process, and survives one being killed during play', async () => {
    const dbPath = join(dir, 'shards.db');
    // A pause before each of the computer's actions, so its turn can be caught pending.
    bot = await startBotProcess(fake, dbPath, {
      env: { SHARDS: '2', BOT_STEP_DELAY_MS: '4000' },
      readyLine: 'all shards ready',
    });
    expect(fake.connectedShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const pids = new Map(logged('shard process started').map((e) => [e.shard as number, e.shardPid as number]));
    expect([...pids.keys()].sort()).toEqual([0, 1]);

    // A game between people in each server: each is answered (by the shard its server is on).
    const boards = [await startGameIn(fake, servers[0], ana, ben), await startGameIn(fake, servers[1], ana, ben)];
    for (let round = 0; round < 3; round++) for (const board of boards) expect(await play(board)).toBe(7);

    // A game against the computer on shard 1, played until the computer is to act.
    const db = new SqliteDatabase(dbPath, { readonly: true });
    const vsBot = await startGameIn(fake, servers[1], ana, fake.botUser);
    const game = db.prepare<[string], { id: number; toAct: string | null; version: number; actions: number }>(
      `SELECT id, to_act_id AS toAct, version, (SELECT count(*) FROM actions a WHERE a.game_id = g.id) AS actions
       FROM games g WHERE message_id = ?`,
    );
    // The board is in Discord before the bot has recorded its message id.
    await until(() => game.get(vsBot) !== undefined, 'the board recorded', WAIT_MS);
    while (game.get(vsBot)!.toAct !== fake.botUser.id) {
      await until(() => actButtons(fake, vsBot).length > 0, "Ana's buttons", WAIT_MS);
      const button = pickButton(actButtons(fake, vsBot));
      expect((await fake.click(ana, vsBot, button.custom_id!)).type).toBe(7);
    }
    const pending = game.get(vsBot)!;

    // Shard 1's process dies while the computer's turn is pending (within its pause).
    process.kill(pids.get(1)!, 'SIGKILL');
    await until(() => logged('shard process died; starting it again').length === 1, 'the death to be noticed', WAIT_MS);
    expect(game.get(vsBot)).toEqual(pending);
    // Shard 0 keeps serving meanwhile.
    expect(await play(boards[0]!)).toBe(7);

    // The manager starts shard 1 again; it resumes the computer's turn, which is played once.
    await until(() => logged('shard ready').filter((e) => e.shard === 1).length === 2, 'shard 1 again', 60_000);
    expect(fake.connectedShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const restarted = logged('shard process started').filter((e) => e.shard === 1)[1]!.shardPid as number;
    expect(restarted).not.toBe(pids.get(1));
    await until(
      () => game.get(vsBot)!.toAct === ana.id && actButtons(fake, vsBot).length > 0,
      'the computer to play',
      WAIT_MS,
    );
    const after = game.get(vsBot)!;
    expect(after.version).toBeGreaterThan(pending.version);
    expect(after.actions).toBe(after.version);
    // Both servers play on.
    for (const board of boards) expect(await play(board)).toBe(7);
    expect((await fake.click(ana, vsBot, pickButton(actButtons(fake, vsBot)).custom_id!)).type).toBe(7);
    db.close();

    // SIGTERM to the manager stops every shard cleanly.
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    for (const pid of [pids.get(0)!, restarted]) expect(isAlive(pid)).toBe(false);
    expect(logged('stopped cleanly').length).toBe(3); // both shards, then the manager

    // Nothing was applied twice: every game replays from its seed and log.
    const service = openService({ dbPath, botUserId: fake.botUser.id });
    expect((await service.storage.verify()).problems).toEqual([]);
    await service.storage.close();
  }, 180_000);

  it('must shard past the servers one connection may serve: one process says so, SHARDS=auto starts enough', async () => {
    // Three servers (the fake's first and the two above) where one connection may serve two.
    fake.maxGuildsPerShard = 2;
    try {
      const refused = await startBotProcess(fake, join(dir, 'refused.db')).then(
        () => 'started',
        (err: Error) => err.message,
      );
      expect(refused).toMatch(/exited \(1\)/);
      expect(refused).toMatch(/Discord requires shards for this many servers: set SHARDS=auto/);

      bot = await startBotProcess(fake, join(dir, 'auto.db'), {
        env: { SHARDS: 'auto' },
        readyLine: 'all shards ready',
      });
      expect(logged('starting shards')[0]).toMatchObject({ shards: 2, recommended: 2 });
      expect(fake.connectedShards()).toEqual([
        [0, 2],
        [1, 2],
      ]);
      bot.child.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
    } finally {
      fake.maxGuildsPerShard = 2500;
    }
  }, 60_000);

  it("asks Discord's gateway for the recommended count and identify concurrency (SHARDS=auto)", async () => {
    fake.recommendedShards = 3;
    fake.maxConcurrency = 16;
    expect(await gatewayPlan({ token: 'plan-token', apiUrl: fake.apiUrl, restProxySecret: null })).toEqual({
      shards: 3,
      maxConcurrency: 16,
    });
  });
});
