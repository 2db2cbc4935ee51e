// Tournaments through the game service on a real database: sign-up and its refusals, rounds paired
// once each, results recorded from the games' ends, the round's time limit, a player leaving, and
// the final table.
import { describe, expect, it } from 'vitest';
import type { GameService } from '../../src/game/service.js';
import type { TournamentSpec } from '../../src/game/tournaments.js';
import { MAX_LIVE_TOURNAMENTS } from '../../src/game/limits.js';
import { progressOf } from '../../src/game/tournament/roundTime.js';
import type { SeenPlayer } from '../../src/game/types.js';
import { GUILD, inEnglish, open, testClock, textOnlyRenderer, value } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

const ADMIN = { guildId: GUILD, userId: 'admin', canManageServer: true };
const SPEC: TournamentSpec = {
  name: 'Friday Senet',
  variant: { ruleset: 'kendall', options: {} },
  format: 'swiss',
  rounds: 3,
  startInMinutes: 10,
  roundMinutes: 60,
  rated: true,
  maxPlayers: 8,
};
const players = (n: number): SeenPlayer[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${2000 + i}`, name: `P${i}` }));

async function setUp() {
  const clock = testClock();
  const service = await open(await tempDatabase(), { now: clock.now, renderBoard: textOnlyRenderer() });
  const create = async (spec: Partial<TournamentSpec> = {}) =>
    value(await service.tournaments.create({ ...ADMIN, channelId: 'chan', locale: 'en', spec: { ...SPEC, ...spec } }));
  return { clock, service, create };
}

/** Runs what is due, as the bot's runner does, until nothing is. */
async function runDue(service: GameService) {
  const started: number[] = [];
  for (let ids = await service.tournaments.due(); ids.length > 0; ids = await service.tournaments.due()) {
    for (const id of ids) started.push(...value(await service.tournaments.advance(id)).started.map((g) => g.gameId));
  }
  return started;
}

describe('tournament sign-up', () => {
  it('refuses joining twice, a full one, one from another server, and one that has started', async () => {
    const { service, create, clock } = await setUp();
    const t = await create({ maxPlayers: 2 });
    const [a, b, c] = players(3);
    value(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: a! }));
    expect(inEnglish(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: a! }))).toMatchObject(
      {
        ok: false,
        error: { message: 'You are already in this tournament.' },
      },
    );
    expect(
      inEnglish(await service.tournaments.join({ tournamentId: t.id, guildId: 'other', player: b! })),
    ).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: `There is no tournament #${t.id} here.` },
    });
    // Nor from a message other than its own (a forged button): the same answer.
    expect(
      inEnglish(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: b!, messageId: 'other' })),
    ).toMatchObject({ ok: false, error: { code: 'not-found', message: `There is no tournament #${t.id} here.` } });
    value(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: b! }));
    expect(inEnglish(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: c! }))).toMatchObject(
      {
        ok: false,
        error: { code: 'limit', message: 'This tournament is full (2 players).' },
      },
    );
    clock.advance(10 * 60_000);
    expect(await runDue(service)).toHaveLength(1);
    value(await service.tournaments.leave({ tournamentId: t.id, guildId: GUILD, player: b! }));
    expect(inEnglish(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: c! }))).toMatchObject(
      {
        ok: false,
        error: { message: 'This tournament has already started: joining is closed.' },
      },
    );
  });

  it('limits the tournaments open at once in a server, and only admins create them', async () => {
    const { service, create } = await setUp();
    for (let i = 0; i < MAX_LIVE_TOURNAMENTS; i++) await create();
    const refused = await service.tournaments.create({ ...ADMIN, channelId: 'chan', locale: 'en', spec: SPEC });
    expect(refused.ok || refused.error.code).toBe('limit');
    const notAdmin = await service.tournaments.create({
      ...ADMIN,
      canManageServer: false,
      channelId: 'c',
      locale: 'en',
      spec: SPEC,
    });
    expect(notAdmin.ok || notAdmin.error.code).toBe('forbidden');
  });
});

describe('a Swiss tournament', () => {
  it('pairs each round once, records results from the games, and finishes with the table', async () => {
    const { service, create, clock } = await setUp();
    const t = await create({ rounds: 2 });
    for (const p of players(5))
      value(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: p }));
    clock.advance(10 * 60_000);
    const round1 = await runDue(service);
    expect(round1).toHaveLength(2); // five players: two games and a bye
    expect(await runDue(service)).toEqual([]); // nothing is paired twice
    let view = value(await service.tournaments.stored(t.id));
    expect(view.status).toBe('running');
    expect(view.boards.filter((b) => b.second === null)).toHaveLength(1);
    // The first mover of each board resigns: the second player wins.
    for (const gameId of round1) {
      const game = value(await service.play.view(gameId));
      const first = view.boards.find((b) => b.gameId === gameId)!.first;
      expect(game.toAct?.id).toBe(first.id);
      value(await service.play.resign({ gameId, userId: first.id }));
    }
    const round2 = await runDue(service);
    expect(round2).toHaveLength(2);
    view = value(await service.tournaments.stored(t.id));
    expect(view.round).toBe(2);
    // The round's time runs out: every unfinished game is decided by the position.
    clock.advance(60 * 60_000);
    await runDue(service);
    view = value(await service.tournaments.stored(t.id));
    expect(view.status).toBe('finished');
    for (const gameId of round2) {
      const game = value(await service.play.view(gameId));
      const board = view.boards.find((b) => b.gameId === gameId)!;
      expect(board.decidedBy).toBe('round-time');
      const ahead = progressOf(game.state, 'W') - progressOf(game.state, 'B');
      if (ahead !== 0) expect(board.winner!.id).toBe(game.players[ahead > 0 ? 'W' : 'B'].id);
      expect(game.status).toBe('finished');
    }
    expect(view.table).toHaveLength(5);
    expect(view.table.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    const total = view.table.reduce((n, r) => n + (r.format === 'swiss' ? r.score : 0), 0);
    expect(total).toBe(6); // two rounds of two games and a bye each
  });

  it('makes a player who leaves mid-round lose their game and pairs them no more', async () => {
    const { service, create, clock } = await setUp();
    const t = await create({ rounds: 3 });
    const field = players(4);
    for (const p of field) value(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: p }));
    clock.advance(10 * 60_000);
    const [gameId] = await runDue(service);
    const game = value(await service.play.view(gameId!));
    const leaver = game.players.W;
    const left = value(
      await service.tournaments.leave({
        tournamentId: t.id,
        guildId: GUILD,
        player: { id: leaver.id, name: leaver.name.plain },
      }),
    );
    expect(left.ended.map((g) => g.gameId)).toEqual([gameId]);
    expect(left.ended[0]!.result?.winner.id).toBe(game.players.B.id);
    const view = value(await service.tournaments.stored(t.id));
    expect(view.table.find((r) => r.player.id === leaver.id)?.left).toBe(true);
  });
});

describe('a knockout', () => {
  it('gives byes to the top seeds and crowns the winner of the final', async () => {
    const { service, create, clock } = await setUp();
    const t = await create({ format: 'knockout' });
    for (const p of players(3))
      value(await service.tournaments.join({ tournamentId: t.id, guildId: GUILD, player: p }));
    clock.advance(10 * 60_000);
    const [semi] = await runDue(service);
    let view = value(await service.tournaments.stored(t.id));
    expect(view.rounds).toBe(2);
    const bye = view.boards.find((b) => b.second === null)!;
    expect(bye.first.id).toBe(view.entrants.find((e) => e.seed === 1)!.player.id);
    const semiGame = value(await service.play.view(semi!));
    value(await service.play.resign({ gameId: semi!, userId: semiGame.players.W.id }));
    const [final] = await runDue(service);
    const finalGame = value(await service.play.view(final!));
    value(await service.play.resign({ gameId: final!, userId: finalGame.players.B.id }));
    await runDue(service);
    view = value(await service.tournaments.stored(t.id));
    expect(view.status).toBe('finished');
    expect(view.table[0]!.player.id).toBe(finalGame.players.W.id);
  });
});
