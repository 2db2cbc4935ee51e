// Runs the public sample and the project's own rule-case files through the engine, one test per case.
// The public sample lives in ../shared (beside the checkout in CI); the repository keeps a copy of it,
// so `npm test` on a plain clone runs it too, and where ../shared is present the copy must match it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCase, parseCaseFile } from '../../src/engine/ruleCases.js';

const shared = join(import.meta.dirname, '../../../shared/rule-cases/sample.json');
const own = join(import.meta.dirname, '../rule-cases');
const sampleCopy = join(own, 'shared/sample.json');
const files = [
  sampleCopy,
  ...readdirSync(own)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(own, f)),
];

describe.each(files)('rule cases in %s', (file) => {
  const cases = parseCaseFile(JSON.parse(readFileSync(file, 'utf8')));
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(checkCase(c)).toBeNull();
  });
});

// Skipped on a plain clone, where ../shared is not beside the checkout: the copy is then all there is.
it.skipIf(!existsSync(shared))(
  'keeps its copy of the shared sample the same as ../shared/rule-cases/sample.json',
  () => {
    expect(readFileSync(sampleCopy, 'utf8')).toBe(readFileSync(shared, 'utf8'));
  },
);
