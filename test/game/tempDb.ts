// Database files for tests: each in a fresh temp folder, removed when the test file is done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database path in a fresh temp folder, one level down so opening it must create the folder. */
export function tempDbPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'senet-db-'));
  tempDirs.push(dir);
  return join(dir, 'nested', 'senet.db');
}
