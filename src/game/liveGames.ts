// Live games in memory: the process that plays a game keeps its last known row, and the settings
// of the servers it plays in, so a click decides without reading them again (issue 40). Nothing
// here is trusted for a write: a move decided from memory is written under a guard on everything
// it read from here (src/db/moveStore.ts), so another process's move, a timeout, a deletion or an
// admin's new settings make the write fail, the entry is forgotten, and the click runs again from
// the database as before. This process's own writes through a move replace the entry; other
// changes to a game (a resignation, a timeout here) are found by the guard alike. Only live games
// are kept, the most recently played first, at most `capacity`; a game that ends is forgotten.
import type { GameRecord } from '../db/records.js';

/** How many live games one process keeps: far more than a process plays at once (a few KB each). */
const LIVE_GAMES_KEPT = 10_000;

export class LiveGames {
  private readonly games = new Map<number, GameRecord>();
  /** A server's settings JSON as stored (null: none set), by guild id. */
  private readonly settings = new Map<string, string | null>();

  constructor(private readonly capacity = LIVE_GAMES_KEPT) {}

  /** The game as this process last wrote or read it, if it is kept. */
  game(id: number): GameRecord | undefined {
    return this.games.get(id);
  }

  /** Keeps a game as just committed: a live one as the most recent, an ended one forgotten. */
  keep(game: GameRecord): void {
    this.games.delete(game.id);
    if (game.status !== 'active') return;
    this.games.set(game.id, game);
    evictOldest(this.games, this.capacity);
  }

  /** A game changed where this process did not see it (its guarded write failed): read it afresh next time. */
  forget(id: number): void {
    this.games.delete(id);
  }

  /** A change committed anywhere (the database's news): a kept copy older than it is forgotten. */
  forgetBefore(id: number, version: number): void {
    const kept = this.games.get(id);
    if (kept && kept.version < version) this.games.delete(id);
  }

  /** A server's settings JSON as last read (null: its admins set none), or undefined when not kept. */
  settingsJson(guildId: string): string | null | undefined {
    return this.settings.get(guildId);
  }

  keepSettings(guildId: string, json: string | null): void {
    this.settings.delete(guildId);
    this.settings.set(guildId, json);
    evictOldest(this.settings, this.capacity);
  }

  forgetSettings(guildId: string): void {
    this.settings.delete(guildId);
  }

  /** A server's data was deleted: its games and settings go too. */
  forgetServer(guildId: string): void {
    for (const [id, game] of this.games) if (game.guildId === guildId) this.games.delete(id);
    this.settings.delete(guildId);
  }

  /** How many games are kept (the metrics, the tests). */
  get size(): number {
    return this.games.size;
  }
}

/** A Map iterates in insertion order, and `keep` re-inserts what it touches: the first are the oldest. */
function evictOldest<K, V>(map: Map<K, V>, capacity: number): void {
  for (const key of map.keys()) {
    if (map.size <= capacity) return;
    map.delete(key);
  }
}
