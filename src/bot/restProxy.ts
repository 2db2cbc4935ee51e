// One REST proxy for every shard: @discordjs/proxy forwards each request it gets to Discord through
// one REST client, which keeps the rate limits (Discord's global 50 requests a second per bot
// token, and each route's bucket) for every process whose DISCORD_API_URL points at it, instead of
// each process counting only its own requests (docs/scaling.md#a-shared-rest-proxy). It
// forwards the caller's Authorization header as it came (the proxy holds no token), and answers
// with Discord's status and body, its rate-limit headers stripped: the proxy does the waiting.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequests } from '@discordjs/proxy';
import { REST } from 'discord.js';
import type { Logger } from 'pino';
import { type Result, err, ok } from '../lib/result.js';
import { DEFAULT_API_URL, type Parse, host, httpUrl, whole } from './config.js';

export interface RestProxyConfig {
  /** Discord's API (tests: the fake's), which the proxy forwards to. */
  apiUrl: string;
  host: string;
  port: number;
}

/**
 * The proxy's own settings: not DISCORD_API_URL, which the bot's processes beside it set to the
 * proxy itself (a proxy reading it would forward to itself).
 */
const REST_PROXY_SETTINGS: {
  [K in keyof RestProxyConfig]: { env: string; parse: Parse<RestProxyConfig[K]>; fallback: RestProxyConfig[K] };
} = {
  apiUrl: { env: 'REST_PROXY_API_URL', parse: httpUrl, fallback: DEFAULT_API_URL },
  host: { env: 'REST_PROXY_HOST', parse: host, fallback: '127.0.0.1' },
  port: { env: 'REST_PROXY_PORT', parse: whole(1, 65_535), fallback: 8080 },
};

/** The proxy's settings from the environment, or one line per problem (each naming its setting). */
export function loadRestProxyConfig(env: NodeJS.ProcessEnv): Result<RestProxyConfig, string[]> {
  const problems: string[] = [];
  const read = <K extends keyof RestProxyConfig>(key: K): RestProxyConfig[K] => {
    const spec = REST_PROXY_SETTINGS[key];
    const raw = env[spec.env]?.trim();
    if (!raw) return spec.fallback;
    const parsed = spec.parse(raw);
    if (parsed.ok) return parsed.value;
    problems.push(`${spec.env} ${parsed.error} (got "${raw}")`);
    return spec.fallback;
  };
  const config = { apiUrl: read('apiUrl'), host: read('host'), port: read('port') };
  return problems.length > 0 ? err(problems) : ok(config);
}

/**
 * The request handler. A failure that is not Discord's answer (Discord unreachable after the REST
 * client's retries) is answered 502 and logged without the request's path, which holds
 * interaction tokens.
 */
export function restProxy(apiUrl: string, log: Logger): RequestListener {
  const forward = proxyRequests(new REST({ api: apiUrl }));
  return (req, res) => {
    // Set first: @discordjs/proxy ends the response whatever happened, and sets the status only
    // for Discord's answers and the errors it knows, so an unreachable Discord would be a 200.
    res.statusCode = 502;
    Promise.resolve(forward(req, res)).catch((error: unknown) => {
      log.error({ err: error, method: req.method }, 'could not forward a request to Discord');
    });
  };
}

export interface RestProxyServer {
  server: Server;
  /** The port it listens on (the one asked for, or the one chosen for port 0). */
  port: number;
  close(): Promise<void>;
}

/** Listens on `config.host`:`config.port` with `handler` (default: the proxy to `config.apiUrl`). */
export async function serveRestProxy(
  config: RestProxyConfig,
  log: Logger,
  handler: RequestListener = restProxy(config.apiUrl, log),
): Promise<RestProxyServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
