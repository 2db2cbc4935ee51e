// `npm run bench -- ai`: how long the computer player takes to decide, per rule set and strength,
// over positions with a real choice taken from medium-versus-easy games. Reported as
// ai.<ruleset>.<strength>.p50 / .p99 in ms of wall time, and .cpu.p50 / .cpu.p99 in ms of CPU time
// (targets: hard p99 ≤ 50 ms; expert p50 ≤ 20 ms, p99 ≤ 100 ms); kendall with 7 pawns is kendall-7.
import { type GameState, Position, type Rules, legalActions, toState } from '../src/engine/index.js';
import { STRENGTHS, chooseAction } from '../src/ai/index.js';
import { chooseCode } from '../src/ai/choose.js';
import { TOURNAMENT_CONFIGS } from '../src/ai/configs.js';
import { playCode } from '../src/ai/codes.js';
import { decisionSeed } from '../src/ai/selfplay.js';
import type { Report } from './run.js';
import { quantile, yieldToLoop } from './stats.js';

/** Decision points timed per configuration (AI_BENCH_POSITIONS overrides, for a quick look). */
const POSITIONS = Number(process.env.AI_BENCH_POSITIONS ?? 300);

/** Decision points (more than one legal action) met in medium-versus-easy games, as states. */
function samplePositions(rules: Rules, count: number): GameState[] {
  const states: GameState[] = [];
  for (let game = 1; states.length < count; game++) {
    const pos = Position.start(rules, game);
    while (pos.phase !== 'over' && states.length < count) {
      const state = toState(pos);
      if (legalActions(state).length > 1) states.push(state);
      const strength = (pos.turn === 1) === (game % 2 === 0) ? 'medium' : 'easy';
      playCode(pos, chooseCode(pos, strength, decisionSeed(game, pos.ply)));
    }
  }
  return states;
}

export async function run(report: Report): Promise<void> {
  for (const { name, rules } of TOURNAMENT_CONFIGS) {
    const states = samplePositions(rules, POSITIONS);
    for (const strength of STRENGTHS) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      for (const [i, state] of states.entries()) {
        const start = performance.now();
        const cpu = process.cpuUsage();
        chooseAction(state, strength, i);
        const used = process.cpuUsage(cpu);
        times.push(performance.now() - start);
        cpuTimes.push((used.user + used.system) / 1000);
        if (i % 50 === 0) await yieldToLoop();
      }
      report(`ai.${name}.${strength}.p50`, quantile(times, 0.5), 'ms');
      report(`ai.${name}.${strength}.p99`, quantile(times, 0.99), 'ms');
      // CPU time: what the decision costs when other processes hold the cores (wall time counts their turns too).
      report(`ai.${name}.${strength}.cpu.p50`, quantile(cpuTimes, 0.5), 'ms');
      report(`ai.${name}.${strength}.cpu.p99`, quantile(cpuTimes, 0.99), 'ms');
    }
  }
}
