import { TOURNAMENT_CONFIGS } from './src/ai/configs.js';
import { chooseCode } from './src/ai/choose.js';
import { playCode } from './src/ai/codes.js';
import { decisionSeed } from './src/ai/selfplay.js';
import { Position, legalActions, toState } from './src/engine/index.js';
const only = process.argv[2]?.split(',');
for (const { name, rules } of TOURNAMENT_CONFIGS) {
  if (only && !only.includes(name)) continue;
  for (const strength of ['hard', 'expert'] as const) {
    const times: number[] = [];
    const nodes: number[] = [];
    for (let game = 1; game <= 3; game++) {
      const pos = Position.start(rules, game);
      while (pos.phase !== 'over') {
        const st = { nodes: 0 };
        const multi = legalActions(toState(pos)).length > 1;
        const t = performance.now();
        const code = chooseCode(pos, strength, decisionSeed(game, pos.ply), st);
        if (multi) {
          times.push(performance.now() - t);
          nodes.push(st.nodes);
        }
        playCode(pos, code);
      }
    }
    times.sort((a, b) => a - b);
    nodes.sort((a, b) => a - b);
    const q = (a: number[], p: number) => a[Math.floor(p * (a.length - 1))]!;
    console.log(
      name,
      strength,
      'n',
      times.length,
      'p50',
      q(times, 0.5).toFixed(2),
      'p99',
      q(times, 0.99).toFixed(2),
      'mean',
      (times.reduce((a, b) => a + b) / times.length).toFixed(2),
      'nodes p50',
      q(nodes, 0.5),
      'p99',
      q(nodes, 0.99),
    );
  }
}
