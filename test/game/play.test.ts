// Whole games through the service, for every rule set, with the real engine, database and renderer.
import { describe, expect, it } from 'vitest';
import { RULESET_IDS, legalActions } from '../../src/engine/index.js';
import {
  ANA,
  BEN,
  BOT,
  GUILD,
  open,
  playToEnd,
  startGame,
  textOnlyRenderer,
  value,
  challengeIn,
  member,
} from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

describe('full games through the service', () => {
  it.each(RULESET_IDS)('%s: plays to a winner, rates both players, and replays clean', async (ruleset) => {
    const renderer = textOnlyRenderer();
    const path = await tempDatabase();
    const service = await open(path, { renderBoard: renderer });
    const start = await startGame(service, `ch-${ruleset}`, ruleset);
    expect(start.status).toBe('active');
    expect(start.version).toBe(0);
    expect(new Set([start.players.W.id, start.players.B.id])).toEqual(new Set([ANA.id, BEN.id]));

    const { view, actions } = await playToEnd(service, start, 7);
    // Every board drawn numbered exactly the legal pawn moves, in button order (an opening too).
    for (const { state, view: drawn } of renderer.calls) {
      const expected = legalActions(state)
        .filter((a) => a.type === 'move')
        .map(({ from, to }) => ({ from, to }));
      expect(drawn.moves).toEqual(expected);
    }
    expect(view.status).toBe('finished');
    expect(view.state.ply).toBe(actions);
    expect(view.version).toBe(actions); // one version per action, the winning one included
    const result = view.result!;
    expect(result.reason).toBe('won');
    expect(result.winner.id).toBe(view.players[view.state.winner!].id);
    expect(view.description).toContain(`${result.winner.name.plain} wins`);
    const winnerChange = result.ratings!.find((r) => r.userId === result.winner.id)!;
    const loserChange = result.ratings!.find((r) => r.userId === result.loser.id)!;
    expect(winnerChange).toMatchObject({ before: 1500 });
    expect(winnerChange.after).toBeGreaterThan(1500);
    expect(loserChange.after).toBeLessThan(1500);

    expect(await service.storage.verify()).toEqual({ checked: 1, problems: [] });
    // The finished board, drawn by the real renderer once.
    const drawing = await open(path);
    const final = value(await drawing.play.view(view.gameId));
    await drawing.storage.close();
    expect(final.board.fileName).toMatch(/\.(jpg|webp|png)$/);
    expect(final.result).toEqual({ ...result, ratings: [winnerChange, loserChange] });
    const board = value(await service.records.leaderboard({ viewer: member(GUILD) }));
    expect(board.map((e) => e.player.id)).toEqual([result.winner.id, result.loser.id]);
    await service.storage.close();
  });

  it('runs each move once, the one that ends the game included', async () => {
    const service = await open(await tempDatabase(), { renderBoard: textOnlyRenderer() });
    const start = await startGame(service, 'ch-isolation', 'kendall');
    const reruns: number[] = [];
    service.storage.observeWrites((timing) => reruns.push(timing.reruns));
    const { actions } = await playToEnd(service, start, 3);
    expect(reruns).toHaveLength(actions);
    // Moves, and a game's end (ratings, the season), run at REPEATABLE READ on PostgreSQL
    // (src/game/play.ts says why that is enough): none runs again when nothing else writes.
    expect(reruns.every((n) => n === 0)).toBe(true);
    await service.storage.close();
  });

  it('shows buttons in engine order with numbered move labels that match the board markers', async () => {
    const service = await open(await tempDatabase());
    let view = await startGame(service, 'ch-labels', 'kendall');
    // Kendall opens with the fixed move 10 → 15 before any throw: numbered like any move.
    const opening = view.choices;
    expect(opening.map((c) => c.action)).toEqual(legalActions(view.state));
    expect(opening[0]!.label).toBe('1 · 10 → 15');
    view = value(
      await service.play.act({
        gameId: view.gameId,
        userId: view.toAct!.id,
        version: view.version,
        action: opening[0]!.action,
      }),
    );
    // Throw until a throw leaves moves to pick from.
    while (view.state.phase !== 'move') {
      expect(view.choices.at(-1)).toEqual({ label: 'Throw', action: { type: 'throw' } });
      const pick = view.choices.at(-1)!;
      view = value(
        await service.play.act({
          gameId: view.gameId,
          userId: view.toAct!.id,
          version: view.version,
          action: pick.action,
        }),
      );
      expect(view.description).toMatch(/threw \d/);
    }
    const moves = view.choices.filter((c) => c.action.type === 'move');
    moves.forEach((c, i) => {
      if (c.action.type !== 'move') return;
      const to = c.action.to === 31 ? 'off' : String(c.action.to);
      expect(c.label).toBe(`${i + 1} · ${c.action.from} → ${to}`);
    });
    expect(view.board.alt.length).toBeGreaterThan(0);
    await service.storage.close();
  });

  it('starts a game against the bot at once, plays the bot through botStep, and leaves it unrated', async () => {
    const service = await open(await tempDatabase(), { renderBoard: textOnlyRenderer() });
    const made = await challengeIn(service, 'ch-bot', ANA, BOT, 'dancers', 'easy');
    if (made.kind !== 'game') throw new Error('a challenge to the bot starts a game');
    const start = made.game;
    // Stored with the game: the bot plays it so, and a rematch from it challenges the bot at the same strength.
    const strength = async (): Promise<string | null | undefined> =>
      (
        await service.storage.db.get<{ s: string | null }>('SELECT bot_strength AS s FROM games WHERE id = ?', [
          start.gameId,
        ])
      )?.s;
    expect(await strength()).toBe('easy');
    expect(start.choices.length > 0).toBe(!start.botToAct);
    expect(await service.games.botTurns()).toEqual(start.botToAct ? [start.gameId] : []);
    const { view } = await playToEnd(service, start, 3);
    expect(await strength()).toBe('easy');
    expect(view.result!.ratings).toBeUndefined();
    expect(value(await service.records.leaderboard({ viewer: member(GUILD) }))).toEqual([]);
    const stats = value(await service.records.stats({ viewer: member(GUILD), userId: ANA.id }));
    expect(stats.vsBot.games).toBe(1);
    expect(stats.rating).toBeNull();
    const history = value(await service.records.history({ viewer: member(GUILD), userId: ANA.id }));
    expect(history).toMatchObject([
      { opponent: { id: BOT.id, name: { plain: BOT.name } }, vsBot: true, ruleset: 'dancers', rated: false },
    ]);
    expect((await service.storage.verify()).problems).toEqual([]);
    await service.storage.close();
  });
});
