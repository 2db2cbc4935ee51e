// Every relative link in the README and the docs leads somewhere: the file (or folder) exists in the
// repository and a `#anchor` names a heading of the Markdown file it points into, by GitHub's rules.
// External links (http, https, mailto) are not fetched: no test goes online.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, isExternal, links, slug } from './markdown.js';
import { filesUnder } from '../support/files.js';

const root = resolve(import.meta.dirname, '../..');

/** The README, the other top-level Markdown files (CHANGELOG) and everything under docs/. */
const files = [
  ...readdirSync(root)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, name)),
  ...filesUnder(join(root, 'docs'), '.md'),
];

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  let found = anchorCache.get(path);
  if (!found) {
    found = anchors(readFileSync(path, 'utf8'));
    anchorCache.set(path, found);
  }
  return found;
}

/** Why a link does not resolve, or null when it does. */
function problem(from: string, target: string): string | null {
  const hash = target.indexOf('#');
  const pathPart = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const path = pathPart === '' ? from : resolve(dirname(from), decodeURIComponent(pathPart));
  if (!path.startsWith(root)) return `leaves the repository (${relative(root, path)})`;
  if (!existsSync(path)) return `no such file: ${relative(root, path)}`;
  if (anchor === null || anchor === '') return null;
  if (statSync(path).isDirectory() || !path.endsWith('.md')) return null;
  return anchorsOf(path).has(anchor) ? null : `no heading #${anchor} in ${relative(root, path)}`;
}

describe('GitHub heading anchors', () => {
  it('drop punctuation and markup, keep letters, digits, hyphens and underscores', () => {
    expect(slug('The running bot (`src/bot`)')).toBe('the-running-bot-srcbot');
    expect(slug('What happens when…')).toBe('what-happens-when');
    expect(slug('Play anywhere: DMs, group chats, servers without the bot')).toBe(
      'play-anywhere-dms-group-chats-servers-without-the-bot',
    );
    expect(slug('Shards (2026-11-25, issue #19)')).toBe('shards-2026-11-25-issue-19');
    expect(slug('[Unreleased]')).toBe('unreleased');
    expect(slug('Français and `MAX_GAMES`')).toBe('français-and-max_games');
  });

  it('number repeated headings and ignore headings in code blocks', () => {
    const text = ['# Setup', '## Setup', '```sh', '# not a heading', '```', '### Setup'].join('\n');
    expect([...anchors(text)]).toEqual(['setup', 'setup-1', 'setup-2']);
  });

  it('find links and images but not what is written inside code', () => {
    const text = [
      'See [the guide](docs/a.md#b) and ![a board](docs/images/x.png "title").',
      'Not `[code](nowhere.md)`, nor:',
      '```',
      '[fenced](nowhere.md)',
      '```',
      '[ref]: docs/c.md',
    ].join('\n');
    expect(links(text).map((l) => l.target)).toEqual(['docs/a.md#b', 'docs/images/x.png', 'docs/c.md']);
    expect(isExternal('https://discord.com/developers')).toBe(true);
    expect(isExternal('docs/a.md')).toBe(false);
  });
});

describe('links in the README and docs', () => {
  it('covers the README and the docs folder', () => {
    const names = files.map((f) => relative(root, f));
    expect(names).toContain('README.md');
    expect(names.filter((n) => n.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it.each(files.map((f) => [relative(root, f), f]))('%s: every relative link resolves', (_name, file) => {
    const broken = links(readFileSync(file, 'utf8'))
      .filter((link) => !isExternal(link.target))
      .flatMap((link) => {
        const why = problem(file, link.target);
        return why === null ? [] : [`line ${link.line}: ${link.target} (${why})`];
      });
    expect(broken).toEqual([]);
  });
});
