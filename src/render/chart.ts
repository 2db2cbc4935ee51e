// The win-chance chart of a reviewed game: the light player's chance to win after every action,
// on a field split at 50 % into the light player's half (above) and the dark player's (below),
// with captures, extra throws and the numbered turning points marked. PNG: flat colours and thin
// lines, which JPEG would blur.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { type SideNames, sideName } from '../i18n/gameWords.js';
import { DEFAULT_LOCALE, type Locale, type Translate, translator } from '../i18n/index.js';
import { drawableText, useFontsFor } from './fonts.js';
import { fitText, font } from './text.js';
import { COLOURS } from './theme.js';

export interface ChartPoint {
  /** W's chance after this action (the first point: at the start). */
  chance: number;
  /** The move number the action belongs to (0 at the start). */
  move: number;
  capture: boolean;
  extraThrow: boolean;
  /** 1, 2, 3 for the turning points, else 0. */
  turningPoint: number;
}

export interface ChartInput {
  names: SideNames;
  points: readonly ChartPoint[];
  /** Whether the rule set ever gives an extra throw: the legend lists only the marks it can have. */
  extraThrows: boolean;
  /** The language of the labels (default English). */
  locale?: Locale;
}

/** @internal */
export const CHART_WIDTH = 864;
/** @internal */
export const CHART_HEIGHT = 300;

const PLOT = { left: 52, right: CHART_WIDTH - 18, top: 40, bottom: CHART_HEIGHT - 34 };
const CHART_COLOURS = {
  lightHalf: '#efe4c8',
  darkHalf: '#3d3a45',
  grid: 'rgba(122, 90, 52, 0.35)',
  line: COLOURS.accent,
  capture: '#7f1d1d',
  extra: COLOURS.gold,
} as const;

export function renderChart(input: ChartInput): Buffer {
  useFontsFor(input.locale ?? DEFAULT_LOCALE);
  const canvas = createCanvas(CHART_WIDTH, CHART_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLOURS.background;
  ctx.fillRect(0, 0, CHART_WIDTH, CHART_HEIGHT);
  const t = translator(input.locale ?? DEFAULT_LOCALE);
  const names = {
    W: drawableText(input.names.W) || sideName(t, 'W'),
    B: drawableText(input.names.B) || sideName(t, 'B'),
  };
  drawField(ctx, t, names);
  drawAxes(ctx, t, input.points);
  drawLine(ctx, input.points);
  drawMarks(ctx, input.points);
  drawTitle(ctx, t, names, input.extraThrows);
  return canvas.encodeSync('png');
}

const xOf = (i: number, count: number): number => PLOT.left + ((PLOT.right - PLOT.left) * i) / Math.max(1, count - 1);
const yOf = (chance: number): number => PLOT.bottom - (PLOT.bottom - PLOT.top) * chance;

/** The two halves, each labelled with its player (names already drawable). */
function drawField(ctx: SKRSContext2D, t: Translate, names: SideNames): void {
  const middle = yOf(0.5);
  const width = PLOT.right - PLOT.left;
  ctx.fillStyle = CHART_COLOURS.lightHalf;
  ctx.fillRect(PLOT.left, PLOT.top, width, middle - PLOT.top);
  ctx.fillStyle = CHART_COLOURS.darkHalf;
  ctx.fillRect(PLOT.left, middle, width, PLOT.bottom - middle);
  ctx.font = font(14, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = COLOURS.lightPawnLine;
  ctx.fillText(fitText(ctx, t('chart.lightWinning', { name: names.W }), width / 2), PLOT.left + 8, PLOT.top + 18);
  ctx.fillStyle = COLOURS.headerText;
  ctx.fillText(fitText(ctx, t('chart.darkWinning', { name: names.B }), width / 2), PLOT.left + 8, PLOT.bottom - 8);
}

function drawAxes(ctx: SKRSContext2D, t: Translate, points: readonly ChartPoint[]): void {
  ctx.strokeStyle = CHART_COLOURS.grid;
  ctx.lineWidth = 1;
  ctx.fillStyle = COLOURS.headerMuted;
  ctx.font = font(12);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const chance of [0, 0.25, 0.5, 0.75, 1]) {
    const y = Math.round(yOf(chance)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(PLOT.left, y);
    ctx.lineTo(PLOT.right, y);
    ctx.stroke();
    ctx.fillText(t('chart.percent', { value: Math.round(chance * 100) }), PLOT.left - 6, y);
  }
  // Move numbers along the bottom in even steps (10, 20, 30…), each where its move begins.
  ctx.textBaseline = 'top';
  const last = points[points.length - 1]!.move;
  const step = moveStep(last);
  let i = 0;
  for (let move = 0; move <= last; move += step) {
    while (points[i]!.move < move) i++;
    const label = move === 0 ? t('chart.start') : t('chart.move', { move });
    const x = xOf(i, points.length);
    ctx.textAlign = move === 0 ? 'left' : x > PLOT.right - 30 ? 'right' : 'center';
    ctx.fillText(label, x, PLOT.bottom + 6);
  }
}

/**
 * The step of the move axis: the smallest of 1, 2, 5, 10, 20, 25, 50, 100… that makes at most seven labels.
 * @internal
 */
export function moveStep(lastMove: number): number {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 2.5, 5].map((k) => k * scale)) {
      if (Number.isInteger(step) && lastMove / step <= 6) return step;
    }
  }
}

function drawLine(ctx: SKRSContext2D, points: readonly ChartPoint[]): void {
  ctx.strokeStyle = CHART_COLOURS.line;
  ctx.lineWidth = 2.5;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  points.forEach((p, i) => {
    if (i === 0) ctx.moveTo(xOf(i, points.length), yOf(p.chance));
    else ctx.lineTo(xOf(i, points.length), yOf(p.chance));
  });
  ctx.stroke();
}

function drawMarks(ctx: SKRSContext2D, points: readonly ChartPoint[]): void {
  points.forEach((p, i) => {
    const at = { x: xOf(i, points.length), y: yOf(p.chance) };
    if (p.extraThrow) drawExtraThrow(ctx, at);
    if (p.capture) drawCapture(ctx, at);
  });
  const placed: At[] = [];
  points.forEach((p, i) => {
    if (p.turningPoint === 0) return;
    const x = xOf(i, points.length);
    const y = yOf(p.chance);
    // On the side of the line with more room, unless another badge is there: then the other side, or further out.
    const side = y > (PLOT.top + PLOT.bottom) / 2 ? -1 : 1;
    const spots = [18 * side, -18 * side, 40 * side, -40 * side].map((dy) => ({ x, y: y + dy }));
    const free = (at: At): boolean => placed.every((q) => Math.hypot(q.x - at.x, q.y - at.y) >= 22);
    const at = spots.find(free) ?? spots[0]!;
    placed.push(at);
    drawBadge(ctx, at, p.turningPoint);
  });
}

interface At {
  x: number;
  y: number;
}

/** A small gold diamond: the action earned another throw. */
function drawExtraThrow(ctx: SKRSContext2D, { x, y }: At): void {
  ctx.fillStyle = CHART_COLOURS.extra;
  ctx.beginPath();
  ctx.moveTo(x, y - 4);
  ctx.lineTo(x + 3, y);
  ctx.lineTo(x, y + 4);
  ctx.lineTo(x - 3, y);
  ctx.closePath();
  ctx.fill();
}

/** A dark red dot ringed in white: a pawn was captured. */
function drawCapture(ctx: SKRSContext2D, { x, y }: At): void {
  ctx.fillStyle = CHART_COLOURS.capture;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(x, y, 4, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

/** A numbered gold disc: a turning point. */
function drawBadge(ctx: SKRSContext2D, { x, y }: At, number: number, radius = 10): void {
  ctx.fillStyle = COLOURS.gold;
  ctx.strokeStyle = COLOURS.background;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = COLOURS.background;
  ctx.font = font(radius + 3, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(number), x, y + 1);
}

function drawTitle(ctx: SKRSContext2D, t: Translate, names: SideNames, extraThrows: boolean): void {
  const title = t('chart.title', { name: names.W });
  // The legend, right-aligned: each mark as drawn on the line, then its meaning.
  ctx.font = font(13);
  const entries: [string, (at: At) => void][] = [
    [t('chart.capture'), (at) => drawCapture(ctx, at)],
    ...(extraThrows
      ? [[t('chart.extraThrow'), (at: At) => drawExtraThrow(ctx, at)] as [string, (at: At) => void]]
      : []),
    [t('chart.turningPoint'), (at) => drawBadge(ctx, at, 1, 8)],
  ];
  let x = PLOT.right;
  for (const [label, draw] of entries.reverse()) {
    ctx.font = font(13);
    const width = ctx.measureText(label).width;
    ctx.fillStyle = COLOURS.headerMuted;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(label, x, 26);
    draw({ x: x - width - 12, y: 21 });
    x -= width + 34;
  }
  // The title takes the room the legend leaves.
  ctx.fillStyle = COLOURS.headerText;
  ctx.font = font(17, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(fitText(ctx, title, x - PLOT.left), PLOT.left, 26);
}
