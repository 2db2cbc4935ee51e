// `npm run bench -- pgclient [--seconds 3] [--rounds 3]`: the two PostgreSQL clients for Node,
// `pg` (node-postgres, the one src/db/postgres.ts uses) and `postgres` (porsager), on the
// transaction a click is: SELECT the game row by id, UPDATE it WHERE id AND version, INSERT its
// log row, COMMIT, at SERIALIZABLE as the driver runs it. Transactions per second with one
// transaction at a time and with 20 at once (each on its own game, so no conflicts), and the
// client's CPU per transaction (this process only; the server is another process). Runs are
// interleaved, `rounds` of each; the medians are reported. The cluster is a throwaway one with
// fsync off, so the figures compare the clients rather than the disk.
import pg from 'pg';
import postgres from 'postgres';
import { freePort, startCluster } from '../test/support/postgresCluster.js';
import type { BenchOptions, Report } from './run.js';
import { quantile } from './stats.js';

const SCHEMA = `
  CREATE TABLE games (id BIGINT PRIMARY KEY, version BIGINT NOT NULL, state TEXT NOT NULL);
  CREATE TABLE actions (game_id BIGINT NOT NULL REFERENCES games (id), seq BIGINT NOT NULL,
                        action TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (game_id, seq));
  INSERT INTO games SELECT g, 0, repeat('x', 1500) FROM generate_series(1, 20) AS g;
`;

interface GameRow {
  version: number;
  state: string;
}

/** One click on `gameId` through a client; resolves when committed. */
type Click = (gameId: number) => Promise<void>;

interface Client {
  name: string;
  click: Click;
  end(): Promise<void>;
}

function nodePostgres(url: string, size: number): Client {
  const pool = new pg.Pool({ connectionString: url, max: size });
  pool.on('error', () => undefined); // an idle connection closed by the server's stop
  return {
    name: 'pg',
    click: async (gameId) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const { rows } = await connection.query<GameRow>('SELECT version, state FROM games WHERE id = $1', [gameId]);
        const game = rows[0]!;
        const version = Number(game.version);
        await connection.query('UPDATE games SET state = $1, version = version + 1 WHERE id = $2 AND version = $3', [
          game.state,
          gameId,
          version,
        ]);
        await connection.query('INSERT INTO actions (game_id, seq, action, at) VALUES ($1, $2, $3, $4)', [
          gameId,
          version,
          '{"type":"throw"}',
          Date.now(),
        ]);
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      } finally {
        connection.release();
      }
    },
    end: () => pool.end(),
  };
}

function porsager(url: string, size: number): Client {
  const sql = postgres(url, { max: size, onnotice: () => undefined });
  return {
    name: 'postgres',
    click: async (gameId) => {
      await sql.begin('isolation level serializable', async (tx) => {
        const [game] = await tx<GameRow[]>`SELECT version, state FROM games WHERE id = ${gameId}`;
        const version = Number(game!.version);
        await tx`UPDATE games SET state = ${game!.state}, version = version + 1 WHERE id = ${gameId} AND version = ${version}`;
        await tx`INSERT INTO actions (game_id, seq, action, at) VALUES (${gameId}, ${version}, ${'{"type":"throw"}'}, ${Date.now()})`;
      });
    },
    end: () => sql.end(),
  };
}

/** As the driver does: a serialization failure runs the transaction again. */
async function retried(click: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      return await click();
    } catch (error) {
      if ((error as { code?: string }).code !== '40001') throw error;
    }
  }
}

interface Figures {
  perSecond: number;
  cpuUsPerTx: number;
}

/** `concurrency` loops, each clicking its own game, for `seconds`. */
async function measure(client: Client, concurrency: number, seconds: number): Promise<Figures> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      while (performance.now() < until) {
        await retried(() => client.click(i + 1));
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { perSecond: done / elapsed, cpuUsPerTx: (cpu.user + cpu.system) / done };
}

export async function run(report: Report, options: BenchOptions): Promise<void> {
  const seconds = Number(options.seconds ?? 3);
  const rounds = Number(options.rounds ?? 3);
  const cluster = await startCluster({ port: await freePort() });
  try {
    const setup = new pg.Client(cluster.url('postgres'));
    await setup.connect();
    await setup.query(SCHEMA);
    await setup.end();
    const url = cluster.url('postgres');
    const makers = [nodePostgres, porsager];
    const figures = new Map<string, Figures[]>();
    for (let round = 0; round < rounds; round++) {
      for (const concurrency of [1, 20]) {
        // Alternate which client goes first, so neither always runs on a warmer server.
        const order = round % 2 === 0 ? makers : [...makers].reverse();
        for (const make of order) {
          const client = make(url, concurrency);
          await measure(client, concurrency, 0.5); // connect and warm up
          const result = await measure(client, concurrency, seconds);
          await client.end();
          const key = `${client.name} c${concurrency}`;
          figures.set(key, [...(figures.get(key) ?? []), result]);
        }
      }
    }
    for (const [key, results] of figures) {
      const name = `pgclient ${key}`;
      report(
        `${name} transactions/s`,
        quantile(
          results.map((r) => r.perSecond),
          0.5,
        ),
        'tx/s',
      );
      report(
        `${name} client CPU`,
        quantile(
          results.map((r) => r.cpuUsPerTx),
          0.5,
        ),
        'µs/tx',
      );
    }
  } finally {
    await cluster.stop();
  }
}
