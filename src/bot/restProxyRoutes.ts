// The routes the REST proxy forwards: the ones the bot sends (its client, its interaction edits,
// the sharding manager and `deploy-commands`), each with its methods. Any other request is refused
// before it reaches Discord: whoever holds the secret cannot use the proxy to reach the rest of
// Discord's API. The e2e tests check every request the bot makes against this list (the fake
// Discord refuses to stop while it has seen one the proxy would refuse), so a new kind of request
// fails there until its route is added here.

/** A route of the API (the path after /api/v10), the methods the bot uses on it, and its kind. */
interface ForwardedRoute {
  methods: readonly string[];
  path: RegExp;
  /**
   * An interaction endpoint: the callback, or the webhook of an interaction's token (the bot has no
   * other webhooks). Discord does not count them against the bot's global limit.
   */
  interaction?: true;
}

/** Discord's ids are digits; a token or `@original` is anything up to the next slash. */
const ROUTES: readonly ForwardedRoute[] = [
  // The sharding manager and every shard's login: the gateway's address and the shard plan.
  { methods: ['GET'], path: /^\/gateway\/bot$/ },
  // An interaction's first answer; follow-ups; its original answer, edited, read or deleted.
  { methods: ['POST'], path: /^\/interactions\/\d+\/[^/]+\/callback$/, interaction: true },
  { methods: ['POST'], path: /^\/webhooks\/\d+\/[^/]+$/, interaction: true },
  {
    methods: ['GET', 'PATCH', 'DELETE'],
    path: /^\/webhooks\/\d+\/[^/]+\/messages\/(?:@original|\d+)$/,
    interaction: true,
  },
  // Channels and threads: read, archived or reopened; boards posted, edited, read and deleted.
  { methods: ['GET', 'PATCH'], path: /^\/channels\/\d+$/ },
  { methods: ['POST'], path: /^\/channels\/\d+\/messages$/ },
  { methods: ['GET', 'PATCH', 'DELETE'], path: /^\/channels\/\d+\/messages\/\d+$/ },
  { methods: ['POST'], path: /^\/channels\/\d+\/messages\/\d+\/threads$/ },
  // Whether someone is a member of a private thread (who may see its games).
  { methods: ['GET'], path: /^\/channels\/\d+\/thread-members\/\d+$/ },
  // Tournaments' scheduled events.
  { methods: ['POST'], path: /^\/guilds\/\d+\/scheduled-events$/ },
  { methods: ['GET', 'PATCH', 'DELETE'], path: /^\/guilds\/\d+\/scheduled-events\/\d+$/ },
  // The live board (src/activity): who is in the activity instance a page says it is in. (A
  // player's own OAuth2 requests, the code exchange and /users/@me, are not the bot's: they go
  // to Discord itself, never through the proxy.)
  { methods: ['GET'], path: /^\/applications\/\d+\/activity-instances\/[^/]+$/ },
  // Whether the bot is in a server another shard holds (a game started from the live board is
  // posted in chat only where the bot is a member).
  { methods: ['GET'], path: /^\/guilds\/\d+$/ },
  // `npm run deploy-commands`: the commands, globally or in one server.
  { methods: ['PUT'], path: /^\/applications\/\d+(?:\/guilds\/\d+)?\/commands$/ },
];

/**
 * Whether the proxy forwards `method` on `path` (the API path, after /api and its version; no
 * query), and whether it is an interaction endpoint; null: refused.
 */
export function forwardedRoute(method: string, path: string): { interaction: boolean } | null {
  const route = ROUTES.find((r) => r.methods.includes(method) && r.path.test(path));
  return route ? { interaction: route.interaction === true } : null;
}

/**
 * The API path of a request's URL, decoded as Discord reads it: `/api/v10/channels/1?x=y` →
 * `/channels/1`; null when it cannot be decoded.
 */
export function apiPath(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url, 'http://proxy').pathname).replace(/^\/api(?:\/v\d+)?(?=\/)/, '');
  } catch {
    return null;
  }
}
