// /senet verify: a game's dice as anyone who may see the game can check them. While the game is
// on, only the commitment (SHA-256 of its secret) is shown; once it is over, the secret, and every
// throw the game showed (as logged when it was made) recomputed from it. Read-only.
import { rulesOf, throwValue } from '../engine/index.js';
import type { ServiceCore } from './core.js';
import { notHere } from './refusals.js';
import { type Outcome, ok } from './types.js';
import { type Viewer, mayView } from './visibility.js';

/** The first throw whose value the game showed differs from the one its secret gives. */
interface ThrowMismatch {
  /** 1 = the game's first throw. */
  number: number;
  shown: number;
  computed: number;
}

export type DiceCheck =
  /** A game from before verifiable dice: nothing to check. */
  | { gameId: number; kind: 'seeded' }
  | { gameId: number; kind: 'live'; commitment: string }
  | {
      gameId: number;
      kind: 'revealed';
      commitment: string;
      secret: string;
      throws: number;
      mismatch: ThrowMismatch | null;
    };

export interface DiceCheckInput {
  viewer: Viewer;
  gameId: number;
}

export async function check(core: ServiceCore, input: DiceCheckInput): Promise<Outcome<DiceCheck>> {
  const { gameId } = input;
  const game = await core.games.game(gameId);
  // A game the asker may not see gets the same answer as no game at all, as /senet replay gives.
  if (!game || !(await mayView(input.viewer, game))) return notHere('game', gameId);
  const secret = game.diceSecret;
  if (!secret) return ok({ gameId, kind: 'seeded' });
  const commitment = secret.commitment();
  if (game.status !== 'finished') return ok({ gameId, kind: 'live', commitment });
  const table = rulesOf(game.state).throwTable;
  const shown = await core.games.thrownValues(gameId);
  let mismatch: ThrowMismatch | null = null;
  for (const [k, value] of shown.entries()) {
    const computed = throwValue(table, secret.sticksOf(k + 1));
    if (value !== computed) {
      mismatch = { number: k + 1, shown: value, computed };
      break;
    }
  }
  return ok({ gameId, kind: 'revealed', commitment, secret: secret.hex(), throws: shown.length, mismatch });
}
