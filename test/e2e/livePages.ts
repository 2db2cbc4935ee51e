// A live board page without a browser: it signs in as the page does (a code from the SDK's
// authorize, exchanged at POST /api/session) and speaks the socket protocol, for tests of the
// server's checks through real HTTP and real sockets.
import { WebSocket } from 'ws';
import type { LiveGame } from '../../src/game/liveBoard.js';
import type { ServerMessage } from '../../src/activity/protocol.js';

export interface SignedIn {
  status: number;
  session: string | null;
  accessToken: string | null;
}

/** POST /api/session as a page does. */
export async function signIn(serverUrl: string, code: string, instanceId: string): Promise<SignedIn> {
  const res = await fetch(`${serverUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, instanceId }),
  });
  const body = (await res.json()) as { session?: string; accessToken?: string | null };
  return { status: res.status, session: body.session ?? null, accessToken: body.accessToken ?? null };
}

export class TestPage {
  readonly received: ServerMessage[] = [];
  private seq = 0;
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString('utf8')) as ServerMessage;
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => !(w.match(message) && (w.resolve(message), true)));
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(serverUrl: string): Promise<TestPage> {
    const socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/live`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new TestPage(socket);
  }

  /** Sends a frame with the next seq (or the one given); its seq. */
  send(message: Record<string, unknown>, seq = ++this.seq): number {
    this.seq = Math.max(this.seq, seq);
    this.socket.send(JSON.stringify({ ...message, seq }));
    return seq;
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** The next message (already received or to come) of `type` that matches; taken from `received`. */
  next<T extends ServerMessage['type']>(
    type: T,
    match: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const fits = (m: ServerMessage): m is Extract<ServerMessage, { type: T }> =>
      m.type === type && match(m as Extract<ServerMessage, { type: T }>);
    const found = this.received.find(fits);
    if (found) {
      this.received.splice(this.received.indexOf(found), 1);
      return Promise.resolve(found);
    }
    return new Promise((resolve) =>
      this.waiters.push({
        match: fits,
        resolve: (m) => {
          this.received.splice(this.received.indexOf(m), 1);
          resolve(m as Extract<ServerMessage, { type: T }>);
        },
      }),
    );
  }

  /** The game message showing `version` of the game (or later). */
  gameAt(gameId: number, version: number): Promise<LiveGame> {
    return this.next('game', (m) => m.game.gameId === gameId && m.game.version >= version).then((m) => m.game);
  }

  /** Answers a ping: every frame before it has been handled. */
  async settled(): Promise<void> {
    const seq = this.send({ type: 'ping' });
    await this.next('pong', (m) => m.seq === seq);
  }

  close(): void {
    this.socket.close();
  }
}
