// The game's words built from the engine's data: every special square of every rule set (under
// every choice of options) has its catalog key, whose English is the rule set's own name; titles,
// options, moves and what happened read as before the catalogs.
import { describe, expect, it } from 'vitest';
import { type GameEvent, RULESET_IDS, type RuleSetId, optionSpecs, resolveRules } from '../../src/engine/index.js';
import { unwrap } from '../../src/lib/result.js';
import { describeEvents } from '../../src/i18n/describe.js';
import { moveLabel, squareKey, squareName, variantTitle } from '../../src/i18n/gameWords.js';
import { catalog, translator } from '../../src/i18n/index.js';

const t = translator('en');

/** Every complete choice of a rule set's options (kendall: 3 × 2 × 2 × 2). */
function everyOptions(id: RuleSetId): Record<string, unknown>[] {
  let combos: Record<string, unknown>[] = [{}];
  for (const [name, spec] of optionSpecs(id)) {
    const values: unknown[] = spec.kind === 'flag' ? [true, false] : [...spec.choices];
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value })));
  }
  return combos;
}

describe('special squares', () => {
  it.each(RULESET_IDS.map((id) => [id] as const))(
    '%s: every special square under every options has a key, in English the rule set’s name',
    (id) => {
      let seen = 0;
      for (const options of everyOptions(id)) {
        const rules = unwrap(resolveRules(id, options));
        for (const [square, info] of Object.entries(rules.squares)) {
          const key = squareKey(rules, Number(square));
          expect(catalog('en'), key).toHaveProperty([key]);
          expect(squareName(t, rules, Number(square))).toBe(info.name);
          seen++;
        }
      }
      expect(seen).toBeGreaterThan(0);
    },
  );

  it('keys a square an option renames apart from the default one', () => {
    const plain = unwrap(resolveRules('regency', {}));
    const varied = unwrap(resolveRules('regency', { variations: true }));
    expect(squareKey(plain, 26)).toBe('square.regency.26');
    expect(squareKey(varied, 26)).toBe('square.regency.variations.26');
    expect(squareKey(varied, 28)).toBe('square.regency.28');
    expect(squareName(t, plain, 26)).toBe('Refuge');
    expect(squareName(t, varied, 26)).toBe('House of Happiness');
    expect(squareName(t, plain, 14)).toBeUndefined();
  });
});

describe('titles and labels', () => {
  it('names a rule set with the options that differ from its defaults', () => {
    expect(variantTitle(t, 'kendall', {})).toBe('Kendall');
    expect(variantTitle(t, 'regency', { variations: true })).toBe('Regency (with variations)');
    expect(variantTitle(t, 'kendall', { pawns: 7, safePairs: false })).toBe('Kendall (7 pawns, no safe pairs)');
  });

  it('has words for every value of every option', () => {
    for (const id of RULESET_IDS) {
      for (const options of everyOptions(id)) expect(variantTitle(t, id, options)).not.toMatch(/option\.|title\./);
    }
  });

  it('labels moves as the buttons show them', () => {
    expect(moveLabel(t, 17, 20)).toBe('17 → 20');
    expect(moveLabel(t, 28, 31)).toBe('28 → off');
    expect(moveLabel(t, 0, 4)).toBe('enter → 4');
  });
});

describe('describing what happened', () => {
  const names = { W: 'Ana', B: 'Ben' };

  it('says throws, moves, swaps, square effects and extra throws in words', () => {
    const events: GameEvent[] = [
      { type: 'throw', side: 'W', throw: { sticks: 0b0111, value: 3 } },
      {
        type: 'move',
        side: 'W',
        from: 17,
        to: 20,
        end: 20,
        backward: false,
        captured: { side: 'B', from: 20, to: 17 },
        effect: null,
      },
    ];
    expect(describeEvents(t, events, 'kendall', names)).toBe('Ana threw 3: 17 → 20, swapping with Ben');
    expect(
      describeEvents(
        t,
        [
          { type: 'throw', side: 'B', throw: { sticks: 0, value: 5 } },
          { type: 'pass', side: 'B', value: 5 },
        ],
        'traditional',
        names,
      ),
    ).toBe('Ben threw 5: no legal move, the turn passes');
    expect(
      describeEvents(
        t,
        [
          { type: 'throw', side: 'B', throw: { sticks: 1, value: 1 } },
          { type: 'move', side: 'B', from: 14, to: 15, end: 1, backward: false, captured: null, effect: 'sendTo' },
          { type: 'extraThrow', side: 'B' },
        ],
        'pennsic',
        names,
      ),
    ).toBe('Ben threw 1: 14 → 15, the House of Second Life sends it to 1, another throw');
  });

  it('starts a sentence for a move made without a throw, and joins successive throws', () => {
    const events: GameEvent[] = [
      { type: 'move', side: 'W', from: 0, to: 4, end: 4, backward: false, captured: null, effect: null },
      { type: 'throw', side: 'W', throw: { sticks: 0b0001, value: 1 } },
      { type: 'move', side: 'W', from: 4, to: 5, end: 5, backward: false, captured: null, effect: null },
    ];
    expect(describeEvents(t, events, 'dancers', names)).toBe('Ana enters on 4; Ana threw 1: 4 → 5');
  });

  it('names the winner and the score', () => {
    const events: GameEvent[] = [
      { type: 'throw', side: 'W', throw: { sticks: 1, value: 1 } },
      { type: 'move', side: 'W', from: 29, to: 30, end: 31, backward: false, captured: null, effect: 'off' },
      { type: 'win', side: 'W', score: 7 },
    ];
    expect(describeEvents(t, events, 'regency', names)).toBe(
      'Ana threw 1: 29 → 30, and off the board. Ana wins scoring 7 points!',
    );
    expect(describeEvents(t, [{ type: 'win', side: 'B', score: 1 }], 'regency', names)).toBe(
      'Ben wins scoring 1 point!',
    );
  });
});
