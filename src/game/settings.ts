// A server's settings: where and how the bot plays there. The defaults come from the bot's
// environment (.env, src/bot/config.ts); an admin's choices (/senet-admin) override them per server.
import type { Variant } from '../engine/index.js';

export interface ServerSettings {
  /** What a challenge plays when it names no rules. */
  defaultVariant: Variant;
  /** Each game in a thread of its own; off: in the channel itself. */
  threads: boolean;
  /** The channels the bot plays in; empty: every channel. */
  channels: readonly string[];
  /** How long a challenge waits for an answer. */
  challengeTtlMs: number;
  /** How long a player may take to act before forfeiting. */
  turnTtlMs: number;
  /** How long a turn waits before its player is reminded; 0: never. */
  reminderDelayMs: number;
  /** The most live games one player may have at once in the server. */
  maxGamesPerPlayer: number;
  /** Whether games between people change ratings. */
  rated: boolean;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  defaultVariant: { ruleset: 'kendall', options: {} },
  threads: true,
  channels: [],
  challengeTtlMs: 10 * 60_000,
  turnTtlMs: 24 * 3_600_000,
  reminderDelayMs: 10 * 60_000,
  maxGamesPerPlayer: 3,
  rated: true,
};
