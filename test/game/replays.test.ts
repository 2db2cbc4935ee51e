// Replays through the service: which game is replayed, who may see which, the list of recent
// games, and the review's words when a win chance is given (the stand-in chance of the fixtures).
import { describe, expect, it } from 'vitest';
import { produceReplay } from '../../src/game/replayJob.js';
import type { ReplayRenderer } from '../../src/game/types.js';
import { unwrap } from '../../src/lib/result.js';
import { raceChance } from '../fixtures/games.js';
import { decodeGif } from '../render/gifDecode.js';
import {
  ANA,
  BEN,
  CLEO,
  GUILD,
  inEnglish,
  open,
  playToEnd,
  startGame,
  testClock,
  textOnlyRenderer,
  value,
  member,
} from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

/** Replays drawn for real, reviewed with the stand-in chance. */
const reviewing: ReplayRenderer = (job) => Promise.resolve(unwrap(produceReplay(job, raceChance)));

describe('replays through the service', () => {
  it('replays your last finished game by default, any game of this server by id, and nothing of another', async () => {
    const clock = testClock();
    const service = await open(await tempDatabase(), {
      now: clock.now,
      renderBoard: textOnlyRenderer(),
      renderReplay: reviewing,
    });
    const first = await startGame(service, 'c1', 'pennsic');
    const { view: ended } = await playToEnd(service, first, 1);
    clock.advance(60_000);
    const running = await startGame(service, 'c2', 'regency');
    await playToEnd(service, running, 2, 30).catch(() => undefined); // 30 actions, still running

    const last = value(await service.replays.draw({ viewer: member(GUILD, ANA.id) }));
    expect(last.gameId).toBe(ended.gameId);
    expect(last.finished).toBe(true);
    expect(last.title).toBe('Senet · Pennsic');
    expect(last.replay.fileName).toBe('senet-replay.gif');
    expect(decodeGif(last.replay.image).frames).toHaveLength(last.moves + 1);
    expect(last.replay.alt).toMatch(
      /^Animated replay of a Senet game, Pennsic rules: (Ana|Ben) \(light reels\) against (Ana|Ben) \(dark cones\)\. (Ana|Ben) wins! \d+ moves, \d+ actions in all/,
    );
    expect(last.replay.alt).toMatch(/Turning points: Move \d+: /);
    expect(last.replay.alt.length).toBeLessThanOrEqual(1024);
    expect(last.chart?.fileName).toBe('senet-win-chance.png');
    expect(last.chart?.alt).toMatch(/^Chart of (Ana|Ben)'s chance to win after every action: \d+ % at the start/);
    expect(last.review?.turningPoints).toHaveLength(3);
    expect(last.review?.accuracy.W).toBeGreaterThanOrEqual(0);

    // Anyone in the server may watch any game of it, finished or not.
    const live = value(await service.replays.draw({ viewer: member(GUILD, CLEO.id), gameId: running.gameId }));
    expect(live.finished).toBe(false);
    expect(live.result).toMatch(/in progress/);
    const elsewhere = await service.replays.draw({ viewer: member('guild-2', ANA.id), gameId: ended.gameId });
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(inEnglish(await service.replays.draw({ viewer: member(GUILD, CLEO.id) }))).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: 'You have not finished a game in this server yet.' },
    });
    await service.storage.close();
  });

  it('lists your recent games here, newest first, filtered by what you type', async () => {
    const clock = testClock();
    const service = await open(await tempDatabase(), {
      now: clock.now,
      renderBoard: textOnlyRenderer(),
      renderReplay: reviewing,
    });
    const games = [];
    for (const [i, ruleset] of (['kendall', 'dancers', 'pennsic'] as const).entries()) {
      clock.advance(60_000);
      games.push(await startGame(service, `c${i}`, ruleset));
    }
    const listed = await service.replays.recentGames({ viewer: member(GUILD, BEN.id), userId: BEN.id });
    expect(listed.map((g) => g.gameId)).toEqual(games.map((g) => g.gameId).reverse());
    const turn = games[2]!.toAct?.id === BEN.id ? 'your turn' : 'in progress';
    expect(listed[0]!.label).toBe(`#${games[2]!.gameId} · Pennsic · vs Ana · ${turn}`);
    expect(
      (await service.replays.recentGames({ viewer: member(GUILD, BEN.id), userId: BEN.id, typed: 'danc' })).map(
        (g) => g.gameId,
      ),
    ).toEqual([games[1]!.gameId]);
    expect(await service.replays.recentGames({ viewer: member('guild-2', BEN.id), userId: BEN.id })).toEqual([]);
    expect(await service.replays.recentGames({ viewer: member(GUILD, CLEO.id), userId: CLEO.id })).toEqual([]);
    await service.storage.close();
  });

  it('a game where no pawn has moved yet has nothing to replay', async () => {
    const service = await open(await tempDatabase(), { renderBoard: textOnlyRenderer(), renderReplay: reviewing });
    const game = await startGame(service, 'c1', 'kendall');
    expect(await service.replays.draw({ viewer: member(GUILD, ANA.id), gameId: game.gameId })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    await service.storage.close();
  });
});

describe('replays being drawn', () => {
  it('are one per player and a few in all, so a button cannot queue minutes of work', async () => {
    const release: (() => void)[] = [];
    const held: ReplayRenderer = (job) =>
      new Promise((resolve) => release.push(() => resolve(unwrap(produceReplay(job, raceChance)))));
    const service = await open(await tempDatabase(), { renderBoard: textOnlyRenderer(), renderReplay: held });
    const { view } = await playToEnd(service, await startGame(service, 'c', 'pennsic'), 1);
    const ask = (userId: string) => service.replays.draw({ viewer: member(GUILD, userId), gameId: view.gameId });
    // Asking reads the game first: wait until the replays asked for are being drawn.
    const drawing = async (n: number) => {
      while (release.length < n) await new Promise((resolve) => setImmediate(resolve));
    };
    const first = ask(ANA.id);
    await drawing(1);
    expect(inEnglish(await ask(ANA.id))).toMatchObject({
      ok: false,
      error: { code: 'busy', message: /still being drawn/ },
    });
    const others = [ask(BEN.id), ask(CLEO.id)];
    await drawing(3);
    expect(inEnglish(await ask('dora'))).toMatchObject({
      ok: false,
      error: { code: 'busy', message: /Several replays/ },
    });
    release.forEach((done) => done());
    for (const drawn of [first, ...others]) expect((await drawn).ok).toBe(true);
    // Once drawn, the same player may ask again.
    const again = ask(ANA.id);
    await drawing(4);
    release.at(-1)!();
    expect((await again).ok).toBe(true);
    await service.storage.close();
  });
});
