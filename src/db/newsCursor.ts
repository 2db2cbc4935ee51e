// Which of PostgreSQL's news rows (src/db/gameNews.ts) a process has read. PostgreSQL numbers a
// row (its seq) when the trigger inserts it, not when its transaction commits: a transaction that
// numbered its row 7 may commit after the one that numbered 8, so reading "after the last one
// seen" would skip 7 for good. The cursor remembers each number it skipped and asks for it again
// until it is read, or until its transaction is known to have ended without committing it (a
// rollback also leaves a number unused):
// - a number skipped by a read is below a row that read saw committed, so its transaction had
//   numbered it, and had its id, before that read's snapshot: its id is below the snapshot's xmax;
// - once a later read's snapshot has an xmin at or above that xmax, every transaction with a lower
//   id has ended, and if it committed its row is in that very read. A number still missing then
//   never comes.
// Transaction ids are PostgreSQL's 64-bit xid8, compared as bigints.
import type { NewsRow } from './gameNews.js';

/** The snapshot a read saw: every transaction below `xmin` had ended; none at or above `xmax` had begun. */
export interface ReadSnapshot {
  xmin: bigint;
  xmax: bigint;
}

/** How many skipped numbers are asked for again at most: older ones are given up (the sweep keeps 10,000 rows). */
const MAX_SKIPPED = 1000;

export class NewsCursor {
  /** The highest seq read. */
  private newest: number;
  /** Numbers below `newest` not read yet, each with the xmax of the read that first skipped it. */
  private readonly skipped = new Map<number, bigint>();

  constructor(newest: number) {
    this.newest = newest;
  }

  /** What the next read asks for: the rows after `after`, and those numbered `skipped`. */
  next(): { after: number; skipped: number[] } {
    return { after: this.newest, skipped: [...this.skipped.keys()] };
  }

  /** The rows of a read (any order) that were not read before, in seq order; `snapshot` is the read's. */
  read(rows: readonly NewsRow[], snapshot: ReadSnapshot): NewsRow[] {
    const fresh = rows.filter((row) => row.seq > this.newest || this.skipped.delete(row.seq));
    fresh.sort((a, b) => a.seq - b.seq);
    for (const row of fresh) {
      if (row.seq <= this.newest) continue;
      for (let seq = Math.max(this.newest + 1, row.seq - MAX_SKIPPED); seq < row.seq; seq++)
        this.skipped.set(seq, snapshot.xmax);
      this.newest = row.seq;
    }
    for (const [seq, xmax] of this.skipped) {
      if (snapshot.xmin >= xmax || seq <= this.newest - MAX_SKIPPED) this.skipped.delete(seq);
    }
    return fresh;
  }
}
