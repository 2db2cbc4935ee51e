// `npm ci` on a clean clone needs every optional dependency in the lock, even the ones the
// registry here does not serve (see src/tools/complete-lock.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { completeLock, platformOf } from '../../src/tools/complete-lock.js';

const lock = JSON.parse(readFileSync(join(import.meta.dirname, '../../package-lock.json'), 'utf8')) as {
  packages: Parameters<typeof completeLock>[0];
};

it('package-lock.json lists every optional dependency, so npm ci accepts it (run npm run lock:complete)', () => {
  expect(completeLock(lock.packages).added).toEqual([]);
});

it('reads the platform from napi-rs style package names', () => {
  expect(platformOf('@napi-rs/canvas-linux-x64-musl')).toEqual({ os: ['linux'], cpu: ['x64'], libc: ['musl'] });
  expect(platformOf('@napi-rs/canvas-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
  expect(platformOf('left-pad')).toBeNull();
});
