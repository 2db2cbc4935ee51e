// The header above the board: both players (name, pawn shape, pawns waiting and borne off), whose
// turn it is, the last throw as four sticks, a forfeited throw on offer, and the winner.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { GameState, Side } from '../engine/index.js';
import { drawableText } from './fonts.js';
import { HEADER, WIDTH } from './layout.js';
import { drawPawn, drawSticks, sticksWidth } from './pieces.js';
import { fitText, font } from './text.js';
import { COLOURS } from './theme.js';
import { countsWords, statusWords } from './words.js';

const BLOCK_WIDTH = 290;
const BLOCK_MARGIN = 10;

export function drawHeader(ctx: SKRSContext2D, state: GameState, names: Record<Side, string>, moves: number): void {
  // Names as the shipped font can draw them; a name left empty falls back to the side's colour.
  const shown = { W: drawableText(names.W) || 'White', B: drawableText(names.B) || 'Black' };
  drawSideBlock(ctx, state, shown, 'W');
  drawSideBlock(ctx, state, shown, 'B');
  drawStatus(ctx, state, shown, moves);
}

function drawSideBlock(ctx: SKRSContext2D, state: GameState, names: Record<Side, string>, side: Side): void {
  const left = side === 'W';
  const x = left ? BLOCK_MARGIN : WIDTH - BLOCK_MARGIN - BLOCK_WIDTH;
  const y = 10;
  const h = HEADER - 14;
  const winner = state.phase === 'over' && state.winner === side;
  const active = state.phase !== 'over' && state.toMove === side;
  if (winner || active) {
    ctx.fillStyle = winner ? COLOURS.winPanel : COLOURS.turnPanel;
    ctx.beginPath();
    ctx.roundRect(x, y, BLOCK_WIDTH, h, 10);
    ctx.fill();
    ctx.strokeStyle = winner ? COLOURS.gold : COLOURS.accent;
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  const iconX = left ? x + 34 : x + BLOCK_WIDTH - 34;
  ctx.fillStyle = COLOURS.pawnDisc;
  ctx.beginPath();
  ctx.arc(iconX, y + h / 2, 27, 0, Math.PI * 2);
  ctx.fill();
  drawPawn(ctx, side, { x: iconX, y: y + h / 2 + 1 }, 40);
  const textX = left ? x + 68 : x + BLOCK_WIDTH - 68;
  const textWidth = BLOCK_WIDTH - 80;
  ctx.textAlign = left ? 'left' : 'right';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = COLOURS.headerText;
  ctx.font = font(24, true);
  ctx.fillText(fitText(ctx, names[side], textWidth), textX, y + 31);
  ctx.fillStyle = COLOURS.headerMuted;
  ctx.font = font(15);
  ctx.fillText(fitText(ctx, countsWords(state, side), textWidth), textX, y + 54);
}

function drawStatus(ctx: SKRSContext2D, state: GameState, names: Record<Side, string>, moves: number): void {
  const { title, detail, offer } = statusWords(state, names, moves);
  const left = BLOCK_MARGIN + BLOCK_WIDTH + 14;
  const right = WIDTH - BLOCK_MARGIN - BLOCK_WIDTH - 14;
  const stickW = 11;
  const stickH = 52;
  const sticksSpan = state.throw ? sticksWidth(stickW) + 14 : 0;
  if (state.throw) drawSticks(ctx, state.throw.sticks, { x: left + 4, y: (HEADER - stickH) / 2 }, stickW, stickH);
  const textX = left + sticksSpan + 4;
  const textWidth = right - textX;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = state.phase === 'over' ? COLOURS.gold : COLOURS.headerText;
  ctx.font = font(21, true);
  ctx.fillText(fitText(ctx, title, textWidth), textX, offer ? 28 : 36);
  ctx.fillStyle = COLOURS.headerMuted;
  ctx.font = font(15);
  ctx.fillText(fitText(ctx, detail, textWidth), textX, offer ? 50 : 60);
  if (offer) {
    ctx.fillStyle = COLOURS.gold;
    ctx.font = font(15, true);
    ctx.fillText(fitText(ctx, offer, textWidth), textX, 72);
  }
}
