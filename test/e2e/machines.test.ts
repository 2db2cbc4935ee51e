// Two machines, simulated: two sharding managers with disjoint shard lists (SHARD_COUNT=2,
// SHARD_IDS=0 and SHARD_IDS=1) on one database, against one fake Discord that limits identifies as
// Discord does. Games are played in a server of each shard; one whole machine (its manager and its
// shard process) is SIGKILLed during play, the other serves its server throughout, the killed one
// is started again, and then nothing is lost (every click the fake saw answered is in the log),
// nothing is applied twice (every game replays; versions are contiguous) and every board shows its
// game's version.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeButtonId } from '../../src/chat/customIds.js';
import { openService } from '../../src/game/service.js';
import { openTestDatabase } from '../support/databaseAt.js';
import { freshPostgresDatabase } from '../support/postgres.js';
import { onPostgres } from '../support/testDatabase.js';
import { keepIdentifying } from './otherMachine.js';
import { actButtons, pickButton, toActName } from './players.js';
import { startBotProcess, startGameIn, stopBotProcess, until, type BotProcess } from './botProcess.js';
import { FakeDiscord, Unanswered, type FakeUser } from './fake/fakeDiscord.js';

/**
 * The database both machines share, as the test reaches it: the project's backend (a SQLite file,
 * or in the "postgres" project one PostgreSQL database, the deployment this test stands for).
 */
interface SharedDatabase {
  /** Where it is, for the bot processes (DATABASE_PATH or DATABASE_URL). */
  where: string;
  /** A game by its board's message id: its id, version, the version its message shows, and its log. */
  game(messageId: string): Promise<StoredGame>;
  /** The problems found replaying every game from its seed and log (none: nothing applied twice). */
  replayProblems(): Promise<unknown[]>;
  close(): Promise<void>;
}

interface StoredGame {
  id: number;
  version: number;
  shown: number | null;
  /** The log: seq and action (engine JSON), in order. */
  actions: { seq: number; userId: string; action: unknown }[];
}

async function sharedDatabase(where: string, botUserId: string): Promise<SharedDatabase> {
  // Opened (and migrated) before the machines start, as an operator's first start would.
  const db = await openTestDatabase(where);
  return {
    where,
    async game(messageId) {
      const row = await db.get<Omit<StoredGame, 'actions'>>(
        'SELECT id, version, shown_version AS shown FROM games WHERE message_id = ?',
        [messageId],
      );
      if (!row) throw new Error(`no game has board ${messageId}`);
      const actions = await db.all<{ seq: number; userId: string; action: string }>(
        'SELECT seq, user_id AS "userId", action FROM actions WHERE game_id = ? ORDER BY seq',
        [row.id],
      );
      return { ...row, actions: actions.map((a) => ({ ...a, action: JSON.parse(a.action) as unknown })) };
    },
    async replayProblems() {
      const service = openService({ db: await openTestDatabase(where), botUserId });
      try {
        return (await service.storage.verify()).problems;
      } finally {
        await service.storage.close();
      }
    },
    close: () => db.close(),
  };
}

let fake: FakeDiscord;
let dir: string;
let database: SharedDatabase;
let ana: FakeUser;
let ben: FakeUser;
/** A server on shard 0 and one on shard 1 (of 2). */
let servers: [string, string];
/** The bot processes each machine runs (a manager and its shard), by shard id. */
const machines: (BotProcess | null)[] = [null, null];

beforeAll(async () => {
  fake = await FakeDiscord.start();
  // Discord's identify limit, enforced across both machines: one identify per 5 s (max_concurrency 1).
  fake.limitIdentify = true;
  fake.recommendedShards = 2;
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'senet-machines-'));
  const where = onPostgres ? await freshPostgresDatabase() : join(dir, 'machines.db');
  database = await sharedDatabase(where, fake.botUser.id);
  servers = [fake.addGuild({ shard: 0, count: 2 }), fake.addGuild({ shard: 1, count: 2 })];
  ana = fake.newUser('Ana');
  ben = fake.newUser('Ben');
});
afterAll(async () => {
  for (const machine of machines) await stopBotProcess(machine);
  await database?.close();
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** How long to wait for a process to do something: starting one takes several seconds on a busy machine. */
const WAIT_MS = 60_000;
/** Discord's deadline for an interaction's first answer, and a margin: a click not answered by then never is. */
const ANSWER_WAIT_MS = 4_000;

/** Machine `id`: a manager running shard `id` of 2 (its own process) on the shared database. */
function startMachine(id: number): Promise<BotProcess> {
  return startBotProcess(fake, database.where, {
    env: { SHARD_COUNT: '2', SHARD_IDS: String(id) },
    readyLine: 'all shards ready',
  });
}

/** The pid of each shard process `machine` started, in order (pino JSON lines). */
function shardPids(machine: BotProcess): number[] {
  return machine.lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; shardPid?: number })
    .filter((entry) => entry.msg === 'shard process started')
    .map((entry) => entry.shardPid!);
}

/** A move the fake saw answered as applied (UPDATE_MESSAGE): the game's log must hold it. */
interface AnsweredClick {
  board: string;
  userId: string;
  customId: string;
}
const answered: AnsweredClick[] = [];

/**
 * The player to act presses a button of `board`: the answer's callback type, or null when no
 * answer came within Discord's deadline (nobody serves the board's server).
 */
async function play(board: string): Promise<number | null> {
  await until(() => actButtons(fake, board).length > 0, `the buttons of ${board}`, WAIT_MS);
  const mover = [ana, ben].find((u) => u.global_name === toActName(fake.messages.get(board)!.content))!;
  const customId = pickButton(actButtons(fake, board)).custom_id!;
  // The click itself gives up later (Unanswered, after the fake's patience): that is no answer too.
  const clicked = fake.click(mover, board, customId).catch((error: unknown) => {
    if (error instanceof Unanswered) return null;
    throw error;
  });
  const reply = await Promise.race([clicked, sleep(ANSWER_WAIT_MS, null)]);
  const type = reply?.type ?? null;
  if (type === 7) answered.push({ board, userId: mover.id, customId });
  return type;
}

describe('two machines (SHARD_COUNT=2, SHARD_IDS=0 and 1) on one database', () => {
  it('one machine killed during play: the other serves on, nothing is lost or applied twice', async () => {
    // Both machines start at once, so their shards' identifies may meet in Discord's window: the
    // refused one is answered with Invalid Session and identifies again (docs/scaling.md).
    const started = await Promise.all([startMachine(0), startMachine(1)]);
    machines.splice(0, 2, ...started);
    expect(fake.connectedShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);

    // Two games in each machine's server, each played for a few rounds.
    const boards = [
      [await startGameIn(fake, servers[0], ana, ben), await startGameIn(fake, servers[0], ana, ben)],
      [await startGameIn(fake, servers[1], ana, ben), await startGameIn(fake, servers[1], ana, ben)],
    ];
    for (let round = 0; round < 3; round++) for (const board of boards.flat()) expect(await play(board)).toBe(7);

    // Machine 0 (shard 0, which also owns the games outside servers) dies whole, in the middle of
    // clicks on both machines' servers: whatever its in-flight click did, it must not be lost or doubled.
    const killed = machines[0]!;
    const inFlight = [play(boards[0]![0]!), play(boards[1]![0]!)];
    for (const pid of [killed.child.pid!, ...shardPids(killed)]) process.kill(pid, 'SIGKILL');
    await killed.exited;
    const [lostClick, servedClick] = await Promise.all(inFlight);
    expect([7, null]).toContain(lostClick);
    expect(servedClick).toBe(7);
    await until(() => fake.connectedShards().length === 1, 'machine 0 to drop from the gateway', WAIT_MS);
    expect(fake.connectedShards()).toEqual([[1, 2]]);

    // Meanwhile machine 1 serves its server throughout; machine 0's server gets no answer.
    for (let round = 0; round < 3; round++) for (const board of boards[1]!) expect(await play(board)).toBe(7);
    expect(await play(boards[0]![1]!)).toBeNull();

    // Machine 0 starts again while another machine's shard takes each identify window as it opens:
    // Discord refuses machine 0's identify (op 9), and its shard identifies again a window later.
    const refusedBefore = fake.sessions.identifyRefused;
    let restarted = false;
    let refusedHere = 0;
    const otherMachine = keepIdentifying(fake, [1, 2], (ownRefusals) => {
      refusedHere = fake.sessions.identifyRefused - refusedBefore - ownRefusals;
      return refusedHere > 0 || restarted;
    });
    machines[0] = await startMachine(0);
    restarted = true;
    await otherMachine;
    expect(refusedHere).toBeGreaterThan(0);
    expect(fake.connectedShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    for (let round = 0; round < 3; round++) for (const board of boards.flat()) expect(await play(board)).toBe(7);

    // Every board caught up: its message's buttons carry the game's version, recorded as shown.
    for (const board of boards.flat()) {
      const started = Date.now();
      let game = await database.game(board);
      while (game.shown !== game.version) {
        if (Date.now() - started > WAIT_MS) throw new Error(`timed out waiting for ${board} shown`);
        await sleep(50);
        game = await database.game(board);
      }
      const buttons = actButtons(fake, board);
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) expect(button.custom_id!.split(':')[3]).toBe(String(game.version));
    }
    // Nothing lost: every click answered as applied is in its game's log, by its player, at its version.
    for (const click of answered) {
      const id = decodeButtonId(click.customId);
      if (id?.kind !== 'act') throw new Error(`not a move: ${click.customId}`);
      const game = await database.game(click.board);
      expect(game.id).toBe(id.gameId);
      expect(game.actions[id.version]).toEqual({ seq: id.version, userId: click.userId, action: id.action });
    }
    // Nothing applied twice: the log's versions are contiguous and every game replays from it.
    for (const board of boards.flat()) {
      const game = await database.game(board);
      expect(game.actions.map((a) => a.seq)).toEqual([...Array(game.version).keys()]);
    }
    expect(await database.replayProblems()).toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(4 * 3 + 1 + 2 * 3 + 4 * 3);

    for (const machine of machines) {
      machine!.child.kill('SIGTERM');
      expect(await machine!.exited).toBe(0);
    }
  }, 300_000);
});
