// A page's session: who signed in, in which activity instance, until when. The token is random,
// handed to the page once (it keeps it in memory, never in storage) and sent as its socket's first
// frame; it names its instance, so it is good only there. Sessions live in this process's memory:
// after a restart the page signs in again (the SDK gives it a fresh code), and its seat is the
// game's own row, so nothing is lost.
import { randomBytes } from 'node:crypto';

export interface Session {
  userId: string;
  /** Their name as Discord gave it at sign-in (a game they start records it); none for a mock sign-in. */
  name?: string;
  /** Their Discord client's language (e.g. `pt-BR`). */
  locale: string;
  instanceId: string;
  expiresAt: number;
}

/** How long a session is good: a page open longer signs in again. */
const SESSION_TTL_MS = 60 * 60_000;
/** The most sessions kept: the oldest go first past it. */
const MAX_SESSIONS = 100_000;

export class Sessions {
  private readonly byToken = new Map<string, Session>();

  constructor(private readonly now: () => number = Date.now) {}

  open(session: Omit<Session, 'expiresAt'>): string {
    const token = randomBytes(32).toString('base64url');
    const oldest = this.byToken.keys().next();
    if (this.byToken.size >= MAX_SESSIONS && !oldest.done) this.byToken.delete(oldest.value);
    this.byToken.set(token, { ...session, expiresAt: this.now() + SESSION_TTL_MS });
    return token;
  }

  /** The session behind a token, if it is one and still good. */
  get(token: string): Session | null {
    const session = this.byToken.get(token);
    if (!session) return null;
    if (session.expiresAt > this.now()) return session;
    this.byToken.delete(token);
    return null;
  }
}
