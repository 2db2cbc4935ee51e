// Everything random about a stored game, from what is stored beside it: its throws, who plays
// light, the computer's choices and a tie at a tournament round's time limit. A game with keyed
// dice derives them all from its secret (src/engine/keyedDice.ts), never from anything a player
// sees; a game stored before verifiable dice keeps deriving them from its seed, so it goes on
// exactly as it began.
import { decisionSeed } from '../ai/index.js';
import type { GameRecord } from '../db/records.js';
import type { Action, GameRecord as Replayable, Side, Throwing } from '../engine/index.js';
import type { DiceSecret } from '../engine/keyedDice.js';

/** What each number of a game is for: the text HMAC runs over after "senet dice v1 " (docs/players.md). */
const PURPOSE = {
  seats: 'seats',
  bot: (ply: number) => `bot ply ${ply}`,
  tie: 'tie',
} as const;

/**
 * Which colour each player gets, decided by the secret: this stands in for the texts' "who begins"
 * rolls. The engine then knows which colour starts.
 */
export function seatsFromSecret(secret: DiceSecret, challengerId: string, opponentId: string): Record<Side, string> {
  return secret.numberFor(PURPOSE.seats) >= 0 ? { W: challengerId, B: opponentId } : { W: opponentId, B: challengerId };
}

type Dice = Pick<GameRecord, 'seed' | 'diceSecret'>;

/** The computer player's decision seed at `ply` of a game. */
export function botSeed(game: Dice, ply: number): number {
  return game.diceSecret ? game.diceSecret.numberFor(PURPOSE.bot(ply)) : decisionSeed(game.seed, ply);
}

/** The seed of the coin for an exact tie when a tournament round's time runs out (tournament/roundTime.ts). */
export function tieSeed(game: Dice): number {
  return game.diceSecret ? game.diceSecret.numberFor(PURPOSE.tie) : game.seed;
}

/** How the service throws for a game: keyed dice need their secret; seeded ones hold their generator. */
export function throwingFor(game: Dice): Throwing | undefined {
  return game.diceSecret ? { key: game.diceSecret } : undefined;
}

/**
 * A stored game as the engine replays it. Keyed dice are given as the throws made so far, one per
 * throw in the log (those were all shown already), never as the secret: the record travels to the
 * replay thread, and a live game's next throw must not go with it.
 */
export function replayable(game: GameRecord, actions: Action[]): Replayable {
  const record = { ruleset: game.ruleset, options: game.options, seed: game.seed, actions };
  const secret = game.diceSecret;
  if (!secret) return record;
  const throws = actions.filter((action) => action.type === 'throw').length;
  return { ...record, sticks: Array.from({ length: throws }, (_, k) => secret.sticksOf(k + 1)) };
}
