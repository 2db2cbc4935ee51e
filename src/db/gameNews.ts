// News of committed changes to games, carried by the database to every process on it (issue 39):
// the process that owns a game's chat message edits it, every live board server showing the game
// tells its pages, and every process forgets its kept copy. A trigger (migration 19) writes one
// `game_news` row per change of a game's version, in the statement that changes it, so no writer
// can forget to tell; each row says which game, its new version and its server (whose shard owns
// it, src/db/shards.ts).
//
// Each process reads the rows after the last one it read, one query per tick for every game at
// once (an index range on the row id, nothing when nothing changed). How the rows are numbered
// differs by backend:
// - SQLite commits one transaction at a time, so the row ids are in commit order and "after the
//   last one read" misses nothing;
// - PostgreSQL numbers a row before its transaction commits, so the reader also asks again for
//   the numbers it skipped (src/db/postgresNews.ts).
// PostgreSQL's NOTIFY would tell at once, but it serialises the commits of every transaction that
// notifies, each one's flush to disk included (migration 20, docs/performance.md): a tick costs a
// change made elsewhere at most POLL_MS, and the commits no queue.
import type { GameChange, GameNewsFeed, Sql } from './database.js';

/** A news row as read: its seq and the change it tells. */
export interface NewsRow {
  seq: number;
  gameId: number;
  version: number;
  guildId: string;
}

const NEWS_AFTER = `SELECT seq, game_id AS "gameId", version, guild_id AS "guildId" FROM game_news
                    WHERE seq > ? ORDER BY seq LIMIT 1000`;

/** The rows after `seq`, oldest first (at most 1,000 at a time). */
function newsAfter(sql: Sql, seq: number): Promise<NewsRow[]> {
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

/** How often a process looks for news (ms): a page or a chat message hears of a change made elsewhere within this. */
const POLL_MS = 50;

/** One backend's way of reading the news. */
export interface NewsReader {
  /** Where the reads start: after the newest row now. */
  begin(): Promise<void>;
  /** The changes committed since the last read, oldest first, none told before. */
  read(): Promise<GameChange[]>;
}

/** SQLite's reader: the rows after the last one read (its commits are one at a time, in row order). */
export function sqliteNewsReader(sql: Sql): NewsReader {
  let seen = 0;
  return {
    async begin() {
      seen = await newestNews(sql);
    },
    async read() {
      const rows = await newsAfter(sql, seen);
      seen = rows.at(-1)?.seq ?? seen;
      return rows.map(changeOf);
    },
  };
}

/** The change a row tells. */
export function changeOf({ gameId, version, guildId }: NewsRow): GameChange {
  return { gameId, version, guildId };
}

/** A feed that reads with `reader` every `everyMs`, one read at a time. */
export function pollingNews(reader: NewsReader, everyMs = POLL_MS): GameNewsFeed {
  let timer: NodeJS.Timeout | null = null;
  let reading = false;
  return {
    async start(heard) {
      await reader.begin();
      timer = setInterval(() => {
        if (reading) return;
        reading = true;
        reader
          .read()
          .then((changes) => {
            for (const change of changes) heard(change);
          })
          // A busy or closing database, a lost connection: the same rows are read at the next tick.
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
