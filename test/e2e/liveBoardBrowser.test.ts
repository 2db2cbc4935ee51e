// The live board in a real headless Chromium, beside the real bot on one database: two players'
// pages in one activity instance play a whole game through the board's squares and buttons, a
// third page watches every move, the chat's board message follows, a chat click shows on the
// pages, and the process is stopped and started again mid-game (the pages sign in again and come
// back to the same game). Then screenshots at a phone's and a desktop's size in five languages,
// with no element outside the viewport.
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
import { showLiveChange } from '../../src/bot/serveLiveBoard.js';
import { startBrowser } from './browser.js';
import { TOKEN, actButtons, harnessForFile, liveGameIn, pickButton, startHumanGame } from './harness.js';
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
    changed: showLiveChange(() => h.bot, silent),
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

async function openPage(user: FakeUser, instanceId: string, locale = 'en-US', size = { width: 1280, height: 720 }) {
  const page = await browser.newPage({ viewport: size });
  await page.goto(`${live.url}/?user=${user.id}&instance=${instanceId}&locale=${locale}`);
  return page;
}

/** The version a page shows (the body's data attribute), once it shows at least `atLeast`. */
async function versionOf(page: Page, atLeast = 0): Promise<number> {
  await page.waitForFunction(`Number(document.body.dataset.version ?? -1) >= ${atLeast}`, null, { timeout: 0 });
  return Number(await page.evaluate('document.body.dataset.version'));
}

/** The user whose page is to act plays one legal action through the board's UI. */
async function playOne(page: Page): Promise<void> {
  const action = page.locator('.action').first();
  if ((await action.count()) > 0) return await action.click();
  await page.locator('.square.movable').first().click();
  await page.locator('.square.target').first().click();
}

/** The start of every element drawn partly outside the viewport (run in the page). */
const OUTSIDE_VIEWPORT = `[...document.querySelectorAll('body *')]
  .map((e) => ({ e, r: e.getBoundingClientRect() }))
  .filter(({ r }) => r.width > 0 && (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5))
  .map(({ e }) => e.outerHTML.slice(0, 80))`;

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
    await h.settle();
    const final = await h.service.liveBoard.current(game.gameId);
    expect(final.ok && final.value.status).toBe('finished');
    const shown = h.fake.messages.get(game.messageId!)!;
    expect(shown.content).toMatch(/wins/);
    expect(actButtons(h, game.messageId!)).toEqual([]);
    for (const p of all) await p.close();
  }, 600_000);

  it("keeps the page's JavaScript under 150 KB gzipped, under a name hashed from its content", () => {
    const scripts = [...bundle.files].filter(([path]) => path.endsWith('.js'));
    expect(scripts).toHaveLength(1);
    const [path, file] = scripts[0]!;
    expect(path).toMatch(/^\/assets\/main-[0-9a-f]{16}\.js$/);
    expect(gzipSync(file.body).length).toBeLessThanOrEqual(150 * 1024);
    expect(bundle.files.get('/')!.body.toString()).toContain(`.${path}`);
  });

  it('fits a phone and a desktop in five languages, with every element inside the viewport', async () => {
    await startHumanGame(h);
    const instanceId = h.fake.launchActivity(h.ana);
    // Kept for a look (docs/activity.md shows two of them): the temp folder, not the repository.
    const out = mkdtempSync(join(tmpdir(), 'senet-live-board-'));
    for (const locale of ['en-US', 'de', 'ja', 'ar', 'pt-BR']) {
      for (const size of [
        { width: 390, height: 844 },
        { width: 1280, height: 720 },
      ]) {
        const page = await openPage(h.ana, instanceId, locale, size);
        await versionOf(page);
        const outside = await page.evaluate(OUTSIDE_VIEWPORT);
        expect(outside, `${locale} ${size.width}×${size.height}`).toEqual([]);
        await page.screenshot({ path: join(out, `live-board-${locale}-${size.width}x${size.height}.png`) });
        await page.close();
      }
    }
  });
});
