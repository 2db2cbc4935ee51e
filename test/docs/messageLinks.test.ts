// Every place in the documentation that the code points people to (an error message's "see
// docs/operators.md#backups", a usage line, a comment) exists: the file, and the heading its
// anchor names. Written as `docs/<file>.md#<anchor>` or `README#<anchor>`, which a reader can paste
// after the repository's address; a section named by its title instead ("README, \"Backups\"")
// is refused, since it cannot be checked and went stale when the README was split.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors } from './markdown.js';
import { filesUnder } from '../support/files.js';

const ROOT = join(import.meta.dirname, '../..');

/** A pointer into the docs: `docs/x.md#anchor`, `README#anchor` or `README.md#anchor`. */
const POINTER = /\b((?:docs\/[\w./-]+\.md)|README(?:\.md)?)#([\w-]+)/g;
/** A section named by its title, which nothing can check: `(README, "Backups")`. */
const BY_TITLE = /\b(?:docs\/[\w./-]+\.md|README(?:\.md)?), ["“]/g;

interface Found {
  where: string;
  file: string;
  anchor: string;
}

const sources = filesUnder(join(ROOT, 'src'), '.ts').map((path) => ({
  name: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));
const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

const pointers: Found[] = sources.flatMap(({ name, text }) =>
  [...text.matchAll(POINTER)].map((m) => ({
    where: `${name}:${lineOf(text, m.index)}`,
    file: m[1]!.startsWith('README') ? 'README.md' : m[1]!,
    anchor: m[2]!,
  })),
);

describe('the docs the code points to', () => {
  it('finds the pointers of the error messages', () => {
    const files = new Set(pointers.map((p) => p.where.split(':')[0]));
    // The damaged database, the shards Discord requires, a backup of PostgreSQL.
    for (const file of ['src/db/sqliteConnection.ts', 'src/bot/client.ts', 'src/tools/db-backup.ts'])
      expect(files).toContain(file);
  });

  it.each(pointers.map((p) => [`${p.where} → ${p.file}#${p.anchor}`, p]))('%s resolves', (_name, pointer) => {
    const text = readFileSync(join(ROOT, pointer.file), 'utf8');
    expect([...anchors(text)]).toContain(pointer.anchor);
  });

  it('names no section by its title', () => {
    const byTitle = sources.flatMap(({ name, text }) =>
      [...text.matchAll(BY_TITLE)].map((m) => `${name}:${lineOf(text, m.index)}`),
    );
    expect(byTitle).toEqual([]);
  });
});
