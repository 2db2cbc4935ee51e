// Where the bot's REST clients send their requests: Discord (DISCORD_API_URL, by default Discord's
// own), or a shared REST proxy in front of it (docs/scaling.md#a-shared-rest-proxy). A proxy
// takes a request only with its shared secret (REST_PROXY_SECRET) in a header of its own, and
// shares Discord's global limit fairly among the callers it tells apart by another header. The
// proxy passes neither on to Discord.
import { hostname } from 'node:os';
import type { DiscordApi } from '../chat/interactionEdits.js';
import type { BotConfig } from './config.js';

/** The header that carries the proxy's shared secret. */
export const PROXY_SECRET_HEADER = 'x-senet-proxy-secret';
/** The header that names a caller of the proxy (one process), for its fair share. */
export const PROXY_CALLER_HEADER = 'x-senet-proxy-caller';

/** The API of `config`: with a proxy secret, each request carries it and this process's name. */
export function discordApi(config: Pick<BotConfig, 'apiUrl' | 'restProxySecret'>): DiscordApi {
  if (config.restProxySecret === null) return { api: config.apiUrl, headers: {} };
  return {
    api: config.apiUrl,
    headers: {
      [PROXY_SECRET_HEADER]: config.restProxySecret,
      // One caller per process: its shards and threads share its share.
      [PROXY_CALLER_HEADER]: `${hostname()} ${process.pid}`,
    },
  };
}
