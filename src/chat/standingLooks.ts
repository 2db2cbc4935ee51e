// A refused click's look at its board's standing in the database (src/chat/delivery.ts,
// refreshOutOfDate), once the boards on their way have landed. A burst's losers (twenty clicks on
// one board at once) all wait for the same winner's board: each reading the standing then was one
// read per click, taking the database's connections from everything else (the game-over boards
// after a burst waited for them). Clicks that ask while a look is waiting to begin share it: it
// reads after each of them was refused, so its answer is as good as their own. A look already
// reading is not shared: it may have read before the caller was refused.
import type { GameService } from '../game/service.js';
import type { BoardsInFlight } from './boardsInFlight.js';

export type Standing = Awaited<ReturnType<GameService['chat']['boardStanding']>>;

export class StandingLooks {
  /** By game, the look waiting for its boards to land, not reading yet. */
  private readonly waiting = new Map<number, Promise<Standing>>();

  constructor(
    private readonly boards: Pick<BoardsInFlight, 'landed'>,
    private readonly read: (gameId: number) => Promise<Standing>,
  ) {}

  /** The game's board standing, read once every delivery of its board begun so far has landed. */
  onceLanded(gameId: number): Promise<Standing> {
    const shared = this.waiting.get(gameId);
    if (shared) return shared;
    const look: Promise<Standing> = this.boards.landed(gameId).then(() => {
      if (this.waiting.get(gameId) === look) this.waiting.delete(gameId);
      return this.read(gameId);
    });
    this.waiting.set(gameId, look);
    return look;
  }
}
