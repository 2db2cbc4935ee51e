// The computer's strengths the service offers to players: the slash command's choices and the
// option parser read them here, so commands need not reach into the AI.
import { STRENGTHS, type Strength } from '../ai/index.js';

export { type Strength, strengthOf } from '../ai/index.js';

/**
 * What players may pick. Expert is held back until it beats hard as issue #18 asks (at least 55 %,
 * the interval above 52 %): today it is level with hard, and a name must not promise more.
 */
export const OFFERED_STRENGTHS: readonly Strength[] = STRENGTHS.filter((strength) => strength !== 'expert');

/** An offered strength by name, or null for anything else (a forged option, a held-back strength). */
export function offeredStrength(name: string | null | undefined): Strength | null {
  return OFFERED_STRENGTHS.find((strength) => strength === name) ?? null;
}

/** The strength used when a player names none. */
export const DEFAULT_STRENGTH = 'medium';
