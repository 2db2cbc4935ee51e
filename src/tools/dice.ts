// `npm run dice -- --secret <hex> --throws N [--rules <id>]`: a finished game's throws recomputed
// from the secret its last board revealed, without the bot or its database. It prints the
// commitment (its first 16 digits are what the game's first board showed) and, for each throw, the
// four sticks as the hex digit the construction gives (src/engine/keyedDice.ts), the light sides
// and, with the game's rules, the value moved: to hold against the game's messages or its replay.
// docs/players.md#checking-the-dice walks through it, with the same in a few lines of plain Node.
import { RULESET_IDS, isRuleSetId, lightCount, resolveRules } from '../engine/index.js';
import { DiceSecret } from '../engine/keyedDice.js';
import { namedArgs } from './toolArgs.js';

const USAGE =
  'usage: npm run dice -- --secret <64 hex digits> --throws <N> [--rules <rules>]\n' +
  '  --secret  the dice secret a finished game revealed (its last board, or /senet verify)\n' +
  '  --throws  how many throws to print, from the first\n' +
  `  --rules   the game's rules, to print each throw's value too (${RULESET_IDS.join(', ')})`;

function fail(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

const args = namedArgs(['secret', 'throws', 'rules'], USAGE);
const secret = DiceSecret.fromHex(args.secret ?? '') ?? fail('--secret must be the 64 hex digits the game revealed');
const throws = Number(args.throws);
if (!Number.isInteger(throws) || throws < 1) fail('--throws must be a whole number from 1');
const rules = args.rules === undefined ? null : isRuleSetId(args.rules) ? resolveRules(args.rules, {}) : null;
if (args.rules !== undefined && !rules?.ok) fail(`--rules must be one of ${RULESET_IDS.join(', ')}`);
// The throw table is the same whatever a rule set's options are.
const table = rules?.ok ? rules.value.throwTable : null;

console.log(`commitment ${secret.commitment()}`);
for (let n = 1; n <= throws; n++) {
  const sticks = secret.sticksOf(n);
  const light = lightCount(sticks);
  const value = table ? `  moves ${table[light]}` : '';
  console.log(`throw ${String(n).padStart(3)}: ${sticks.toString(16)}  ${light} light${value}`);
}
