// Two shards of the real bot in this process (two discord.js clients, shard 0 and shard 1 of 2,
// each with its own game service on one SQLite file) against the fake Discord, with a clock the
// test moves: each shard answers its own servers' clicks, and its sweeps time out, remind and
// catch up only its own servers' games, so each is done once and none is left; a restarted shard
// picks up its own work.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type Bot } from '../../src/bot/client.js';
import { loggerInto } from '../support/loggerInto.js';
import { RenderPool } from '../../src/bot/renderPool.js';
import { type ShardScope, openService } from '../../src/game/service.js';
import { FakeDiscord, OPTION, snowflake, type FakeUser } from './fake/fakeDiscord.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

const TOKEN = 'fake-token-for-shard-tests-0123';
const MINUTE = 60_000;
const config = { turnTtlMs: 60 * MINUTE, reminderDelayMs: 10 * MINUTE };

let fake: FakeDiscord;
let dir: string;
let pool: RenderPool;
const clock = { now: Date.UTC(2026, 0, 1) };
/** The bot process of each shard, by shard id; its log lines. */
const bots: Bot[] = [];
const logs: string[][] = [[], []];
let servers: [string, string];
let ana: FakeUser;
let ben: FakeUser;

function launch(id: number): Promise<Bot> {
  const shard: ShardScope = { id, count: 2 };
  const log = loggerInto(logs[id]!, { secrets: [TOKEN] });
  return startBot({
    config: { token: TOKEN, apiUrl: fake.apiUrl, restProxySecret: null, botStepDelayMs: 0, sweepIntervalMs: 0 },
    log,
    now: () => clock.now,
    shard,
    openService: (botUserId) =>
      openService({
        dbPath: join(dir, 'senet.db'),
        botUserId,
        now: () => clock.now,
        config,
        renderBoard: pool.render,
        shard,
      }),
  });
}

beforeAll(async () => {
  fake = await FakeDiscord.start();
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'senet-shard-work-'));
  pool = new RenderPool(1);
  servers = [fake.addGuild({ shard: 0, count: 2 }), fake.addGuild({ shard: 1, count: 2 })];
  ana = fake.newUser('Ana');
  ben = fake.newUser('Ben');
  bots.push(await launch(0), await launch(1));
});
afterAll(async () => {
  for (const bot of bots) await bot.stop();
  await pool?.close();
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function settle(): Promise<void> {
  for (const bot of bots) {
    await bot.settled();
    await bot.turns.idle();
    await bot.messages.idle();
  }
}

/** Ana challenges Ben in a new channel of each server and Ben accepts: each game's thread id. */
async function gameInEachServer(): Promise<string[]> {
  const threads: string[] = [];
  for (const guildId of servers) {
    fake.guildId = guildId;
    fake.channelId = snowflake();
    const reply = await fake.slash(ana, 'challenge', [{ name: 'opponent', type: OPTION.user, value: ben.id }], [ben]);
    const lobby = reply.message!.id;
    // Accepted: in place (7), or deferred first (6) on a machine so busy the game took 1.5 s to start.
    expect([6, 7]).toContain((await fake.click(ben, lobby, fake.buttons(lobby)[0]!.custom_id!)).type);
    await settle();
    threads.push(lobby); // the thread is started from the lobby message, so it has its id
  }
  return threads;
}

/** Which shard's bot logged `msg` (each at most once), by shard id. */
const loggedBy = (msg: string): number[] =>
  [0, 1].filter((id) => logs[id]!.some((line) => (JSON.parse(line) as { msg: string }).msg === msg));

describe('two shards on one database file', () => {
  it("answer each server's clicks on its own shard", async () => {
    expect(fake.connectedShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const threads = await gameInEachServer();
    for (const thread of threads) expect(fake.messagesIn(thread)).toHaveLength(1); // one board each, posted once
  });

  it('remind and time out each server’s games once, from the shard the server is on', async () => {
    const threads = await gameInEachServer();
    const reminders = () => threads.map((t) => fake.messagesIn(t).filter((m) => m.content.includes('your turn')));

    clock.now += config.reminderDelayMs;
    for (const id of [1, 0]) {
      logs[id]!.length = 0;
      await bots[id]!.sweeper.sweepOnce();
    }
    expect(reminders().map((r) => r.length)).toEqual([1, 1]);
    expect(loggedBy('reminders')).toEqual([0, 1]); // each posted its own server's

    clock.now += config.turnTtlMs;
    // Shard 1 sweeps first: only its server's game (and the earlier test's) times out.
    expect(await bots[1]!.sweeper.sweepOnce()).toBe(2);
    expect(fake.messagesIn(threads[0]!)[0]!.content).not.toMatch(/ran out of time/);
    expect(await bots[0]!.sweeper.sweepOnce()).toBe(2);
    for (const thread of threads) expect(fake.messagesIn(thread)[0]!.content).toMatch(/ran out of time/);
    expect([await bots[0]!.sweeper.sweepOnce(), await bots[1]!.sweeper.sweepOnce()]).toEqual([0, 0]);
  });

  it('after a restart, a shard catches up its own servers’ boards, and only those', async () => {
    const threads = await gameInEachServer();
    const boards = threads.map((t) => fake.messagesIn(t)[0]!);
    // Both boards fall behind while shard 1 is down (a change the chat never saw: a resignation
    // recorded straight in the database, as a crash between commit and edit would leave it).
    await bots[1]!.stop();
    const db = openService({ dbPath: join(dir, 'senet.db'), botUserId: fake.botUser.id, now: () => clock.now });
    for (const board of boards) {
      const game = sqliteConnection(db.storage.db)
        .prepare('SELECT id FROM games WHERE message_id = ?')
        .pluck()
        .get(board.id) as number;
      expect((await db.play.resign({ gameId: game, userId: ana.id })).ok).toBe(true);
    }
    await db.storage.close();
    const edits = (messageId: string) => fake.messages.get(messageId)!.edits;
    const before = boards.map((b) => edits(b.id));
    logs[1]!.length = 0;
    bots[1] = await launch(1);
    await settle();
    // It caught up one game's messages (its board and its lobby), and tried nothing of shard 0's.
    const caughtUp = logs[1]!.map((line) => JSON.parse(line) as { msg: string; edited?: number; level: number });
    expect(caughtUp.find((e) => e.msg === 'caught up with messages behind the database')?.edited).toBe(2);
    expect(caughtUp.filter((e) => e.level >= 40)).toEqual([]);
    expect(edits(boards[1]!.id) - before[1]!).toBe(1);
    expect(fake.messages.get(boards[1]!.id)!.content).toMatch(/resigned/);
    // Shard 0, running all along, hears of its own server's change from the database's news
    // (src/bot/gameNews.ts) and shows it itself; its next start finds nothing behind.
    while (edits(boards[0]!.id) === before[0]!) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.messages.get(boards[0]!.id)!.content).toMatch(/resigned/);
    await bots[0]!.stop();
    bots[0] = await launch(0);
    await settle();
    expect(boards.map((b, i) => edits(b.id) - before[i]!)).toEqual([1, 1]);
    expect(fake.connectedShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });
});
