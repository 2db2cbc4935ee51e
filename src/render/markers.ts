// What changes from picture to picture besides the pawns: the last move, drawn faintly (where the
// pawn came from, and a captured pawn's way), and the numbered markers of the legal moves, whose
// numbers are the bot's button labels.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { type LastMove, type Move, OFF, type Rules, type Side, WAITING, opponentOf } from '../engine/index.js';
import { OFF_TRAY, type Point, type Rect, WAITING_TRAY, areaOf, inset, pawnPlace, trayPawnCenter } from './layout.js';
import { drawPawn } from './pieces.js';
import { font } from './text.js';
import { COLOURS } from './theme.js';

/** The last move: a faint pawn where it came from and arrows for it and any pawn it displaced. */
export function drawLastMove(ctx: SKRSContext2D, last: LastMove, specials: Rules['squares']): void {
  const place = (square: number, side: Side) => pawnPlace(square, side, specials[square] !== undefined);
  const from = place(last.from, last.side);
  ctx.save();
  ctx.globalAlpha = 0.28;
  drawPawn(ctx, last.side, from.at, from.height);
  ctx.restore();
  const reached = place(last.to, last.side).at;
  drawArrow(ctx, from.at, reached, COLOURS.lastMove, false);
  // A square that sent the pawn on (27 → 15, drowning): a dashed second leg.
  if (last.end !== last.to) drawArrow(ctx, reached, place(last.end, last.side).at, COLOURS.lastMove, true);
  if (last.captured) {
    const victim: Side = opponentOf(last.side);
    drawArrow(ctx, place(last.captured.from, victim).at, place(last.captured.to, victim).at, COLOURS.lastCapture, true);
  }
}

/**
 * A curved arrow from `a` to `b`, stopping short of the pawns at both ends. The curve bends to the
 * left of its direction, so the two arrows of a swap (a → b, b → a) do not overlap.
 */
function drawArrow(ctx: SKRSContext2D, a: Point, b: Point, colour: string, dashed: boolean): void {
  const control = arrowControl(a, b);
  if (!control) return;
  const start = towards(a, control, 16);
  const end = towards(b, control, 30);
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.setLineDash(dashed ? [8, 7] : []);
  ctx.beginPath();
  ctx.moveTo(start.x, start.y);
  ctx.quadraticCurveTo(control.x, control.y, end.x, end.y);
  ctx.stroke();
  ctx.setLineDash([]);
  const angle = Math.atan2(end.y - control.y, end.x - control.x);
  ctx.beginPath();
  ctx.moveTo(end.x + Math.cos(angle) * 6, end.y + Math.sin(angle) * 6);
  ctx.lineTo(end.x + Math.cos(angle + 2.5) * 14, end.y + Math.sin(angle + 2.5) * 14);
  ctx.lineTo(end.x + Math.cos(angle - 2.5) * 14, end.y + Math.sin(angle - 2.5) * 14);
  ctx.closePath();
  ctx.fill();
}

/** The control point of the arrow's curve from `a` to `b`, or null when they are one point. */
function arrowControl(a: Point, b: Point): Point | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  if (length < 1) return null;
  const bend = Math.max(14, length * 0.18);
  return { x: (a.x + b.x) / 2 + (dy / length) * bend, y: (a.y + b.y) / 2 - (dx / length) * bend };
}

/**
 * Everything drawLastMove can touch, in layout units: the squares' areas and each arrow's curve
 * (inside the triangle of its ends and control point) with its head and line width. The replay
 * redraws only what changed from frame to frame.
 */
export function lastMoveBounds(last: LastMove, specials: Rules['squares']): Rect {
  const place = (square: number, side: Side) => pawnPlace(square, side, specials[square] !== undefined).at;
  const victim = opponentOf(last.side);
  const arrows: [Point, Point][] = [[place(last.from, last.side), place(last.to, last.side)]];
  if (last.end !== last.to) arrows.push([place(last.to, last.side), place(last.end, last.side)]);
  if (last.captured) arrows.push([place(last.captured.from, victim), place(last.captured.to, victim)]);
  const areas = [last.from, last.to, last.end].map(areaOf);
  const points = arrows.flatMap(([a, b]) => [a, b, arrowControl(a, b) ?? a]);
  const margin = 16;
  const xs = [...points.map((p) => p.x), ...areas.flatMap((r) => [r.x + margin, r.x + r.w - margin])];
  const ys = [...points.map((p) => p.y), ...areas.flatMap((r) => [r.y + margin, r.y + r.h - margin])];
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, w: Math.max(...xs) + margin - x, h: Math.max(...ys) + margin - y };
}

/** The point `distance` pixels from `from` in the direction of `to`. */
function towards(from: Point, to: Point, distance: number): Point {
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: from.x + ((to.x - from.x) / length) * distance, y: from.y + ((to.y - from.y) / length) * distance };
}

const BADGE_RADIUS = 15;

/**
 * Numbered markers 1..n in `moves` order: a solid badge on the pawn that moves and a dashed
 * outline with a ring badge on the square it reaches (the tray for entering and bearing off).
 */
export function drawMoveMarkers(ctx: SKRSContext2D, moves: readonly Move[], side: Side): void {
  const outlined = new Set<number>();
  const fromCount = new Map<number, number>();
  const toCount = new Map<number, number>();
  moves.forEach((move, i) => {
    if (!outlined.has(move.to)) {
      outlined.add(move.to);
      drawTargetOutline(ctx, move.to, 'stroke');
    }
    const k = toCount.get(move.to) ?? 0;
    toCount.set(move.to, k + 1);
    drawBadge(ctx, targetBadgeAt(move.to, k), i + 1, false);
  });
  moves.forEach((move, i) => {
    const k = fromCount.get(move.from) ?? 0;
    fromCount.set(move.from, k + 1);
    drawBadge(ctx, fromBadgeAt(move.from, side, k), i + 1, true);
  });
}

/** The k-th badge on a moving pawn: its top-right corner, further ones to the left. */
function fromBadgeAt(square: number, side: Side, k: number): Point {
  if (square === 0) {
    const pawn = trayPawnCenter(WAITING_TRAY, side);
    return { x: pawn.x - k * 26, y: pawn.y - 22 };
  }
  const cell = areaOf(square);
  return { x: cell.x + cell.w - 17 - k * 30, y: cell.y + 17 };
}

/** The k-th target badge: a cell's bottom-right corner; in the off tray, a column down its side. */
function targetBadgeAt(square: number, k: number): Point {
  if (square === OFF || square === WAITING) {
    const tray = square === OFF ? OFF_TRAY : WAITING_TRAY;
    return { x: tray.x + tray.w - 15 - (k % 2) * 30, y: tray.y + 24 + Math.floor(k / 2) * 30 };
  }
  const cell = areaOf(square);
  return { x: cell.x + cell.w - 17 - k * 30, y: cell.y + cell.h - 17 };
}

/** The tint of the squares the moves reach, drawn under the pawns so they keep their colours. */
export function drawTargetAreas(ctx: SKRSContext2D, moves: readonly Move[]): void {
  for (const square of new Set(moves.map((move) => move.to))) drawTargetOutline(ctx, square, 'fill');
}

function drawTargetOutline(ctx: SKRSContext2D, square: number, part: 'fill' | 'stroke'): void {
  // Inside a square's cell; around a tray, which is smaller than a cell.
  const onBoard = square >= 1 && square <= 30;
  const rect = inset(areaOf(square), onBoard ? 4 : -3);
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.w, rect.h, 6);
  if (part === 'fill') {
    ctx.fillStyle = COLOURS.targetFill;
    ctx.fill();
    return;
  }
  ctx.strokeStyle = COLOURS.accent;
  ctx.lineWidth = 3;
  ctx.setLineDash([9, 6]);
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawBadge(ctx: SKRSContext2D, at: Point, number: number, solid: boolean): void {
  ctx.beginPath();
  ctx.arc(at.x, at.y, BADGE_RADIUS, 0, Math.PI * 2);
  ctx.fillStyle = solid ? COLOURS.accent : COLOURS.accentText;
  ctx.fill();
  ctx.lineWidth = solid ? 2 : 3;
  ctx.strokeStyle = solid ? COLOURS.accentText : COLOURS.accent;
  ctx.stroke();
  ctx.fillStyle = solid ? COLOURS.accentText : COLOURS.accent;
  ctx.font = font(19, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(number), at.x, at.y + 1);
}
