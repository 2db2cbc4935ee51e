// The cursor over PostgreSQL's news rows (src/db/newsCursor.ts): a number skipped because its
// transaction had not committed yet is asked for again and told once it comes; one whose
// transaction has ended without it (a rollback) is given up, and only then.
import { describe, expect, it } from 'vitest';
import { NewsCursor } from '../../src/db/newsCursor.js';

const row = (seq: number) => ({ seq, gameId: seq * 10, version: 1, guildId: 'g' });
const seqs = (rows: readonly { seq: number }[]) => rows.map((r) => r.seq);

describe('NewsCursor', () => {
  it('reads on after the newest row, in seq order, telling each row once', () => {
    const cursor = new NewsCursor(4);
    expect(cursor.next()).toEqual({ after: 4, skipped: [] });
    expect(seqs(cursor.read([row(6), row(5)], { xmin: 100n, xmax: 105n }))).toEqual([5, 6]);
    expect(cursor.next()).toEqual({ after: 6, skipped: [] });
    expect(seqs(cursor.read([row(6)], { xmin: 100n, xmax: 105n }))).toEqual([]);
  });

  it('asks again for a number skipped while its transaction was open, and tells its row once it commits', () => {
    const cursor = new NewsCursor(0);
    // 2 committed before 1: 1's transaction (id below 105) is still open.
    expect(seqs(cursor.read([row(2)], { xmin: 101n, xmax: 105n }))).toEqual([2]);
    expect(cursor.next()).toEqual({ after: 2, skipped: [1] });
    // Still open at the next read (its xmin is not past 105): asked for again.
    expect(seqs(cursor.read([], { xmin: 103n, xmax: 107n }))).toEqual([]);
    expect(cursor.next()).toEqual({ after: 2, skipped: [1] });
    // It committed, along with 3.
    expect(seqs(cursor.read([row(1), row(3)], { xmin: 106n, xmax: 108n }))).toEqual([1, 3]);
    expect(cursor.next()).toEqual({ after: 3, skipped: [] });
  });

  it('gives a skipped number up once every transaction that could have taken it has ended', () => {
    const cursor = new NewsCursor(0);
    cursor.read([row(3)], { xmin: 101n, xmax: 105n });
    expect(cursor.next().skipped).toEqual([1, 2]);
    cursor.read([], { xmin: 104n, xmax: 106n });
    expect(cursor.next().skipped).toEqual([1, 2]);
    // Every transaction below 105 has ended and neither row came: rolled back.
    cursor.read([], { xmin: 105n, xmax: 106n });
    expect(cursor.next()).toEqual({ after: 3, skipped: [] });
  });

  it('gives a number up only at the xmax of the read that first skipped it', () => {
    const cursor = new NewsCursor(0);
    cursor.read([row(2)], { xmin: 101n, xmax: 105n }); // skips 1 at 105
    cursor.read([row(4)], { xmin: 104n, xmax: 110n }); // skips 3 at 110
    cursor.read([], { xmin: 106n, xmax: 111n });
    expect(cursor.next().skipped).toEqual([3]);
  });

  it('keeps at most a thousand numbers to ask for again', () => {
    const cursor = new NewsCursor(0);
    cursor.read([row(5000)], { xmin: 1n, xmax: 2n });
    const { skipped } = cursor.next();
    expect(skipped).toHaveLength(999);
    expect(Math.min(...skipped)).toBe(4001);
  });
});
