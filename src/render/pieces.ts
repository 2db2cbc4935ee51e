// The pawns and the casting sticks. The sides differ in shape as well as colour, as the Dancers
// text describes them: dark cones (B) and light reels, i.e. spools (W).
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Side } from '../engine/index.js';
import type { Point } from './layout.js';
import { COLOURS } from './theme.js';

/** Draws a pawn of `side` standing on `at` (its centre), `height` pixels tall. */
export function drawPawn(ctx: SKRSContext2D, side: Side, at: Point, height: number): void {
  ctx.save();
  ctx.translate(at.x, at.y);
  ctx.scale(height / 100, height / 100);
  if (side === 'B') drawCone(ctx);
  else drawReel(ctx);
  ctx.restore();
}

// Both shapes are drawn in a 100-unit box centred on the origin.

function drawCone(ctx: SKRSContext2D): void {
  ctx.lineJoin = 'round';
  ctx.lineWidth = 5;
  ctx.strokeStyle = COLOURS.darkPawnLine;
  ctx.fillStyle = COLOURS.darkPawn;
  ctx.beginPath();
  ctx.moveTo(-34, 38);
  ctx.lineTo(-9, -30);
  ctx.quadraticCurveTo(0, -36, 9, -30);
  ctx.lineTo(34, 38);
  ctx.ellipse(0, 38, 34, 10, 0, 0, Math.PI, false);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  // The knob on top, and a highlight so the cone reads as round, not as a flat triangle.
  ctx.beginPath();
  ctx.arc(0, -36, 13, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = COLOURS.darkPawnShade;
  ctx.lineWidth = 6;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(-20, 30);
  ctx.lineTo(-6, -14);
  ctx.stroke();
}

function drawReel(ctx: SKRSContext2D): void {
  ctx.lineJoin = 'round';
  ctx.lineWidth = 5;
  ctx.strokeStyle = COLOURS.lightPawnLine;
  ctx.fillStyle = COLOURS.lightPawn;
  // The waist between the flanges, with concave sides.
  ctx.beginPath();
  ctx.moveTo(-24, -32);
  ctx.quadraticCurveTo(-10, 0, -24, 32);
  ctx.lineTo(24, 32);
  ctx.quadraticCurveTo(10, 0, 24, -32);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  // Thread wound on the waist.
  ctx.strokeStyle = COLOURS.lightPawnShade;
  ctx.lineWidth = 4;
  for (const y of [-12, 0, 12]) {
    ctx.beginPath();
    ctx.moveTo(-15, y);
    ctx.lineTo(15, y);
    ctx.stroke();
  }
  // The two flanges.
  ctx.strokeStyle = COLOURS.lightPawnLine;
  ctx.lineWidth = 5;
  for (const y of [-46, 30]) {
    ctx.beginPath();
    ctx.roundRect(-34, y, 68, 16, 6);
    ctx.fill();
    ctx.stroke();
  }
}

/**
 * The four casting sticks of a throw, standing side by side from `origin` (top-left), each
 * `width` × `height`. Bit i of `sticks` set = stick i shows its light face.
 */
export function drawSticks(ctx: SKRSContext2D, sticks: number, origin: Point, width: number, height: number): void {
  const gap = Math.round(width * 0.6);
  ctx.lineWidth = 2;
  ctx.strokeStyle = COLOURS.stickLine;
  for (let i = 0; i < 4; i++) {
    const light = (sticks >> i) & 1;
    const x = origin.x + i * (width + gap);
    ctx.fillStyle = light ? COLOURS.stickLight : COLOURS.stickDark;
    ctx.beginPath();
    ctx.roundRect(x, origin.y, width, height, width / 2);
    ctx.fill();
    ctx.stroke();
    // The light face is the flat, marked side: a few notches tell it apart without colour.
    if (light) {
      ctx.strokeStyle = COLOURS.stickDark;
      for (let k = 1; k <= 3; k++) {
        const y = origin.y + (height * k) / 4;
        ctx.beginPath();
        ctx.moveTo(x + 3, y);
        ctx.lineTo(x + width - 3, y);
        ctx.stroke();
      }
      ctx.strokeStyle = COLOURS.stickLine;
    }
  }
}

/** How wide `drawSticks` draws for a stick `width`. */
export function sticksWidth(width: number): number {
  return 4 * width + 3 * Math.round(width * 0.6);
}
