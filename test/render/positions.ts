// Fixed positions for the renderer's golden tests, its benchmark and the README pictures:
// every rule set's start, busy mid-game positions with many move markers, and finished games.
import { unwrap } from '../../src/lib/result.js';
import {
  type Action,
  FixedSticks,
  type RuleSetId,
  type Rules,
  optionSpecs,
  resolveRules,
  sticksFor,
  type GameState,
  type Move,
  RULESET_IDS,
  type Setup,
  applyAction,
  legalMoves,
  newGame,
  setupGame,
} from '../../src/engine/index.js';
import type { BoardView } from '../../src/render/index.js';

export interface Sample {
  name: string;
  state: GameState;
  view: BoardView;
}

export const NAMES = { W: 'Nefertari', B: 'Senenmut' } as const;

type Step = Action & { sticks?: number };

/** A set-up position after `steps` were played (a last move to show, a capture, a win). */
function after(setup: Setup, steps: Step[] = []): GameState {
  let state = unwrap(setupGame(setup));
  for (const { sticks, ...action } of steps) {
    const applied = unwrap(
      applyAction(state, action, sticks === undefined ? undefined : { source: new FixedSticks([sticks]) }),
    );
    state = applied.state;
  }
  return state;
}

/** The sticks of a throw of `value` in `ruleset` (light sides first). */
function sticks(ruleset: RuleSetId, value: number): number {
  const rules = unwrap(resolveRules(ruleset, {}));
  return sticksFor(rules.throwTable, value);
}

/** A view that numbers every legal move, as the bot's buttons do. */
function choosing(state: GameState): BoardView {
  const moves: Move[] = state.phase === 'over' ? [] : legalMoves(state);
  return { names: { ...NAMES }, moves };
}

function sampleOf(name: string, state: GameState): Sample {
  return { name, state, view: choosing(state) };
}

const starts: Sample[] = RULESET_IDS.map((id) => sampleOf(`${id}-start`, unwrap(newGame(id, {}, 7))));

export const samples: Sample[] = [
  ...starts,
  // Black swaps with White's pawn on 17, then White throws 2: five pawns can move.
  sampleOf(
    'kendall-mid',
    after({ ruleset: 'kendall', board: '..W.B..WB.W.BB..W....W..B.....', toMove: 'B', throw: 3 }, [
      { type: 'move', from: 14, to: 17 },
      { type: 'throw', sticks: sticks('kendall', 2) },
    ]),
  ),
  // White knocks a Black dancer off the board; Black throws 4 and may enter one on 4.
  sampleOf(
    'dancers-mid',
    after({ ruleset: 'dancers', board: '...W.B..W....B.....W.B.W......', waiting: { B: 1 }, toMove: 'W', throw: 2 }, [
      { type: 'move', from: 4, to: 6 },
      { type: 'throw', sticks: sticks('dancers', 4) },
    ]),
  ),
  // Near the end: bearing off from the House of Three Truths is one of the choices.
  sampleOf(
    'traditional-end',
    after({ ruleset: 'traditional', board: '..............B...BWB.WBBW.W..', toMove: 'W', throw: 3 }),
  ),
  // White's pawn sits in the House of Waters: it may go back to 15 instead of throwing.
  sampleOf(
    'pennsic-waters',
    after({ ruleset: 'pennsic', board: '....WB..B..W...B.W.B...WB.W...', toMove: 'W', throw: null, unmoved: [] }),
  ),
  // White, stuck on the last squares, forfeits a 4: Black may take it or throw.
  sampleOf(
    'kendall-offer',
    after({ ruleset: 'kendall', board: '.........B.B...........BBB.WWW', toMove: 'W', throw: null, unmoved: [] }, [
      { type: 'throw', sticks: sticks('kendall', 4) },
    ]),
  ),
  // White bears off the last pawn and wins, scoring points from Black's position.
  sampleOf(
    'regency-over',
    after({ ruleset: 'regency', board: '..B....B...B......B.....B...W.', toMove: 'W', throw: 2, unmoved: [] }, [
      { type: 'move', from: 29, to: 31 },
    ]),
  ),
];

/** The rules in force under every complete choice of every rule set's options. */
export const everyRules: Rules[] = RULESET_IDS.flatMap((id) => {
  let combos: Record<string, unknown>[] = [{}];
  for (const [name, spec] of optionSpecs(id)) {
    const values: unknown[] = spec.kind === 'flag' ? [true, false] : [...spec.choices];
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value })));
  }
  return combos.map((options) => unwrap(resolveRules(id, options)));
});

export function sample(name: string): Sample {
  const found = samples.find((s) => s.name === name);
  if (!found) throw new Error(`no sample named ${name}`);
  return found;
}
