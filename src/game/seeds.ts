// Deriving independent numbers from a game's one stored seed, so everything random about a game
// (throws, seats; the bot's choices use the AI's decisionSeed) is reproducible from the database alone.
import type { Side } from '../engine/index.js';
import { mix32 } from '../lib/hash.js';

const SEAT_SALT = 0x5ea7;

/**
 * Which colour each player gets, decided by the seed: this stands in for the texts' "who begins"
 * rolls. The engine then knows which colour starts.
 */
export function seatsFromSeed(seed: number, challengerId: string, opponentId: string): Record<Side, string> {
  return (mix32(seed, SEAT_SALT) & 1) === 0 ? { W: challengerId, B: opponentId } : { W: opponentId, B: challengerId };
}
