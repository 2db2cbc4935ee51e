// The live board's server through real HTTP and real sockets, beside the real bot on one
// database: sign-in against the fake Discord's OAuth2 and activity instances, moves through the
// same service call as a click, and every refusal a page that is not to be believed meets.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { DiscordSignIn } from '../../src/activity/discordSignIn.js';
import { type LiveServer, startLiveServer } from '../../src/activity/liveServer.js';
import { type GameState, legalActions } from '../../src/engine/index.js';
import type { LiveGame } from '../../src/game/liveBoard.js';
import { botPostsIn, showLiveStart } from '../../src/bot/serveLiveBoard.js';
import { TOKEN, actButtons, chatShows, harnessForFile, liveGameIn, pickButton, startHumanGame } from './harness.js';
import { TestPage, signIn } from './livePages.js';
import type { FakeUser } from './fake/fakeDiscord.js';
import { ADMIN_PERMISSIONS } from './fake/permissions.js';
import { OPTION, type SlashOption } from './fake/interactions.js';

const h = harnessForFile();
let live: LiveServer;

/** The live board's server on the harness's service (started again after a restart of the bot). */
function serve(): Promise<LiveServer> {
  return startLiveServer({
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
    started: showLiveStart(() => h.bot, pino({ level: 'silent' })),
    postsIn: botPostsIn(() => h.bot),
    computer: { id: h.fake.botUser.id, name: h.fake.botUser.global_name },
    follow: (listener) => h.bot.news.follow(listener),
    log: pino({ level: 'silent' }),
  });
}

beforeAll(async () => {
  live = await serve();
});
afterAll(async () => {
  await live?.close();
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

describe('Discord’s answer about an instance', () => {
  it('is asked once for pages asking together, again in the background late in its life, and waited for past it', async () => {
    let now = 0;
    const signIn = new DiscordSignIn({
      apiUrl: h.fake.apiUrl,
      applicationId: h.fake.applicationId,
      clientSecret: h.fake.clientSecret,
      botToken: TOKEN,
      instanceTtlMs: 10_000,
      now: () => now,
    });
    const instanceId = h.fake.launchActivity(h.ana);
    const asked = () => h.fake.requests.filter((r) => r.path.endsWith(`/activity-instances/${instanceId}`)).length;
    const benIn = async () => (await signIn.instance(instanceId))?.users.has(h.ben.id);
    await Promise.all([signIn.instance(instanceId), signIn.instance(instanceId)]);
    expect(asked()).toBe(1);
    h.fake.setInInstance(instanceId, h.ben, true);
    now = 4_000;
    expect(await benIn()).toBe(false);
    expect(asked()).toBe(1);
    // Late in its life the answer is still used at once, and asked for again meanwhile.
    now = 6_000;
    expect(await benIn()).toBe(false);
    await vi.waitFor(async () => expect(await benIn()).toBe(true));
    expect(asked()).toBe(2);
    // Past the life of that answer (asked at 6 s), a leave shows: the question is waited for.
    h.fake.setInInstance(instanceId, h.ben, false);
    now = 16_000;
    expect(await benIn()).toBe(false);
    expect(asked()).toBe(3);
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
    // The chat's board follows, told by the database's news.
    await chatShows(h, game.gameId, game.version);
    await h.settle();
    // A click in chat: the pages learn of it from the database.
    const messageId = (await liveGameIn(h, h.fake.channelId)).messageId!;
    const toAct = game.toActId === h.ana.id ? h.ana : h.ben;
    await h.click(toAct, messageId, pickButton(actButtons(h, messageId)).custom_id!);
    await ana.gameAt(game.gameId, game.version + 1);
    await ben.gameAt(game.gameId, game.version + 1);
  });

  it('draws one board picture per move made on a page, the chat message’s, and none for the page', async () => {
    const { game, ana, ben } = await gameWithInstance();
    await chatShows(h, game.gameId, game.version);
    await h.settle();
    const before = h.boardsDrawn;
    const after = await moveOnce(game, { [h.ana.id]: ana, [h.ben.id]: ben });
    await chatShows(h, game.gameId, after.version);
    await h.settle();
    expect(h.boardsDrawn - before).toBe(1);
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

/** An instance in the current channel with `users` in it (the first launched it), and their greeted pages. */
async function instanceWith(...users: FakeUser[]): Promise<{ instanceId: string; pages: TestPage[] }> {
  const instanceId = h.fake.launchActivity(users[0]!);
  for (const user of users.slice(1)) h.fake.setInInstance(instanceId, user, true);
  const pages: TestPage[] = [];
  for (const user of users) pages.push(await pageOf(user, instanceId));
  return { instanceId, pages };
}

/** The game a page is shown next that it had not been shown before `known`. */
async function newGame(page: TestPage, known: readonly number[] = []): Promise<LiveGame> {
  return (await page.next('game', (m) => !known.includes(m.game.gameId))).game;
}

/** The game's board message, once the bot has posted it (it posts beside the page's answer). */
async function postedBoard(gameId: number): Promise<string> {
  for (let tries = 0; tries < 500; tries++) {
    const view = await h.service.play.view(gameId);
    if (view.ok && view.value.messageId && h.fake.messages.has(view.value.messageId)) return view.value.messageId;
    await sleep(10);
  }
  throw new Error(`game ${gameId} was never posted`);
}

/** The first legal action of whoever is to act, as a frame. */
const firstMove = (game: LiveGame) => ({
  type: 'act',
  gameId: game.gameId,
  version: game.version,
  action: legalActions(game.state as GameState)[0],
});

describe('the lobby', () => {
  it('starts a game when a second person sits at a table: made, posted and rated as in chat; late joiners watch; seats survive a reconnect', async () => {
    const { instanceId, pages } = await instanceWith(h.ana, h.ben);
    const [ana, ben] = pages as [TestPage, TestPage];
    await ben.next('lobby');
    ana.send({ type: 'start', ruleset: 'traditional', strength: null });
    const waiting = await ben.next('lobby', (l) => l.tables.length === 1);
    expect(waiting.tables).toHaveLength(1);
    expect(waiting.tables[0]).toMatchObject({
      host: { id: h.ana.id },
      ruleset: 'traditional',
      forId: null,
      rematchOf: null,
    });
    ben.send({ type: 'sit', host: h.ana.id });
    const game = await newGame(ana);
    expect(await newGame(ben)).toMatchObject({ gameId: game.gameId, version: 0 });
    expect(new Set([game.players.W.id, game.players.B.id])).toEqual(new Set([h.ana.id, h.ben.id]));
    expect(game.state.ruleset).toBe('traditional');
    const after = await ben.next('lobby', (l) => l.tables.length === 0);
    expect(after.games.map((g) => g.gameId)).toEqual([game.gameId]);
    // The chat shows it as any game: the bot posts its board.
    await postedBoard(game.gameId);

    // Carol comes late: the game is in her lobby, its seats are taken, she can only watch.
    const carol = h.fake.newUser('Carol');
    h.fake.setInInstance(instanceId, carol, true);
    const spectator = await pageOf(carol, instanceId);
    expect((await spectator.next('lobby')).games.map((g) => g.gameId)).toEqual([game.gameId]);
    spectator.send({ type: 'sit', host: h.ana.id });
    expect(await spectator.next('refused')).toMatchObject({ code: 'no-seat' });
    spectator.send({ type: 'open', gameId: game.gameId });
    await spectator.gameAt(game.gameId, 0);
    spectator.send(firstMove(game));
    expect(await spectator.next('refused')).toMatchObject({ code: 'forbidden' });

    // Ben's page goes and a new one comes: his seat is the game's own.
    ben.close();
    const back = await pageOf(h.ben, instanceId);
    back.send({ type: 'open', gameId: game.gameId });
    const shown = await back.gameAt(game.gameId, 0);
    (shown.toActId === h.ben.id ? back : ana).send(firstMove(shown));
    await Promise.all([ana, back, spectator].map((page) => page.gameAt(game.gameId, 1)));
    // Ana resigns on the page: the result counts for ratings, as a game started in chat does.
    ana.send({ type: 'resign', gameId: game.gameId });
    const over = await back.next('game', (m) => m.game.gameId === game.gameId && m.game.status === 'finished');
    expect(over.game.result).toMatchObject({ winner: { id: h.ben.id }, reason: 'resigned' });
    expect(over.game.result!.ratings).toHaveLength(2);
  });

  it('plays the bot at a strength /senet offers with the rule set chosen, and refuses what /senet does not offer', async () => {
    const {
      pages: [ana],
    } = await instanceWith(h.ana);
    const page = ana!;
    page.send({ type: 'start', ruleset: 'chess', strength: 'easy' });
    expect(await page.next('refused')).toMatchObject({ code: 'invalid' });
    page.send({ type: 'start', ruleset: 'kendall', strength: 'expert' }); // held back: /senet does not offer it
    expect(await page.next('refused')).toMatchObject({ code: 'invalid' });
    page.send({ type: 'start', ruleset: 'kendall', strength: null, seats: 2 });
    expect(await page.next('refused')).toMatchObject({ code: 'malformed' });
    page.send({ type: 'sit', host: 'ana' });
    expect(await page.next('refused')).toMatchObject({ code: 'malformed' });
    await page.settled();
    expect(await h.service.play.gamesHere({ channelId: h.fake.channelId, userId: h.ana.id })).toEqual([]);

    page.send({ type: 'start', ruleset: 'regency', strength: 'easy' });
    const game = await newGame(page);
    expect(game.state.ruleset).toBe('regency');
    expect(new Set([game.players.W.id, game.players.B.id])).toEqual(new Set([h.ana.id, h.fake.botUser.id]));
    await postedBoard(game.gameId);
    // Stored with the game: the bot plays it so, and a rematch challenges the bot at the same strength.
    const stored = await h.service.storage.db.get<{ s: string | null }>(
      'SELECT bot_strength AS s FROM games WHERE id = ?',
      [game.gameId],
    );
    expect(stored?.s).toBe('easy');
    // The computer plays its turns as after a click; the page follows them from the database.
    let now = game;
    while (now.status === 'active' && now.toActId !== h.ana.id) now = await page.gameAt(game.gameId, now.version + 1);
    page.send({ type: 'resign', gameId: game.gameId });
    await page.next('game', (m) => m.game.gameId === game.gameId && m.game.status === 'finished');
  });

  it('refuses a seat at one’s own table, at no table, from another instance or after leaving; nothing changes', async () => {
    const { instanceId, pages } = await instanceWith(h.ana, h.ben);
    const [ana, ben] = pages as [TestPage, TestPage];
    ana.send({ type: 'start', ruleset: 'kendall', strength: null });
    await ben.next('lobby', (l) => l.tables.length === 1);
    ana.send({ type: 'sit', host: h.ana.id });
    expect(await ana.next('refused')).toMatchObject({ code: 'no-seat' });
    ben.send({ type: 'sit', host: h.fake.newUser('Dan').id });
    expect(await ben.next('refused')).toMatchObject({ code: 'no-seat' });
    // Another instance in the same channel: its pages neither see nor take this one's tables.
    const other = h.fake.launchActivity(h.ben);
    const elsewhere = await pageOf(h.ben, other);
    expect((await elsewhere.next('lobby')).tables).toEqual([]);
    elsewhere.send({ type: 'sit', host: h.ana.id });
    expect(await elsewhere.next('refused')).toMatchObject({ code: 'no-seat' });
    // Someone no longer in the instance cannot sit at all.
    h.fake.setInInstance(instanceId, h.ben, false);
    ben.send({ type: 'sit', host: h.ana.id });
    expect(await ben.next('refused')).toMatchObject({ code: 'not-in-instance' });
    expect((await ben.closed).code).toBe(4003);
    // No game, and Ana still waits.
    expect(await h.service.play.gamesHere({ channelId: h.fake.channelId, userId: h.ana.id })).toEqual([]);
    ana.send({ type: 'lobby' });
    expect((await ana.next('lobby', (l) => l.tables.length === 1)).tables[0]!.host.id).toBe(h.ana.id);
  });

  it("gives the chat's refusal where the server's settings forbid the game, and the table stays", async () => {
    const admin = h.fake.newUser('Admin');
    const settings = (maxGamesPerPlayer: number) =>
      h.service.admin.changeSettings({
        guildId: h.fake.guildId,
        userId: admin.id,
        canManageServer: true,
        change: { maxGamesPerPlayer },
      });
    expect((await settings(1)).ok).toBe(true);
    try {
      await startHumanGame(h); // Ana plays one game already: the most this server allows
      const carol = h.fake.newUser('Carol');
      const { pages } = await instanceWith(h.ana, carol);
      const [ana, sitter] = pages as [TestPage, TestPage];
      ana.send({ type: 'start', ruleset: 'kendall', strength: null });
      await sitter.next('lobby', (l) => l.tables.length === 1);
      sitter.send({ type: 'sit', host: h.ana.id });
      const refused = await sitter.next('refused');
      expect(refused.code).toBe('limit');
      expect(refused.text).toMatch(/Ana is already playing 1 game at once/);
      sitter.send({ type: 'lobby' });
      expect((await sitter.next('lobby', (l) => l.tables.length === 1)).games).toHaveLength(1);
      expect(await h.service.play.gamesHere({ channelId: h.fake.channelId, userId: carol.id })).toEqual([]);
    } finally {
      expect((await settings(3)).ok).toBe(true);
    }
  });

  it('offers a rematch to the same two players with the same rules, through a table kept for the other', async () => {
    const carol = h.fake.newUser('Carol');
    const { pages } = await instanceWith(h.ana, h.ben, carol);
    const [ana, ben, spectator] = pages as [TestPage, TestPage, TestPage];
    ana.send({ type: 'start', ruleset: 'dancers', strength: null });
    await ben.next('lobby', (l) => l.tables.length === 1);
    ben.send({ type: 'sit', host: h.ana.id });
    const game = await newGame(ben);
    await newGame(ana);
    ana.send({ type: 'rematch', gameId: game.gameId }); // not over yet
    expect(await ana.next('refused')).toMatchObject({ code: 'invalid' });
    ben.send({ type: 'resign', gameId: game.gameId });
    await ana.next('game', (m) => m.game.status === 'finished');
    spectator.send({ type: 'open', gameId: game.gameId });
    await spectator.gameAt(game.gameId, 0);
    spectator.send({ type: 'rematch', gameId: game.gameId }); // not a player of it
    expect(await spectator.next('refused')).toMatchObject({ code: 'invalid' });

    ana.send({ type: 'rematch', gameId: game.gameId });
    const offered = await ben.next('lobby', (l) => l.tables.length === 1);
    expect(offered.tables[0]).toMatchObject({ host: { id: h.ana.id }, ruleset: 'dancers', forId: h.ben.id });
    expect(offered.recent.map((g) => g.gameId)).toEqual([game.gameId]);
    spectator.send({ type: 'sit', host: h.ana.id });
    expect(await spectator.next('refused')).toMatchObject({ code: 'no-seat' });
    ben.send({ type: 'sit', host: h.ana.id });
    const again = await newGame(ben, [game.gameId]);
    expect(again.state.ruleset).toBe('dancers');
    expect(new Set([again.players.W.id, again.players.B.id])).toEqual(new Set([h.ana.id, h.ben.id]));
    await newGame(ana, [game.gameId]);
    await postedBoard(again.gameId);
    ana.send({ type: 'resign', gameId: again.gameId });
    await ben.next('game', (m) => m.game.gameId === again.gameId && m.game.status === 'finished');
  });

  it('takes a table away with its host’s last page there (its socket closed)', async () => {
    const { instanceId, pages } = await instanceWith(h.ana, h.ben);
    const [ana, ben] = pages as [TestPage, TestPage];
    await ben.next('lobby');
    const second = await pageOf(h.ana, instanceId);
    ana.send({ type: 'start', ruleset: 'kendall', strength: null });
    await ben.next('lobby', (l) => l.tables.length === 1);
    second.close(); // Ana still has a page here: her table stays
    await second.closed;
    ben.send({ type: 'lobby' });
    await ben.next('lobby', (l) => l.tables.length === 1);
    ana.close();
    await ben.next('lobby', (l) => l.tables.length === 0);
    ben.send({ type: 'sit', host: h.ana.id });
    expect(await ben.next('refused')).toMatchObject({ code: 'no-seat' });
  });

  it('shows a tournament game started in chat, and lets its players move there', async () => {
    const admin = h.fake.newUser('Admin');
    h.fake.memberPermissions.set(admin.id, ADMIN_PERMISSIONS);
    const tournament = async (subcommand: string, options: SlashOption[]) => {
      const reply = await h.fake.groupCommand(admin, 'senet-admin', 'tournament', subcommand, options);
      await h.settle();
      return reply;
    };
    const created = await tournament('create', [
      { name: 'name', type: OPTION.string, value: 'Live Cup' },
      { name: 'format', type: OPTION.string, value: 'knockout' },
      { name: 'start_in', type: OPTION.integer, value: 30 },
    ]);
    const id = Number(/\(#(\d+)\)/.exec(h.fake.messages.get(created.message!.id)!.content)![1]);
    for (const player of [h.ana, h.ben]) await h.click(player, created.message!.id, `senet:join:${id}`);
    await tournament('start', [{ name: 'id', type: OPTION.integer, value: id }]);
    const { pages } = await instanceWith(h.ana, h.ben);
    const [ana, ben] = pages as [TestPage, TestPage];
    const [listed] = (await ana.next('lobby')).games;
    expect(listed).toBeDefined();
    expect(new Set([listed!.players.W.id, listed!.players.B.id])).toEqual(new Set([h.ana.id, h.ben.id]));
    ana.send({ type: 'open', gameId: listed!.gameId });
    ben.send({ type: 'open', gameId: listed!.gameId });
    const game = await ana.gameAt(listed!.gameId, 0);
    await ben.gameAt(game.gameId, 0);
    await moveOnce(game, { [h.ana.id]: ana, [h.ben.id]: ben });
    await h.settle();
    ana.send({ type: 'resign', gameId: game.gameId });
    await ben.next('game', (m) => m.game.gameId === game.gameId && m.game.status === 'finished');
  });

  it('plays a game of a DM on the live board only, says so, and keeps it over a restart', async () => {
    h.fake.goTo({ kind: 'privateChannel', group: false });
    const { instanceId, pages } = await instanceWith(h.ana, h.ben);
    const [ana, ben] = pages as [TestPage, TestPage];
    expect((await ana.next('lobby')).liveOnly).toBe(true);
    ana.send({ type: 'start', ruleset: 'kendall', strength: null });
    await ben.next('lobby', (l) => l.tables.length === 1);
    ben.send({ type: 'sit', host: h.ana.id });
    let game = await newGame(ana);
    await newGame(ben);
    game = await moveOnce(game, { [h.ana.id]: ana, [h.ben.id]: ben });
    await h.settle();
    expect(h.fake.messagesIn(h.fake.channelId)).toEqual([]);
    // The bot restarts: it cannot post the game here, so the game stays, and new pages play on.
    await live.close();
    await h.restart();
    live = await serve();
    const view = await h.service.play.view(game.gameId);
    expect(view.ok && view.value.status).toBe('active');
    const again = { [h.ana.id]: await pageOf(h.ana, instanceId), [h.ben.id]: await pageOf(h.ben, instanceId) };
    for (const page of Object.values(again)) page.send({ type: 'open', gameId: game.gameId });
    await Promise.all(Object.values(again).map((page) => page.gameAt(game.gameId, game.version)));
    await moveOnce(game, again);
    again[h.ana.id]!.send({ type: 'resign', gameId: game.gameId });
    await again[h.ben.id]!.next('game', (m) => m.game.gameId === game.gameId && m.game.status === 'finished');
  });
});
