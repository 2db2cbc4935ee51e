// A message holds at most 25 buttons (5 rows of 5). A pawn moves at most one way per throw, so
// the choices are at most pawns (≤ 7) + take + throw ≤ 9: checked here over many random games
// of every rule set (and Kendall with 7 pawns), through the real button builder.
import { unwrap } from '../../src/lib/result.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choiceRows, BUTTONS_PER_ROW, MAX_ROWS } from '../../src/chat/messages.js';
import { decodeButtonId, encodeButtonId, type ButtonId } from '../../src/chat/customIds.js';
import { RULESET_IDS, applyAction, legalActions, newGame, type RuleOptions } from '../../src/engine/index.js';
import { choicesFor } from '../../src/game/choices.js';
import { translator } from '../../src/i18n/index.js';

const VARIANTS: { ruleset: (typeof RULESET_IDS)[number]; options: RuleOptions }[] = [
  ...RULESET_IDS.map((ruleset) => ({ ruleset, options: {} })),
  { ruleset: 'kendall', options: { pawns: 7 } },
  { ruleset: 'kendall', options: { pawns: 7, safePairs: false, blockingThrees: false, lastRowBearOff: false } },
];

describe.each(VARIANTS)('buttons for $ruleset $options', ({ ruleset, options }) => {
  it('never exceed 9 choices, nor Discord’s 5 rows of 5, over random games', () => {
    let positions = 0;
    let most = 0;
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.nat(), { minLength: 400, maxLength: 400 }), (seed, picks) => {
        let state = unwrap(newGame(ruleset, options, seed));
        for (const pick of picks) {
          const choices = choicesFor(translator(), state, legalActions(state));
          if (choices.length === 0) break;
          positions++;
          most = Math.max(most, choices.length);
          expect(choices.length).toBeLessThanOrEqual(9);
          const rows = choiceRows({ gameId: 1, version: state.ply, choices });
          expect(rows.length).toBeLessThanOrEqual(MAX_ROWS);
          for (const row of rows) expect(row.components.length).toBeLessThanOrEqual(BUTTONS_PER_ROW);
          // Every button's id names its action, and ids are unique within a message.
          const ids = rows.flatMap((r) => r.components.map((b) => (b.toJSON() as { custom_id: string }).custom_id));
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.map((id) => decodeButtonId(id))).toEqual(
            choices.map((c) => ({ kind: 'act', gameId: 1, version: state.ply, action: c.action })),
          );
          const next = unwrap(applyAction(state, choices[pick % choices.length]!.action));
          state = next.state;
        }
      }),
      { numRuns: 12 },
    );
    expect(positions).toBeGreaterThan(2000);
    expect(most).toBeGreaterThanOrEqual(2);
  });
});

describe('custom ids', () => {
  const action = fc.oneof(
    fc.constant({ type: 'throw' as const }),
    fc.constant({ type: 'take' as const }),
    fc.record({
      type: fc.constant('move' as const),
      from: fc.integer({ min: 0, max: 31 }),
      to: fc.integer({ min: 0, max: 31 }),
    }),
  );
  const id = fc.integer({ min: 1, max: 2 ** 40 });
  const snowflake = fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }).map(String);
  const step = () => fc.constantFrom('ask' as const, 'yes' as const, 'no' as const);
  const buttonId: fc.Arbitrary<ButtonId> = fc.oneof(
    fc.record({ kind: fc.constant('act' as const), gameId: id, version: fc.nat({ max: 100_000 }), action }),
    fc.record({ kind: fc.constantFrom('accept' as const, 'decline' as const), challengeId: id }),
    fc.record({ kind: fc.constant('rematch' as const), gameId: id }),
    fc.record({ kind: fc.constant('privacy' as const), step: step(), userId: snowflake }),
    fc.record({ kind: fc.constant('serverData' as const), step: step(), guildId: snowflake }),
  );

  it('round-trip and stay within Discord’s 100 characters', () => {
    fc.assert(
      fc.property(buttonId, (b) => {
        const encoded = encodeButtonId(b);
        expect(encoded.length).toBeLessThanOrEqual(100);
        expect(decodeButtonId(encoded)).toEqual(b);
      }),
    );
  });

  it('anything else is rejected as forged, never thrown on', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        const decoded = decodeButtonId(text);
        if (decoded) expect(encodeButtonId(decoded)).toBe(text);
      }),
    );
    for (const forged of [
      'senet:act:0:1:t',
      'senet:act:1:1:m40-2',
      'senet:act:1:-1:t',
      'senet:accept:1:2',
      'senet:act:1:1:t:extra',
      'senet:act:1.5:1:t',
      'senet:privacy:delete:123',
      'senet:privacy:yes:12a',
      'senet:serverdata:no:',
      'senet:privacy:yes:1:2',
    ]) {
      expect(decodeButtonId(forged)).toBeNull();
    }
  });

  it('the legal actions of a fresh game all encode', () => {
    const state = unwrap(newGame('kendall', {}, 3));
    for (const a of legalActions(state))
      expect(decodeButtonId(encodeButtonId({ kind: 'act', gameId: 9, version: 0, action: a }))).not.toBeNull();
  });
});
