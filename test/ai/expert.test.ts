// Expert: its pruned search finds the same values as a plain expectiminimax, its learned win
// chance behaves as a probability, and its choices are pinned so a speed-up cannot silently
// change its play (the tournament's figures in docs/contributors.md were measured with these choices).
import { unwrap } from '../../src/lib/result.js';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Position, type Rules, setupGame, sticksFor, throwDistribution, toPosition } from '../../src/engine/index.js';
import { chooseCode } from '../../src/ai/choose.js';
import { TAKE, THROW, legalCodes, playCode } from '../../src/ai/codes.js';
import { TOURNAMENT_CONFIGS } from '../../src/ai/configs.js';
import { searchedChance } from '../../src/ai/expert.js';
import { decisionSeed } from '../../src/ai/selfplay.js';
import { weightsKey, winChance } from '../../src/ai/winChance.js';
import { WIN_WEIGHTS } from '../../src/ai/winWeights.js';

/** Positions where the side to move is about to throw, met in a medium-versus-easy game. */
function throwPositions(rules: Rules, seed: number, every: number): Position[] {
  const pos = Position.start(rules, seed);
  const out: Position[] = [];
  while (pos.phase !== 'over') {
    if (pos.phase === 'throw' && pos.canThrow() && pos.ply % every === 0) out.push(pos.clone());
    playCode(pos, chooseCode(pos, pos.turn === 1 ? 'medium' : 'easy', decisionSeed(seed, pos.ply)));
  }
  return out;
}

/** Plain expectiminimax over winChance, as expert's search without its windows. */
function reference(pos: Position, budget: number): number {
  if (pos.phase === 'over' || (pos.phase === 'throw' && budget === 0)) return winChance(pos);
  const values = legalCodes(pos, []).map((code) => {
    if (code === THROW) return throwValue(pos, budget - 1);
    const child = pos.clone();
    if (code === TAKE) child.take();
    else child.play(code);
    return reference(child, budget);
  });
  return pos.turn === 1 ? Math.max(...values) : Math.min(...values);
}

function throwValue(pos: Position, budget: number): number {
  let sum = 0;
  for (const { value, chance } of throwDistribution(pos.rules.throwTable)) {
    const child = pos.clone();
    const sticks = sticksFor(pos.rules.throwTable, value);
    child.throwSticks({ sticks: () => sticks });
    sum += chance * reference(child, budget);
  }
  return sum;
}

describe.each(TOURNAMENT_CONFIGS.map((c) => [c.name, c.rules] as const))('%s', (_name, rules) => {
  it('Star1 pruning gives the value a plain expectiminimax gives', () => {
    for (const pos of throwPositions(rules, 3, 25).slice(0, 6))
      expect(searchedChance(pos, 1, WIN_WEIGHTS)).toBeCloseTo(throwValue(pos, 1), 12);
  });

  it('winChance is a probability strictly between 0 and 1 while the game goes on', () => {
    for (const pos of throwPositions(rules, 4, 7)) {
      const chance = winChance(pos);
      expect(chance).toBeGreaterThan(0);
      expect(chance).toBeLessThan(1);
    }
  });

  it('winChance scores with the weights it is given, and the fitted ones by default', () => {
    const even = { [weightsKey(rules)]: [0, 0] };
    for (const pos of throwPositions(rules, 4, 7)) {
      expect(winChance(pos, even)).toBe(0.5);
      expect(winChance(pos)).toBe(winChance(pos, WIN_WEIGHTS));
    }
  });
});

/** Digest of expert's choices at the first 30 real decisions of a medium-versus-easy game. */
function expertChoices(rules: Rules): string {
  const pos = Position.start(rules, 5);
  const chosen: number[] = [];
  while (pos.phase !== 'over' && chosen.length < 30) {
    if (legalCodes(pos, []).length > 1) chosen.push(chooseCode(pos, 'expert', decisionSeed(5, pos.ply)));
    playCode(pos, chooseCode(pos, pos.turn === 1 ? 'medium' : 'easy', decisionSeed(6, pos.ply)));
  }
  return createHash('sha256').update(chosen.join(',')).digest('hex').slice(0, 16);
}

/** Expert's choices as the tournament in docs/contributors.md measured them. */
const PINNED: Record<string, string> = {
  kendall: '552472adfc6bbaf8',
  traditional: '1d20352e36c00bde',
  pennsic: 'aafebbbc610d25e3',
  dancers: 'f9c8c5be4aa789ec',
  regency: '09fcfe12a1ad4b2b',
  'kendall-7': 'bb7be87d37009715',
};

describe('expert plays as when its tournament figures were measured', () => {
  for (const { name, rules } of TOURNAMENT_CONFIGS) it(name, () => expect(expertChoices(rules)).toBe(PINNED[name]));
});

describe('winChance', () => {
  function position(board: string, toMove: 'W' | 'B'): Position {
    const state = unwrap(setupGame({ ruleset: 'traditional', board, toMove, throw: null }));
    const pos = unwrap(toPosition(state));
    return pos;
  }

  it('favours the side far ahead in the race, whoever is to throw', () => {
    // W's five pawns are on the last row, B's still at the start.
    const ahead = 'B.B.B.B.B....................W'.slice(0, 25) + 'WWWWW';
    expect(winChance(position(ahead, 'W'))).toBeGreaterThan(0.9);
    expect(winChance(position(ahead, 'B'))).toBeGreaterThan(0.9);
  });

  it('is 1 or 0 once the game is won', () => {
    const pos = position('B.B.B.B.B.......W.W.W.W.W.....', 'W');
    pos.winner = 1;
    expect(winChance(pos)).toBe(1);
    pos.winner = 2;
    expect(winChance(pos)).toBe(0);
  });
});
