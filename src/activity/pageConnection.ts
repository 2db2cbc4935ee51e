// One page's live connection: its session, the games it shows, and its limits. A frame is read
// (protocol.ts), checked against the session and the activity instance, and carried out by the
// same service call a button click makes, with the same version guard and refusals; the page is
// never believed about who it is, where it is or what it may see.
import type { WebSocket } from 'ws';
import type { GameService } from '../game/service.js';
import type { GameView, Outcome } from '../game/types.js';
import type { Viewer } from '../game/visibility.js';
import { DEFAULT_LOCALE, localeOf, say, translatePlain } from '../i18n/index.js';
import type { ActivityInstance, DiscordSignIn } from './discordSignIn.js';
import { type PageMessage, type ServerMessage, type Words, readPageMessage } from './protocol.js';
import type { Session, Sessions } from './sessions.js';

/** What every connection shares: the service, who is who, and the games' watchers. */
export interface LiveHub {
  service: GameService;
  signIn: Pick<DiscordSignIn, 'instance'>;
  sessions: Sessions;
  watch(gameId: number, page: PageConnection): void;
  /** Tells every page showing the game how it stands now. */
  publish(gameId: number): Promise<void>;
  /** A move or resignation committed here: the chat is brought up to date (src/bot/serveLiveBoard.ts). */
  changed(view: GameView): void;
}

/** Frames a page may send per second on average, and at once: a person clicks far less. */
const FRAMES_PER_SECOND = 10;
const FRAME_BURST = 20;
/** The most games one page may show at once. */
const MAX_GAMES_SHOWN = 8;

/** Close codes (RFC 6455 §7.4.1; 4000-4999 for the application). */
const CLOSE = { policy: 1008, signedOut: 4001, notInInstance: 4003 } as const;

/** A signed-in page: its session, and its instance as Discord last said. */
interface SignedIn {
  session: Session;
  instance: ActivityInstance;
}

export class PageConnection {
  private session: Session | null = null;
  private lastSeq = 0;
  private readonly shown = new Set<number>();
  private tokens = FRAME_BURST;
  private tokensAt: number;
  /** Frames are handled one after another, in the order they came. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: LiveHub,
    private readonly now: () => number = Date.now,
  ) {
    this.tokensAt = now();
  }

  /** A frame from the page. */
  receive(raw: string): void {
    if (!this.withinRate()) {
      this.socket.close(CLOSE.policy, 'too many messages');
      return;
    }
    this.queue = this.queue.then(() => this.handle(raw));
  }

  send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private async handle(raw: string): Promise<void> {
    const read = readPageMessage(raw);
    if (!read.ok) return this.refuse(null, read.error);
    const message = read.value;
    // Each frame once, in order: one sent again (or replayed from elsewhere) changes nothing.
    if (message.seq <= this.lastSeq) return this.refuse(message.seq, 'replayed');
    this.lastSeq = message.seq;
    if (message.type === 'hello') return this.hello(message.seq, message.session);
    if (!this.session) return this.refuse(message.seq, 'signed-out');
    if (message.type === 'ping') return this.send({ type: 'pong', seq: message.seq });
    // Still in the instance (Discord's answer, kept a few seconds): a page left open after leaving acts no more.
    const here = await this.stillIn(this.session);
    if (here) await this.carryOut(message, here);
  }

  private async hello(seq: number, token: string): Promise<void> {
    if (this.session) return this.refuse(seq, 'invalid');
    const session = this.hub.sessions.get(token);
    if (!session) {
      this.refuse(seq, 'signed-out');
      this.socket.close(CLOSE.signedOut, 'sign in again');
      return;
    }
    this.session = session;
    const here = await this.stillIn(session);
    if (!here) return;
    this.send({ type: 'welcome', userId: session.userId, locale: session.locale, words: wordsIn(session.locale) });
    this.send({ type: 'lobby', games: await this.hub.service.liveBoard.lobby(viewerOf(here)) });
  }

  private async stillIn(session: Session): Promise<SignedIn | null> {
    const instance = await this.hub.signIn.instance(session.instanceId);
    if (instance?.users.has(session.userId)) return { session, instance };
    this.refuse(null, 'not-in-instance');
    this.socket.close(CLOSE.notInInstance, 'not in this activity');
    return null;
  }

  private async carryOut(
    message: Exclude<PageMessage, { type: 'hello' | 'ping' }>,
    { session, instance }: SignedIn,
  ): Promise<void> {
    const { service } = this.hub;
    const { userId } = session;
    if (message.type === 'open') {
      if (!this.shown.has(message.gameId) && this.shown.size >= MAX_GAMES_SHOWN)
        return this.refuse(message.seq, 'limit');
      const found = await service.liveBoard.game(message.gameId, viewerOf({ session, instance }));
      if (!found.ok) return this.refused(message.seq, found);
      this.shown.add(message.gameId);
      this.hub.watch(message.gameId, this);
      return this.send({ type: 'game', game: found.value });
    }
    // A page moves only in a game it was shown, that is, one it may see here.
    if (!this.shown.has(message.gameId)) return this.refuse(message.seq, 'not-shown');
    const done =
      message.type === 'act'
        ? await service.play.act({
            gameId: message.gameId,
            userId,
            version: message.version,
            action: message.action,
            where: instance.channelId,
          })
        : await service.play.resign({ gameId: message.gameId, userId });
    if (!done.ok) return this.refused(message.seq, done);
    this.hub.changed(done.value);
    await this.hub.publish(message.gameId);
  }

  /** A service refusal, in the user's words, as a click's would be. */
  private refused(seq: number, outcome: Extract<Outcome<unknown>, { ok: false }>): void {
    const locale = localeOf(this.session?.locale) ?? DEFAULT_LOCALE;
    this.send({ type: 'refused', seq, code: outcome.error.code, text: say(locale, outcome.error.message) });
  }

  /** A refusal of the protocol's own: the page's bug or a forgery, so a code and no words. */
  private refuse(seq: number | null, code: string): void {
    this.send({ type: 'refused', seq, code });
  }

  private withinRate(): boolean {
    const now = this.now();
    this.tokens = Math.min(FRAME_BURST, this.tokens + ((now - this.tokensAt) / 1000) * FRAMES_PER_SECOND);
    this.tokensAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** A page in its instance's channel: it sees what a member there sees (visibility.ts). */
function viewerOf({ session, instance }: SignedIn): Viewer {
  return {
    userId: session.userId,
    guildId: instance.guildId ?? '',
    channelId: instance.channelId,
    alone: false,
    // Being in the instance is being in its channel: Discord lets only those who see it join.
    canViewChannel: (id) => id === instance.channelId,
  };
}

/** The page's words in the user's Discord language (the default where Discord's is not one of ours). */
function wordsIn(discordLocale: string): Words {
  const locale = localeOf(discordLocale) ?? DEFAULT_LOCALE;
  const t = (key: Parameters<typeof translatePlain>[1], params?: Record<string, string>): string =>
    translatePlain(locale, key, params);
  return {
    throw: t('choice.throw'),
    take: t('choice.takeForfeited'),
    move: t('words.move', { from: '{from}', to: '{to}' }),
    off: t('words.off'),
    enter: t('words.enter'),
    lightPawns: t('words.lightPawns'),
    darkPawns: t('words.darkPawns'),
    yourTurn: t('replay.yourTurn'),
  };
}
