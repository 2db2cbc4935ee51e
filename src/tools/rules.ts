// `npm run rules -- FILE...`: checks rule-case files against the engine. One line per failing
// case, then `N passed, N failed`. Exit 1 if a case failed, 2 on an unreadable or invalid file.
import { readFileSync } from 'node:fs';
import { InvalidCaseFile, checkCase, parseCaseFile, type RuleCase } from '../engine/ruleCases.js';

function load(file: string): RuleCase[] {
  try {
    return parseCaseFile(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    const reason = err instanceof InvalidCaseFile || err instanceof SyntaxError ? err.message : String(err);
    console.error(`${file}: ${reason}`);
    process.exit(2);
  }
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run rules -- FILE...');
  process.exit(2);
}
const suites = files.map((file) => ({ file, cases: load(file) }));
let passed = 0;
let failed = 0;
for (const { file, cases } of suites) {
  for (const c of cases) {
    const problem = checkCase(c);
    if (problem === null) passed++;
    else {
      failed++;
      console.log(`FAIL ${c.id} (${file}): ${problem}`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
