// One page's live connection: its session, the games it shows, and its limits. A frame is read
// (protocol.ts), checked against the session and the activity instance, and carried out by the
// same service call a button click makes, with the same version guard and refusals; the page is
// never believed about who it is, where it is or what it may see.
import type { WebSocket } from 'ws';
import { RULESET_IDS } from '../engine/index.js';
import type { GameService } from '../game/service.js';
import { OFFERED_STRENGTHS } from '../game/strengths.js';
import type { Outcome } from '../game/types.js';
import type { Viewer } from '../game/visibility.js';
import { rulesetTitle } from '../i18n/gameWords.js';
import { DEFAULT_LOCALE, type MessageKey, localeOf, plainTranslator, say } from '../i18n/index.js';
import { boardWordsIn } from './boardWords.js';
import type { DiscordSignIn } from './discordSignIn.js';
import { type Choice, type PageMessage, type ServerMessage, type Words, readPageMessage } from './protocol.js';
import type { Here, SeatRefusal, SeatedPage, Seats } from './seats.js';
import type { Session, Sessions } from './sessions.js';

/** What every connection shares: the service, who is who, and the games' watchers. */
export interface LiveHub {
  service: GameService;
  signIn: Pick<DiscordSignIn, 'instance'>;
  sessions: Sessions;
  /** The instances' lobbies: their tables and the games started from them (seats.ts). */
  seats: Seats;
  watch(gameId: number, page: PageConnection): void;
  /** Tells every page showing the game how it stands now (the chat hears of it from the database: src/bot/gameNews.ts). */
  publish(gameId: number): Promise<void>;
  /** A frame that failed (the database, Discord): logged; the page is told and may go on. */
  failed(err: unknown): void;
}

/** Frames a page may send per second on average, and at once: a person clicks far less. */
const FRAMES_PER_SECOND = 10;
const FRAME_BURST = 20;
/** The most games one page may show at once. */
const MAX_GAMES_SHOWN = 8;

/** Close codes (RFC 6455 §7.4.1; 4000-4999 for the application). */
const CLOSE = { policy: 1008, signedOut: 4001, notInInstance: 4003 } as const;

/** A signed-in page: its session, and its instance as Discord last said. */
type SignedIn = Here;

export class PageConnection implements SeatedPage {
  private signedIn: Session | null = null;
  /** The instance as Discord said at this page's last frame: its lobby is sent from it. */
  private here: SignedIn | null = null;
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
    this.queue = this.queue
      .then(() => this.handle(raw))
      .catch((err: unknown) => {
        this.hub.failed(err);
        this.refuse(null, 'failed');
      });
  }

  get session(): Session | null {
    return this.signedIn;
  }

  send(message: ServerMessage): void {
    this.sendEncoded(JSON.stringify(message));
  }

  /** A message already encoded: one change goes to every page showing the game, encoded once. */
  sendEncoded(frame: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame);
  }

  private async handle(raw: string): Promise<void> {
    const read = readPageMessage(raw);
    if (!read.ok) return this.refuse(null, read.error);
    const message = read.value;
    // Each frame once, in order: one sent again (or replayed from elsewhere) changes nothing.
    if (message.seq <= this.lastSeq) return this.refuse(message.seq, 'replayed');
    this.lastSeq = message.seq;
    if (message.type === 'hello') return this.hello(message.seq, message.session);
    if (!this.signedIn) return this.refuse(message.seq, 'signed-out');
    if (message.type === 'ping') return this.send({ type: 'pong', seq: message.seq });
    // Still in the instance (Discord's answer, kept a few seconds): a page left open after leaving acts no more.
    const here = await this.stillIn(this.signedIn);
    if (here) await this.carryOut(message, here);
  }

  private async hello(seq: number, token: string): Promise<void> {
    if (this.signedIn) return this.refuse(seq, 'invalid');
    const session = this.hub.sessions.get(token);
    if (!session) {
      this.refuse(seq, 'signed-out');
      this.socket.close(CLOSE.signedOut, 'sign in again');
      return;
    }
    this.signedIn = session;
    const here = await this.stillIn(session);
    if (!here) return;
    if (this.socket.readyState !== this.socket.OPEN) return; // gone meanwhile: its close has been handled
    this.send({ type: 'welcome', userId: session.userId, locale: session.locale, ...choicesIn(session.locale) });
    this.hub.seats.join(this);
    await this.sendLobby();
  }

  async sendLobby(): Promise<void> {
    if (this.here) this.send({ type: 'lobby', ...(await this.hub.seats.lobby(this.here, viewerOf(this.here))) });
  }

  /** Shows a game (`open`, or one just started here) if this page may see it, and watches it. */
  async openGame(gameId: number, seq: number | null = null): Promise<void> {
    if (!this.here) return;
    if (!this.shown.has(gameId) && this.shown.size >= MAX_GAMES_SHOWN) return this.refuse(seq, 'limit');
    const found = await this.hub.service.liveBoard.game(gameId, viewerOf(this.here));
    if (!found.ok) return this.refused(seq, found);
    this.shown.add(gameId);
    this.hub.watch(gameId, this);
    this.send({ type: 'game', game: found.value });
  }

  private async stillIn(session: Session): Promise<SignedIn | null> {
    const instance = await this.hub.signIn.instance(session.instanceId);
    if (instance?.users.has(session.userId)) return (this.here = { session, instance });
    this.refuse(null, 'not-in-instance');
    this.socket.close(CLOSE.notInInstance, 'not in this activity');
    return null;
  }

  private async carryOut(message: Exclude<PageMessage, { type: 'hello' | 'ping' }>, here: SignedIn): Promise<void> {
    const { service, seats } = this.hub;
    const { session, instance } = here;
    const { userId } = session;
    if (message.type === 'open') return this.openGame(message.gameId, message.seq);
    if (message.type === 'lobby') return this.sendLobby();
    if (message.type === 'start')
      return this.seated(message.seq, await seats.start(here, message.ruleset, message.strength));
    if (message.type === 'sit') return this.seated(message.seq, await seats.sit(here, message.host));
    // A page moves (or asks for a rematch) only in a game it was shown, that is, one it may see here.
    if (!this.shown.has(message.gameId)) return this.refuse(message.seq, 'not-shown');
    if (message.type === 'rematch') {
      const found = await service.liveBoard.current(message.gameId);
      if (!found.ok) return this.refused(message.seq, found);
      return this.seated(message.seq, await seats.rematch(here, found.value));
    }
    // A move is committed as a click's is, its board not drawn: this page draws it, and the chat's
    // picture is drawn by the process that edits the game's message.
    const done =
      message.type === 'act'
        ? await service.play.move({
            gameId: message.gameId,
            userId,
            version: message.version,
            action: message.action,
            where: instance.channelId,
          })
        : await service.play.resign({ gameId: message.gameId, userId });
    if (!done.ok) return this.refused(message.seq, done);
    await this.hub.publish(message.gameId);
  }

  /** What the lobby said to a new game or a seat: nothing when done, else its refusal. */
  private seated(seq: number, refusal: SeatRefusal | null): void {
    if (refusal === null) return;
    if ('message' in refusal) this.refused(seq, { ok: false, error: refusal });
    else this.refuse(seq, refusal.code);
  }

  /** A service refusal, in the user's words, as a click's would be. */
  private refused(seq: number | null, outcome: Extract<Outcome<unknown>, { ok: false }>): void {
    const locale = localeOf(this.signedIn?.locale) ?? DEFAULT_LOCALE;
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

/** The page's words in the user's Discord language (the default where Discord's is not one of ours), and the lobby's choices in them. */
function choicesIn(discordLocale: string): { words: Words; rules: Choice[]; strengths: Choice[] } {
  const locale = localeOf(discordLocale) ?? DEFAULT_LOCALE;
  const t = plainTranslator(locale);
  const words: Words = {
    throw: t('choice.throw'),
    take: t('choice.takeForfeited'),
    move: t('words.move', { from: '{from}', to: '{to}' }),
    off: t('words.off'),
    enter: t('words.enter'),
    lightPawns: t('words.lightPawns'),
    darkPawns: t('words.darkPawns'),
    yourTurn: t('replay.yourTurn'),
    newTable: t('live.newTable'),
    playComputer: t('live.playComputer'),
    sit: t('live.sit', { name: '{name}' }),
    waiting: t('live.waiting'),
    resign: t('live.resign'),
    rematch: t('button.rematch'),
    liveOnly: t('live.liveOnly'),
    presence: t('live.presence', { turn: 'no' }),
    presenceTurn: t('live.presence', { turn: 'yes' }),
    ...boardWordsIn(locale),
  };
  return {
    words,
    rules: RULESET_IDS.map((id) => ({ id, name: rulesetTitle(t, id) })),
    strengths: OFFERED_STRENGTHS.map((id) => ({ id, name: t(`command.strength.${id}` as MessageKey) })),
  };
}
