// Runs the public sample and the project's own rule-case files through the engine, one test per case.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCase, parseCaseFile } from '../../src/engine/ruleCases.js';

const shared = join(import.meta.dirname, '../../../shared/rule-cases/sample.json');
const own = join(import.meta.dirname, '../rule-cases');
const files = [
  ...(existsSync(shared) ? [shared] : []),
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

it('finds the shared sample next to the project', () => {
  expect(existsSync(shared)).toBe(true);
});
