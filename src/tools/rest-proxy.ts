// `npm run rest-proxy`: the REST proxy that every shard of the bot sends its requests through, on
// every machine (docs/scaling.md#a-shared-rest-proxy). Run one, and set each bot machine's
// DISCORD_API_URL to http://<its host>:<its port>/api and REST_PROXY_SECRET to the proxy's.
// Settings (.env or the environment): REST_PROXY_SECRET (required: what every caller must send),
// REST_PROXY_PORT (default 8080), REST_PROXY_HOST (default 127.0.0.1; the address the bots reach
// it on, e.g. a private network's or a TLS tunnel's), REST_PROXY_API_URL (default Discord's). Bad
// or missing settings print one line each and exit 78, as `npm start` does.
import { config as loadDotenv } from 'dotenv';
import { problemLines } from '../bot/config.js';
import { createLogger } from '../bot/logger.js';
import { loadRestProxyConfig, serveRestProxy } from '../bot/restProxy.js';

loadDotenv({ quiet: true });
const loaded = loadRestProxyConfig(process.env);
if (!loaded.ok) {
  for (const line of problemLines(loaded.error)) console.error(line);
  console.error('The REST proxy did not start. Fix the settings above (in .env or the environment).');
  process.exit(78);
}
const config = loaded.value;
const log = createLogger({ level: 'info', secrets: [config.secret] });
const proxy = await serveRestProxy(config, log).catch((error: unknown) => {
  log.fatal({ err: error }, `could not listen on ${config.host}:${config.port} (REST_PROXY_HOST, REST_PROXY_PORT)`);
  process.exit(1);
});
log.info({ url: `http://${config.host}:${proxy.port}/api`, forwardsTo: config.apiUrl }, 'REST proxy listening');
const stop = (signal: string): void => {
  log.info({ signal }, 'stopping the REST proxy');
  void proxy.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
