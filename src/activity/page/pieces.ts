// The pawns and the casting sticks as the page draws them: the chat picture's shapes
// (src/render/pieces.ts, drawn there on a canvas) as SVG, in the picture's colours. The sides
// differ in shape as well as colour, so a colour-blind player tells them apart: dark cones (B)
// and light reels, i.e. spools (W).
import type { Side } from '../../engine/index.js';
import { COLOURS } from '../../render/theme.js';

const SVG = 'http://www.w3.org/2000/svg';

type Attributes = Record<string, string | number>;

function svgElement(name: string, attributes: Attributes): SVGElement {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

const line = (colour: string, width: number): Attributes => ({
  stroke: colour,
  'stroke-width': width,
  'stroke-linejoin': 'round',
  'stroke-linecap': 'round',
});

/** The shapes of both pawns in a 100-unit box centred on the origin, as src/render/pieces.ts draws them. */
const SHAPES: Record<Side, readonly [string, Attributes][]> = {
  B: [
    [
      'path',
      {
        d: 'M-34 38L-9 -30Q0 -36 9 -30L34 38A34 10 0 0 1 -34 38Z',
        fill: COLOURS.darkPawn,
        ...line(COLOURS.darkPawnLine, 5),
      },
    ],
    ['circle', { cx: 0, cy: -36, r: 13, fill: COLOURS.darkPawn, ...line(COLOURS.darkPawnLine, 5) }],
    // A highlight so the cone reads as round, not as a flat triangle.
    ['path', { d: 'M-20 30L-6 -14', fill: 'none', ...line(COLOURS.darkPawnShade, 6) }],
  ],
  W: [
    [
      'path',
      {
        d: 'M-24 -32Q-10 0 -24 32L24 32Q10 0 24 -32Z',
        fill: COLOURS.lightPawn,
        ...line(COLOURS.lightPawnLine, 5),
      },
    ],
    // Thread wound on the waist, then the two flanges.
    ['path', { d: 'M-15 -12H15M-15 0H15M-15 12H15', fill: 'none', ...line(COLOURS.lightPawnShade, 4) }],
    [
      'rect',
      { x: -34, y: -46, width: 68, height: 16, rx: 6, fill: COLOURS.lightPawn, ...line(COLOURS.lightPawnLine, 5) },
    ],
    [
      'rect',
      { x: -34, y: 30, width: 68, height: 16, rx: 6, fill: COLOURS.lightPawn, ...line(COLOURS.lightPawnLine, 5) },
    ],
  ],
};

/** A pawn of `side` as an SVG image that fills its box (hidden from screen readers: its square says it). */
export function pawnImage(side: Side): SVGElement {
  const svg = svgElement('svg', { viewBox: '-52 -52 104 104', class: `pawn pawn-${side}`, 'aria-hidden': 'true' });
  for (const [name, attributes] of SHAPES[side]) svg.append(svgElement(name, attributes));
  return svg;
}
