// How late an interaction reached this process's handler, by Discord's clock. Discord counts its
// 3 s for a first answer from the interaction, whose id carries when Discord made it (a
// snowflake); an overloaded bot reads its gateway socket late, or holds interactions at start-up,
// and that time is already spent when the handler begins. So the bot's wait before it defers
// (Answers.timeLeft) is shortened by that lateness.
//
// Our clock and Discord's differ by an unknown offset, and the gateway's own latency is part of
// every interaction's age: both are taken as the smallest age seen lately (this minute's or the
// last's), and only the lateness beyond it counts. A clock that is seconds ahead then costs
// nothing, and one that jumps is forgotten within two minutes.

/** How long the smallest age seen is kept as what is usual. */
const WINDOW_MS = 60_000;

export class InteractionLag {
  private windowStart = -Infinity;
  private smallestNow = Infinity;
  private smallestBefore = Infinity;

  /**
   * How much later than usual an interaction made at `createdTimestamp` (Discord's clock, ms since
   * the epoch) is handled at `now` (ours); never negative.
   */
  beyondUsual(createdTimestamp: number, now: number): number {
    const age = now - createdTimestamp;
    if (now - this.windowStart > WINDOW_MS) {
      this.smallestBefore = this.smallestNow;
      this.smallestNow = Infinity;
      this.windowStart = now;
    }
    this.smallestNow = Math.min(this.smallestNow, age);
    return Math.max(0, age - Math.min(this.smallestNow, this.smallestBefore));
  }
}
