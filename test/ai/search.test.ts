// The search's speed-ups must not change a single decision: positions reused per depth
// (Position.copyFrom) and a memo of scores. Hard's games are pinned to those the first,
// clone-based search played; the tournament's figures in docs/contributors.md were measured with it.
import { createHash } from 'node:crypto';
import { unwrap } from '../../src/lib/result.js';
import { describe, expect, it } from 'vitest';
import { Position, resolveRules, type Rules, toState } from '../../src/engine/index.js';
import { chooseCode } from '../../src/ai/choose.js';
import { playCode } from '../../src/ai/codes.js';
import { BALANCE_CONFIGS } from '../../src/ai/configs.js';
import { ScoreMemo } from '../../src/ai/memo.js';

/** Digest of the actions of two hard-versus-hard games (seeds 1 and 2). */
function hardGames(rules: Rules): string {
  const hash = createHash('sha256');
  for (let seed = 1; seed <= 2; seed++) {
    const pos = Position.start(rules, seed);
    const codes: number[] = [];
    while (pos.phase !== 'over') {
      const code = chooseCode(pos, 'hard', seed * 7919 + pos.ply);
      codes.push(code);
      playCode(pos, code);
    }
    hash.update(codes.join(','));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Measured with the clone-based search (commit d5d7424). */
const PINNED: Record<string, string> = {
  kendall: '91c5d33d79a90b59',
  traditional: 'ce1eb1029389a1ab',
  pennsic: '77b6ea62692c97a0',
  dancers: '52ab96ff4dda37cb',
  regency: '361243c0f07c82f7',
  'kendall-7': 'a1f53ad5e819d461',
  'kendall-plain': '8e0e02b13e52b38d',
  'regency-variations': 'aad75dc0f7c2d0d5',
};

describe('hard plays the same games as before the speed-ups', () => {
  for (const config of BALANCE_CONFIGS) {
    it(config.name, () => expect(hardGames(config.rules)).toBe(PINNED[config.name]));
  }
});

function kendall(): Rules {
  return unwrap(resolveRules('kendall', {}));
}

describe('Position.copyFrom', () => {
  it('copies the game position, and the copy then plays on its own', () => {
    const original = Position.start(kendall(), 5);
    for (let i = 0; i < 40 && original.phase !== 'over'; i++) playCode(original, chooseCode(original, 'easy', i));
    const copy = Position.start(kendall(), 99).copyFrom(original);
    const withoutGenerator = (pos: Position) => ({ ...toState(pos), rng: null, moves: pos.moves([]) });
    expect(withoutGenerator(copy)).toEqual(withoutGenerator(original));
    const before = withoutGenerator(original);
    while (copy.phase !== 'over') playCode(copy, chooseCode(copy, 'easy', copy.ply));
    expect(withoutGenerator(original)).toEqual(before);
  });

  it('refuses a position of other rules', () => {
    const other = unwrap(resolveRules('dancers', {}));
    if (typeof other === 'string') throw new Error(other);
    expect(() => Position.start(kendall(), 1).copyFrom(Position.start(other, 1))).toThrow(/different rules/);
  });
});

describe('ScoreMemo', () => {
  it('returns NaN until a key is stored, then its score', () => {
    const memo = new ScoreMemo();
    expect(memo.get(6, 1 << 20, 3)).toBeNaN();
    memo.set(6, 1 << 20, 3, -12.5);
    expect(memo.get(6, 1 << 20, 3)).toBe(-12.5);
    expect(memo.get(6, 1 << 20, 4)).toBeNaN();
    expect(memo.get(7, 1 << 20, 3)).toBeNaN();
  });
});
