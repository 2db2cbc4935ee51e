// The board as the page draws it: three rows of ten squares read in the boustrophedon order of
// the picture (1-10 left to right, 11-20 back, 21-30 on again), every square a button with a
// label a screen reader says, the legal targets marked. The page works out the legal actions
// with the engine itself (bundled from src/engine); the server decides what is legal anyway.
import { type Action, type GameState, type Move, OFF, WAITING, legalActions } from '../../engine/index.js';
import type { LiveGame } from '../../game/liveBoard.js';
import type { Words } from '../protocol.js';

/** A page's choice: a pawn picked, waiting for its target. */
export interface Picking {
  from: number | null;
}

/** The squares in reading order on the screen: row by row, left to right. */
const SCREEN_ORDER: readonly number[] = [
  ...Array.from({ length: 10 }, (_, i) => i + 1),
  ...Array.from({ length: 10 }, (_, i) => 20 - i),
  ...Array.from({ length: 10 }, (_, i) => i + 21),
];

const say = (words: Words, key: keyof Words, params: Record<string, string> = {}): string =>
  Object.entries(params).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), words[key]);

/** The legal actions for the player to act, if that is `me`. */
function myActions(game: LiveGame, me: string): Action[] {
  return game.status === 'active' && game.toActId === me ? legalActions(game.state as GameState) : [];
}

/** Draws `game` into `root`; `act` is called with a legal action the user chose. */
export function drawBoard(
  root: HTMLElement,
  game: LiveGame,
  me: string,
  words: Words,
  picking: Picking,
  act: (action: Action) => void,
  repick: (from: number | null) => void,
): void {
  const actions = myActions(game, me);
  const moves = actions.filter((a): a is Move & { type: 'move' } => a.type === 'move');
  const froms = new Set(moves.map((m) => m.from));
  const targets = new Set(moves.filter((m) => m.from === picking.from).map((m) => m.to));
  const squareLabel = (n: number): string => (n === OFF ? words.off : n === WAITING ? words.enter : String(n));
  const pawnWords = (c: string): string => (c === 'W' ? words.lightPawns : c === 'B' ? words.darkPawns : '');

  const grid = document.createElement('div');
  grid.className = 'board';
  grid.setAttribute('role', 'grid');
  for (const square of SCREEN_ORDER) {
    const cell = document.createElement('button');
    const pawn = game.state.board[square - 1] ?? '.';
    cell.className = `square${pawn === 'W' ? ' light' : pawn === 'B' ? ' dark' : ''}`;
    cell.dataset.square = String(square);
    cell.textContent = pawn === 'W' ? '◯' : pawn === 'B' ? '▲' : '';
    const small = document.createElement('small');
    small.textContent = String(square);
    cell.append(small);
    const movable = froms.has(square);
    const target = targets.has(square);
    if (movable) cell.classList.add('movable');
    if (square === picking.from) cell.classList.add('picked');
    if (target) cell.classList.add('target');
    cell.disabled = !movable && !target;
    cell.setAttribute('aria-label', [String(square), pawnWords(pawn)].filter(Boolean).join(' · '));
    cell.onclick = () => {
      if (target && picking.from !== null) act({ type: 'move', from: picking.from, to: square });
      else repick(movable ? square : null);
    };
    grid.append(cell);
  }

  const controls = document.createElement('div');
  controls.className = 'controls';
  for (const action of actions) {
    const isMove = action.type === 'move';
    // Moves from off the board (entering) or to it (bearing off) get a button: no square stands for them.
    if (isMove && action.from !== WAITING && action.to !== OFF) continue;
    const button = document.createElement('button');
    button.className = 'action';
    button.dataset.action = action.type;
    button.textContent =
      action.type === 'throw'
        ? words.throw
        : action.type === 'take'
          ? words.take
          : say(words, 'move', { from: squareLabel(action.from), to: squareLabel(action.to) });
    button.onclick = () => act(action);
    controls.append(button);
  }
  root.replaceChildren(grid, controls);
}
