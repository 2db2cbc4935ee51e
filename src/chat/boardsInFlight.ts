// Boards on their way to Discord, by game. The database records what a message shows only once
// Discord has taken it (`recordShown`), so from a winning click's commit until its answer lands (or
// the computer's edit does) the message looks behind. A click refused meanwhile (a double click,
// the losers of a burst) waits for those deliveries before asking whether its board needs
// refreshing: else each loser would draw and send the board the winner is already sending, plus a
// private follow-up.
//
// It also knows, per board message, the newest game version a delivery began to show there (a
// click's answer through its interaction, or an edit with the bot's token): an edit drawn from an
// older read (the sweep's retry of an edit that failed during an outage, read just before a click
// committed) is dropped as it is about to be sent, never taking the board back (`overtaken`).
//
// And boards reach a message one at a time (`deliver`): Discord applies a message's changes in the
// order they reach it, so an edit with the bot's token already on its way and a click's answer sent
// beside it could land in either order, the older board last. Each send waits for the one before
// it in the same message to land, then checks it was not overtaken meanwhile.
import { type Shown, whereShown } from './shown.js';

/** Board messages whose newest version is remembered: far more than live games, a bound on memory all the same. */
const VERSIONS_KEPT = 50_000;

export class BoardsInFlight {
  private readonly pending = new Map<number, Set<Promise<void>>>();
  /** By board message id, the newest version a delivery began to show; least recently shown first. */
  private readonly newest = new Map<string, number>();
  /** The same by game, whichever of its messages: what the database's news of a change is checked against. */
  private readonly newestOfGame = new Map<number, number>();
  /** By board message id, when the last send queued there will have landed. */
  private readonly sending = new Map<string, Promise<void>>();

  /**
   * Marks a delivery of the game's board as begun (a click, before it commits); call the returned
   * function once it has landed, or once it is known there will be none (the click was refused).
   */
  begin(gameId: number): () => void {
    let done!: () => void;
    const delivery = new Promise<void>((resolve) => (done = resolve));
    let ofGame = this.pending.get(gameId);
    if (!ofGame) this.pending.set(gameId, (ofGame = new Set()));
    const set = ofGame;
    set.add(delivery);
    return () => {
      done();
      set.delete(delivery);
      if (set.size === 0 && this.pending.get(gameId) === set) this.pending.delete(gameId);
    };
  }

  /** Tracks `delivery` of a game's board until it settles; resolves or rejects as it does. */
  track<T>(gameId: number, delivery: Promise<T>): Promise<T> {
    const landed = this.begin(gameId);
    delivery.then(landed, landed);
    return delivery;
  }

  /**
   * Tracks `delivery` of what `shown` is, when it is a game's board (call it as the delivery
   * begins, before anything is sent); resolves or rejects as it does.
   */
  trackShown<T>(shown: Shown, delivery: Promise<T>): Promise<T> {
    if (shown.kind !== 'game') return delivery;
    const { messageId } = whereShown(shown);
    if (messageId) remember(this.newest, messageId, shown.view.version);
    remember(this.newestOfGame, shown.view.gameId, shown.view.version);
    return this.track(shown.view.gameId, delivery);
  }

  /** Whether a board newer than `version` is shown, or on its way, in `messageId`. */
  overtaken(messageId: string, version: number): boolean {
    return (this.newest.get(messageId) ?? version) > version;
  }

  /**
   * Waits for the sends to `messageId` queued before this one to land, and holds the message for
   * this one: call the returned function once it has landed, or failed.
   */
  private async turn(messageId: string): Promise<() => void> {
    const before = this.sending.get(messageId) ?? Promise.resolve();
    let landed!: () => void;
    const mine = new Promise<void>((resolve) => (landed = resolve));
    const last = before.then(() => mine);
    this.sending.set(messageId, last);
    await before;
    return () => {
      landed();
      if (this.sending.get(messageId) === last) this.sending.delete(messageId);
    };
  }

  /**
   * Sends the board of `version` to `messageId` in its turn, unless a newer one began to be shown
   * there meanwhile; resolves to whether it was sent. `awaitTurn` waits for the turn (a click's
   * answer acknowledges the click meanwhile if that takes long).
   */
  async deliver(
    messageId: string,
    version: number,
    send: () => Promise<void>,
    awaitTurn: <T>(turn: Promise<T>) => Promise<T> = (turn) => turn,
  ): Promise<boolean> {
    const landed = await awaitTurn(this.turn(messageId));
    try {
      if (this.overtaken(messageId, version)) return false;
      await send();
      return true;
    } finally {
      landed();
    }
  }

  /** Whether a delivery of the game's board at `version` or newer began here (so its news needs no look). */
  began(gameId: number, version: number): boolean {
    return (this.newestOfGame.get(gameId) ?? -1) >= version;
  }

  /** Resolves once every delivery of the game's board begun so far has landed, however it ended. */
  async landed(gameId: number): Promise<void> {
    const ofGame = this.pending.get(gameId);
    if (ofGame) await Promise.all([...ofGame]);
  }
}

/** Keeps the newer of `version` and the one kept for `key`, as the most recent; the least recent go past VERSIONS_KEPT. */
function remember<K>(newest: Map<K, number>, key: K, version: number): void {
  const kept = Math.max(version, newest.get(key) ?? version);
  newest.delete(key);
  newest.set(key, kept);
  for (const oldest of newest.keys()) {
    if (newest.size <= VERSIONS_KEPT) break;
    newest.delete(oldest);
  }
}
