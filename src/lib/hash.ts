// Deriving independent 32-bit numbers from others: a game's seats and the computer's decisions
// from the game's one stored seed, and slots of the AI's score memo from a position's key.

/** A 32-bit hash of (value, salt): splitmix32's finaliser, so nearby inputs give unrelated outputs. */
export function mix32(value: number, salt: number): number {
  let z = (value ^ Math.imul(salt + 1, 0x9e3779b9)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}
