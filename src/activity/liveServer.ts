// The live board's server (docs/activity.md): off unless ACTIVITY_PORT is set. Over HTTP it signs
// a page in (POST /api/session) and serves the built page; each page then keeps one WebSocket
// (/live) for the games it shows (pageConnection.ts).
//
// The database is the source of truth and news of a change comes from it: a move made here is
// sent to the pages at once, and the database's news of every committed change (src/bot/gameNews.ts)
// brings a click in chat, or a move served by another process on the same database, to the pages
// showing the game (docs/activity.md). The chat message is the owning process's to edit, told by
// the same news: nothing here edits it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { type RawData, WebSocketServer, type WebSocket } from 'ws';
import type { GameChange, GameService } from '../game/service.js';
import type { GameView, SeenPlayer } from '../game/types.js';
import type { DiscordSignIn } from './discordSignIn.js';
import { type LiveHub, PageConnection } from './pageConnection.js';
import type { PageBundle } from './pageBundle.js';
import type { ServerMessage } from './protocol.js';
import { Seats } from './seats.js';
import { Sessions } from './sessions.js';

export interface LiveServerOptions {
  host: string;
  port: number;
  service: GameService;
  signIn: Pick<DiscordSignIn, 'exchange' | 'instance'>;
  /** Tests only (ACTIVITY_MOCK_SIGN_IN): a page names its user with the code `mock:<id>:<locale>`. */
  mockSignIn: boolean;
  /** The built page (pageBundle.ts); null: the sign-in and sockets only. */
  page: PageBundle | null;
  /** A game started from a lobby here: post its board in chat (where the bot posts: `postsIn`). */
  started?: (view: GameView) => void;
  /** The bot's own user, as `/senet play` challenges it: the lobby's games against the computer. */
  computer: SeenPlayer;
  /** Whether the bot posts in a server's channels (null: outside servers); by default in every server. */
  postsIn?: (guildId: string | null) => Promise<boolean>;
  /** Tells `listener` of every change to a game committed by any process (src/bot/gameNews.ts); returns what stops it. */
  follow: (listener: (change: GameChange) => void) => () => void;
  log: Logger;
  now?: () => number;
}

/** A frame is a short JSON message: anything longer is not the page's. */
const MAX_FRAME_BYTES = 4096;
/** A sign-in body: a code and an instance id. */
const MAX_BODY_BYTES = 2048;
/** A page that answers no ping within this is gone (its socket closed; seats are the game's own). */
const HEARTBEAT_MS = 30_000;

export interface LiveServer {
  url: string;
  /** Pages connected now. */
  pages(): number;
  close(): Promise<void>;
}

export async function startLiveServer(options: LiveServerOptions): Promise<LiveServer> {
  const { service, log } = options;
  const now = options.now ?? Date.now;
  const sessions = new Sessions(now);
  const watchers = new Map<number, Set<PageConnection>>();
  /** The version each shown game's pages were last sent. */
  const sent = new Map<number, number>();
  const pages = new Set<PageConnection>();

  const publish = async (gameId: number): Promise<void> => {
    const found = await service.liveBoard.current(gameId);
    const watching = watchers.get(gameId);
    if (!found.ok || !watching) return;
    if ((sent.get(gameId) ?? -1) >= found.value.version) return; // it, or a newer one, went out meanwhile
    sent.set(gameId, found.value.version);
    const frame = JSON.stringify({ type: 'game', game: found.value } satisfies ServerMessage);
    for (const page of watching) page.sendEncoded(frame);
  };

  const hub: LiveHub = {
    service,
    signIn: options.signIn,
    sessions,
    seats: new Seats({
      service,
      computer: options.computer,
      postsIn: options.postsIn ?? ((guildId) => Promise.resolve(guildId !== null)),
      started: (view) => options.started?.(view),
    }),
    watch: (gameId, page) => {
      const set = watchers.get(gameId) ?? new Set();
      set.add(page);
      watchers.set(gameId, set);
    },
    publish,
    failed: (err) => log.warn({ err }, 'a live board frame failed'),
  };

  const unfollow = options.follow((change) => {
    if (!watchers.has(change.gameId) || (sent.get(change.gameId) ?? -1) >= change.version) return;
    publish(change.gameId).catch((err: unknown) => log.warn({ err }, 'the live board could not send a change'));
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const alive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const socket of wss.clients) {
      if (alive.get(socket) === false) socket.terminate();
      alive.set(socket, false);
      socket.ping();
    }
  }, HEARTBEAT_MS);

  wss.on('connection', (socket) => {
    const page = new PageConnection(socket, hub, now);
    pages.add(page);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', (data, isBinary) => {
      if (isBinary) socket.close(1003, 'text frames only');
      else page.receive(textOf(data));
    });
    socket.on('close', () => {
      pages.delete(page);
      hub.seats.leave(page);
      for (const [gameId, set] of watchers) {
        set.delete(page);
        if (set.size === 0) {
          watchers.delete(gameId);
          sent.delete(gameId);
        }
      }
    });
    socket.on('error', (err) => log.debug({ err }, 'a live board socket failed'));
  });

  const server: Server = createServer((req, res) => {
    handleHttp(req, res, options, sessions).catch((err: unknown) => {
      log.warn({ err, url: req.url }, 'the live board could not answer');
      if (!res.headersSent) answer(res, 500, { error: 'failed' });
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://page').pathname !== '/live') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  log.info({ port, host: options.host }, 'the live board is listening');
  return {
    url: `http://${options.host}:${port}`,
    pages: () => pages.size,
    close: async () => {
      unfollow();
      clearInterval(heartbeat);
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A text frame's text (ws hands it over as bytes: one buffer, or several for a fragmented frame). */
function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(new Uint8Array(data)).toString('utf8');
}

function answer(res: ServerResponse, status: number, json: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(json));
}

async function handleHttp(
  req: IncomingMessage,
  res: ServerResponse,
  options: LiveServerOptions,
  sessions: Sessions,
): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://page').pathname;
  if (req.method === 'POST' && path === '/api/session') return signIn(req, res, options, sessions);
  const file = req.method === 'GET' ? options.page?.files.get(path) : undefined;
  if (!file) return answer(res, 404, { error: 'not-found' });
  // Assets are named by their content: kept for ever. The page itself is asked for each time.
  const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  res.writeHead(200, { 'content-type': file.type, 'cache-control': cache }).end(file.body);
}

/**
 * POST /api/session { code, instanceId }: the user behind the code (Discord's answer), if they
 * are in that instance, gets a session there; the access token goes back for the SDK's
 * `authenticate` only. Any failure is one answer: the page signs in again.
 */
async function signIn(
  req: IncomingMessage,
  res: ServerResponse,
  options: LiveServerOptions,
  sessions: Sessions,
): Promise<void> {
  const body = await readJson(req);
  const code = typeof body?.code === 'string' ? body.code : '';
  const instanceId = typeof body?.instanceId === 'string' ? body.instanceId : '';
  const mock = /^mock:(\d{17,20}):([\w-]{2,8})$/.exec(code);
  let user: { id: string; locale: string; name?: string } | null = null;
  let accessToken: string | null = null;
  if (mock && options.mockSignIn) user = { id: mock[1] ?? '', locale: mock[2] ?? '' };
  else if (!mock && code !== '') {
    const exchanged = await options.signIn.exchange(code);
    if (exchanged.ok) ({ user, accessToken } = exchanged.value);
    else options.log.info({ why: exchanged.error }, 'a live board sign-in was refused');
  }
  const instance = user && instanceId ? await options.signIn.instance(instanceId) : null;
  if (!user || !instance?.users.has(user.id)) return answer(res, 403, { error: 'refused' });
  const named = user.name === undefined ? {} : { name: user.name };
  const session = sessions.open({ userId: user.id, locale: user.locale, instanceId, ...named });
  answer(res, 200, { session, accessToken, userId: user.id });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const data: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
