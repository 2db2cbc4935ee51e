// PostgreSQL's reader of the news rows (src/db/gameNews.ts): the rows after the newest one read,
// and again those whose numbers it skipped (src/db/newsCursor.ts), in one statement that also
// answers the snapshot it read them in. A lost connection (the server restarting, failing over) is
// only a failed read: the next tick reads what was committed meanwhile.
import type { Sql } from './database.js';
import { type NewsReader, type NewsRow, changeOf, newestNews } from './gameNews.js';
import { NewsCursor } from './newsCursor.js';

/** How many rows after the newest one read a read takes at most (the next tick reads on). */
const ROWS_PER_READ = 1000;

/** A row of the read, or only the snapshot's bounds when no row matched (the LEFT JOIN's nulls). */
interface ReadRow {
  xmin: string;
  xmax: string;
  seq: number | null;
  gameId: number;
  version: number;
  guildId: string;
}

const READ_NEWS = `
  SELECT pg_snapshot_xmin(snap)::text AS xmin, pg_snapshot_xmax(snap)::text AS xmax,
         news.seq, news.game_id AS "gameId", news.version, news.guild_id AS "guildId"
  FROM pg_current_snapshot() AS snap
  LEFT JOIN LATERAL (
    (SELECT seq, game_id, version, guild_id FROM game_news WHERE seq = ANY(CAST(? AS BIGINT[])))
    UNION ALL
    (SELECT seq, game_id, version, guild_id FROM game_news WHERE seq > ? ORDER BY seq LIMIT ${ROWS_PER_READ})
  ) AS news ON TRUE`;

export function postgresNewsReader(sql: Sql): NewsReader {
  let cursor = new NewsCursor(0);
  return {
    async begin() {
      cursor = new NewsCursor(await newestNews(sql));
    },
    async read() {
      const { after, skipped } = cursor.next();
      const rows = await sql.all<ReadRow>(READ_NEWS, [skipped, after]);
      const [first] = rows;
      if (!first) throw new Error('the news read answered no snapshot');
      const news = rows.filter((row): row is ReadRow & NewsRow => row.seq !== null);
      return cursor.read(news, { xmin: BigInt(first.xmin), xmax: BigInt(first.xmax) }).map(changeOf);
    },
  };
}
