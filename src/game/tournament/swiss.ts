// Swiss pairing, Dutch-style: players ranked by score (then seed rating), each score group split in
// halves and the top half paired with the bottom half (1 v n/2+1, 2 v n/2+2, …), an odd player
// floating down to the next group. Hard rules first, the Dutch order second: nobody meets the same
// opponent twice while another pairing exists, nobody gets a second bye while someone has had none,
// and two players who have both begun two games more than they followed are not paired while it
// can be avoided (one of them would have to begin a third time). A search that cannot satisfy the
// rules within its budget (tiny fields, many rounds) pairs with the fewest repeats it finds.
// Pure: no clock, no randomness; the same standings give the same pairings.
import { type FirstMoveRecord, balanceOf, higherMovesFirst } from './firstMover.js';

export interface SwissEntrant {
  id: string;
  score: number;
  /** The rating the player was seeded with (higher first among equal scores). */
  rating: number;
  /** Byes the player has had. */
  byes: number;
  firstMoves: FirstMoveRecord;
}

interface Pair {
  /** The player who moves first. */
  first: string;
  second: string;
}

export interface SwissRound {
  /** In board order: the top board first. */
  pairs: Pair[];
  /** The player left without an opponent (a point), or null for an even field. */
  bye: string | null;
}

/** The unordered key of a pairing, for `played` sets. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Search steps before falling back to the relaxed pairing (a field of 64 needs far fewer). */
const SEARCH_BUDGET = 200_000;

/** The standings order pairing works from: score, then seed rating, then id (stable). */
function rankForPairing(entrants: readonly SwissEntrant[]): SwissEntrant[] {
  return [...entrants].sort(
    (a, b) => b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * Pairs one round. `played`: the pairKeys of games already played (or pairings already made) in
 * the event. Needs at least two entrants.
 */
export function pairSwiss(entrants: readonly SwissEntrant[], played: ReadonlySet<string>): SwissRound {
  const ranked = rankForPairing(entrants);
  const candidates = byeCandidates(ranked);
  for (const rules of RELAXING) {
    for (const bye of candidates) {
      const field = bye ? ranked.filter((e) => e.id !== bye.id) : ranked;
      const pairs = pairField(field, played, rules);
      if (pairs) return { pairs: withFirstMovers(pairs), bye: bye?.id ?? null };
    }
  }
  // pairField never fails without rules.
  throw new Error('no pairing found');
}

/**
 * Who may get the bye, best first: the lowest-ranked player who has had the fewest byes (none,
 * while anyone has had none), then upward. [null] for an even field.
 */
function byeCandidates(ranked: readonly SwissEntrant[]): (SwissEntrant | null)[] {
  if (ranked.length % 2 === 0) return [null];
  const fewest = Math.min(...ranked.map((e) => e.byes));
  return [...ranked].reverse().filter((e) => e.byes === fewest);
}

type RawPair = [SwissEntrant, SwissEntrant];

/** The hard rules a pairing keeps: all of them, then only "no repeats", then none (repeats fewest-first). */
type Rules = 'all' | 'no-repeats' | 'none';
const RELAXING: readonly Rules[] = ['all', 'no-repeats', 'none'];

/**
 * Pairs an even field, top-ranked player first, trying its opponents in Dutch order and going back
 * when the rest cannot be paired under `rules`.
 */
function pairField(field: readonly SwissEntrant[], played: ReadonlySet<string>, rules: Rules): RawPair[] | null {
  let budget = SEARCH_BUDGET;
  const allowed = (a: SwissEntrant, b: SwissEntrant): boolean =>
    rules === 'none' ||
    (!played.has(pairKey(a.id, b.id)) && (rules === 'no-repeats' || firstMovesCompatible(a.firstMoves, b.firstMoves)));
  const search = (rest: readonly SwissEntrant[]): RawPair[] | null => {
    if (rest.length === 0) return [];
    if (--budget < 0) return null;
    const [top, ...others] = rest as [SwissEntrant, ...SwissEntrant[]];
    for (const opponent of dutchOrder(top, others, played)) {
      if (!allowed(top, opponent)) continue;
      const paired = search(others.filter((e) => e !== opponent));
      if (paired) return [[top, opponent], ...paired];
    }
    return null;
  };
  return search(field);
}

/**
 * The opponents `top` prefers, best first: in its own score group the player half the group below
 * it, then the others by distance from that spot; then lower groups in rank order (floating down);
 * when not strict, opponents already met come last.
 */
function dutchOrder(top: SwissEntrant, others: readonly SwissEntrant[], played: ReadonlySet<string>): SwissEntrant[] {
  const group = others.filter((e) => e.score === top.score);
  const ideal = Math.floor((group.length + 1) / 2) - 1;
  const inGroup = group
    .map((e, i) => ({ e, distance: Math.abs(i - ideal), below: i >= ideal ? 0 : 1 }))
    .sort((a, b) => a.distance - b.distance || a.below - b.below)
    .map((x) => x.e);
  const below = others.filter((e) => e.score !== top.score);
  const ordered = [...inGroup, ...below];
  const fresh = ordered.filter((e) => !played.has(pairKey(top.id, e.id)));
  const met = ordered.filter((e) => played.has(pairKey(top.id, e.id)));
  return [...fresh, ...met];
}

/** Two players who have both begun two games more than they followed (or both followed two more) clash. */
function firstMovesCompatible(a: FirstMoveRecord, b: FirstMoveRecord): boolean {
  const x = balanceOf(a);
  const y = balanceOf(b);
  return !((x >= 2 && y >= 2) || (x <= -2 && y <= -2));
}

function withFirstMovers(pairs: readonly RawPair[]): Pair[] {
  return pairs.map(([higher, lower], board) =>
    higherMovesFirst(higher.firstMoves, lower.firstMoves, board)
      ? { first: higher.id, second: lower.id }
      : { first: lower.id, second: higher.id },
  );
}
