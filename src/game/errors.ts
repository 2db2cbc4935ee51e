// The kinds of refusal the service answers (ServiceError.code), in one list. The player reads the
// message that comes with the code; the code is for the adapters (which refusals warrant a fresh
// board) and for tests. A new kind of refusal is added here, with what it means. (Types rather
// than values: nothing needs the codes at run time, and an editor shows each one's comment.)
interface ErrorCodes {
  /**
   * No such game, challenge or tournament (or none of the caller's where one was asked for by kind),
   * or one that is not the caller's to know: the one answer of refusals.ts (notHere).
   */
  'not-found': never;
  /** The game is over, or the challenge was already answered or has expired. */
  finished: never;
  /** Not the caller's game or challenge: someone else's button or command. */
  forbidden: never;
  /** The button's version is old: the board moved on since it was drawn. */
  stale: never;
  /** The caller plays in this game, but it is the other side's turn. */
  'not-your-turn': never;
  /** Bad input: an illegal action, a self-challenge, options that do not fit, several games to resign and none named. */
  invalid: never;
  /** Try again shortly: the database stayed locked past busy_timeout, or replays are being drawn. */
  busy: never;
  /** The connection to the database was lost during COMMIT: the change may or may not have been applied (the board shows which). */
  'outcome-unknown': never;
  /** The disk holding the database is full: the transaction rolled back whole; the operator must make room. */
  'storage-full': never;
  /** A server's limit: its channel list, live games per player, open challenges, a pair's open challenge, the decline cooldown (limits.ts). */
  limit: never;
}

export type ErrorCode = keyof ErrorCodes;
