// The throw: the four casting sticks as the picture shows them (the light face notched, so it is
// told apart without colour), and the value. A throw just made is animated: the sticks fall into
// place one after another, in well under half a second; under `prefers-reduced-motion` they just
// appear (the style sheet turns the animation off, look.ts).
import type { GameState } from '../../engine/index.js';

type Shown = Pick<GameState, 'phase' | 'ply' | 'throw' | 'lastMove'>;

/**
 * Whether `after` shows a throw made since `before` (the same game, drawn last): a throw is the only
 * action taken in the throw phase that leaves the last move as it was; a move, or a move made
 * instead of a throw, changes it.
 */
export function isNewThrow(before: Shown | null, after: Shown): boolean {
  return (
    before !== null &&
    after.throw !== null &&
    after.ply > before.ply &&
    before.phase === 'throw' &&
    JSON.stringify(after.lastMove) === JSON.stringify(before.lastMove)
  );
}

/** The sticks of `thrown` with its value; `label` is what a screen reader says ("threw 3"). */
export function sticksOf(thrown: NonNullable<GameState['throw']>, label: string, falling: boolean): HTMLElement {
  const box = document.createElement('span');
  box.className = falling ? 'sticks falling' : 'sticks';
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', label);
  for (let i = 0; i < 4; i++) {
    const stick = document.createElement('span');
    // Bit i set: stick i shows its light face.
    stick.className = (thrown.sticks >> i) & 1 ? 'stick light' : 'stick';
    stick.style.setProperty('--i', String(i));
    box.append(stick);
  }
  const value = document.createElement('b');
  value.className = 'throw-value';
  value.textContent = String(thrown.value);
  box.append(value);
  return box;
}
