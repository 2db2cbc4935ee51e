// The computer's strengths the service offers to players: the slash command's choices and the
// option parser read them here, so commands need not reach into the AI.
export { STRENGTHS, type Strength, strengthOf } from '../ai/index.js';

/** The strength used when a player names none. */
export const DEFAULT_STRENGTH = 'medium';
