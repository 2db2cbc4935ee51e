// Releases and the changelog agree (docs/contributors.md#cutting-a-release): Unreleased comes first,
// package.json's version is the newest release section's, and every release tag v<version> that
// HEAD holds has a section of its own, which is what operators read before they upgrade.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
/** The versions of the release sections, newest first: `## [0.2.0] - 2026-12-01`. */
const released = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}\b/gm)].map((m) => m[1]);

/** The release tags HEAD holds (none in a clone without tags, or a folder that is no clone). */
function tags(): string[] {
  try {
    return execFileSync('git', ['tag', '--list', 'v*', '--merged', 'HEAD'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    return [];
  }
}

describe('the changelog', () => {
  it('opens with Unreleased, then the releases newest first', () => {
    expect(changelog.match(/^## .*$/m)?.[0]).toBe('## [Unreleased]');
    expect(released.length).toBeGreaterThan(0);
  });

  it("names package.json's version in its newest release section", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(released[0]).toBe(version);
  });

  it('has a section for every release tag', () => {
    const missing = tags().filter((tag) => !released.includes(tag.slice(1)));
    expect(missing).toEqual([]);
  });
});
