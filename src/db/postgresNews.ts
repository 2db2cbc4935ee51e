// PostgreSQL's news of committed changes to games (src/db/gameNews.ts): one connection per process,
// outside the pool, LISTENs to what migration 19's trigger NOTIFYs. PostgreSQL delivers a
// notification only once its transaction commits, and to a listening connection only: so a lost
// connection (the server restarting, failing over, a network cut) is opened again, at growing
// intervals up to a second as the pool's probe does (src/db/postgres.ts), and what was committed
// meanwhile is read from the news rows after the last one heard. Row ids are not quite in commit
// order here (a transaction takes its id before it commits), so the catch-up starts a little
// before the last one heard; a change told twice is harmless to every listener.
import pg from 'pg';
import { newestNews, newsAfter } from './gameNews.js';
import type { GameChange, GameNewsFeed, Sql } from './database.js';

const CHANNEL = 'senet_game_news';
/** After a lost connection, the first attempt waits this long, each next one twice as long up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 1000;
/** Rows before the last one heard that are read again at a catch-up: transactions that took their ids before it but committed after. */
const CATCH_UP_OVERLAP = 100;

/** A notification's payload ("seq gameId version guildId") as a change, or null if it is not one. */
function changeOf(payload: string | undefined): { seq: number; change: GameChange } | null {
  const match = /^(\d+) (\d+) (\d+) (.*)$/s.exec(payload ?? '');
  if (!match) return null;
  const [, seq, gameId, version, guildId] = match;
  return { seq: Number(seq), change: { gameId: Number(gameId), version: Number(version), guildId: guildId ?? '' } };
}

/**
 * The feed of the database at `url`; `pool` reads the catch-up. `types` are the pool's own (the
 * same numbers come back as numbers).
 */
export function listeningNews(url: string, pool: Sql, types: pg.CustomTypesConfig): GameNewsFeed {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let seen = 0;
  let heard: (change: GameChange) => void = () => undefined;

  const hear = (seq: number, change: GameChange): void => {
    seen = Math.max(seen, seq);
    heard(change);
  };

  /** Opens the listening connection; true once it listens. */
  const listen = async (): Promise<boolean> => {
    const next = new pg.Client({ connectionString: url, types });
    next.on('error', () => undefined); // until it listens, a failure is connect()'s or LISTEN's
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch {
      void next.end().catch(() => undefined);
      return false;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return false;
    }
    next.on('notification', (message) => {
      const read = changeOf(message.payload);
      if (read) hear(read.seq, read.change);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    client = next;
    return true;
  };

  /** Tries again after `waitMs`, then twice as long, up to RETRY_MAX_MS; once it listens, reads what it missed. */
  const reconnect = (waitMs: number): void => {
    if (closed || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      void listen().then(async (listening) => {
        if (!listening) {
          reconnect(Math.min(waitMs * 2, RETRY_MAX_MS));
          return;
        }
        await catchUp().catch(() => undefined); // the server went again: the next connection reads it
      });
    }, waitMs);
    retry.unref();
  };

  /** The listening connection failed or ended: another one is opened. */
  const lost = (which: pg.Client): void => {
    if (client !== which) return; // already replaced, or closing
    client = null;
    void which.end().catch(() => undefined);
    reconnect(RETRY_FIRST_MS);
  };

  const catchUp = async (): Promise<void> => {
    for (;;) {
      const rows = await newsAfter(pool, Math.max(0, seen - CATCH_UP_OVERLAP));
      for (const { seq, ...change } of rows) hear(seq, change);
      if (rows.length < 1000) return;
    }
  };

  return {
    async start(listener) {
      heard = listener;
      if (!(await listen())) throw new Error('could not LISTEN for news of games');
      seen = await newestNews(pool);
    },
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
