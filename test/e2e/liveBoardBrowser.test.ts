// The live board in a real headless Chromium, beside the real bot on one database: two players'
// pages in one activity instance play a whole game through the board's squares and buttons, a
// third page watches every move, the chat's board message follows, a chat click shows on the
// pages, and the process is stopped and started again mid-game (the pages sign in again and come
// back to the same game). Then the board itself: the picture's pawns, the last move, whose turn
// and the timer; a move by drag and by keyboard alone; the throw's animation (and none where the
// player asked for less motion); and screenshots in every language the bot speaks, at a phone's
// size held both ways and a desktop's, with no element outside the viewport and no text outside
// its box.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { DiscordSignIn } from '../../src/activity/discordSignIn.js';
import { type LiveServer, startLiveServer } from '../../src/activity/liveServer.js';
import { type PageBundle, buildPage } from '../../src/activity/pageBundle.js';
import { botPostsIn, showLiveStart } from '../../src/bot/serveLiveBoard.js';
import { type GameState, type Move, legalActions } from '../../src/engine/index.js';
import type { LiveGame } from '../../src/game/liveBoard.js';
import { DISCORD_LANGUAGES, LANGUAGES } from '../../src/i18n/locales.js';
import { startBrowser } from './browser.js';
import { TOKEN, actButtons, chatShows, harnessForFile, liveGameIn, pickButton, startHumanGame } from './harness.js';
import type { FakeUser } from './fake/fakeDiscord.js';

const h = harnessForFile();
let browser: Browser;
let bundle: PageBundle;
let live: LiveServer;
let port = 0;
const silent = pino({ level: 'silent' });

/** The live board's server as the bot process runs it (ACTIVITY_MOCK_SIGN_IN: tests only). */
async function serve(): Promise<LiveServer> {
  const server = await startLiveServer({
    host: '127.0.0.1',
    port,
    service: h.service,
    signIn: new DiscordSignIn({
      apiUrl: h.fake.apiUrl,
      applicationId: h.fake.applicationId,
      clientSecret: null,
      botToken: TOKEN,
      instanceTtlMs: 0,
    }),
    mockSignIn: true,
    page: bundle,
    started: showLiveStart(() => h.bot, silent),
    postsIn: botPostsIn(() => h.bot),
    computer: { id: h.fake.botUser.id, name: h.fake.botUser.global_name },
    follow: (listener) => h.bot.news.follow(listener),
    log: silent,
  });
  port = Number(new URL(server.url).port);
  return server;
}

beforeAll(async () => {
  [browser, bundle] = await Promise.all([startBrowser(), buildPage(h.fake.applicationId)]);
  live = await serve();
});
afterAll(async () => {
  await browser?.close();
  await live?.close();
});

async function openPage(
  user: FakeUser,
  instanceId: string,
  locale = 'en-US',
  size = { width: 1280, height: 720 },
  reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
  touch = false,
) {
  const page = await browser.newPage({ viewport: size, reducedMotion, hasTouch: touch, isMobile: touch });
  await page.goto(`${live.url}/?user=${user.id}&instance=${instanceId}&locale=${locale}`);
  return page;
}

/** The version a page shows (the body's data attribute), once it shows at least `atLeast`. */
async function versionOf(page: Page, atLeast = 0): Promise<number> {
  await page.waitForFunction(`Number(document.body.dataset.version ?? -1) >= ${atLeast}`, null, { timeout: 0 });
  return Number(await page.evaluate('document.body.dataset.version'));
}

/**
 * The user whose page is to act plays one legal action through the board's UI: a button (the throw,
 * bearing off) if there is one, else the pawn furthest along. Moving the first pawn on the screen
 * instead made games of about 400 actions (kendall's median, 200 seeded games), this about 280.
 */
async function playOne(page: Page): Promise<void> {
  const action = page.locator('.action').first();
  if ((await action.count()) > 0) return await action.click();
  const furthest = await page.evaluate(
    `Math.max(...[...document.querySelectorAll('.square.movable')].map((e) => Number(e.dataset.square)))`,
  );
  await page.locator(`.square.movable[data-square="${String(furthest)}"]`).click();
  await page.locator('.square.target').first().click();
}

/** The game as it stands now (the service's view, as a page gets it). */
async function current(gameId: number): Promise<LiveGame> {
  const now = await h.service.liveBoard.current(gameId);
  if (!now.ok) throw new Error(`game ${gameId} is gone`);
  return now.value;
}

/**
 * Starts a game between Ana and Ben here and plays its first legal actions (through the service,
 * as clicks would) until `wanted` holds: a position for the board's tests, reached whatever the
 * dice throw.
 */
async function playUntil(wanted: (game: LiveGame, actions: ReturnType<typeof legalActions>) => boolean) {
  await startHumanGame(h);
  const { gameId } = await liveGameIn(h, h.fake.channelId);
  for (let played = 0; played < 500; played++) {
    const game = await current(gameId);
    const actions = legalActions(game.state as GameState);
    if (wanted(game, actions)) return game;
    const acted = await h.service.play.act({
      gameId,
      userId: game.toActId!,
      version: game.version,
      action: actions[0]!,
    });
    if (!acted.ok) throw new Error(`the service refused ${JSON.stringify(actions[0])}`);
  }
  throw new Error('no such position in 500 actions');
}

const onBoard = (square: number): boolean => square >= 1 && square <= 30;

/** Ana to move a pawn after a move was made, every choice from a square to a square. */
const anaToMovePawn = () =>
  playUntil(
    (game, actions) =>
      game.toActId === h.ana.id &&
      game.state.phase === 'move' &&
      game.state.lastMove !== null &&
      onBoard(game.state.lastMove.end) &&
      actions.length > 0 &&
      actions.every((a): boolean => a.type === 'move' && onBoard(a.from) && onBoard(a.to)),
  );

/** The move the game's last move was, as the page was asked to make it. */
const lastMoveOf = async (gameId: number): Promise<Move | undefined> => {
  const last = (await current(gameId)).state.lastMove;
  return last ? { from: last.from, to: last.to } : undefined;
};

/**
 * The start of every element drawn partly outside the viewport (run in the page). What lies in a
 * box that scrolls (the lobby's column on a phone held sideways) is reached by scrolling that box,
 * which is itself checked like every other element.
 */
const OUTSIDE_VIEWPORT = `[...document.querySelectorAll('body *')]
  .filter((e) => {
    for (let p = e.parentElement; p; p = p.parentElement)
      if (['auto', 'scroll'].includes(getComputedStyle(p).overflowY)) return false;
    return true;
  })
  .map((e) => ({ e, r: e.getBoundingClientRect() }))
  .filter(({ r }) => r.width > 0 && (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5))
  .map(({ e }) => e.outerHTML.slice(0, 80))`;

/**
 * Every element whose own text does not fit its box (it scrolls, or it spills out of its parent),
 * with the text (run in the page). Text only a screen reader gets (.sr-only) is left out.
 */
const TEXT_OVERFLOWING = `[...document.querySelectorAll('body *')]
  .filter((e) => !e.closest('.sr-only, svg') && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .filter((e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const scrolls = getComputedStyle(e).display !== 'inline'
      && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
    const p = e.parentElement.getBoundingClientRect();
    return scrolls || r.left < p.left - 1 || r.right > p.right + 1 || r.top < p.top - 1 || r.bottom > p.bottom + 1;
  })
  .map((e) => e.textContent.slice(0, 40) + ' in ' + e.outerHTML.slice(0, 60))`;

describe('the live board in a browser', () => {
  it('two pages play a whole game, a third watches, the chat follows, and a restart loses nothing', async () => {
    await startHumanGame(h);
    const game = await liveGameIn(h, h.fake.channelId);
    const carol = h.fake.newUser('Carol');
    const instanceId = h.fake.launchActivity(h.ana);
    h.fake.setInInstance(instanceId, h.ben, true);
    h.fake.setInInstance(instanceId, carol, true);
    const pages = {
      [h.ana.id]: await openPage(h.ana, instanceId),
      [h.ben.id]: await openPage(h.ben, instanceId),
    };
    const spectator = await openPage(carol, instanceId);
    const all = [...Object.values(pages), spectator];
    let version = await versionOf(pages[h.ana.id]!);
    let moves = 0;
    for (;;) {
      await Promise.all(all.map((p) => versionOf(p, version)));
      const status = await spectator.evaluate('document.body.dataset.status');
      if (status === 'finished') break;
      // The spectator is shown every move and offered none.
      expect(await spectator.locator('.action, .square.movable').count()).toBe(0);
      const toAct = String(await spectator.evaluate('document.body.dataset.toAct'));
      moves++;
      if (moves === 10) {
        // A click in chat, on the board message the live board's moves kept up to date.
        await chatShows(h, game.gameId, version);
        await h.settle();
        const messageId = (await liveGameIn(h, h.fake.channelId)).messageId!;
        const user = toAct === h.ana.id ? h.ana : h.ben;
        await h.click(user, messageId, pickButton(actButtons(h, messageId)).custom_id!);
      } else if (moves === 20) {
        // The process stops and starts again: the bot on the same database, the live board on its port.
        await live.close();
        await h.restart();
        live = await serve();
        // The pages come back by themselves (signing in again, welcomed a second time) and make the next move.
        await Promise.all(
          all.map((p) => p.waitForFunction(`document.body.dataset.welcomes === '2'`, null, { timeout: 0 })),
        );
        await Promise.all(all.map((p) => versionOf(p, version)));
        await playOne(pages[toAct]!);
      } else {
        await playOne(pages[toAct]!);
      }
      version++;
      if (process.env.DEBUG_LIVE) console.log('move', moves, version, toAct === h.ana.id ? 'ana' : 'ben');
    }
    // The chat's board message ends the same way.
    await chatShows(h, game.gameId, version);
    await h.settle();
    const final = await h.service.liveBoard.current(game.gameId);
    expect(final.ok && final.value.status).toBe('finished');
    const shown = h.fake.messages.get(game.messageId!)!;
    expect(shown.content).toMatch(/wins/);
    expect(actButtons(h, game.messageId!)).toEqual([]);
    for (const p of all) await p.close();
  }, 600_000);

  it('two pages start a game from the lobby: one waits at a table, the other sits, both play', async () => {
    const instanceId = h.fake.launchActivity(h.ana);
    h.fake.setInInstance(instanceId, h.ben, true);
    const ana = await openPage(h.ana, instanceId);
    const ben = await openPage(h.ben, instanceId);
    await ana.locator('#rules').selectOption('pennsic');
    await ana.locator('#new-table').click();
    await ana.locator('#waiting').waitFor();
    await ben.locator(`button[data-host="${h.ana.id}"]`).click();
    await Promise.all([ana, ben].map((p) => versionOf(p, 0)));
    const toAct = String(await ana.evaluate('document.body.dataset.toAct'));
    expect([h.ana.id, h.ben.id]).toContain(toAct);
    await playOne(toAct === h.ana.id ? ana : ben);
    await Promise.all([ana, ben].map((p) => versionOf(p, 1)));
    const game = await liveGameIn(h, h.fake.channelId);
    expect(game.ruleset).toBe('pennsic');
    // Resign and Rematch are the page's buttons too.
    await ana.locator('#resign').click();
    await ben.waitForFunction(`document.body.dataset.status === 'finished'`, null, { timeout: 0 });
    await ben.locator('#rematch').waitFor();
    for (const p of [ana, ben]) await p.close();
  });

  it("keeps the page's JavaScript under 150 KB gzipped, under a name hashed from its content", () => {
    const scripts = [...bundle.files].filter(([path]) => path.endsWith('.js'));
    expect(scripts).toHaveLength(1);
    const [path, file] = scripts[0]!;
    expect(path).toMatch(/^\/assets\/main-[0-9a-f]{16}\.js$/);
    expect(gzipSync(file.body).length).toBeLessThanOrEqual(150 * 1024);
    expect(bundle.files.get('/')!.body.toString()).toContain(`.${path}`);
  });

  it("draws the picture's reels and cones, the last move, whose turn and the turn timer", async () => {
    // The page counts down on its own clock: the bot's (which the harness keeps) is set to it.
    h.advance(Math.max(0, Date.now() - h.clock.now));
    const game = await anaToMovePawn();
    const page = await openPage(h.ana, h.fake.launchActivity(h.ana));
    await versionOf(page, game.version);
    // Each pawn by its shape as well as its colour: the reel (W) or the cone (B) of the picture.
    const shapes = await page.evaluate(
      `[...document.querySelectorAll('.square')].sort((a, b) => a.dataset.square - b.dataset.square)
        .map((c) => c.querySelector('svg.pawn:not(.ghost)')?.classList[1] ?? '.').join(',')`,
    );
    expect(shapes).toBe([...game.state.board].map((c) => (c === '.' ? '.' : `pawn-${c}`)).join(','));
    // The last move: a ring where the pawn ended, a faint pawn where it came from when that is empty.
    const last = game.state.lastMove!;
    expect(await page.locator('.square.last-to').getAttribute('data-square')).toBe(String(last.end));
    if (onBoard(last.from) && game.state.board[last.from - 1] === '.')
      expect(await page.locator(`.square[data-square="${last.from}"] .pawn.ghost`).count()).toBe(1);
    // Whose turn: Ana's panel, with the pawn she plays.
    const side = game.state.toMove;
    expect(await page.locator('.player.turn').getAttribute('class')).toContain(`side-${side}`);
    expect(await page.locator(`.player.turn .pawn-${side}`).count()).toBe(1);
    // The turn timer counts down to the game's own deadline.
    const seconds = (shown: string | null): number =>
      String(shown)
        .split(':')
        .reduce((total, part) => total * 60 + Number(part), 0);
    const time = page.locator('.timer time');
    const before = (game.turnDeadline! - Date.now()) / 1000;
    const first = String(await time.textContent());
    const after = (game.turnDeadline! - Date.now()) / 1000;
    expect(seconds(first)).toBeGreaterThanOrEqual(Math.floor(after));
    // (The page's last tick may be up to a second older than the first reading.)
    expect(seconds(first)).toBeLessThanOrEqual(Math.ceil(before) + 1);
    await page.waitForFunction(`document.querySelector('.timer time').textContent !== ${JSON.stringify(first)}`);
    expect(seconds(await time.textContent())).toBeLessThan(seconds(first));
    await page.close();
  });

  it('moves a pawn dragged onto a highlighted target', async () => {
    const game = await anaToMovePawn();
    const page = await openPage(h.ana, h.fake.launchActivity(h.ana));
    await versionOf(page, game.version);
    const from = page.locator('.square.movable').first();
    const fromSquare = Number(await from.getAttribute('data-square'));
    await from.hover();
    await page.mouse.down();
    // Past the few pixels a tap may wobble: the pawn is picked up, its targets light up, and it follows the pointer.
    await page.locator('.board').hover({ position: { x: 4, y: 4 } });
    const target = page.locator('.square.target').first();
    await target.waitFor({ timeout: 10_000 });
    expect(await page.locator('.drag-ghost .pawn').count()).toBe(1);
    const toSquare = Number(await target.getAttribute('data-square'));
    await target.hover();
    await page.mouse.up();
    await versionOf(page, game.version + 1);
    expect(await lastMoveOf(game.gameId)).toEqual({ from: fromSquare, to: toSquare });
    expect(await page.locator('.drag-ghost').count()).toBe(0);
    await page.close();
  });

  it('moves a pawn dragged by a finger on a phone', async () => {
    const game = await anaToMovePawn();
    const phone = { width: 390, height: 844 };
    const page = await openPage(h.ana, h.fake.launchActivity(h.ana), 'en-US', phone, 'no-preference', true);
    await versionOf(page, game.version);
    /** The first square matching `selector`: its number and its centre, read at once. */
    const squareAt = (selector: string) =>
      page.evaluate<{ square: number; x: number; y: number }>(`(() => {
        const e = document.querySelector(${JSON.stringify(selector)});
        const r = e.getBoundingClientRect();
        return { square: Number(e.dataset.square), x: r.x + r.width / 2, y: r.y + r.height / 2 };
      })()`);
    // Touch events as a phone's screen sends them (Chrome's DevTools protocol), turned into pointer events.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
    const from = await squareAt('.square.movable');
    await touch('touchStart', from);
    await touch('touchMove', { x: from.x + 6, y: from.y + 8 });
    await touch('touchMove', { x: from.x + 12, y: from.y + 16 });
    await page.locator('.square.target').first().waitFor({ timeout: 10_000 });
    const to = await squareAt('.square.target');
    await touch('touchMove', { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 });
    await touch('touchMove', to);
    await touch('touchEnd');
    await versionOf(page, game.version + 1);
    expect(await lastMoveOf(game.gameId)).toEqual({ from: from.square, to: to.square });
    await cdp.detach();
    await page.close();
  });

  it('plays a move by keyboard alone, every square labelled for a screen reader', async () => {
    const game = await anaToMovePawn();
    const page = await openPage(h.ana, h.fake.launchActivity(h.ana));
    await versionOf(page, game.version);
    /** The squares in the page, in the order they are drawn (row by row). */
    const squares = `[...document.querySelectorAll('.square')]`;
    const labels = await page.evaluate<string[]>(`${squares}.map((c) => c.getAttribute('aria-label'))`);
    expect(labels.map((label) => Number(label.split(' · ')[0])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(labels.filter((label) => /light reels|dark cones/.test(label))).toHaveLength(
      [...game.state.board].filter((c) => c !== '.').length,
    );
    /** The focused square's place on the screen (its index among the squares, row by row). */
    const focusedAt = async (): Promise<number> =>
      Number(await page.evaluate(`${squares}.indexOf(document.activeElement)`));
    // The board is one tab stop, on a pawn that may move; Enter picks it.
    await page.keyboard.press('Tab');
    const from = await focusedAt();
    expect(await page.locator('.square').nth(from).getAttribute('class')).toContain('movable');
    await page.keyboard.press('Enter');
    const target = page.locator('.square.target').first();
    await target.waitFor({ timeout: 10_000 });
    expect(await target.getAttribute('aria-label')).toMatch(/→/);
    const to = Number(await page.evaluate(`${squares}.indexOf(document.querySelector('.square.target'))`));
    // Arrow keys walk the board as it is drawn: rows up and down, squares left and right.
    const rows = Math.floor(to / 10) - Math.floor(from / 10);
    const cols = (to % 10) - (from % 10);
    for (let i = 0; i < Math.abs(rows); i++) await page.keyboard.press(rows > 0 ? 'ArrowDown' : 'ArrowUp');
    for (let i = 0; i < Math.abs(cols); i++) await page.keyboard.press(cols > 0 ? 'ArrowRight' : 'ArrowLeft');
    expect(await focusedAt()).toBe(to);
    const squareAt = async (index: number): Promise<number> =>
      Number(await page.locator('.square').nth(index).getAttribute('data-square'));
    const move = { from: await squareAt(from), to: await squareAt(to) };
    await page.keyboard.press('Enter');
    await versionOf(page, game.version + 1);
    expect(await lastMoveOf(game.gameId)).toEqual(move);
    await page.close();
  });

  it('animates a throw, and not for a player who asked for less motion', async () => {
    const game = await playUntil(
      (game, actions) => game.toActId === h.ana.id && actions.some((action) => action.type === 'throw'),
    );
    const instanceId = h.fake.launchActivity(h.ana);
    h.fake.setInInstance(instanceId, h.ben, true);
    const moving = await openPage(h.ana, instanceId);
    const still = await openPage(h.ben, instanceId, 'en-US', undefined, 'reduce');
    await Promise.all([versionOf(moving, game.version), versionOf(still, game.version)]);
    await moving.locator('.action[data-action="throw"]').click();
    await Promise.all([versionOf(moving, game.version + 1), versionOf(still, game.version + 1)]);
    // The four sticks fall into place (their animation stays in effect once done: it fills forwards).
    const falling = `document.getAnimations().filter((a) => a.animationName === 'stick-fall').length`;
    expect(await moving.locator('.sticks.falling .stick').count()).toBe(4);
    expect(await moving.evaluate(falling)).toBe(4);
    // The same throw, shown at once.
    expect(await still.locator('.sticks.falling .stick').count()).toBe(4);
    expect(await still.evaluate(falling)).toBe(0);
    await moving.close();
    await still.close();
  });

  it('fits a phone held both ways and a desktop in every language, no text outside its box', async () => {
    h.advance(Math.max(0, Date.now() - h.clock.now));
    const game = await anaToMovePawn();
    const instanceId = h.fake.launchActivity(h.ana);
    // Kept for a look (docs/activity.md shows two of them): the temp folder, not the repository.
    const out = mkdtempSync(join(tmpdir(), 'senet-live-board-'));
    const sizes = [
      { width: 390, height: 844 },
      { width: 844, height: 390 },
      { width: 1280, height: 720 },
    ];
    const problems: string[] = [];
    for (const language of DISCORD_LANGUAGES) {
      const locale = LANGUAGES[language].discord[0];
      const page = await openPage(h.ana, instanceId, locale, sizes[0]);
      await versionOf(page, game.version);
      // A pawn picked, so its targets and their labels are shown too.
      await page.locator('.square.movable').first().click();
      await page.locator('.square.target').first().waitFor();
      for (const size of sizes) {
        await page.setViewportSize(size);
        const at = `${locale} ${size.width}×${size.height}`;
        for (const e of await page.evaluate<string[]>(OUTSIDE_VIEWPORT)) problems.push(`${at}: outside: ${e}`);
        for (const e of await page.evaluate<string[]>(TEXT_OVERFLOWING)) problems.push(`${at}: overflows: ${e}`);
        await page.screenshot({ path: join(out, `live-board-${locale}-${size.width}x${size.height}.png`) });
      }
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
