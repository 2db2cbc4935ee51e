// `npm run bench -- pgisolation [--seconds 4] [--rounds 2]`: why clicks on neighbouring games slow
// each other down on PostgreSQL (docs/performance.md, "SQLite and PostgreSQL commit rates"), and what
// a weaker isolation level would change. A click's statements exactly as GameStore sends them (the
// game read, the version-guarded UPDATE of state, player to act and turn deadline, the action log
// INSERT), 16 at once, each on its own game with neighbouring ids (as the games being played are the
// newest), at SERIALIZABLE (the driver's level) and at REPEATABLE READ, alternating. A serialization
// failure (40001) is counted and the click is tried again at once, without the driver's back-off, so
// the figures show the conflicts themselves. One process, on a durable throwaway PostgreSQL 15.
import pg from 'pg';
import { openPostgres } from '../src/db/postgres.js';
import { freePort, startCluster } from '../test/support/postgresCluster.js';
import { ANA, BEN, seedGames } from './pgSeed.js';
import type { BenchOptions, Report } from './run.js';
import { quantile } from './stats.js';

const IN_FLIGHT = 16;
const LEVELS = ['SERIALIZABLE', 'REPEATABLE READ'] as const;
type Level = (typeof LEVELS)[number];

interface Round {
  commitsPerSecond: number;
  failures: number;
}

/** The bot's schema with IN_FLIGHT games side by side (ids 1…). */
async function prepare(url: string): Promise<void> {
  const db = await openPostgres(url);
  await seedGames(db, IN_FLIGHT);
  await db.close();
}

/** One click on game `id` at `level`; false when the server aborted it (40001). */
async function click(pool: pg.Pool, id: number, level: Level): Promise<boolean> {
  const connection = await pool.connect();
  try {
    await connection.query(`BEGIN ISOLATION LEVEL ${level}`);
    const { rows } = await connection.query<{ version: string; state: string; to_act_id: string }>(
      'SELECT version, state, to_act_id FROM games WHERE id = $1',
      [id],
    );
    const game = rows[0]!;
    const updated = await connection.query(
      `UPDATE games SET state = $1, to_act_id = $2, turn_deadline = $3, version = version + 1
       WHERE id = $4 AND version = $5 AND status = 'active'`,
      [game.state, game.to_act_id === ANA ? BEN : ANA, Date.now() + 86_400_000, id, game.version],
    );
    if (updated.rowCount !== 1) throw new Error(`game ${id} moved on under its only writer`);
    await connection.query(
      'INSERT INTO actions (game_id, seq, user_id, action, throw_value, at) VALUES ($1, $2, $3, $4, 3, $5)',
      [id, game.version, game.to_act_id, '{"type":"throw"}', Date.now()],
    );
    await connection.query('COMMIT');
    return true;
  } catch (error) {
    await connection.query('ROLLBACK');
    if ((error as { code?: string }).code !== '40001') throw error;
    return false;
  } finally {
    connection.release();
  }
}

async function round(url: string, level: Level, seconds: number): Promise<Round> {
  const pool = new pg.Pool({ connectionString: url, max: IN_FLIGHT });
  let [commits, failures] = [0, 0];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, i) => {
      while (performance.now() < end) {
        if (await click(pool, i + 1, level)) commits++;
        else failures++;
      }
    }),
  );
  await pool.end();
  return { commitsPerSecond: commits / seconds, failures };
}

export async function run(report: Report, options: BenchOptions): Promise<void> {
  const seconds = Number(options.seconds ?? 4);
  const rounds = Number(options.rounds ?? 2);
  const cluster = await startCluster({ port: await freePort(), durable: true });
  try {
    const url = cluster.url('postgres');
    await prepare(url);
    const results = new Map<Level, Round[]>(LEVELS.map((level) => [level, []]));
    for (let r = 0; r < rounds; r++) {
      for (const level of r % 2 === 0 ? LEVELS : [...LEVELS].reverse()) {
        results.get(level)!.push(await round(url, level, seconds));
      }
    }
    for (const [level, runs] of results) {
      const name = `pgisolation ${level.toLowerCase()}, ${IN_FLIGHT} clicks at once on neighbouring games`;
      report(
        `${name}: commits per second`,
        quantile(
          runs.map((x) => x.commitsPerSecond),
          0.5,
        ),
        'commits/s',
      );
      report(
        `${name}: serialization failures`,
        quantile(
          runs.map((x) => x.failures),
          0.5,
        ),
        `per ${seconds} s`,
      );
    }
  } finally {
    await cluster.stop();
  }
}
