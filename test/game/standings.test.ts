// Leaderboards, stats and history from games decided through the service (by resignation, to be quick).
import { type RuleSetId } from '../../src/engine/index.js';
import { describe, expect, it } from 'vitest';
import { rankStandings } from '../../src/game/playerStandings.js';
import type { GameService } from '../../src/game/service.js';
import type { SeenPlayer } from '../../src/game/types.js';
import { ANA, BEN, CLEO, GUILD, open, testClock, textOnlyRenderer, value, member } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

async function decide(
  service: GameService,
  winner: SeenPlayer,
  loser: SeenPlayer,
  ruleset: RuleSetId,
  guildId = GUILD,
  channelId = 'c',
): Promise<number> {
  const made = value(
    await service.challenges.create({
      guildId,
      channelId,
      challenger: winner,
      opponent: loser,
      variant: { ruleset, options: {} },
    }),
  );
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  const game = value(await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: loser.id }));
  value(await service.play.resign({ gameId: game.gameId, userId: loser.id }));
  return game.gameId;
}

describe('leaderboard, stats and history', () => {
  it('ranks established players by rating, then provisional ones, per guild', async () => {
    const clock = testClock();
    const service = await open(await tempDatabase(), { now: clock.now, renderBoard: textOnlyRenderer() });
    for (let i = 0; i < 4; i++) await decide(service, ANA, BEN, 'kendall');
    await decide(service, BEN, ANA, 'regency');
    clock.advance(1000);
    await decide(service, CLEO, ANA, 'kendall'); // Cleo: one game, a win, the best rating maybe, still provisional
    await decide(service, BEN, CLEO, 'kendall', 'another-guild');

    const board = value(await service.records.leaderboard({ viewer: member(GUILD) }));
    expect(board.map((e) => [e.rank, e.player.name.plain, e.games, e.wins, e.losses, e.provisional])).toEqual([
      [1, 'Ana', 6, 4, 2, false],
      [2, 'Ben', 5, 1, 4, false],
      [3, 'Cleo', 1, 1, 0, true],
    ]);
    expect(board[0]!.rating!).toBeGreaterThan(board[1]!.rating!);

    // One rule set: ranked by win rate there, ratings still the guild-wide ones.
    const regency = value(await service.records.leaderboard({ viewer: member(GUILD), ruleset: 'regency' }));
    expect(regency.map((e) => [e.player.name.plain, e.wins, e.losses, e.provisional])).toEqual([
      ['Ben', 1, 0, true],
      ['Ana', 0, 1, true],
    ]);
    expect(regency[0]!.rating).toBe(board[1]!.rating);
    expect(await service.records.leaderboard({ viewer: member(GUILD), ruleset: 'ludo' })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });

    const ana = value(await service.records.stats({ viewer: member(GUILD), userId: ANA.id }));
    expect(ana.total).toEqual({ games: 6, wins: 4, losses: 2, winRate: 4 / 6 });
    expect(ana.byRuleset).toEqual([
      { ruleset: 'kendall', games: 5, wins: 4, losses: 1, winRate: 0.8 },
      { ruleset: 'regency', games: 1, wins: 0, losses: 1, winRate: 0 },
    ]);
    expect(ana.streak).toEqual({ result: 'lost', length: 2 });
    expect(ana.ratingHistory).toHaveLength(6);
    expect(ana.ratingHistory[0]!.before).toBe(1500);
    expect(ana.rating).toBe(ana.ratingHistory.at(-1)!.after);
    expect(ana.provisional).toBe(false);

    const history = value(await service.records.history({ viewer: member(GUILD), userId: ANA.id, limit: 3 }));
    expect(history.map((h) => [h.opponent.name.plain, h.ruleset, h.result, h.reason])).toEqual([
      ['Cleo', 'kendall', 'lost', 'resigned'],
      ['Ben', 'regency', 'lost', 'resigned'],
      ['Ben', 'kendall', 'won', 'resigned'],
    ]);
    expect(value(await service.records.history({ viewer: member('another-guild'), userId: ANA.id }))).toEqual([]);
    expect(await service.records.stats({ viewer: member(GUILD), userId: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    await service.storage.close();
  });

  it('counts only the games of the channels the asker may view, each rating as of the latest of them', async () => {
    const clock = testClock();
    const service = await open(await tempDatabase(), { now: clock.now, renderBoard: textOnlyRenderer() });
    await decide(service, ANA, BEN, 'kendall', GUILD, 'general');
    clock.advance(1000);
    await decide(service, ANA, BEN, 'kendall', GUILD, 'staff');
    clock.advance(1000);
    await decide(service, BEN, ANA, 'regency', GUILD, 'staff');
    const everything = value(await service.records.stats({ viewer: member(GUILD), userId: ANA.id }));
    expect(everything.total.games).toBe(3);
    const [first] = everything.ratingHistory;

    const asked: string[] = [];
    const outsideStaff = {
      ...member(GUILD),
      canViewChannel: (id: string) => (asked.push(id), id === 'general'),
    };
    const board = value(await service.records.leaderboard({ viewer: outsideStaff }));
    expect(asked.sort()).toEqual(['general', 'staff']); // once each, not once a game
    const benFirst = value(await service.records.stats({ viewer: member(GUILD), userId: BEN.id })).ratingHistory[0];
    expect(board.map((e) => [e.player.name.plain, e.games, e.wins, e.rating])).toEqual([
      ['Ana', 1, 1, first!.after],
      ['Ben', 1, 0, benFirst!.after],
    ]);
    const regency = value(await service.records.leaderboard({ viewer: outsideStaff, ruleset: 'regency' }));
    expect(regency).toEqual([]);

    const ana = value(await service.records.stats({ viewer: outsideStaff, userId: ANA.id }));
    expect(ana).toMatchObject({
      rating: first!.after,
      total: { games: 1, wins: 1 },
      seasonRecord: { games: 1, wins: 1 },
      byRuleset: [{ ruleset: 'kendall', games: 1 }],
      streak: { result: 'won', length: 1 },
      ratingHistory: [first],
    });
    expect(value(await service.records.history({ viewer: outsideStaff, userId: ANA.id }))).toHaveLength(1);
    await service.storage.close();
  });

  it('breaks ties deterministically: more games, then user id', async () => {
    const row = (userId: string, rating: number, games: number, wins: number) => ({
      userId,
      name: userId,
      rating,
      games,
      wins,
    });
    const ranked = rankStandings(
      [row('b', 1500, 5, 3), row('a', 1500, 5, 2), row('c', 1500, 7, 3), row('d', 1900, 4, 4)],
      'rating',
      10,
    );
    expect(ranked.map((e) => e.player.id)).toEqual(['c', 'a', 'b', 'd']);
    const byRate = rankStandings([row('b', 0, 6, 3), row('a', 0, 6, 3), row('c', 0, 5, 3)], 'winRate', 2);
    expect(byRate.map((e) => e.player.id)).toEqual(['c', 'a']);
  });
});
