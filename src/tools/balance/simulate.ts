// The balance report's simulation: plays a range of seeded games of one configuration between two
// computer players of the same strength and counts what happened, from the engine's own events.
// A tally is plain data, so ranges played in other processes add up to the same result.
import type { GameEvent } from '../../engine/index.js';
import type { Strength } from '../../ai/index.js';
import type { PlayConfig } from '../../ai/configs.js';
import { playGame } from '../../ai/selfplay.js';

export interface Tally {
  games: number;
  firstWins: number;
  unfinished: number;
  /** Per game, in seed order. */
  throws: number[];
  moves: number[];
  captures: number;
  /** Arrivals on each special square, over all games. */
  reached: Record<number, number>;
}

export function emptyTally(): Tally {
  return { games: 0, firstWins: 0, unfinished: 0, throws: [], moves: [], captures: 0, reached: {} };
}

/** Plays the games with seeds `from`..`to` (inclusive). */
export function simulate(config: PlayConfig, from: number, to: number, strength: Strength): Tally {
  const { rules } = config;
  const special = new Set(Object.keys(rules.squares).map(Number));
  const tally = emptyTally();
  const arrive = (square: number): void => {
    if (special.has(square)) tally.reached[square] = (tally.reached[square] ?? 0) + 1;
  };
  for (let seed = from; seed <= to; seed++) {
    let throws = 0;
    let moves = 0;
    const observe = (events: readonly GameEvent[]): void => {
      for (const event of events) {
        if (event.type === 'throw') throws++;
        if (event.type !== 'move') continue;
        moves++;
        // A pawn reaches the square its count lands on, where a square's effect puts it, and
        // where a capture puts the pawn it displaced.
        arrive(event.to);
        if (event.end !== event.to) arrive(event.end);
        if (event.captured) {
          tally.captures++;
          arrive(event.captured.to);
        }
      }
    };
    const result = playGame({ rules, seed, players: { W: strength, B: strength }, observe });
    tally.games++;
    if (result.winner === rules.start.first) tally.firstWins++;
    if (!result.winner) tally.unfinished++;
    tally.throws.push(throws);
    tally.moves.push(moves);
  }
  return tally;
}

/** Adds `part` into `total` (parts in seed order keep the per-game lists in seed order). */
export function addTally(total: Tally, part: Tally): Tally {
  total.games += part.games;
  total.firstWins += part.firstWins;
  total.unfinished += part.unfinished;
  total.throws.push(...part.throws);
  total.moves.push(...part.moves);
  total.captures += part.captures;
  for (const [square, count] of Object.entries(part.reached)) {
    total.reached[Number(square)] = (total.reached[Number(square)] ?? 0) + count;
  }
  return total;
}
