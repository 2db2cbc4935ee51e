// One game, two views, across processes (issue 39): two machines (SHARD_COUNT=2, SHARD_IDS=0 and 1)
// on one database, machine 0 serving the live board. A game of machine 1's server is moved on a
// page served by machine 0: its chat message must follow, edited by machine 1 (the owner) and no
// other, and the computer's turn is played there; a chat click answered by machine 1 must reach
// machine 0's pages; and no board in chat ever goes back to an older version. Each machine reaches
// the fake Discord through a door of its own that notes who sent each request. Sweeps are off
// (an hour apart), so only the database's news can bring a change from one process to the other.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeButtonId } from '../../src/chat/customIds.js';
import { type GameState, legalActions } from '../../src/engine/index.js';
import type { LiveGame } from '../../src/game/liveBoard.js';
import { freshPostgresDatabase } from '../support/postgres.js';
import { onPostgres } from '../support/testDatabase.js';
import { openTestDatabase } from '../support/databaseAt.js';
import { type BotProcess, freePorts, startBotProcess, startGameIn, stopBotProcess, until } from './botProcess.js';
import { FakeDiscord, type FakeUser, type RawButton } from './fake/fakeDiscord.js';
import { TestPage, signIn } from './livePages.js';
import { actButtons, pickButton, toActName } from './players.js';

/** A REST request as a door saw it: which machine sent it. */
interface Sent {
  by: number;
  method: string;
  path: string;
}

let fake: FakeDiscord;
let dir: string;
let where: string;
let ana: FakeUser;
let ben: FakeUser;
/** A server on shard 0 and one on shard 1 (of 2). */
let servers: [string, string];
const doors: Server[] = [];
const sent: Sent[] = [];
const machines: (BotProcess | null)[] = [null, null];
let liveUrl: string;

/** How long to wait for a process to start or do something on a busy machine. */
const WAIT_MS = 60_000;

/** A door to the fake Discord for machine `by`: each request passed on as it came, and noted. */
async function doorFor(by: number): Promise<string> {
  const api = new URL(fake.apiUrl);
  const door = createServer((req, res) => {
    sent.push({ by, method: req.method ?? '', path: req.url ?? '' });
    const onward = request(
      { host: api.hostname, port: api.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
  doors.push(door);
  return `http://127.0.0.1:${(door.address() as AddressInfo).port}${api.pathname}`;
}

beforeAll(async () => {
  fake = await FakeDiscord.start();
  fake.recommendedShards = 2;
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'senet-news-'));
  where = onPostgres ? await freshPostgresDatabase() : join(dir, 'news.db');
  await (await openTestDatabase(where)).close(); // made and migrated once, as an operator's first start would
  servers = [fake.addGuild({ shard: 0, count: 2 }), fake.addGuild({ shard: 1, count: 2 })];
  ana = fake.newUser('Ana');
  ben = fake.newUser('Ben');
  const activityPort = await freePorts(1);
  const machine = async (id: number, env: Record<string, string>): Promise<BotProcess> =>
    startBotProcess(fake, where, {
      env: {
        SHARD_COUNT: '2',
        SHARD_IDS: String(id),
        DISCORD_API_URL: await doorFor(id),
        SWEEP_INTERVAL_SECONDS: '3600',
        ...env,
      },
      readyLine: 'all shards ready',
    });
  const started = await Promise.all([
    machine(0, { ACTIVITY_PORT: String(activityPort), ACTIVITY_MOCK_SIGN_IN: 'true' }),
    machine(1, {}),
  ]);
  machines.splice(0, 2, ...started);
  liveUrl = `http://127.0.0.1:${activityPort}`;
  await until(() => started[0].lines.some((l) => l.includes('the live board is listening')), 'the live board', WAIT_MS);
}, 120_000);
afterAll(async () => {
  for (const machine of machines) await stopBotProcess(machine);
  for (const door of doors) await new Promise((resolve) => door.close(resolve));
  await fake?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The game and version a board shows (its game buttons carry them), or null without game buttons. */
function shownBy(buttons: readonly RawButton[]): { gameId: number; version: number } | null {
  for (const button of buttons) {
    const id = decodeButtonId(button.custom_id ?? '');
    if (id?.kind === 'act') return { gameId: id.gameId, version: id.version };
  }
  return null;
}

/** The version the board message shows now, or null without game buttons. */
const versionOn = (board: string): number | null => shownBy(fake.buttons(board))?.version ?? null;

/** Every version the board message showed, in order, and whether it ever went back. */
function wentBack(board: string): boolean {
  const versions = fake.messages
    .get(board)!
    .history.map((rows) => shownBy(rows.flatMap((row) => row.components))?.version)
    .filter((v) => v !== undefined);
  return versions.some((v, i) => i > 0 && v < versions[i - 1]!);
}

/** Which machines edited the board message with the bot's token. */
function editorsOf(board: string): Set<number> {
  return new Set(sent.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${board}`)).map((r) => r.by));
}

/** `user`'s page in an instance in the board's channel, signed in (the mock sign-in), and the game it shows. */
async function pageOf(user: FakeUser, instanceId: string, gameId: number): Promise<[TestPage, LiveGame]> {
  const signed = await signIn(liveUrl, `mock:${user.id}:en-US`, instanceId);
  expect(signed.status).toBe(200);
  const page = await TestPage.open(liveUrl);
  page.send({ type: 'hello', session: signed.session });
  await page.next('welcome');
  page.send({ type: 'open', gameId });
  return [page, await page.gameAt(gameId, 0)];
}

/** The game shown on a board message, once its buttons name it (the computer may be first to act). */
async function gameOn(board: string): Promise<number> {
  await until(() => shownBy(fake.buttons(board)) !== null, `the buttons of ${board}`, WAIT_MS);
  return shownBy(fake.buttons(board))!.gameId;
}

/** The page of whoever is to act plays the first legal action; the game as the page then shows it. */
async function moveOn(game: LiveGame, page: TestPage): Promise<LiveGame> {
  const [action] = legalActions(game.state as GameState);
  page.send({ type: 'act', gameId: game.gameId, version: game.version, action });
  return page.gameAt(game.gameId, game.version + 1);
}

describe('one game, two views, across processes', () => {
  it("a page's move on machine 0 is shown in chat by the game's owner, machine 1; a chat click there reaches the page", async () => {
    const board = await startGameIn(fake, servers[1], ana, ben);
    const gameId = await gameOn(board);
    const instanceId = fake.launchActivity(ana);
    fake.setInInstance(instanceId, ben, true);
    const [anaPage] = await pageOf(ana, instanceId, gameId);
    const [benPage, shown] = await pageOf(ben, instanceId, gameId);
    const pages = { [ana.id]: anaPage, [ben.id]: benPage };
    let game = shown;
    for (let round = 0; round < 4; round++) {
      // On a page (machine 0): the chat's board follows, edited by machine 1.
      game = await moveOn(game, pages[game.toActId!]!);
      const started = Date.now();
      await until(() => versionOn(board) === game.version, 'the chat board', WAIT_MS);
      expect(Date.now() - started).toBeLessThan(1000);
      // In chat (machine 1): the pages follow.
      await until(() => actButtons(fake, board).length > 0, 'buttons', WAIT_MS);
      const mover = [ana, ben].find((u) => u.global_name === toActName(fake.messages.get(board)!.content))!;
      const clicked = Date.now();
      // Answered in place (7), or acknowledged first (6) on a machine too busy to draw at once.
      expect([6, 7]).toContain((await fake.click(mover, board, pickButton(actButtons(fake, board)).custom_id!)).type);
      game = await anaPage.gameAt(gameId, game.version + 1);
      expect(Date.now() - clicked).toBeLessThan(1000);
    }
    expect(editorsOf(board)).toEqual(new Set([1]));
    expect(wentBack(board)).toBe(false);
  });

  it("the computer's turn after a page's move is played by the game's owner, and chat never goes back", async () => {
    const board = await startGameIn(fake, servers[1], ana, fake.botUser);
    const gameId = await gameOn(board);
    const instanceId = fake.launchActivity(ana);
    const [page, shown] = await pageOf(ana, instanceId, gameId);
    let game = shown;
    for (let moves = 0; moves < 6 && game.status === 'active'; moves++) {
      // The computer plays until Ana is to act again (its turn comes from the news, on machine 1).
      while (game.toActId !== ana.id && game.status === 'active') game = await page.gameAt(gameId, game.version + 1);
      if (game.status !== 'active') break;
      game = await moveOn(game, page);
    }
    await until(() => (versionOn(board) ?? -1) >= game.version, 'the chat board', WAIT_MS);
    expect(editorsOf(board)).toEqual(new Set([1]));
    expect(wentBack(board)).toBe(false);
  });
});
