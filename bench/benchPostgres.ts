// `npm run bench -- e2e --db postgres`: a throwaway PostgreSQL for the bot (the tests' cluster
// starter, test/support/postgresCluster.ts, with fsync ON so the figures are honest), and what it
// costs: the CPU of all its processes (postmaster, backends, WAL writer, checkpointer…, from
// /proc/<pid>/stat) and its commits (pg_stat_database.xact_commit), read before and after a window.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freePort, startCluster } from '../test/support/postgresCluster.js';

export interface BenchPostgres {
  /** The bot's database (DATABASE_URL). */
  url: string;
  /** CPU seconds of every PostgreSQL process so far, and the database's commits so far. */
  reading(): Promise<{ cpuSeconds: number; commits: number }>;
  stop(): Promise<void>;
}

/** User + system CPU seconds of one process (clock ticks of 1/100 s); 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const parentOf = (pid: number): number =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const cluster = await startCluster({ port: await freePort(), durable: true });
  const admin = new pg.Client(cluster.url('postgres'));
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  // The postmaster: the parent of this connection's backend; every PostgreSQL process is its child.
  const backend = (await admin.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const postmaster = parentOf(backend);
  return {
    url: cluster.url('bench'),
    async reading() {
      const cpu = [postmaster, ...childrenOf(postmaster)].reduce((n, pid) => n + cpuSeconds(pid), 0);
      const { rows } = await admin.query<{ commits: string }>(
        "SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = 'bench'",
      );
      return { cpuSeconds: cpu, commits: Number(rows[0]?.commits ?? 0) };
    },
    async stop() {
      await admin.end();
      await cluster.stop();
    },
  };
}
