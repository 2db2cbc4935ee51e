// Who may see a game: the one rule behind replays (and their reviews), history, stats and the
// autocomplete of game ids (docs/privacy.md states it for players).
//
// - A game in a server that installed the bot: members who can view its channel (a game's
//   thread is public, so whoever views the channel views it).
// - A game anywhere else (the DM with the bot, a DM or group DM between users, a server reached
//   through a user install, all stored with guild ''): its two players only.
//
// This layer knows no Discord permissions: the commands layer answers "may this member view that
// channel?" from Discord's own data (the interaction's permissions for the channel it is used in,
// the cached channel's overwrites and the member's roles for another) and hands over that yes/no
// per channel. Where it cannot tell (a channel it does not know), the answer is no.
import type { GameRecord } from '../db/records.js';
import type { PlayerStats } from './types.js';

/** Who asks, and where. */
export interface Viewer {
  userId: string;
  /** The server the question is asked in if it installed the bot, else '' (outside servers). */
  guildId: string;
  /** The channel or thread asked in. */
  channelId: string;
  /** Whether only the asker reads answers here (the DM with the bot). */
  alone: boolean;
  /** In a server: whether the asker may view a channel (never called outside servers). */
  canViewChannel: (channelId: string) => boolean;
}

export type PlacedGame = Pick<GameRecord, 'guildId' | 'channelId' | 'seats'>;

/** Whether the asker could see the game where it was played. */
export function mayView(viewer: Viewer, game: PlacedGame): boolean {
  if (game.guildId !== viewer.guildId) return false;
  if (game.guildId !== '') return viewer.canViewChannel(game.channelId);
  return game.seats.W === viewer.userId || game.seats.B === viewer.userId;
}

/**
 * Whether the game may be posted for everyone where the asker is. In a server, whoever may view
 * it may show it (as they could quote it). Outside servers a game is its two players' own: one of
 * them may show it only where it was played (its own audience) or in their DM with the bot.
 */
export function mayShowHere(viewer: Viewer, game: PlacedGame): boolean {
  if (!mayView(viewer, game)) return false;
  return game.guildId !== '' || viewer.alone || viewer.channelId === game.channelId;
}

/** Whether answers listing someone's games (names, results) must be private to the asker here. */
export function listsArePrivate(viewer: Viewer): boolean {
  return viewer.guildId === '' && !viewer.alone;
}

/**
 * A player's stats as the asker may see them. Outside servers another player's games are private
 * to them and their opponents: only their totals are shown (games, wins, losses), nothing that
 * tells which games, rule sets or opponents.
 */
export function statsFor(viewer: Viewer, stats: PlayerStats): PlayerStats {
  if (viewer.guildId !== '' || stats.player.id === viewer.userId) return stats;
  return {
    ...stats,
    byRuleset: [],
    vsBot: { games: 0, wins: 0, losses: 0, winRate: 0 },
    streak: null,
    ratingHistory: [],
  };
}
