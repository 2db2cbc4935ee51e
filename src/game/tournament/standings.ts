// A tournament's table from its results. Swiss: a win or a bye is one point (Senet has no draws);
// ties are broken by Buchholz (the sum of the final scores of every opponent met, byes adding
// nothing), then Sonneborn-Berger (the sum of the scores of the opponents beaten), then seed.
// Knockout: the champion, then players by how far they got (the round they went out in, later
// first), then seed. Pure.

/** One board's result as the table reads it. `second` null: a bye; `winner` null: not decided yet. */
export interface Result {
  round: number;
  first: string;
  second: string | null;
  winner: string | null;
}

export interface SwissRow {
  id: string;
  rank: number;
  score: number;
  buchholz: number;
  sonnebornBerger: number;
  wins: number;
  losses: number;
  byes: number;
}

/** Swiss table. `seeded`: every entrant, best seed first (the last tie-break). */
export function swissTable(seeded: readonly string[], results: readonly Result[]): SwissRow[] {
  const decided = results.filter((r) => r.winner !== null);
  const score = new Map(seeded.map((id) => [id, 0]));
  for (const { winner } of decided) if (winner !== null) score.set(winner, (score.get(winner) ?? 0) + 1);
  const rows = seeded.map((id, seed) => {
    let buchholz = 0;
    let sonnebornBerger = 0;
    let wins = 0;
    let losses = 0;
    let byes = 0;
    for (const r of decided) {
      if (r.first !== id && r.second !== id) continue;
      if (r.second === null) {
        byes++;
        continue;
      }
      const opponent = r.first === id ? r.second : r.first;
      const theirs = score.get(opponent) ?? 0;
      buchholz += theirs;
      if (r.winner === id) {
        wins++;
        sonnebornBerger += theirs;
      } else losses++;
    }
    return { id, seed, rank: 0, score: score.get(id) ?? 0, buchholz, sonnebornBerger, wins, losses, byes };
  });
  rows.sort(
    (a, b) => b.score - a.score || b.buchholz - a.buchholz || b.sonnebornBerger - a.sonnebornBerger || a.seed - b.seed,
  );
  return rows.map(({ seed: _seed, ...row }, i) => ({ ...row, rank: i + 1 }));
}

export interface KnockoutRow {
  id: string;
  rank: number;
  /** Boards won (byes included). */
  wins: number;
  /** The round the player lost in; null while still in (or the champion). */
  outIn: number | null;
}

/** Knockout table. `seeded`: every entrant, best seed first. */
export function knockoutTable(seeded: readonly string[], results: readonly Result[]): KnockoutRow[] {
  const rows = seeded.map((id, seed) => {
    let wins = 0;
    let outIn: number | null = null;
    for (const r of results) {
      if ((r.first !== id && r.second !== id) || r.winner === null) continue;
      if (r.winner === id) wins++;
      else outIn = r.round;
    }
    return { id, seed, wins, outIn };
  });
  const reached = (r: { outIn: number | null }): number => r.outIn ?? Infinity;
  rows.sort((a, b) => reached(b) - reached(a) || b.wins - a.wins || a.seed - b.seed);
  return rows.map(({ seed: _seed, ...row }, i) => ({ ...row, rank: i + 1 }));
}
