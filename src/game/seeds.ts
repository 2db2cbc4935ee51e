// Deriving independent numbers from a game's one stored seed, so everything random about a game
// (throws, seats; the bot's choices use the AI's decisionSeed) is reproducible from the database alone.
import type { Side } from '../engine/index.js';

/** A 32-bit hash of (seed, salt): splitmix32's finaliser, so nearby inputs give unrelated outputs. */
export function mix32(seed: number, salt: number): number {
  let z = (seed ^ Math.imul(salt + 1, 0x9e3779b9)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

const SEAT_SALT = 0x5ea7;

/**
 * Which colour each player gets, decided by the seed: this stands in for the texts' "who begins"
 * rolls. The engine then knows which colour starts.
 */
export function seatsFromSeed(seed: number, challengerId: string, opponentId: string): Record<Side, string> {
  return (mix32(seed, SEAT_SALT) & 1) === 0 ? { W: challengerId, B: opponentId } : { W: opponentId, B: challengerId };
}
