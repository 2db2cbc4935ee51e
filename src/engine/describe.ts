// Squares and moves in English for the engine's own messages (a refused action's error) and the
// developer tools; players read them in their language from src/i18n/gameWords.ts.
import { OFF, WAITING } from './types.js';

/** A square as the engine's messages name it: its number, "off" past the end, "waiting" before the start. */
function squareLabel(square: number): string {
  return square === OFF ? 'off' : square === WAITING ? 'waiting' : String(square);
}

/** One move as the engine's messages name it: `17 → 20`, `28 → off`, `enter → 4`. */
export function moveLabel(from: number, to: number): string {
  return `${from === WAITING ? 'enter' : from} → ${squareLabel(to)}`;
}
