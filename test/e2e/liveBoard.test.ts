// The live board's server through real HTTP and real sockets, beside the real bot on one
// database: sign-in against the fake Discord's OAuth2 and activity instances, moves through the
// same service call as a click, and every refusal a page that is not to be believed meets.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { DiscordSignIn } from '../../src/activity/discordSignIn.js';
import { type LiveServer, startLiveServer } from '../../src/activity/liveServer.js';
import { type GameState, legalActions } from '../../src/engine/index.js';
import type { LiveGame } from '../../src/game/liveBoard.js';
import type { GameView } from '../../src/game/types.js';
import { showLiveChange } from '../../src/bot/serveLiveBoard.js';
import { TOKEN, actButtons, harnessForFile, liveGameIn, pickButton, startHumanGame } from './harness.js';
import { TestPage, signIn } from './livePages.js';
import type { FakeUser } from './fake/fakeDiscord.js';

const h = harnessForFile();
let show: (view: GameView) => void;
let live: LiveServer;
let changed = 0;

beforeAll(async () => {
  show = showLiveChange(() => h.bot, pino({ level: 'silent' }));
  live = await startLiveServer({
    host: '127.0.0.1',
    port: 0,
    service: h.service,
    // Discord's answer about an instance is used at once: a leave shows at the next frame.
    signIn: new DiscordSignIn({
      apiUrl: h.fake.apiUrl,
      applicationId: h.fake.applicationId,
      clientSecret: h.fake.clientSecret,
      botToken: TOKEN,
      instanceTtlMs: 0,
    }),
    mockSignIn: false,
    page: null,
    changed: (view) => {
      changed++;
      show(view);
    },
    log: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await live?.close();
});
beforeEach(() => {
  changed = 0;
});

/** `user`'s page in the instance, signed in and greeted. */
async function pageOf(user: FakeUser, instanceId: string): Promise<TestPage> {
  const signed = await signIn(live.url, h.fake.authorize(user), instanceId);
  expect(signed.status).toBe(200);
  const page = await TestPage.open(live.url);
  page.send({ type: 'hello', session: signed.session });
  await page.next('welcome');
  return page;
}

/** A game between Ana and Ben in the current channel, and an instance there with both in it. */
async function gameWithInstance(): Promise<{ game: LiveGame; instanceId: string; ana: TestPage; ben: TestPage }> {
  await startHumanGame(h);
  const { gameId } = await liveGameIn(h, h.fake.channelId);
  const instanceId = h.fake.launchActivity(h.ana);
  h.fake.setInInstance(instanceId, h.ben, true);
  const ana = await pageOf(h.ana, instanceId);
  const ben = await pageOf(h.ben, instanceId);
  const lobby = await ana.next('lobby');
  expect(lobby.games.map((g) => g.gameId)).toEqual([gameId]);
  ana.send({ type: 'open', gameId });
  ben.send({ type: 'open', gameId });
  const game = await ana.gameAt(gameId, 0);
  await ben.gameAt(gameId, 0);
  return { game, instanceId, ana, ben };
}

/** The page of whoever is to act plays the first legal action; the game as every page then shows it. */
async function moveOnce(game: LiveGame, pages: Record<string, TestPage>): Promise<LiveGame> {
  const [action] = legalActions(game.state as GameState);
  pages[game.toActId!]!.send({ type: 'act', gameId: game.gameId, version: game.version, action });
  const shown = await Promise.all(Object.values(pages).map((page) => page.gameAt(game.gameId, game.version + 1)));
  expect(new Set(shown.map((g) => g.version))).toEqual(new Set([game.version + 1]));
  return shown[0]!;
}

describe('signing in', () => {
  it('exchanges a code once, for someone in the instance only; a made-up instance or a mock code gets nothing', async () => {
    const instanceId = h.fake.launchActivity(h.ana);
    const code = h.fake.authorize(h.ana);
    const first = await signIn(live.url, code, instanceId);
    expect(first.status).toBe(200);
    expect(first.session).toMatch(/^[\w-]{40,}$/);
    expect(first.accessToken).not.toBeNull();
    expect((await signIn(live.url, code, instanceId)).status).toBe(403); // a code is good once
    expect((await signIn(live.url, h.fake.authorize(h.ben), instanceId)).status).toBe(403); // Ben is not in it
    expect((await signIn(live.url, h.fake.authorize(h.ana), 'i-made-up')).status).toBe(403);
    expect((await signIn(live.url, `mock:${h.ana.id}:en-US`, instanceId)).status).toBe(403);
  });

  it('refuses a socket whose first frame names no session', async () => {
    const page = await TestPage.open(live.url);
    page.send({ type: 'hello', session: 'stolen-or-made-up' });
    expect(await page.next('refused')).toMatchObject({ code: 'signed-out' });
    expect((await page.closed).code).toBe(4001);
  });
});

describe('a game on the live board', () => {
  it('is played by its two players through the service; the chat follows and a chat click reaches the pages', async () => {
    const started = await gameWithInstance();
    const { ana, ben } = started;
    let { game } = started;
    const pages = { [h.ana.id]: ana, [h.ben.id]: ben };
    for (let i = 0; i < 6; i++) {
      const before = game.version;
      game = await moveOnce(game, pages);
      expect(game.version).toBe(before + 1);
    }
    // Each move is handed to the chat (a page may hear of it from the database first).
    while (changed < 6) await sleep(10);
    expect(changed).toBe(6);
    await h.settle();
    // A click in chat: the pages learn of it from the database.
    const messageId = (await liveGameIn(h, h.fake.channelId)).messageId!;
    const toAct = game.toActId === h.ana.id ? h.ana : h.ben;
    await h.click(toAct, messageId, pickButton(actButtons(h, messageId)).custom_id!);
    await ana.gameAt(game.gameId, game.version + 1);
    await ben.gameAt(game.gameId, game.version + 1);
  });

  it('refuses a spectator, a replayed frame, a stale version, a forged frame and a game not shown; nothing changes', async () => {
    const { game, instanceId, ana } = await gameWithInstance();
    const carol = h.fake.newUser('Carol');
    h.fake.setInInstance(instanceId, carol, true);
    const spectator = await pageOf(carol, instanceId);
    spectator.send({ type: 'open', gameId: game.gameId });
    await spectator.gameAt(game.gameId, game.version);
    const [action] = legalActions(game.state as GameState);
    const move = { type: 'act', gameId: game.gameId, version: game.version, action };

    spectator.send(move);
    const refused = await spectator.next('refused');
    expect(refused.code).toBe('forbidden');
    expect(refused.text).toMatch(/not playing in this game/i);
    const mover = game.toActId === h.ana.id ? ana : await pageOf(h.ben, instanceId);
    if (mover !== ana) {
      mover.send({ type: 'open', gameId: game.gameId });
      await mover.gameAt(game.gameId, game.version);
    }
    const seq = mover.send(move);
    await mover.gameAt(game.gameId, game.version + 1);
    mover.send(move, seq); // the same frame again
    expect(await mover.next('refused')).toMatchObject({ seq, code: 'replayed' });
    mover.send(move); // a new frame on the old version
    expect(await mover.next('refused')).toMatchObject({ code: 'stale' });
    mover.sendRaw(JSON.stringify({ ...move, seq: 1e6, action: { type: 'move', from: 1, to: 30, extra: 1 } }));
    expect(await mover.next('refused')).toMatchObject({ code: 'malformed' });
    mover.send({ type: 'act', gameId: game.gameId + 1000, version: 0, action });
    expect(await mover.next('refused')).toMatchObject({ code: 'not-shown' });
    await mover.settled();
    const now = await h.service.liveBoard.current(game.gameId);
    expect(now.ok && now.value.version).toBe(game.version + 1);
  });

  it('gives a page in another channel the answer a missing game gets, and stops a page whose user left', async () => {
    const { game, instanceId, ana } = await gameWithInstance();
    // Ana opens the app in another channel: the game is not there.
    const elsewhere = h.fake.launchActivity(h.ana, '999999999999999999');
    const away = await pageOf(h.ana, elsewhere);
    away.send({ type: 'open', gameId: game.gameId });
    const missing = await away.next('refused');
    away.send({ type: 'open', gameId: 987_654 });
    expect(await away.next('refused')).toMatchObject({
      code: missing.code,
      text: missing.text!.replace(`${game.gameId}`, '987654'),
    });
    // Ana leaves the instance: her page's next frame is refused and it is closed.
    h.fake.setInInstance(instanceId, h.ana, false);
    ana.send({ type: 'resign', gameId: game.gameId });
    expect(await ana.next('refused')).toMatchObject({ code: 'not-in-instance' });
    expect((await ana.closed).code).toBe(4003);
    const now = await h.service.liveBoard.current(game.gameId);
    expect(now.ok && now.value.status).toBe('active');
  });
});
