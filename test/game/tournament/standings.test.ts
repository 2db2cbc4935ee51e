// The tournament tables on small events worked out by hand.
import { describe, expect, it } from 'vitest';
import { knockoutTable, swissTable, type Result } from '../../../src/game/tournament/standings.js';

describe('Swiss table', () => {
  // Five players, two rounds. Round 1: a beats d, c beats b, e has the bye.
  // Round 2: a beats c, e beats b, d has the bye.
  const results: Result[] = [
    { round: 1, first: 'a', second: 'd', winner: 'a' },
    { round: 1, first: 'b', second: 'c', winner: 'c' },
    { round: 1, first: 'e', second: null, winner: 'e' },
    { round: 2, first: 'a', second: 'c', winner: 'a' },
    { round: 2, first: 'e', second: 'b', winner: 'e' },
    { round: 2, first: 'd', second: null, winner: 'd' },
  ];

  it('ranks by score, Buchholz, Sonneborn-Berger, then seed', () => {
    // Scores: a 2, e 2, c 1, d 1, b 0.
    // Buchholz: a = d 1 + c 1 = 2; e = b 0 = 0 (the bye adds nothing); c = b 0 + a 2 = 2;
    //           d = a 2; b = c 1 + e 2 = 3.
    // Sonneborn-Berger: a = 1 + 1 = 2; e = 0; c = b's 0; d = 0; b = 0.
    const table = swissTable(['a', 'b', 'c', 'd', 'e'], results);
    expect(table.map((r) => [r.id, r.score, r.buchholz, r.sonnebornBerger])).toEqual([
      ['a', 2, 2, 2],
      ['e', 2, 0, 0],
      ['c', 1, 2, 0],
      ['d', 1, 2, 0],
      ['b', 0, 3, 0],
    ]);
    expect(table.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(table.find((r) => r.id === 'e')!.byes).toBe(1);
  });

  it('breaks a full tie by seed and ignores undecided boards', () => {
    const table = swissTable(['x', 'y'], [{ round: 1, first: 'y', second: 'x', winner: null }]);
    expect(table.map((r) => [r.id, r.score])).toEqual([
      ['x', 0],
      ['y', 0],
    ]);
  });
});

describe('knockout table', () => {
  it('puts the champion first, then players by the round they went out in, then seed', () => {
    const results: Result[] = [
      { round: 1, first: 's1', second: null, winner: 's1' },
      { round: 1, first: 's4', second: 's5', winner: 's5' },
      { round: 1, first: 's2', second: null, winner: 's2' },
      { round: 1, first: 's3', second: null, winner: 's3' },
      { round: 2, first: 's1', second: 's5', winner: 's5' },
      { round: 2, first: 's2', second: 's3', winner: 's2' },
      { round: 3, first: 's5', second: 's2', winner: 's2' },
    ];
    const table = knockoutTable(['s1', 's2', 's3', 's4', 's5'], results);
    expect(table.map((r) => [r.id, r.outIn])).toEqual([
      ['s2', null],
      ['s5', 3],
      ['s1', 2],
      ['s3', 2],
      ['s4', 1],
    ]);
  });
});
