// A failure after a player's action was committed. The action is saved (the game moved on), only
// showing it failed (most often the picture): the player must hear that, not "nothing was
// changed", and the board is brought up to date afterwards.

export class SavedNotShown extends Error {
  constructor(
    readonly gameId: number,
    cause: unknown,
  ) {
    super(`game ${gameId}: the action was saved, but showing it failed`, { cause });
    this.name = 'SavedNotShown';
  }
}

/** The saved-but-not-shown failure in an error or its causes, if any. */
export function savedNotShown(err: unknown): SavedNotShown | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof SavedNotShown) return e;
  return null;
}
