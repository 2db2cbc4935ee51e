// Boards on their way to Discord, by game. The database records what a message shows only once
// Discord has taken it (`recordShown`), so from a winning click's commit until its answer lands (or
// the computer's edit does) the message looks behind. A click refused meanwhile (a double click,
// the losers of a burst) waits for those deliveries before asking whether its board needs
// refreshing: else each loser would draw and send the board the winner is already sending, plus a
// private follow-up.
import type { Shown } from './shown.js';

export class BoardsInFlight {
  private readonly pending = new Map<number, Set<Promise<void>>>();

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

  /** Tracks `delivery` of what `shown` is, when it is a game's board; resolves or rejects as it does. */
  trackShown<T>(shown: Shown, delivery: Promise<T>): Promise<T> {
    return shown.kind === 'game' ? this.track(shown.view.gameId, delivery) : delivery;
  }

  /** Resolves once every delivery of the game's board begun so far has landed, however it ended. */
  async landed(gameId: number): Promise<void> {
    const ofGame = this.pending.get(gameId);
    if (ofGame) await Promise.all([...ofGame]);
  }
}
