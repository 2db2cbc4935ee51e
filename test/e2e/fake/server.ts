// The REST API over HTTP: each request is read (JSON or multipart with files), recorded, held
// while a test holds such requests, checked for the failure Discord would answer it with, routed to the
// concern that carries it out, answered, and handed to the tests waiting for it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { activityInstance, currentUser, exchangeCode } from './activities.js';
import { overwriteCommands } from './applicationCommands.js';
import { channelJson, channelRefusal, modifyChannel, startThread } from './channels.js';
import { injectedFailure, notFound, refuse, type Failure } from './failures.js';
import { launchRefused } from './launches.js';
import {
  UPLOAD_LIMIT,
  channelMessage,
  componentsRefused,
  contentTooLong,
  followUp,
  originalMessage,
  postMessage,
} from './messages.js';
import { getGuild } from './guilds.js';
import { getThreadMember, isGetThreadMember } from './privateThreads.js';
import { acknowledgedAlready, badAutocomplete, callback, expiredToken, lateFirstAnswer } from './responses.js';
import { scheduledEvent } from './scheduledEvents.js';
import { forwardedRoute } from '../../../src/bot/restProxyRoutes.js';
import type { DiscordState, RecordedFile, RecordedRequest } from './state.js';

export async function handleHttp(fake: DiscordState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${fake.port}`);
  const path = decodeURIComponent(url.pathname.replace(/^\/api\/v10/, ''));
  const { body, files } = await parseBody(req, Buffer.concat(chunks));
  const request: RecordedRequest = {
    method: req.method ?? 'GET',
    path,
    query: url.searchParams,
    body,
    files,
    headers: req.headers,
    at: performance.now(),
  };
  if (fake.recordRequests) fake.requests.push(request);
  if (!forwardedRoute(request.method, path) && !playersOwn(request))
    fake.notForwarded.push(`${request.method} ${path}`);
  for (const hold of fake.holds) if (hold.match(request)) await hold.released;
  if (res.destroyed) return; // the bot is gone
  const failure = failureFor(fake, request);
  if (failure) fake.refusals.push(request);
  const uploaded = files.reduce((n, f) => n + f.data.length, 0);
  // Discord refuses the whole request, as it does for a bot's upload over the limit.
  const answer = failure
    ? refuse(fake, request, failure)
    : uploaded > UPLOAD_LIMIT
      ? { status: 413, json: { message: 'Request entity too large', code: 40005 } }
      : route(fake, request);
  const headers: Record<string, string> = answer.json === undefined ? {} : { 'content-type': 'application/json' };
  if (failure?.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
  if (answer.json === undefined) res.writeHead(answer.status, headers).end();
  else res.writeHead(answer.status, headers).end(JSON.stringify(answer.json));
  for (let i = fake.waiters.length - 1; i >= 0; i--) {
    const waiter = fake.waiters[i]!;
    if (waiter.match(request)) {
      fake.waiters.splice(i, 1);
      waiter.resolve(request);
    }
  }
}

/**
 * A player's own OAuth2 request (the live board's code exchange, or one with their Bearer token):
 * not the bot's, so the live board sends it to Discord itself, never through the REST proxy.
 */
function playersOwn(r: RecordedRequest): boolean {
  return r.path === '/oauth2/token' || (r.headers.authorization ?? '').startsWith('Bearer ');
}

/**
 * An injected failure, content too long, components past the limits, a bad autocomplete, an expired
 * token, a second answer, a first answer too late (or its token's use after), a launch without
 * Activities, or what the channel refuses.
 */
function failureFor(fake: DiscordState, r: RecordedRequest): Failure | null {
  return (
    injectedFailure(fake, r) ??
    contentTooLong(r) ??
    componentsRefused(r) ??
    badAutocomplete(r) ??
    expiredToken(fake, r) ??
    acknowledgedAlready(fake, r) ??
    lateFirstAnswer(fake, r) ??
    launchRefused(fake, r) ??
    channelRefusal(fake, r)
  );
}

function route(fake: DiscordState, r: RecordedRequest): { status: number; json?: unknown } {
  const parts = r.path.split('/').filter(Boolean);
  if (r.method === 'GET' && r.path === '/gateway/bot') {
    return {
      status: 200,
      json: {
        url: `ws://127.0.0.1:${fake.port}`,
        shards: fake.recommendedShards,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: fake.maxConcurrency },
      },
    };
  }
  if (parts[0] === 'interactions' && parts[3] === 'callback' && r.method === 'POST') {
    return callback(fake, parts[1]!, parts[2]!, r);
  }
  if (parts[0] === 'webhooks' && parts[3] === 'messages' && parts[4] === '@original') {
    return originalMessage(fake, parts[2]!, r);
  }
  if (parts[0] === 'webhooks' && parts.length === 3 && r.method === 'POST') return followUp(fake, parts[2]!, r);
  if (parts[0] === 'channels' && parts.length === 2 && r.method === 'GET') {
    return { status: 200, json: channelJson(fake, parts[1]!) };
  }
  if (parts[0] === 'channels' && parts.length === 2 && r.method === 'PATCH') return modifyChannel(fake, parts[1]!, r);
  if (isGetThreadMember(r)) return getThreadMember(fake, parts[1]!, parts[3]!);
  if (parts[0] === 'channels' && parts[2] === 'messages' && parts[4] === 'threads' && r.method === 'POST') {
    return startThread(fake, parts[1]!, parts[3]!, r);
  }
  if (parts[0] === 'channels' && parts[2] === 'messages' && parts[3]) return channelMessage(fake, parts[3], r);
  if (parts[0] === 'channels' && parts[2] === 'messages' && r.method === 'POST') return postMessage(fake, parts[1]!, r);
  if (parts[0] === 'guilds' && parts.length === 2 && r.method === 'GET') return getGuild(fake, r, parts[1]!);
  if (parts[0] === 'guilds' && parts[2] === 'scheduled-events') return scheduledEvent(fake, parts[1]!, parts[3], r);
  if (r.method === 'POST' && r.path === '/oauth2/token') return exchangeCode(fake, r);
  if (r.method === 'GET' && r.path === '/users/@me') return currentUser(fake, r);
  if (parts[0] === 'applications' && parts[2] === 'activity-instances' && parts.length === 4 && r.method === 'GET') {
    return activityInstance(fake, parts[1]!, parts[3]!);
  }
  if (parts[0] === 'applications' && r.method === 'PUT') {
    return overwriteCommands(fake, parts[2] === 'guilds' ? parts[3]! : 'global', r);
  }
  return notFound();
}

async function parseBody(
  req: IncomingMessage,
  raw: Buffer,
): Promise<{ body: Record<string, unknown> | null; files: RecordedFile[] }> {
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: null, files: [] };
  if (type.startsWith('application/json'))
    return { body: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, files: [] };
  // The OAuth2 token exchange is a form (topics/oauth2.mdx, "Access Token Exchange Example").
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  if (!type.startsWith('multipart/form-data')) return { body: null, files: [] };
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: raw,
  }).formData();
  let body: Record<string, unknown> | null = null;
  const files: RecordedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (field === 'payload_json' && typeof value === 'string') body = JSON.parse(value) as Record<string, unknown>;
    else if (typeof value !== 'string') {
      files.push({ field, name: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) });
    }
  }
  files.sort((a, b) => fileIndex(a.field) - fileIndex(b.field));
  return { body, files };
}

const fileIndex = (field: string): number => Number(/\d+/.exec(field)?.[0] ?? 0);
