// The board's look: the chat picture's colours (src/render/theme.ts) and marks. The legal moves
// are told apart by line as well as colour, as in the picture: a movable pawn has a solid ring, a
// target a dashed one. The board is as wide as the page allows and no taller than the viewport
// leaves room for, inside Discord's safe-area insets (with the device's own as the fallback, as
// Discord's mobile guide shows); a phone held sideways gets the board on the left, the players beside it.
// Text wraps inside its box in every language (long German and Finnish words break anywhere).
import { COLOURS as C } from '../../render/theme.js';

const STYLE = `
:root { --sait: var(--discord-safe-area-inset-top, env(safe-area-inset-top, 0px));
  --sair: var(--discord-safe-area-inset-right, env(safe-area-inset-right, 0px));
  --saib: var(--discord-safe-area-inset-bottom, env(safe-area-inset-bottom, 0px));
  --sail: var(--discord-safe-area-inset-left, env(safe-area-inset-left, 0px)); }
body { background: ${C.background}; padding: var(--sait) var(--sair) var(--saib) var(--sail); }
#board { display: flex; flex-direction: column; gap: 8px; }
.players { display: flex; gap: 8px; }
.player { flex: 1 1 0; min-width: 0; display: flex; align-items: center; gap: 8px; padding: 4px 8px;
  border: 3px solid transparent; border-radius: 10px; }
.player.side-B { flex-direction: row-reverse; text-align: end; }
.player.turn { background: ${C.turnPanel}; border-color: ${C.accent}; }
.player.winner { background: ${C.winPanel}; border-color: ${C.gold}; }
.player .name { min-width: 0; font-weight: 700; color: ${C.headerText}; overflow-wrap: anywhere; line-height: 1.2; }
.disc { flex: none; width: 40px; height: 40px; border-radius: 50%; background: ${C.pawnDisc}; display: grid;
  place-items: center; }
.disc .pawn { width: 32px; height: 32px; }
.turn-line { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; min-height: 40px; }
.sticks { display: inline-flex; align-items: center; gap: 5px; }
.stick { width: 9px; height: 32px; border-radius: 5px; border: 2px solid ${C.stickLine}; background: ${C.stickDark}; }
.stick.light { background: repeating-linear-gradient(${C.stickLight} 0 5px, ${C.stickDark} 5px 7px); }
.sticks.falling .stick { animation: stick-fall 320ms cubic-bezier(0.3, 1.3, 0.6, 1) both;
  animation-delay: calc(var(--i) * 50ms); }
@keyframes stick-fall {
  from { transform: translateY(-24px) rotate(calc((var(--i) - 1.5) * 30deg)); opacity: 0; }
  to { transform: none; opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .sticks.falling .stick { animation: none; } }
.throw-value { font-size: 1.4em; margin-inline-start: 4px; color: ${C.headerText}; }
.timer { margin-inline-start: auto; display: inline-flex; align-items: center; gap: 4px; padding: 2px 8px;
  border-radius: 6px; background: ${C.turnPanel};
  font-variant-numeric: tabular-nums; }
.hourglass { width: 0.75em; height: 1em; }
.timer.low { background: ${C.accent}; color: ${C.accentText}; font-weight: 700; }
.board-area { display: flex; flex-direction: column; gap: 6px; }
.board, .trays { width: min(100%, calc((100dvh - var(--sait) - var(--saib) - var(--chrome, 380px)) * 10 / 3)); }
.board { display: grid; gap: 3px; padding: 5px; background: ${C.frame}; border: 2px solid ${C.frameEdge};
  border-radius: 8px; container-type: inline-size; }
.row { display: grid; grid-template-columns: repeat(10, minmax(0, 1fr)); gap: 3px; }
.square { position: relative; aspect-ratio: 1; min-width: 0; padding: 0; border: 0; border-radius: 4px;
  background: ${C.cell}; color: ${C.cellNumber}; font: inherit; overflow: hidden; touch-action: manipulation;
  -webkit-user-select: none; user-select: none; }
.square.alt { background: ${C.cellAlt}; }
.square::after { content: '\\203A'; position: absolute; right: 3px; top: 50%; translate: 0 -50%; line-height: 1;
  font-size: clamp(10px, 2.2cqi, 24px); font-weight: 700; color: ${C.pathMark}; }
.square.back::after { content: '\\2039'; right: auto; left: 3px; }
.square.special { background: ${C.special}; color: ${C.specialInk}; }
.square.water { background: ${C.specialWater}; }
.square .number { position: absolute; left: 3px; top: 1px; font-size: clamp(9px, 1.7cqi, 17px); font-weight: 700;
  color: ${C.cellNumber}; line-height: 1.1; }
.square .name { position: absolute; inset: auto 2px 2px; font-size: clamp(7px, 1.15cqi, 13px); font-weight: 700;
  line-height: 1.05; text-align: center; overflow-wrap: anywhere; hyphens: auto; }
@container (max-width: 560px) { .square .name { display: none; } }
.square .pawn { position: absolute; left: 50%; top: 54%; width: 58%; height: 58%; translate: -50% -50%; }
@container (min-width: 561px) { .square.special .pawn { top: 36%; width: 40%; height: 40%; } }
.pawn.ghost { opacity: 0.28; }
.square.last-to { box-shadow: inset 0 0 0 4px ${C.lastMove}; }
.square.movable { outline: 3px solid ${C.accent}; outline-offset: -3px; cursor: grab; touch-action: none; }
.square.picked { outline-width: 5px; background-image: linear-gradient(${C.targetFill}, ${C.targetFill}); }
.square.target, .tray.target { outline: 3px dashed ${C.accent}; outline-offset: -4px;
  background-image: linear-gradient(${C.targetFill}, ${C.targetFill}); cursor: pointer; }
.square.drop-over, .tray.drop-over { outline-style: solid; outline-width: 5px; }
.square:focus-visible, .tray:focus-visible, .action:focus-visible { box-shadow: 0 0 0 3px #fff, inset 0 0 0 3px #000;
  z-index: 1; }
.drag-ghost { position: fixed; left: 0; top: 0; pointer-events: none; z-index: 10; translate: -50% -50%; }
.drag-ghost .pawn { width: 100%; height: 100%; filter: drop-shadow(0 4px 4px rgba(0, 0, 0, 0.5)); }
.trays { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 6px; }
.tray { display: flex; align-items: center; gap: 10px; min-height: 44px; min-width: 0; padding: 4px 12px;
  border: 0; border-radius: 8px; background: ${C.tray}; color: ${C.trayText}; font: inherit; }
.tray.off { margin-inline-start: auto; }
.tray.movable { outline: 3px solid ${C.accent}; outline-offset: -3px; cursor: grab; touch-action: none; }
.tray-label { overflow-wrap: anywhere; }
.tray-count { display: inline-flex; align-items: center; gap: 2px; font-weight: 700; }
.tray-count .pawn { width: 28px; height: 28px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (orientation: landscape) and (max-height: 560px) {
  #board { display: grid; grid-template-columns: minmax(0, 1fr) minmax(160px, 30%); column-gap: 10px;
    grid-template-areas: 'area players' 'area turn' 'area controls' 'area .'; align-items: start; }
  .board-area { grid-area: area; --chrome: 150px; }
  .players { grid-area: players; flex-direction: column; gap: 4px; }
  .player.side-B { flex-direction: row; text-align: start; }
  .turn-line { grid-area: turn; }
  .controls { grid-area: controls; }
}
`;

/** Puts the board's style sheet in the page, once. */
export function installLook(): void {
  if (document.getElementById('board-look')) return;
  const style = document.createElement('style');
  style.id = 'board-look';
  style.textContent = STYLE;
  document.head.append(style);
}
