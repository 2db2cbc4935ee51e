// METRICS_PORT: a small HTTP server beside the bot, for Prometheus and health checks. GET /metrics
// answers Prometheus's text format; GET /healthz answers 200 when the bot can serve (gateway
// connected, database writable), else 503, with the reason as a short JSON line. It listens on
// 127.0.0.1 unless METRICS_HOST says otherwise: the figures are for the operator, not the internet.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Health } from './healthCheck.js';
import type { Metrics } from './metrics.js';

export interface MetricsServerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  metrics: Metrics;
  health: () => Promise<Health>;
}

export interface MetricsServer {
  /** The port it listens on. */
  port: number;
  close(): Promise<void>;
}

/** Listens; rejects when the address cannot be bound (in use, or not this machine's). */
export async function serveMetrics(options: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    answer(req, res, options).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, options: MetricsServerOptions): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path !== '/metrics' && path !== '/healthz') {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try /metrics or /healthz\n');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('use GET\n');
    return;
  }
  if (path === '/healthz') {
    const health = await options.health();
    const { gateway, database } = health;
    const body = `${JSON.stringify({ status: health.ok ? 'ok' : 'unhealthy', gateway, database })}\n`;
    res.writeHead(health.ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const text = await options.metrics.text();
  res.writeHead(200, { 'content-type': options.metrics.contentType, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}
