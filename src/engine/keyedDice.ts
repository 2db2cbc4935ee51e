// Keyed dice: each game's throws from a secret of its own, by HMAC-SHA-256, so they replay exactly
// from the secret but nobody can tell the next throw from the earlier ones, nor from a game state.
// The one engine module that uses node:crypto (lint/layers.js allows it here only): a browser
// bundle of the engine leaves it out and replays from the throws already made (throwList).
//
// The construction, which docs/players.md repeats for anyone to check a finished game:
// - the secret: 32 random bytes (randomBytes), written as 64 hex digits;
// - throw n (1 = the game's first throw): HMAC-SHA-256 keyed with the secret's bytes over the ASCII
//   text "senet dice v1 throw <n>"; the first hex digit of the result is the four sticks, one bit
//   each (1 = light side up), so the number of light sides is that digit's count of 1 bits;
// - any other number a game needs (who plays light, the computer's choices): the first 4 bytes of
//   HMAC over "senet dice v1 <purpose>", as a signed 32-bit number (src/game/seeds.ts names them);
// - the commitment: SHA-256 of the ASCII text "senet dice v1 commitment <secret in hex>".
// HMAC-SHA-256 is a pseudo-random function: without the key, its outputs for the messages not yet
// revealed look like independent fair coin flips whatever outputs were seen. Every stick is one
// such bit (16 = 2^4 outcomes, so no modulo bias), each throw stands alone (any throw can be
// checked without the others, and the state needs only a counter), the text messages keep the
// purposes apart, and anyone can recompute it with any HMAC tool (openssl, a browser's
// SubtleCrypto, Node's crypto) in microseconds.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { KeyedThrows } from './throws.js';

/** The domain tag every message of this construction starts with (a later construction changes it). */
const DOMAIN = 'senet dice v1';
const SECRET_BYTES = 32;
const SECRET_HEX = /^[0-9a-f]{64}$/;

/**
 * How many hex digits of the commitment a board shows: 64 bits. Changing the dice after showing
 * them would take another secret with the same 64-bit prefix: about 2^64 hashes, out of reach. A
 * pair of such secrets made in advance (a birthday search, about 2^32 hashes) would buy only a
 * choice between two sequences fixed before the game, up to the first throw where they differ;
 * `/senet verify` shows all 64 digits for anyone who wants the full 256 bits.
 */
export const SHORT_COMMITMENT_DIGITS = 16;

/** Written in place of the secret wherever a game record is printed, logged or serialised. */
const HIDDEN = '[dice secret]';

/**
 * A game's secret. Its bytes sit in a private field, so printing, logging or JSON-serialising a
 * record that holds it shows `[dice secret]`, and copying it to a worker thread drops it: the hex
 * leaves only through `hex()` (storage, and the reveal once the game is over).
 */
export class DiceSecret implements KeyedThrows {
  readonly #bytes: Buffer;

  private constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }

  /** A new secret: 256 bits from the operating system's cryptographic generator. */
  static random(): DiceSecret {
    return new DiceSecret(randomBytes(SECRET_BYTES));
  }

  /**
   * Secrets that repeat (1, 2, 3, … as 32-byte numbers), for tests, benchmarks and the offline
   * demo, whose games must be the same on every run. Never for a game played in the chat: anyone
   * could guess them.
   */
  static counting(first = 1): () => DiceSecret {
    let next = first;
    return () => {
      const bytes = Buffer.alloc(SECRET_BYTES);
      bytes.writeUInt32BE(next++, SECRET_BYTES - 4);
      return new DiceSecret(bytes);
    };
  }

  /** The secret written as 64 hex digits (either case), or null if it is not one. */
  static fromHex(hex: string): DiceSecret | null {
    const lower = hex.trim().toLowerCase();
    return SECRET_HEX.test(lower) ? new DiceSecret(Buffer.from(lower, 'hex')) : null;
  }

  sticksOf(number: number): number {
    return this.mac(`throw ${number}`).readUInt8(0) >> 4;
  }

  /**
   * A signed 32-bit number for another purpose than the throws (the seats, the computer's choices,
   * a tie): the first 4 bytes of HMAC over "senet dice v1 <purpose>".
   */
  numberFor(purpose: string): number {
    return this.mac(purpose).readInt32BE(0);
  }

  /** SHA-256 of the secret with the domain tag, 64 hex digits: shown before the secret is. */
  commitment(): string {
    return createHash('sha256').update(`${DOMAIN} commitment ${this.hex()}`).digest('hex');
  }

  /** The secret itself, 64 hex digits: for storage, and to reveal once the game is over. */
  hex(): string {
    return this.#bytes.toString('hex');
  }

  toJSON(): string {
    return HIDDEN;
  }

  toString(): string {
    return HIDDEN;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return HIDDEN;
  }

  private mac(purpose: string): Buffer {
    return createHmac('sha256', this.#bytes).update(`${DOMAIN} ${purpose}`).digest();
  }
}

/** The start of a commitment that a board shows. */
export const shortCommitment = (commitment: string): string => commitment.slice(0, SHORT_COMMITMENT_DIGITS);
