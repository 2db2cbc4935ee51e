// What changes from picture to picture besides the pawns: the last move, drawn faintly (where the
// pawn came from, and a captured pawn's way), and the numbered markers of the legal moves, whose
// numbers are the bot's button labels.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { type LastMove, type Move, OFF, type Rules, type Side, WAITING, opponentOf } from '../engine/index.js';
import {
  BOARD_LEFT,
  BOARD_TOP,
  BOARD_WIDTH,
  CELL,
  FRAME,
  MARKER_RADIUS,
  OFF_TRAY,
  TARGET_INSET,
  TARGET_LINE,
  type Point,
  type Rect,
  WAITING_TRAY,
  areaOf,
  cellMarkerAt,
  gridOf,
  inset,
  pawnPlace,
  trayMarkerAt,
} from './layout.js';
import { drawPawn } from './pieces.js';
import { ESSENTIAL_TYPE, font } from './text.js';
import { COLOURS } from './theme.js';

/** The last move: a faint pawn where it came from and arrows for it and any pawn it displaced. */
export function drawLastMove(ctx: SKRSContext2D, last: LastMove, specials: Rules['squares']): void {
  const from = pawnPlace(last.from, last.side, specials[last.from] !== undefined);
  ctx.save();
  ctx.globalAlpha = 0.28;
  drawPawn(ctx, last.side, from.at, from.height);
  ctx.restore();
  for (const arrow of lastMoveArrows(last, specials)) drawArrow(ctx, arrow);
}

/** One arrow of the last move: a path of straight legs with rounded corners, and its look. */
interface Arrow {
  points: Point[];
  colour: string;
  dashed: boolean;
}

/**
 * Half an arrow's line width.
 * @internal
 */
export const ARROW_HALF_WIDTH = 2;
const HEAD_LENGTH = 15;

/**
 * The arrows of the last move: the pawn's way, a square that sent it on (27 → 15, drowning:
 * dashed), and a displaced pawn's way (dashed, on a lane of its own so a swap's two arrows do not
 * overlap).
 */
function lastMoveArrows(last: LastMove, specials: Rules['squares']): Arrow[] {
  const arrows: Arrow[] = [
    { points: route(last.from, last.to, last.side, specials, -1), colour: COLOURS.lastMove, dashed: false },
  ];
  if (last.end !== last.to)
    arrows.push({ points: route(last.to, last.end, last.side, specials, -1), colour: COLOURS.lastMove, dashed: true });
  if (last.captured) {
    const victim: Side = opponentOf(last.side);
    const points = route(last.captured.from, last.captured.to, victim, specials, 1);
    arrows.push({ points, colour: COLOURS.lastCapture, dashed: true });
  }
  return arrows.filter((arrow) => arrow.points.length >= 2);
}

/** Rows' lanes: arrows run along a row at this height in its cells, between numbers and names. */
const LANE = 33;
/** How far a lane's two tracks lie from its middle (the pawn's arrow on one, a displaced pawn's on the other). */
const TRACK = 4;
const laneY = (row: number, track: number): number => BOARD_TOP + row * CELL + LANE + track * TRACK;
const columnX = (col: number, track: number): number => BOARD_LEFT + col * CELL + CELL / 2 + track * TRACK;
/** The way from the last square to the off tray: down the right margin, clear of row 3's names. */
const OFF_LANE_X = BOARD_LEFT + BOARD_WIDTH + FRAME + 8;
/** Where the start tray opens onto square 1: right of its number. */
const START_DOOR_X = BOARD_LEFT + CELL / 2 + 8;

/**
 * The way a pawn of `side` went from `from` to `to` (squares 0..31): along the rows' lanes, from
 * row to row only across a column whose upper square has no name along its bottom, so no arrow
 * crosses a special square's name; trimmed to stop short of the pawns at both ends.
 * @internal
 */
export function route(from: number, to: number, side: Side, specials: Rules['squares'], track: number): Point[] {
  if (from === to) return [];
  const place = (square: number): Point => pawnPlace(square, side, specials[square] !== undefined).at;
  const onBoard = (square: number): number => Math.min(30, Math.max(1, square));
  const cells = cellPath(onBoard(from), onBoard(to), specials);
  const lane = cells.map((square) => lanePoint(square, track, false));
  // A pawn stands off its lane: it joins the lane at its own cell's edge, so the arrow's slant to
  // or from it stays inside that cell.
  const edge = (i: number, j: number): Point => ({
    x: (lane[i]!.x + lane[j]!.x) / 2,
    y: (lane[i]!.y + lane[j]!.y) / 2,
  });
  const last = cells.length - 1;
  const points: Point[] = [];
  if (from === WAITING) points.push({ x: START_DOOR_X, y: WAITING_TRAY.y + WAITING_TRAY.h });
  if (from === WAITING || from === OFF) points.push(lanePoint(onBoard(from), track, from === WAITING));
  else points.push(place(from), ...(last > 0 ? [edge(0, 1)] : []));
  points.push(...lane.slice(1, -1));
  if (to === WAITING || to === OFF) points.push(lanePoint(onBoard(to), track, to === WAITING));
  else points.push(...(last > 0 ? [edge(last - 1, last)] : []), place(to));
  if (to === WAITING) points.push({ x: START_DOOR_X, y: WAITING_TRAY.y + WAITING_TRAY.h });
  if (to === OFF) {
    const y = OFF_TRAY.y + OFF_TRAY.h / 2;
    points.push({ x: OFF_LANE_X, y: laneY(2, track) }, { x: OFF_LANE_X, y }, { x: OFF_TRAY.x + OFF_TRAY.w + 2, y });
  }
  const straight = withoutBends(points);
  return trimmed(straight, from === WAITING ? 0 : 14, to === WAITING || to === OFF ? 0 : 20);
}

/** A square's point on its row's lane; the start tray's door column for square 1 seen from the tray. */
function lanePoint(square: number, track: number, door: boolean): Point {
  const { row, col } = gridOf(square);
  return { x: door ? START_DOOR_X : columnX(col, track), y: laneY(row, track) };
}

/**
 * The squares an arrow passes, from `from` to `to`: a shortest way over the grid that changes
 * rows only across a column whose upper square is not special (its name is along its bottom).
 */
function cellPath(from: number, to: number, specials: Rules['squares']): number[] {
  const key = (row: number, col: number): number => row * 10 + col;
  const squareAt = (row: number, col: number): number => (row === 1 ? 20 - col : row * 10 + col + 1);
  const start = gridOf(from);
  const goal = gridOf(to);
  const cameFrom = new Map<number, number>([[key(start.row, start.col), -1]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at.row === goal.row && at.col === goal.col) break;
    // Towards the goal's column first, so the way bends as late as it can.
    const towardsGoal = Math.sign(goal.col - at.col) || 1;
    const steps = [
      { row: at.row, col: at.col + towardsGoal },
      { row: at.row, col: at.col - towardsGoal },
      { row: at.row + 1, col: at.col },
      { row: at.row - 1, col: at.col },
    ];
    for (const next of steps) {
      if (next.row < 0 || next.row > 2 || next.col < 0 || next.col > 9) continue;
      if (cameFrom.has(key(next.row, next.col))) continue;
      const upper = squareAt(Math.min(at.row, next.row), at.col);
      if (next.row !== at.row && specials[upper] !== undefined) continue;
      cameFrom.set(key(next.row, next.col), key(at.row, at.col));
      queue.push(next);
    }
  }
  const path: number[] = [];
  for (let k: number | undefined = key(goal.row, goal.col); k !== undefined && k !== -1; k = cameFrom.get(k)) {
    path.unshift(squareAt(Math.floor(k / 10), k % 10));
  }
  return path;
}

/** `points` without the points that lie on a straight line with their neighbours. */
function withoutBends(points: readonly Point[]): Point[] {
  const kept: Point[] = [];
  for (const point of points) {
    const last = kept[kept.length - 1];
    if (last && Math.hypot(point.x - last.x, point.y - last.y) < 1) continue;
    const before = kept[kept.length - 2];
    if (last && before && ((before.x === last.x && last.x === point.x) || (before.y === last.y && last.y === point.y)))
      kept.pop();
    kept.push(point);
  }
  return kept;
}

/** The path shortened by `head` units at its start and `tail` at its end (each within its end leg). */
function trimmed(points: Point[], head: number, tail: number): Point[] {
  if (points.length < 2) return points;
  const out = points.map((p) => ({ ...p }));
  const first = out[0]!;
  const second = out[1]!;
  out[0] = towards(first, second, Math.min(head, Math.hypot(second.x - first.x, second.y - first.y) / 2));
  const last = out[out.length - 1]!;
  const before = out[out.length - 2]!;
  out[out.length - 1] = towards(last, before, Math.min(tail, Math.hypot(last.x - before.x, last.y - before.y) / 2));
  return out;
}

function drawArrow(ctx: SKRSContext2D, { points, colour, dashed }: Arrow): void {
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash(dashed ? [8, 7] : []);
  const end = points[points.length - 1]!;
  const before = points[points.length - 2]!;
  const angle = Math.atan2(end.y - before.y, end.x - before.x);
  const [tip, wingA, wingB] = arrowHead(points);
  // The line stops inside the head, so its round cap does not poke out of the tip.
  const shaftEnd = { x: end.x - Math.cos(angle) * 8, y: end.y - Math.sin(angle) * 8 };
  ctx.beginPath();
  ctx.moveTo(points[0]!.x, points[0]!.y);
  for (let i = 1; i < points.length - 1; i++) {
    const at = points[i]!;
    const next = i + 1 === points.length - 1 ? shaftEnd : points[i + 1]!;
    ctx.arcTo(at.x, at.y, next.x, next.y, 10);
  }
  ctx.lineTo(shaftEnd.x, shaftEnd.y);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(tip.x, tip.y);
  ctx.lineTo(wingA.x, wingA.y);
  ctx.lineTo(wingB.x, wingB.y);
  ctx.closePath();
  ctx.fill();
}

/**
 * The triangle of an arrow's head: its tip (the path's end) and its two wings.
 * @internal
 */
export function arrowHead(points: readonly Point[]): [Point, Point, Point] {
  const end = points[points.length - 1]!;
  const before = points[points.length - 2]!;
  const angle = Math.atan2(end.y - before.y, end.x - before.x);
  const wing = (turn: number): Point => ({
    x: end.x - Math.cos(angle + turn) * HEAD_LENGTH,
    y: end.y - Math.sin(angle + turn) * HEAD_LENGTH,
  });
  return [end, wing(-0.5), wing(0.5)];
}

/**
 * Everything drawLastMove can touch, in layout units: the squares' areas and each arrow's path
 * with its width. The replay redraws only what changed from frame to frame.
 */
export function lastMoveBounds(last: LastMove, specials: Rules['squares']): Rect {
  const points = lastMoveArrows(last, specials).flatMap((arrow) => arrow.points);
  const areas = [last.from, last.to, last.end].map(areaOf);
  const margin = HEAD_LENGTH + 2;
  const xs = [...points.flatMap((p) => [p.x - margin, p.x + margin]), ...areas.flatMap((r) => [r.x, r.x + r.w])];
  const ys = [...points.flatMap((p) => [p.y - margin, p.y + margin]), ...areas.flatMap((r) => [r.y, r.y + r.h])];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** The point `distance` pixels from `from` in the direction of `to`. */
function towards(from: Point, to: Point, distance: number): Point {
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: from.x + ((to.x - from.x) / length) * distance, y: from.y + ((to.y - from.y) / length) * distance };
}

/**
 * A numbered move marker: on the pawn that moves (a solid disc) or where it lands (an outlined square).
 * @internal
 */
export interface Marker {
  at: Point;
  number: number;
  kind: 'pawn' | 'target';
}

/**
 * The numbered markers 1..n in `moves` order: a solid disc on the pawn that moves, an outlined
 * square on the square it reaches (the tray for entering and bearing off). Told apart by shape,
 * fill and outline, not by colour alone. A square holds at most one of each (one pawn per square,
 * one throw value); the trays hold a row of them.
 * @internal
 */
export function moveMarkers(moves: readonly Move[]): Marker[] {
  const inTray = new Map<number, number>();
  const at = (square: number): Point => {
    if (square !== WAITING && square !== OFF) return cellMarkerAt(square);
    const k = inTray.get(square) ?? 0;
    inTray.set(square, k + 1);
    return trayMarkerAt(areaOf(square), k);
  };
  return [
    ...moves.map((move, i): Marker => ({ at: at(move.to), number: i + 1, kind: 'target' })),
    ...moves.map((move, i): Marker => ({ at: at(move.from), number: i + 1, kind: 'pawn' })),
  ];
}

/** Draws the moves' markers and the dashed outlines of the squares they reach. */
export function drawMoveMarkers(ctx: SKRSContext2D, moves: readonly Move[]): void {
  for (const square of new Set(moves.map((move) => move.to))) drawTargetOutline(ctx, square, 'stroke');
  for (const marker of moveMarkers(moves)) drawMarker(ctx, marker);
}

/** The tint of the squares the moves reach, drawn under the pawns so they keep their colours. */
export function drawTargetAreas(ctx: SKRSContext2D, moves: readonly Move[]): void {
  for (const square of new Set(moves.map((move) => move.to))) drawTargetOutline(ctx, square, 'fill');
}

function drawTargetOutline(ctx: SKRSContext2D, square: number, part: 'fill' | 'stroke'): void {
  // Inside a square's cell, around its name; around a tray, clear of its label and counts.
  const onBoard = square >= 1 && square <= 30;
  const rect = inset(areaOf(square), onBoard ? TARGET_INSET : -3);
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.w, rect.h, 6);
  if (part === 'fill') {
    ctx.fillStyle = COLOURS.targetFill;
    ctx.fill();
    return;
  }
  ctx.strokeStyle = COLOURS.accent;
  ctx.lineWidth = TARGET_LINE;
  ctx.setLineDash([9, 6]);
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawMarker(ctx: SKRSContext2D, { at, number, kind }: Marker): void {
  const pawn = kind === 'pawn';
  ctx.beginPath();
  if (pawn) ctx.arc(at.x, at.y, MARKER_RADIUS, 0, Math.PI * 2);
  else
    ctx.roundRect(at.x - MARKER_RADIUS + 1, at.y - MARKER_RADIUS + 1, 2 * MARKER_RADIUS - 2, 2 * MARKER_RADIUS - 2, 4);
  ctx.fillStyle = pawn ? COLOURS.accent : COLOURS.accentText;
  ctx.fill();
  ctx.lineWidth = pawn ? 2.5 : 3.5;
  ctx.strokeStyle = pawn ? COLOURS.accentText : COLOURS.accent;
  ctx.stroke();
  ctx.fillStyle = pawn ? COLOURS.accentText : COLOURS.accent;
  ctx.font = font(ESSENTIAL_TYPE.markerDigit.size, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(number), at.x, at.y + 1);
}
