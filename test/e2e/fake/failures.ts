// Discord's failures, on demand and as Discord answers them: the error codes the fake uses, the
// failures a test injects (failRequests), the per-channel bucket for message edits (429), and the
// shape of a refusal (a refused interaction callback is no answer: its waiter learns so).
// Which request meets which failure is decided in server.ts (failureFor), in Discord's order.
import type { DiscordState, RecordedRequest } from './state.js';

/** An error answer as Discord sends it: HTTP status, JSON error code and message. */
export interface Failure {
  status: number;
  code: number;
  message: string;
  /** Seconds, for a 429. */
  retryAfter?: number;
}

export const FAILURE = {
  unknownInteraction: { status: 404, code: 10062, message: 'Unknown interaction' },
  alreadyAcknowledged: { status: 400, code: 40060, message: 'Interaction has already been acknowledged.' },
  unknownMessage: { status: 404, code: 10008, message: 'Unknown Message' },
  unknownChannel: { status: 404, code: 10003, message: 'Unknown Channel' },
  missingAccess: { status: 403, code: 50001, message: 'Missing Access' },
  missingPermissions: { status: 403, code: 50013, message: 'Missing Permissions' },
  invalidWebhookToken: { status: 401, code: 50027, message: 'Invalid Webhook Token' },
  archivedThread: { status: 400, code: 50083, message: 'Operation cannot be performed on an archived thread' },
  wrongChannelType: { status: 400, code: 50024, message: 'Cannot execute action on this channel type' },
  threadExists: { status: 400, code: 160004, message: 'A thread has already been created for this message' },
  serverError: { status: 503, code: 0, message: 'Service Unavailable' },
  invalidFormBody: {
    status: 400,
    code: 50035,
    message: 'Invalid Form Body (content: Must be 2000 or fewer in length.)',
  },
} as const satisfies Record<string, Failure>;

/** The injected failure this request meets, if any (used up after its `times`). */
export function injectedFailure(fake: DiscordState, r: RecordedRequest): Failure | null {
  const index = fake.failures.findIndex((f) => f.match(r));
  if (index < 0) return null;
  const injected = fake.failures[index]!;
  if (--injected.times <= 0) fake.failures.splice(index, 1);
  return injected.failure;
}

/** A per-channel bucket for message edits, as Discord keeps one (429 once it is used up). */
export function rateLimited(fake: DiscordState, channelId: string): Failure | null {
  const limit = fake.editLimit!;
  const now = performance.now();
  const window = fake.editWindows.get(channelId);
  if (!window || now - window.start >= limit.windowMs) {
    fake.editWindows.set(channelId, { start: now, count: 1 });
    return null;
  }
  if (window.count < limit.perWindow) {
    window.count++;
    return null;
  }
  const retryAfter = Math.max(0.001, (limit.windowMs - (now - window.start)) / 1000);
  return { status: 429, code: 0, message: 'You are being rate limited.', retryAfter };
}

export function refuse(fake: DiscordState, r: RecordedRequest, failure: Failure): { status: number; json: unknown } {
  const parts = r.path.split('/').filter(Boolean);
  if (parts[0] === 'interactions' && parts[3] === 'callback') {
    // Refused, so not an answer: whoever waits for the answer learns it was refused.
    const interactionId = parts[1]!;
    fake.pending.get(interactionId)?.({
      token: parts[2]!,
      type: 0,
      data: null,
      flags: 0,
      ephemeral: false,
      files: [],
      message: null,
      refused: failure,
    });
    fake.pending.delete(interactionId);
  }
  if (failure.status === 429)
    return { status: 429, json: { message: failure.message, retry_after: failure.retryAfter, global: false } };
  return { status: failure.status, json: { message: failure.message, code: failure.code } };
}

export function notFound(): { status: number; json: unknown } {
  return { status: 404, json: { message: 'Unknown route', code: 0 } };
}
