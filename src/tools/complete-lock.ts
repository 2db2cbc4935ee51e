// `npm run lock:complete`: after `npm install`, put back the lock entries npm drops here.
//
// The registry this project installs from serves only the Linux builds of native packages such
// as @napi-rs/canvas. npm then leaves the other platforms' optional packages out of
// package-lock.json, and `npm ci` refuses the lock as out of sync. Each missing entry is restored
// as an optional package restricted to its platform (named in the package: `-darwin-arm64`,
// `-linux-x64-musl`, …), which npm never fetches on a machine it does not match.
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

interface PlatformFields {
  os: string[];
  cpu: string[];
  libc?: string[];
}

const PLATFORM = /-(android|darwin|freebsd|linux|win32)-(arm64|x64|arm|ia32|riscv64)(?:-(gnu|musl|gnueabihf|msvc))?$/;

/** Platform fields for a napi-rs style package name, or null if the name does not say. */
export function platformOf(name: string): PlatformFields | null {
  const match = PLATFORM.exec(name);
  if (!match) return null;
  const [, os = '', cpu = '', abi] = match;
  const fields: PlatformFields = { os: [os], cpu: [cpu] };
  if (abi === 'gnu' || abi === 'musl') fields.libc = [abi === 'gnu' ? 'glibc' : 'musl'];
  return fields;
}

/** The lock's packages with every missing platform-specific optional dependency added. */
export function completeLock(packages: Record<string, LockEntry>): {
  packages: Record<string, LockEntry>;
  added: string[];
} {
  const added: string[] = [];
  const result = { ...packages };
  for (const entry of Object.values(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      const platform = platformOf(name);
      if (result[key] || !platform) continue;
      result[key] = { version, optional: true, ...platform };
      added.push(name);
    }
  }
  const sorted = Object.fromEntries(Object.entries(result).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { packages: sorted, added };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = 'package-lock.json';
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
  const { packages, added } = completeLock(lock.packages);
  writeFileSync(file, `${JSON.stringify({ ...lock, packages }, null, 2)}\n`);
  console.log(added.length ? `restored ${added.length} lock entries: ${added.join(', ')}` : 'the lock is complete');
}
