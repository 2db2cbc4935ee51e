// Which name a player is shown by: a server nickname only in its own server (its games, its
// leaderboard, its tournaments), the display name everywhere else (outside servers, other servers).
// Every statement that names players joins them the same way.

/** Joins `n`, the nickname of the player `p` in `guild` (a column or parameter; '' outside servers: none). */
export const NICKNAME_IN = (guild: string): string =>
  `LEFT JOIN nicknames n ON n.user_id = p.user_id AND n.guild_id = ${guild}`;

/** The name shown, once NICKNAME_IN has joined `n`. */
export const SHOWN_NAME = 'COALESCE(n.name, p.name)';
