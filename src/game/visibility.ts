// Who may see a game: the one rule behind replays (and their reviews), history, stats,
// leaderboards, the autocomplete of game ids, /senet tournament, and where a result may be
// posted (docs/privacy.md states it for players).
//
// - A game (or a tournament) in a server that installed the bot: members who may view where it
//   was played, as Discord decides who views what (topics/threads.mdx, "Permissions";
//   topics/permissions.mdx, "Inherited Permissions (Threads)"):
//   - a channel: those with View Channel there;
//   - a public thread (a game's own thread, or one a challenge was typed in): whoever views its
//     parent channel;
//   - a private thread: those who view its parent channel and are in the thread, or may Manage
//     Threads in the parent (moderators see every private thread).
// - A game anywhere else (the DM with the bot, a DM or group DM between users, a server reached
//   through a user install, all stored with guild ''): its two players only.
//
// This layer knows no Discord permissions: the commands layer answers "may this member view that
// channel or thread?" from Discord's own data (src/commands/viewer.ts) and hands over that yes/no
// per channel. Where it cannot tell (a channel or thread it does not know), the answer is no. The
// answer may take a request to Discord (who is in a private thread), so each list of games asks
// once per channel, and nothing asks inside a transaction.
//
// Buttons are another matter: a button names its game, challenge or tournament by id, and a forged
// click can name any id on any message. A button acts only where its thing is (isHere), whoever
// clicks; anything else gets the one answer of src/game/refusals.ts.
import type { GameRecord } from '../db/records.js';
import type { Side } from '../engine/index.js';

/** Who asks, and where. */
export interface Viewer {
  userId: string;
  /** The server the question is asked in if it installed the bot, else '' (outside servers). */
  guildId: string;
  /** The channel or thread asked in. */
  channelId: string;
  /** Whether only the asker reads answers here (the DM with the bot). */
  alone: boolean;
  /** In a server: whether the asker may view a channel or thread of it (never called outside servers). */
  canViewChannel: (channelId: string) => boolean | Promise<boolean>;
}

/** Where a game was played or a tournament is held, and (a game outside servers) by whom. */
export interface Placed {
  guildId: string;
  channelId: string;
  seats?: Record<Side, string>;
}

export type PlacedGame = Pick<GameRecord, 'guildId' | 'channelId' | 'seats'>;

/** The games (or tournaments) the asker could see where they were played, in order; each channel asked about once. */
export async function viewable<T extends Placed>(viewer: Viewer, items: readonly T[]): Promise<T[]> {
  const asked = new Set<string>();
  for (const item of items) if (item.guildId !== '' && item.guildId === viewer.guildId) asked.add(item.channelId);
  const answers = await Promise.all([...asked].map(async (id) => [id, await viewer.canViewChannel(id)] as const));
  const seen = new Set(answers.filter(([, yes]) => yes).map(([id]) => id));
  return items.filter((item) =>
    item.guildId === ''
      ? viewer.guildId === '' && (item.seats?.W === viewer.userId || item.seats?.B === viewer.userId)
      : item.guildId === viewer.guildId && seen.has(item.channelId),
  );
}

/** Whether the asker could see the game (or tournament) where it was played. */
export async function mayView(viewer: Viewer, item: Placed): Promise<boolean> {
  return (await viewable(viewer, [item])).length > 0;
}

/**
 * The games that may be posted for everyone where the asker is. In a server, whoever may view a
 * game may show it (as they could quote it). Outside servers a game is its two players' own: one
 * of them may show it only where it was played (its own audience) or in their DM with the bot.
 */
export async function showableHere<T extends PlacedGame>(viewer: Viewer, games: readonly T[]): Promise<T[]> {
  const shows = (game: T): boolean => game.guildId !== '' || viewer.alone || viewer.channelId === game.channelId;
  return (await viewable(viewer, games)).filter(shows);
}

/** Whether the game may be posted for everyone where the asker is (see showableHere). */
export async function mayShowHere(viewer: Viewer, game: PlacedGame): Promise<boolean> {
  return (await showableHere(viewer, [game])).length > 0;
}

/** Whether answers listing someone's games (names, results) must be private to the asker here. */
export function listsArePrivate(viewer: Viewer): boolean {
  return viewer.guildId === '' && !viewer.alone;
}

/**
 * Whether only someone's totals may be shown to the asker: another player's stats outside servers,
 * where their games are private to them and their opponents. Games, wins and losses; nothing that
 * tells which games, rule sets, opponents or results in what order (no rating, season, streak).
 */
export function totalsOnly(viewer: Viewer, userId: string): boolean {
  return viewer.guildId === '' && userId !== viewer.userId;
}

/**
 * Whether a button clicked in `where` (its message's channel or thread) is where its thing is: a
 * game's buttons are in its channel or its own thread, a challenge's in its channel.
 */
export function isHere(where: string, thing: { channelId: string; threadId?: string | null }): boolean {
  return where === thing.channelId || (!!thing.threadId && where === thing.threadId);
}
