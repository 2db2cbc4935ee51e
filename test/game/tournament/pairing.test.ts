// Property tests of the pairing rules over whole simulated events with random results: Swiss never
// repeats a pairing while an unrepeated one exists (checked by an independent exhaustive search),
// gives nobody a second bye, and keeps first moves balanced; knockout seeds byes to the top and
// ends with one champion.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_GAMES, balanceOf, withGame, type FirstMoveRecord } from '../../../src/game/tournament/firstMover.js';
import {
  bracketOrder,
  bracketSize,
  firstKnockoutRound,
  knockoutRounds,
  nextKnockoutRound,
  withFirstMover,
} from '../../../src/game/tournament/knockout.js';
import { type SwissEntrant, pairKey, pairSwiss } from '../../../src/game/tournament/swiss.js';

/**
 * Whether the players can all be paired without a repeat, one of `mayHaveBye` left out for an odd
 * count (the bye rule comes first: nobody gets a second bye while someone has had none): brute force.
 */
function unrepeatedPairingExists(
  ids: readonly string[],
  played: ReadonlySet<string>,
  mayHaveBye: readonly string[] = ids,
): boolean {
  if (ids.length <= 1) return true;
  if (ids.length % 2 === 1) {
    return mayHaveBye.some((out) =>
      unrepeatedPairingExists(
        ids.filter((id) => id !== out),
        played,
      ),
    );
  }
  const [a, ...rest] = ids as [string, ...string[]];
  return rest.some(
    (b) =>
      !played.has(pairKey(a, b)) &&
      unrepeatedPairingExists(
        rest.filter((x) => x !== b),
        played,
      ),
  );
}

interface Simulated {
  rounds: { pairs: { first: string; second: string }[]; bye: string | null; repeats: number; avoidable: boolean }[];
  records: Map<string, FirstMoveRecord>;
  byes: Map<string, number>;
}

/** A Swiss event of `n` players over `rounds`, each game won by the side `coin` says. */
function simulateSwiss(n: number, rounds: number, ratings: number[], coin: boolean[]): Simulated {
  const ids = Array.from({ length: n }, (_, i) => `p${i}`);
  const score = new Map(ids.map((id) => [id, 0]));
  const byes = new Map(ids.map((id) => [id, 0]));
  const records = new Map<string, FirstMoveRecord>(ids.map((id) => [id, NO_GAMES]));
  const played = new Set<string>();
  const out: Simulated['rounds'] = [];
  let flip = 0;
  for (let r = 0; r < rounds; r++) {
    const entrants: SwissEntrant[] = ids.map((id, i) => ({
      id,
      score: score.get(id)!,
      rating: ratings[i] ?? 1500,
      byes: byes.get(id)!,
      firstMoves: records.get(id)!,
    }));
    const fewest = Math.min(...byes.values());
    const avoidable =
      n <= 12 &&
      unrepeatedPairingExists(
        ids,
        played,
        ids.filter((id) => byes.get(id) === fewest),
      );
    const round = pairSwiss(entrants, played);
    let repeats = 0;
    for (const { first, second } of round.pairs) {
      if (played.has(pairKey(first, second))) repeats++;
      played.add(pairKey(first, second));
      records.set(first, withGame(records.get(first)!, true));
      records.set(second, withGame(records.get(second)!, false));
      const winner = coin[flip++ % coin.length] ? first : second;
      score.set(winner, score.get(winner)! + 1);
    }
    if (round.bye) {
      byes.set(round.bye, byes.get(round.bye)! + 1);
      score.set(round.bye, score.get(round.bye)! + 1);
    }
    out.push({ ...round, repeats, avoidable });
  }
  return { rounds: out, records, byes };
}

const event = fc.record({
  n: fc.integer({ min: 2, max: 12 }),
  rounds: fc.integer({ min: 1, max: 9 }),
  ratings: fc.array(fc.integer({ min: 1000, max: 2200 }), { minLength: 12, maxLength: 12 }),
  coin: fc.array(fc.boolean(), { minLength: 1, maxLength: 64 }),
});

describe('Swiss pairing', () => {
  it('pairs every player once a round, with one bye for an odd count', () => {
    fc.assert(
      fc.property(event, ({ n, rounds, ratings, coin }) => {
        for (const round of simulateSwiss(n, rounds, ratings, coin).rounds) {
          const seated = [...round.pairs.flatMap((p) => [p.first, p.second]), ...(round.bye ? [round.bye] : [])];
          expect(new Set(seated).size).toBe(n);
          expect(seated).toHaveLength(n);
          expect(round.bye !== null).toBe(n % 2 === 1);
        }
      }),
    );
  });

  it('never repeats a pairing while an unrepeated one keeping the bye rule exists', () => {
    fc.assert(
      fc.property(event, ({ n, rounds, ratings, coin }) => {
        for (const round of simulateSwiss(n, rounds, ratings, coin).rounds) {
          if (round.avoidable) expect(round.repeats).toBe(0);
        }
      }),
    );
  });

  it('gives nobody a second bye while the rounds are fewer than the players', () => {
    fc.assert(
      fc.property(event, ({ n, rounds, ratings, coin }) => {
        const { byes } = simulateSwiss(n, Math.min(rounds, n - 1), ratings, coin);
        for (const count of byes.values()) expect(count).toBeLessThanOrEqual(1);
      }),
    );
  });

  // Late in an event as long as a round robin, avoiding repeats can leave only pairings of two
  // players who have both begun twice more: repeats are avoided first. Swiss events are shorter.
  it('balances first moves: within half as many rounds as players, nobody is more than two games off even', () => {
    fc.assert(
      fc.property(event, ({ n, rounds, ratings, coin }) => {
        const { records } = simulateSwiss(n, Math.min(rounds, Math.ceil(n / 2)), ratings, coin);
        for (const record of records.values()) expect(Math.abs(balanceOf(record))).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });

  it('pairs within score groups, top half against bottom half, in round one', () => {
    const entrants = [1800, 1700, 1600, 1500, 1400, 1300].map((rating, i) => ({
      id: `s${i + 1}`,
      score: 0,
      rating,
      byes: 0,
      firstMoves: NO_GAMES,
    }));
    const round = pairSwiss(entrants, new Set());
    expect(round.pairs.map((p) => [p.first, p.second].sort())).toEqual([
      ['s1', 's4'],
      ['s2', 's5'],
      ['s3', 's6'],
    ]);
    // First moves alternate down the boards in round one.
    expect(round.pairs.map((p) => p.first)).toEqual(['s1', 's5', 's3']);
  });

  it('gives the bye to the lowest-ranked player who has had none', () => {
    const entrants = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({
      id,
      score: 0,
      rating: 2000 - i,
      byes: id === 'e' ? 1 : 0,
      firstMoves: NO_GAMES,
    }));
    expect(pairSwiss(entrants, new Set()).bye).toBe('d');
  });
});

describe('knockout', () => {
  it('orders the bracket so seeds 1 and 2 meet only in the final', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
  });

  it('gives the byes to the top seeds and seats every player once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), (n) => {
        const seeded = Array.from({ length: n }, (_, i) => `s${i + 1}`);
        const boards = firstKnockoutRound(seeded);
        const byes = boards.filter((b) => b.second === null).map((b) => b.first);
        expect(byes).toHaveLength(bracketSize(n) - n);
        expect(new Set(byes)).toEqual(new Set(seeded.slice(0, byes.length)));
        const seated = boards.flatMap((b) => (b.second ? [b.first, b.second] : [b.first]));
        expect(seated.sort()).toEqual([...seeded].sort());
      }),
    );
  });

  it('ends with one champion after log2(bracket) rounds, whoever wins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.array(fc.boolean(), { minLength: 1 }), (n, coin) => {
        const seeded = Array.from({ length: n }, (_, i) => `s${i + 1}`);
        let boards = firstKnockoutRound(seeded);
        let rounds = 1;
        let flip = 0;
        for (;;) {
          const winners = boards.map((b) =>
            b.second === null ? b.first : coin[flip++ % coin.length] ? b.first : b.second,
          );
          if (winners.length === 1) break;
          boards = nextKnockoutRound(winners);
          rounds++;
        }
        expect(rounds).toBe(knockoutRounds(n));
      }),
    );
  });

  it('lets the better seed begin on even boards when records are equal, and the one who began less otherwise', () => {
    const seedOf = (id: string) => Number(id.slice(1));
    expect(withFirstMover({ first: 's4', second: 's1' }, 0, seedOf).first).toBe('s1');
    expect(withFirstMover({ first: 's1', second: 's4' }, 1, seedOf).first).toBe('s4');
    const began = { firsts: 1, seconds: 0, lastFirst: true };
    expect(
      withFirstMover({ first: 's1', second: 's4' }, 0, seedOf, (id) => (id === 's1' ? began : NO_GAMES)).first,
    ).toBe('s4');
  });
});
