// The fields of the bot's log lines, as people who ship them to Loki or Elasticsearch meet them
// (docs/deploy.md#log-fields): no call writes a field pino writes on every line itself (level,
// time, pid, hostname, msg), which would put the same key twice in one JSON object (the last wins
// in jq and Loki, Elasticsearch refuses the line), and every field a call writes is in the table.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files.js';

const ROOT = join(import.meta.dirname, '../..');
const PINO_OWN = ['level', 'time', 'pid', 'hostname', 'msg'];

/** The text of the object literal opening at `start` (a `{`), braces in strings and templates skipped. */
function objectAt(text: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return '';
}

/** The keys of an object literal's outer level: `{ a, b: 1, c: f({ d }) }` → a, b, c. */
function keysOf(literal: string): string[] {
  let depth = 0;
  let outer = '';
  for (const c of literal.slice(1, -1)) {
    if ('{[('.includes(c)) depth++;
    else if ('}])'.includes(c)) depth--;
    else if (depth === 0) outer += c;
  }
  return outer
    .split(',')
    .map((part) => /^\s*(\w+)\s*(?::|$)/.exec(part)?.[1])
    .filter((key): key is string => key !== undefined);
}

/** Every field a log call in src/ writes, with where. */
const CALL = /\b\w*[lL]og\??\.(?:trace|debug|info|warn|error|fatal|child)\(\s*(?=\{)/g;
const fields = filesUnder(join(ROOT, 'src'), '.ts').flatMap((path) => {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(CALL)].flatMap((m) =>
    keysOf(objectAt(text, m.index + m[0].length)).map((key) => ({ key, where: relative(ROOT, path) })),
  );
});

describe('log fields', () => {
  it('are found in the log calls', () => {
    expect(new Set(fields.map((f) => f.key))).toContain('err');
    expect(fields.length).toBeGreaterThan(50);
  });

  it('never repeat a field pino writes on every line', () => {
    expect(fields.filter((f) => PINO_OWN.includes(f.key))).toEqual([]);
  });

  it('are each described in docs/deploy.md#log-fields', () => {
    const doc = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### Log fields'));
    const described = new Set([...section.matchAll(/`(\w+)`/g)].map((m) => m[1]));
    const missing = [...new Set(fields.filter((f) => !described.has(f.key)).map((f) => `${f.key} (${f.where})`))];
    expect(missing).toEqual([]);
  });
});
