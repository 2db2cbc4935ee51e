// News of committed changes to games, carried by the database to every process on it (issue 39):
// the process that owns a game's chat message edits it, every live board server showing the game
// tells its pages, and every process forgets its kept copy. A trigger (migration 19) writes one
// `game_news` row per change of a game's version, in the statement that changes it, so no writer
// can forget to tell; each row says which game, its new version and its server (whose shard owns
// it, src/db/shards.ts).
//
// How the news travels differs by backend:
// - SQLite (one machine, every process on the one file): each process reads the rows after the
//   last one it saw, one query per tick for every game at once (an index range on the row id,
//   nothing when nothing changed). SQLite commits one transaction at a time, so the row ids are in
//   commit order and "after the last one seen" misses nothing.
// - PostgreSQL: the trigger also NOTIFYs, which the server delivers at the commit to the one
//   listening connection of each process (src/db/postgresNews.ts); the rows are the catch-up after
//   that connection was lost.
import type { GameNewsFeed, Sql } from './database.js';

/** A news row as read. */
interface NewsRow {
  seq: number;
  gameId: number;
  version: number;
  guildId: string;
}

const NEWS_AFTER = `SELECT seq, game_id AS "gameId", version, guild_id AS "guildId" FROM game_news
                    WHERE seq > ? ORDER BY seq LIMIT 1000`;

/** The rows after `seq`, oldest first (at most 1,000 at a time). */
export function newsAfter(sql: Sql, seq: number): Promise<NewsRow[]> {
  return sql.all<NewsRow>(NEWS_AFTER, [seq]);
}

/** How many rows the sweep keeps: minutes of news at a busy hour, for a process that fell behind. */
const NEWS_KEPT = 10_000;

/** Deletes all but the newest NEWS_KEPT rows (the sweep; any process, at any time). */
export async function pruneNews(sql: Sql): Promise<void> {
  await sql.run('DELETE FROM game_news WHERE seq <= (SELECT MAX(seq) FROM game_news) - ?', [NEWS_KEPT]);
}

/** The newest row's seq (0 with none): where a process that starts now begins. */
export async function newestNews(sql: Sql): Promise<number> {
  const row = await sql.get<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM game_news');
  return row?.seq ?? 0;
}

/** How often a process on SQLite looks for news (ms): a page or a chat message hears of a change within this. */
const POLL_MS = 50;

/** SQLite's feed: the rows after the last one seen, read every POLL_MS. */
export function pollingNews(sql: Sql, everyMs = POLL_MS): GameNewsFeed {
  let timer: NodeJS.Timeout | null = null;
  let reading = false;
  return {
    async start(heard) {
      let seen = await newestNews(sql);
      timer = setInterval(() => {
        if (reading) return;
        reading = true;
        newsAfter(sql, seen)
          .then((rows) => {
            for (const { seq, ...change } of rows) {
              seen = seq;
              heard(change);
            }
          })
          // A busy or closing file: the same rows are read at the next tick.
          .catch(() => undefined)
          .finally(() => {
            reading = false;
          });
      }, everyMs);
      timer.unref();
    },
    close() {
      if (timer) clearInterval(timer);
      return Promise.resolve();
    },
  };
}
