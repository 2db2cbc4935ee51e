// Markers and arrows never cover what names a square or a tray: computed from the layout's
// geometry (not from pixels) for every rule set and option, every special square, every place a
// move marker can stand and every last move an arrow can show (any square or tray to any other,
// on either track of a row's lane, for either side).
import { describe, expect, it } from 'vitest';
import { OFF, type Rules, SIDES, WAITING } from '../../src/engine/index.js';
import {
  CELL,
  MARKER_RADIUS,
  NAME_BOX,
  NUMBER_BOX,
  OFF_TRAY,
  type Point,
  type Rect,
  TARGET_INSET,
  TARGET_LINE,
  WAITING_TRAY,
  cellMarkerAt,
  cellRect,
  hasStartTray,
  inset,
  onCell,
  overlaps,
  trayCountBox,
  trayLabelBox,
  trayMarkerAt,
} from '../../src/render/layout.js';
import { ARROW_HALF_WIDTH, arrowHead, moveMarkers, route } from '../../src/render/markers.js';
import { everyRules } from './positions.js';

const squares = Array.from({ length: 30 }, (_, i) => i + 1);

/** What must stay readable under `rules`: special squares' names, the trays' labels and counts. */
function labelled(rules: Rules): { what: string; box: Rect }[] {
  const trays = hasStartTray(rules) ? [WAITING_TRAY, OFF_TRAY] : [OFF_TRAY];
  return [
    ...Object.keys(rules.squares).map((square) => ({
      what: `name of ${square}`,
      box: onCell(Number(square), NAME_BOX),
    })),
    ...trays.flatMap((tray) => [
      { what: `label of tray at ${tray.x}`, box: trayLabelBox(tray) },
      ...SIDES.map((side) => ({ what: `count of ${side} in tray at ${tray.x}`, box: trayCountBox(tray, side) })),
    ]),
  ];
}

const numbers = squares.map((square) => ({ what: `number of ${square}`, box: onCell(square, NUMBER_BOX) }));

const markerBox = (at: Point): Rect => ({
  x: at.x - MARKER_RADIUS - 2,
  y: at.y - MARKER_RADIUS - 2,
  w: 2 * MARKER_RADIUS + 4,
  h: 2 * MARKER_RADIUS + 4,
});

/** The distance from `p` to the nearest point of `box` (0 inside it). */
function distance(p: Point, box: Rect): number {
  const dx = Math.max(box.x - p.x, 0, p.x - (box.x + box.w));
  const dy = Math.max(box.y - p.y, 0, p.y - (box.y + box.h));
  return Math.hypot(dx, dy);
}

/** Points every unit along the path's legs (its rounded corners lie inside the legs' hull). */
function along(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y)));
    for (let k = 0; k <= steps; k++)
      out.push({ x: a.x + ((b.x - a.x) * k) / steps, y: a.y + ((b.y - a.y) * k) / steps });
  }
  return out;
}

/** Points filling an arrowhead's triangle. */
function headPoints(points: readonly Point[]): Point[] {
  const [tip, a, b] = arrowHead(points);
  const out: Point[] = [];
  for (let i = 0; i <= 12; i++) {
    for (let j = 0; i + j <= 12; j++) {
      const u = i / 12;
      const v = j / 12;
      out.push({ x: tip.x + (a.x - tip.x) * u + (b.x - tip.x) * v, y: tip.y + (a.y - tip.y) * u + (b.y - tip.y) * v });
    }
  }
  return out;
}

describe.each(everyRules.map((rules) => [`${rules.id} ${JSON.stringify(rules.options)}`, rules] as const))(
  '%s',
  (_name, rules) => {
    const protectedBoxes = labelled(rules);

    it('a move marker on any square covers no name, label, count or square number, and stays in its cell', () => {
      for (const square of squares) {
        const box = markerBox(cellMarkerAt(square));
        for (const { what, box: other } of [...protectedBoxes, ...numbers])
          expect(overlaps(box, other), `marker on ${square} covers ${what}`).toBe(false);
        const cell = cellRect(square);
        expect(
          box.x >= cell.x && box.y >= cell.y && box.x + box.w <= cell.x + CELL && box.y + box.h <= cell.y + CELL,
        ).toBe(true);
      }
    });

    it('the markers in the trays (as many as the tray has slots, and more) cover no label or count', () => {
      for (const tray of [WAITING_TRAY, OFF_TRAY]) {
        for (let k = 0; k < 8; k++) {
          const box = markerBox(trayMarkerAt(tray, k));
          for (const { what, box: other } of protectedBoxes)
            expect(overlaps(box, other), `marker ${k} in tray at ${tray.x} covers ${what}`).toBe(false);
        }
      }
    });

    it('the markers the renderer places for moves into and out of the trays are where the layout says', () => {
      const entering = moveMarkers([{ from: WAITING, to: 3 }]);
      expect(entering.find((m) => m.kind === 'pawn')!.at).toEqual(trayMarkerAt(WAITING_TRAY, 0));
      const bearingOff = moveMarkers([
        { from: 27, to: OFF },
        { from: 29, to: OFF },
        { from: 30, to: OFF },
      ]);
      expect(bearingOff.filter((m) => m.kind === 'target').map((m) => m.at)).toEqual(
        [0, 1, 2].map((k) => trayMarkerAt(OFF_TRAY, k)),
      );
    });

    it('a target square’s dashed outline runs outside its name', () => {
      const inner = TARGET_INSET + TARGET_LINE / 2;
      for (const square of Object.keys(rules.squares).map(Number)) {
        const name = onCell(square, NAME_BOX);
        const free = inset(cellRect(square), inner);
        expect(name.x >= free.x && name.y >= free.y, `outline on ${square}`).toBe(true);
        expect(name.x + name.w <= free.x + free.w && name.y + name.h <= free.y + free.h, `outline on ${square}`).toBe(
          true,
        );
      }
    });
  },
);

/**
 * The arrows depend only on which squares are special and whether there is a start tray: each
 * such board is checked once, naming the rule sets it stands for.
 */
const boards: Rules[][] = [];
const boardKey = (rules: Rules): string => `${Object.keys(rules.squares).join(',')} ${hasStartTray(rules)}`;
for (const rules of everyRules) {
  const same = boards.find((group) => boardKey(group[0]!) === boardKey(rules));
  if (same) same.push(rules);
  else boards.push([rules]);
}

describe.each(
  boards.map((group) => [group.map((r) => `${r.id} ${JSON.stringify(r.options)}`).join('; '), group[0]!] as const),
)('arrows on the board of %s', (_name, rules) => {
  const protectedBoxes = labelled(rules);

  it('no last-move arrow crosses a square’s name or a tray’s label or count', () => {
    const starts = hasStartTray(rules) ? [WAITING, ...squares] : squares;
    const ends = [...squares, OFF, ...(hasStartTray(rules) ? [WAITING] : [])];
    let arrows = 0;
    for (const from of starts) {
      for (const to of ends) {
        if (from === to) continue;
        for (const side of SIDES) {
          for (const track of [-1, 1]) {
            const points = route(from, to, side, rules.squares, track);
            expect(points.length, `${from} → ${to}`).toBeGreaterThanOrEqual(2);
            arrows++;
            const line = along(points);
            const head = headPoints(points);
            const reach = boundsOf([...line, ...head], ARROW_HALF_WIDTH + 1);
            for (const { what, box } of protectedBoxes) {
              if (!overlaps(reach, box)) continue;
              const clear =
                line.every((p) => distance(p, box) > ARROW_HALF_WIDTH + 0.5) && head.every((p) => distance(p, box) > 0);
              expect(clear, `${side} ${from} → ${to} (track ${track}) crosses ${what}`).toBe(true);
            }
          }
        }
      }
    }
    expect(arrows).toBeGreaterThan(3000);
  });
});

/** The rectangle around `points`, grown by `by`. */
function boundsOf(points: readonly Point[], by: number): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs) - by;
  const y = Math.min(...ys) - by;
  return { x, y, w: Math.max(...xs) + by - x, h: Math.max(...ys) + by - y };
}
