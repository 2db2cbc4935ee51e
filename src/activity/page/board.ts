// The board as the page draws it, reading as the chat's picture does: the players side by side
// (the one to act outlined), the last throw's sticks and the turn timer, three rows of ten squares
// in the picture's boustrophedon order (1-10 left to right, 11-20 back, 21-30 on again) with the
// special squares named, reels and cones, the last move (a faint pawn where it came from, a ring
// where it ended), and the trays of pawns waiting to enter and borne off.
//
// A pawn moves by click (pick it, then a highlighted target), by drag (drag.ts), or by keyboard:
// the squares are one tab stop, arrow keys move between them, Enter or Space picks and moves,
// Escape lets go. Every square is a button whose label a screen reader says. The page works out
// the legal actions with the engine itself (bundled from src/engine); the server decides anyway.
import {
  type Action,
  type GameState,
  type Move,
  OFF,
  type Side,
  WAITING,
  legalActions,
  rulesOf,
} from '../../engine/index.js';
import type { LiveGame } from '../../game/liveBoard.js';
import { squareKey } from '../../i18n/gameWords.js';
import { hasStartTray } from '../../render/layout.js';
import type { Words } from '../protocol.js';
import { enableDrag } from './drag.js';
import { installLook } from './look.js';
import { pawnImage } from './pieces.js';
import { isNewThrow, sticksOf } from './sticks.js';
import { turnTimer } from './timer.js';

/** A page's choice: a pawn picked (0: one from the start tray), waiting for its target. */
export interface Picking {
  from: number | null;
}

/** The squares in reading order on the screen: row by row, left to right. */
const SCREEN_ORDER: readonly number[] = [
  ...Array.from({ length: 10 }, (_, i) => i + 1),
  ...Array.from({ length: 10 }, (_, i) => 20 - i),
  ...Array.from({ length: 10 }, (_, i) => i + 21),
];

const say = (words: Words, key: Exclude<keyof Words, 'squares'>, params: Record<string, string> = {}): string =>
  Object.entries(params).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), words[key]);

/** The legal actions for the player to act, if that is `me`. */
function myActions(game: LiveGame, me: string): Action[] {
  return game.status === 'active' && game.toActId === me ? legalActions(game.state as GameState) : [];
}

/** What the board's handlers need of the board drawn last (they outlive each drawing). */
interface Drawn {
  gameId: number;
  state: LiveGame['state'];
  picking: Picking;
  act: (action: Action) => void;
  repick: (from: number | null) => void;
}

let drawn: Drawn | null = null;
/** The square (or tray) that had the keyboard's focus, kept across drawings. */
let focused: number | null = null;

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
  installLook();
  if (!root.dataset.ready) {
    root.dataset.ready = 'true';
    listen(root);
  }
  const falling = drawn?.gameId === game.gameId && isNewThrow(drawn.state, game.state);
  const actions = myActions(game, me);
  const moves = actions.filter((a): a is Move & { type: 'move' } => a.type === 'move');
  drawn = { gameId: game.gameId, state: game.state, picking, act, repick };
  const hadFocus = root.contains(document.activeElement);

  const controls = document.createElement('div');
  controls.className = 'controls';
  controls.append(...actions.flatMap((action) => actionButton(action, words, act)));
  // The turn line stays (an element taken out of the page restarts its animation, and a board is
  // drawn again for every pick and every message); what is around it is drawn anew.
  const line = root.querySelector<HTMLElement>(':scope > .turn-line') ?? document.createElement('div');
  line.className = 'turn-line';
  drawTurnLine(line, game, words, falling);
  for (const old of [...root.children]) if (old !== line) old.remove();
  if (line.parentElement !== root) root.append(line);
  line.before(players(game, words));
  line.after(boardArea(game, words, moves, picking), controls);
  if (hadFocus && focused !== null) root.querySelector<HTMLElement>(`[data-square="${focused}"]`)?.focus();
}

/** The two players: the pawn they play (its shape says it as well as its colour) and their name. */
function players(game: LiveGame, words: Words): HTMLElement {
  const { state } = game;
  const box = document.createElement('div');
  box.className = 'players';
  for (const side of ['W', 'B'] as const) {
    const panel = document.createElement('div');
    panel.className = `player side-${side}`;
    if (game.status === 'active' && state.toMove === side) {
      panel.classList.add('turn');
      panel.setAttribute('aria-current', 'true');
    }
    if (state.winner === side) panel.classList.add('winner');
    const disc = document.createElement('span');
    disc.className = 'disc';
    disc.append(pawnImage(side));
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = game.players[side].name.plain;
    panel.append(disc, name, hidden(` (${pawnWords(words, side)})`));
    box.append(panel);
  }
  return box;
}

/**
 * The last throw's sticks (falling when just thrown: `falling`) and the turn timer. The sticks are
 * left as they are until another throw is shown, so a fall runs to its end whatever is drawn meanwhile.
 */
function drawTurnLine(line: HTMLElement, game: LiveGame, words: Words, falling: boolean): void {
  const thrown = game.state.throw;
  const shown = thrown ? `${game.gameId} ${thrown.sticks} ${thrown.value}` : '';
  if (falling || line.dataset.thrown !== shown) {
    line.dataset.thrown = shown;
    line.querySelector('.sticks')?.remove();
    if (thrown) line.prepend(sticksOf(thrown, say(words, 'threw', { value: String(thrown.value) }), falling));
  }
  line.querySelector('.timer')?.remove();
  const timer = turnTimer(game.status === 'active' ? game.turnDeadline : null, words.turnTimeout);
  if (timer) line.append(timer);
}

function boardArea(game: LiveGame, words: Words, moves: readonly Move[], picking: Picking): HTMLElement {
  const { state } = game;
  const rules = rulesOf(state);
  const picked = picking.from;
  const froms = new Set(moves.map((m) => m.from));
  const targets = new Set(moves.filter((m) => m.from === picked).map((m) => m.to));
  const last = state.lastMove;

  const grid = document.createElement('div');
  grid.className = 'board';
  grid.setAttribute('role', 'group');
  const tabStop = [focused, picked, ...froms, ...targets, 1].find((n) => n !== null && n >= 1 && n <= 30);
  const rows = [0, 1, 2].map(() => {
    const row = document.createElement('div');
    row.className = 'row';
    return row;
  });
  SCREEN_ORDER.forEach((square, i) => {
    const pawn = state.board[square - 1];
    const side = pawn === 'W' || pawn === 'B' ? pawn : null;
    const special = rules.squares[square];
    const cell = document.createElement('button');
    cell.className = 'square';
    cell.dataset.square = String(square);
    if ((Math.floor(i / 10) + (i % 10)) % 2 === 1) cell.classList.add('alt');
    // The middle row runs right to left: its path marks point the other way.
    if (Math.floor(i / 10) === 1) cell.classList.add('back');
    const number = document.createElement('small');
    number.className = 'number';
    number.textContent = String(square);
    cell.append(number);
    const label = [String(square)];
    if (special) {
      const name = words.squares[squareKey(rules, square)] ?? special.name;
      const watery = special.effect?.kind === 'water' || special.effect?.kind === 'drown';
      cell.classList.add('special', ...(watery ? ['water'] : []));
      const shown = document.createElement('span');
      shown.className = 'name';
      shown.textContent = name;
      shown.setAttribute('aria-hidden', 'true');
      cell.append(shown);
      label.push(name);
    }
    if (side) {
      cell.classList.add(side === 'W' ? 'light' : 'dark');
      cell.append(pawnImage(side));
      label.push(pawnWords(words, side));
    } else if (last && last.from === square) {
      // Where the last move's pawn came from: a faint pawn, as in the picture.
      const ghost = pawnImage(last.side);
      ghost.classList.add('ghost');
      cell.append(ghost);
    }
    if (last && last.end === square) cell.classList.add('last-to');
    const movable = froms.has(square);
    const target = picked !== null && targets.has(square);
    if (movable) cell.classList.add('movable');
    if (square === picked) {
      cell.classList.add('picked');
      cell.setAttribute('aria-pressed', 'true');
    }
    if (target) {
      cell.classList.add('target');
      label.push(say(words, 'move', { from: squareWord(words, picked), to: String(square) }));
    }
    // Not disabled: every square can be reached by the arrow keys and read, only these act.
    cell.setAttribute('aria-disabled', String(!movable && !target));
    cell.tabIndex = square === tabStop ? 0 : -1;
    cell.setAttribute('aria-label', label.join(' · '));
    cell.onclick = () => press(square, movable, target);
    rows[Math.floor(i / 10)]?.append(cell);
  });
  grid.append(...rows);

  const area = document.createElement('div');
  area.className = 'board-area';
  if (last) {
    const move = say(words, 'move', { from: squareWord(words, last.from), to: squareWord(words, last.end) });
    area.append(hidden(say(words, 'lastMove', { move })));
  }
  area.append(grid, trays(game, words, froms, targets, picking));
  return area;
}

/** The start tray (where the rule set has one) and the off tray, each with its pawns and counts. */
function trays(
  game: LiveGame,
  words: Words,
  froms: ReadonlySet<number>,
  targets: ReadonlySet<number>,
  picking: Picking,
): HTMLElement {
  const { state } = game;
  const box = document.createElement('div');
  box.className = 'trays';
  const tray = (square: number, label: string, counts: Record<Side, number>): HTMLButtonElement => {
    const button = document.createElement('button');
    button.className = `tray ${square === WAITING ? 'start' : 'off'}`;
    button.dataset.square = String(square);
    const text = document.createElement('span');
    text.className = 'tray-label';
    text.textContent = label;
    button.append(text);
    const said = [label];
    for (const side of ['W', 'B'] as const) {
      if (counts[side] <= 0) continue;
      const count = document.createElement('span');
      count.className = 'tray-count';
      count.append(pawnImage(side), `×${counts[side]}`);
      button.append(count);
      said.push(`${pawnWords(words, side)} ×${counts[side]}`);
    }
    const movable = froms.has(square);
    const target = picking.from !== null && targets.has(square);
    if (movable) button.classList.add('movable');
    if (target) button.classList.add('target');
    if (square === picking.from) button.setAttribute('aria-pressed', 'true');
    button.setAttribute('aria-disabled', String(!movable && !target));
    button.setAttribute('aria-label', said.join(' · '));
    button.onclick = () => press(square, movable, target);
    return button;
  };
  if (hasStartTray(rulesOf(state))) box.append(tray(WAITING, words.trayStart, state.waiting));
  box.append(tray(OFF, words.trayOff, state.off));
  return box;
}

/** A press on a square or tray: a target moves the picked pawn there; a movable pawn is picked (again: let go). */
function press(square: number, movable: boolean, target: boolean): void {
  if (!drawn) return;
  const { picking, act, repick } = drawn;
  if (target && picking.from !== null) act({ type: 'move', from: picking.from, to: square });
  else repick(movable && picking.from !== square ? square : null);
}

/**
 * The buttons below the board: throwing, taking a forfeited throw, and the moves no square
 * stands for alone (entering from the start tray, bearing off), so each is one press away.
 */
function actionButton(action: Action, words: Words, act: (action: Action) => void): HTMLButtonElement[] {
  if (action.type === 'move' && action.from !== WAITING && action.to !== OFF) return [];
  const button = document.createElement('button');
  button.className = 'action';
  button.dataset.action = action.type;
  button.textContent =
    action.type === 'throw'
      ? words.throw
      : action.type === 'take'
        ? words.take
        : say(words, 'move', { from: squareWord(words, action.from), to: squareWord(words, action.to) });
  button.onclick = () => act(action);
  return [button];
}

/** The keyboard and the pointer, listened to once on the root the board is drawn into. */
function listen(root: HTMLElement): void {
  root.addEventListener('focusin', (event) => {
    focused = squareOf(event.target);
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && drawn && drawn.picking.from !== null) {
      drawn.repick(null);
      return;
    }
    const square = squareOf(event.target);
    const at = square === null ? -1 : SCREEN_ORDER.indexOf(square);
    if (at < 0) return;
    const next = arrowed(at, event.key);
    if (next === null) return;
    event.preventDefault();
    const cell = root.querySelector<HTMLElement>(`.square[data-square="${SCREEN_ORDER[next]}"]`);
    if (!cell) return;
    for (const other of root.querySelectorAll<HTMLElement>('.square[tabindex="0"]')) other.tabIndex = -1;
    cell.tabIndex = 0;
    cell.focus();
  });
  enableDrag(root, {
    pickable: (element) => {
      const square = element.closest<HTMLElement>('.movable[data-square]');
      return square ? Number(square.dataset.square) : null;
    },
    pick: (from) => {
      if (drawn?.picking.from !== from) drawn?.repick(from);
    },
    target: (element) => {
      const square = element.closest<HTMLElement>('.target[data-square]');
      return square ? Number(square.dataset.square) : null;
    },
    drop: (to) => press(to, false, true),
  });
}

/** The square (or tray: 0, 31) an event's target stands for, or null. */
function squareOf(target: EventTarget | null): number | null {
  const square = target instanceof HTMLElement ? target.dataset.square : undefined;
  return square === undefined ? null : Number(square);
}

/** The index in SCREEN_ORDER an arrow key (or Home, End) leads to from `at`, or null for other keys. */
function arrowed(at: number, key: string): number | null {
  const row = Math.floor(at / 10);
  const col = at % 10;
  const to = (r: number, c: number): number => Math.min(2, Math.max(0, r)) * 10 + Math.min(9, Math.max(0, c));
  switch (key) {
    case 'ArrowLeft':
      return to(row, col - 1);
    case 'ArrowRight':
      return to(row, col + 1);
    case 'ArrowUp':
      return to(row - 1, col);
    case 'ArrowDown':
      return to(row + 1, col);
    case 'Home':
      return to(row, 0);
    case 'End':
      return to(row, 9);
    default:
      return null;
  }
}

/** A square in a move's words: its number, "enter" for the start, "off" past the end. */
const squareWord = (words: Words, n: number): string =>
  n === OFF ? words.off : n === WAITING ? words.enter : String(n);

const pawnWords = (words: Words, side: Side): string => (side === 'W' ? words.lightPawns : words.darkPawns);

/** Text only a screen reader says. */
function hidden(text: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'sr-only';
  span.textContent = text;
  return span;
}
