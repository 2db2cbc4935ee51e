// One REST proxy for every shard: @discordjs/proxy forwards each request it gets to Discord through
// one REST client, which keeps the rate limits (Discord's global 50 requests a second per bot
// token, and each route's bucket) for every process whose DISCORD_API_URL points at it, instead of
// each process counting only its own requests (docs/scaling.md#a-shared-rest-proxy). It
// forwards the caller's Authorization header as it came (the proxy holds no token), and answers
// with Discord's status and body, its rate-limit headers stripped: the proxy does the waiting.
//
// Before anything reaches Discord, a request must carry the shared secret (REST_PROXY_SECRET) and
// be one the bot sends (restProxyRoutes.ts); anything else is answered 403 here. Interaction
// endpoints go through a client of their own with no global limit, as Discord counts them; the
// rest wait for the global limit in each caller's own line (FairShare), so one process cannot hold
// back the others' requests.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequests } from '@discordjs/proxy';
import { REST } from 'discord.js';
import type { Logger } from 'pino';
import { type Result, err, ok } from '../lib/result.js';
import {
  DEFAULT_API_URL,
  PROCESS_SETTINGS,
  type ProcessSetting,
  type SettingProblems,
  host,
  httpUrl,
  settingReader,
  whole,
} from './config.js';
import { PROXY_CALLER_HEADER, PROXY_SECRET_HEADER } from './discordApi.js';
import { FairShare } from './fairShare.js';
import { routeTemplate } from './routeTemplate.js';
import { apiPath, forwardedRoute } from './restProxyRoutes.js';

export interface RestProxyConfig {
  /** Discord's API (tests: the fake's), which the proxy forwards to. */
  apiUrl: string;
  host: string;
  port: number;
  /** What every caller must send in the X-Senet-Proxy-Secret header. */
  secret: string;
}

/**
 * How many of one caller's bot-token requests may wait for Discord at once; the rest wait in its
 * line. Eight at Discord's round trip of about 100 ms carry more than the global 50 a second, and
 * another caller's request waits behind at most eight of this one's.
 * @internal
 */
export const PER_CALLER = 8;

/**
 * The proxy's own settings: not DISCORD_API_URL, which the bot's processes beside it set to the
 * proxy itself (a proxy reading it would forward to itself). The secret is the one the bots send
 * (REST_PROXY_SECRET, read as they read it), and the proxy does not start without it.
 */
const REST_PROXY_SETTINGS: { [K in keyof RestProxyConfig]: ProcessSetting<RestProxyConfig[K]> } = {
  apiUrl: { env: 'REST_PROXY_API_URL', parse: httpUrl, fallback: DEFAULT_API_URL },
  host: { env: 'REST_PROXY_HOST', parse: host, fallback: '127.0.0.1' },
  port: { env: 'REST_PROXY_PORT', parse: whole(1, 65_535), fallback: 8080 },
  secret: {
    ...PROCESS_SETTINGS.restProxySecret,
    fallback: '',
    howToGet:
      'make one (openssl rand -hex 32) and give the same to the proxy and to every bot machine that uses it (docs/scaling.md).',
  },
};

/**
 * Every `.env` key the proxy reads (the .env.example test lists them).
 * @internal
 */
export const REST_PROXY_ENV = Object.values(REST_PROXY_SETTINGS).map((spec) => spec.env);

/** The proxy's settings from the environment, or what is wrong with them (each naming its setting). */
export function loadRestProxyConfig(env: NodeJS.ProcessEnv): Result<RestProxyConfig, SettingProblems> {
  const problems: SettingProblems = { missing: [], invalid: [] };
  const { setting } = settingReader(env, problems);
  const config = {
    apiUrl: setting(REST_PROXY_SETTINGS.apiUrl),
    host: setting(REST_PROXY_SETTINGS.host),
    port: setting(REST_PROXY_SETTINGS.port),
    secret: setting(REST_PROXY_SETTINGS.secret),
  };
  return problems.missing.length + problems.invalid.length > 0 ? err(problems) : ok(config);
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Whether `given` is the secret, compared in constant time (their digests, so lengths do not show). */
function isSecret(given: string | string[] | undefined, secret: Buffer): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), secret);
}

/** The caller a request comes from: the process it names, else its address. */
function callerOf(req: IncomingMessage): string {
  const named = req.headers[PROXY_CALLER_HEADER];
  return typeof named === 'string' && named.length > 0 && named.length <= 200
    ? named
    : `address ${req.socket.remoteAddress ?? 'unknown'}`;
}

/** Answers a refused request as Discord answers an error, with what to fix. */
function refuse(res: ServerResponse, message: string): void {
  res.statusCode = 403;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ message, code: 0 }));
}

/** Logs the first refusal, then at most one line a minute with how many there were meanwhile. */
function refusalLog(log: Logger, message: string): (fields: Record<string, unknown>) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let count = 0;
  return (fields) => {
    count++;
    if (performance.now() - lastAt < 60_000) return;
    log.warn({ ...fields, refused: count }, message);
    lastAt = performance.now();
    count = 0;
  };
}

/**
 * The request handler. A failure that is not Discord's answer (Discord unreachable after the REST
 * client's retries) is answered 502 and logged without the request's path, which holds
 * interaction tokens; neither is the secret ever logged.
 * @internal
 */
export function restProxy(config: Pick<RestProxyConfig, 'apiUrl' | 'secret'>, log: Logger): RequestListener {
  const forward = proxyRequests(new REST({ api: config.apiUrl }));
  const forwardInteraction = proxyRequests(
    new REST({ api: config.apiUrl, globalRequestsPerSecond: Number.POSITIVE_INFINITY }),
  );
  const shares = new FairShare(PER_CALLER);
  const secret = digest(config.secret);
  const noSecret = refusalLog(log, `refused requests without the right ${PROXY_SECRET_HEADER} (REST_PROXY_SECRET)`);
  const notForwarded = refusalLog(log, 'refused a request the bot does not send (docs/scaling.md)');
  return (req, res) => {
    const method = req.method ?? 'GET';
    if (!isSecret(req.headers[PROXY_SECRET_HEADER], secret)) {
      noSecret({ method, from: req.socket.remoteAddress });
      refuse(
        res,
        `REST proxy: no valid ${PROXY_SECRET_HEADER}; set REST_PROXY_SECRET to the proxy's (docs/scaling.md)`,
      );
      return;
    }
    const path = apiPath(req.url ?? '/');
    const route = path === null ? null : forwardedRoute(method, path);
    if (!route) {
      const template = path === null ? 'undecodable' : routeTemplate(path);
      notForwarded({ method, route: template, caller: callerOf(req) });
      refuse(res, `REST proxy: ${method} ${template} is not a request the bot sends, so it is not forwarded`);
      return;
    }
    // Set first: @discordjs/proxy ends the response whatever happened, and sets the status only
    // for Discord's answers and the errors it knows, so an unreachable Discord would be a 200.
    res.statusCode = 502;
    const sent = route.interaction
      ? forwardInteraction(req, res)
      : shares.run(callerOf(req), async () => {
          // A caller that gave up while it waited (its client timed out) would not read the
          // answer, and may already be sending the request again.
          if (!req.socket.destroyed) await forward(req, res);
        });
    Promise.resolve(sent).catch((error: unknown) => {
      log.error({ err: error, method }, 'could not forward a request to Discord');
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
  handler: RequestListener = restProxy(config, log),
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
