// Release folders as deploy/switch-release lays them out ($SENET_ROOT/releases/<name>, each a built
// bot), for the upgrade test: this checkout's code, and the previous release's.
//
// "The previous release" is the newest tag v* reachable from HEAD (docs/contributors.md#cutting-a-release),
// built from that tag's sources. A clone with no such tag (none has been cut yet; a shallow clone in
// CI has none either) upgrades from a build of this checkout to another: the hand-over, the switch
// and the script are then what is tested, and the first tag cut makes the test upgrade across
// real differences. Only what the build and the running bot need is copied (the sources, the
// package files, the TypeScript settings); node_modules is this checkout's when the lock files are
// equal (a link: no second install), else installed with npm ci.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(import.meta.dirname, '../..');
const run = promisify(execFile);
const FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

/** The newest release tag HEAD descends from, or null when there is none. */
async function previousTag(): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*', 'HEAD'], {
      cwd: ROOT,
    });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/** Installs node_modules in `dir`: a link to this checkout's when its lock file is the same. */
async function install(dir: string): Promise<void> {
  const same =
    readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
  if (same) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  else await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: dir });
}

/** `npm run build` as the release's own package.json says it (the prebuild step included). */
async function build(dir: string): Promise<void> {
  await run('npm', ['run', '--silent', 'build'], { cwd: dir });
}

/** This checkout's code as a release folder `dir`, built. */
async function currentRelease(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const file of FILES) cpSync(join(ROOT, file), join(dir, file));
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
  await install(dir);
  await build(dir);
}

/** The sources of git `tag` as a release folder `dir`, built. */
async function taggedRelease(tag: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const archive = join(dir, 'sources.tar');
  await run('git', ['archive', '--output', archive, tag, 'src', ...FILES], { cwd: ROOT });
  await run('tar', ['-xf', archive, '-C', dir]);
  await install(dir);
  await build(dir);
}

export interface Releases {
  /** The release folder of the previous release, and what it was built from (a tag, or this checkout). */
  previous: { dir: string; from: string };
  /** The release folder of this checkout's code. */
  current: string;
}

/** Builds both releases under `root`/releases and points `root`/current at the previous one. */
export async function buildReleases(root: string): Promise<Releases> {
  const current = join(root, 'releases', 'current');
  await currentRelease(current);
  const tag = await previousTag();
  const previous = join(root, 'releases', tag ?? 'previous');
  if (tag) await taggedRelease(tag, previous);
  else {
    // No release was cut: the same code, built once, in a folder of its own.
    mkdirSync(previous, { recursive: true });
    for (const file of [...FILES, 'dist']) cpSync(join(current, file), join(previous, file), { recursive: true });
    await install(previous);
  }
  writeFileSync(join(previous, 'RELEASE'), `${tag ?? 'this checkout'}\n`);
  if (!existsSync(join(previous, 'dist', 'main.js'))) throw new Error(`${previous} was not built`);
  symlinkSync(previous, join(root, 'current'));
  return { previous: { dir: previous, from: tag ?? 'this checkout' }, current };
}
