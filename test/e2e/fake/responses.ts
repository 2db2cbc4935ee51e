// Interaction responses (interactions/receiving-and-responding.mdx): the callback that answers an
// interaction (a reply, a deferral, an in-place update, autocomplete choices), what the test
// waiting for the answer learns, and how long the interaction's token works for its webhook.
import { FAILURE, type Failure } from './failures.js';
import { LAUNCH_ACTIVITY, launchFor } from './launches.js';
import { applyEdit, createMessage, messageJson } from './messages.js';
import type { DiscordState, FakeMessage, RecordedFile, RecordedRequest } from './state.js';

/** What the bot answered to one interaction: the callback, and the message it created or updated. */
export interface InteractionReply {
  /** The interaction's token (its webhook edits the @original message). */
  token: string;
  type: number;
  data: Record<string, unknown> | null;
  flags: number;
  ephemeral: boolean;
  files: RecordedFile[];
  message: FakeMessage | null;
  /** The error the fake answered the callback with, if it refused it. */
  refused?: Failure;
}

/**
 * An autocomplete result Discord refuses: more than 25 choices (interactions/receiving-and-
 * responding.mdx, "Autocomplete": "autocomplete choices (max of 25 choices)"), or a choice whose
 * name is not 1-100 characters (application-commands.mdx, "Application Command Option Choice
 * Structure").
 */
export function badAutocomplete(r: RecordedRequest): Failure | null {
  const parts = r.path.split('/').filter(Boolean);
  if (parts[0] !== 'interactions' || parts[3] !== 'callback' || Number(r.body?.type) !== 8) return null;
  const choices = ((r.body?.data as { choices?: { name: string }[] } | undefined)?.choices ?? []) as { name: string }[];
  if (choices.length > 25)
    return { status: 400, code: 50035, message: 'Invalid Form Body (choices: Must be 25 or fewer in length.)' };
  if (choices.some(({ name }) => name.length < 1 || name.length > 100))
    return {
      status: 400,
      code: 50035,
      message: 'Invalid Form Body (choices.name: Must be between 1 and 100 in length.)',
    };
  return null;
}

/** How long an interaction's token works, as Discord documents. */
export const TOKEN_LIFETIME_MS = 15 * 60_000;

const EPHEMERAL = 64;

/** A callback or webhook request whose interaction token has expired (by the fake's clock). */
export function expiredToken(fake: DiscordState, r: RecordedRequest): Failure | null {
  const parts = r.path.split('/').filter(Boolean);
  const token = parts[0] === 'interactions' ? parts[2] : parts[0] === 'webhooks' ? parts[2] : undefined;
  const issued = token === undefined ? undefined : fake.tokenIssuedAt.get(token);
  return issued !== undefined && fake.clock - issued > TOKEN_LIFETIME_MS ? FAILURE.invalidWebhookToken : null;
}

/**
 * A first answer too late: Discord takes an interaction's first answer within 3 s of sending it
 * ("you must send an initial response within 3 seconds of receiving the event. If the 3 second
 * deadline is exceeded, the token will be invalidated", interactions/receiving-and-responding.mdx,
 * "Interaction Callback"). A later callback is refused 404 with JSON code 10062, "Unknown
 * interaction" (topics/opcodes-and-status-codes.md), and from then on its token's webhook (the
 * original response, follow-ups) is refused as an invalid token, 401 50027. Measured from when the
 * fake sent the interaction to when the request arrived (before any hold, holdRequests: that models
 * Discord taking its time to answer, not the bot being late).
 */
export function lateFirstAnswer(fake: DiscordState, r: RecordedRequest): Failure | null {
  const parts = r.path.split('/').filter(Boolean);
  if (parts[0] === 'webhooks') return fake.invalidatedTokens.has(parts[2] ?? '') ? FAILURE.invalidWebhookToken : null;
  if (parts[0] !== 'interactions' || parts[3] !== 'callback') return null;
  const [, interactionId = '', token = ''] = parts;
  const sent = fake.interactionSentAt.get(interactionId);
  if (sent === undefined || fake.acknowledged.has(interactionId) || r.at - sent <= fake.firstAnswerMs) return null;
  fake.invalidatedTokens.add(token);
  return FAILURE.unknownInteraction;
}

/**
 * A second callback to an interaction: an interaction takes one initial response, anything after
 * it goes through the webhook ("Responding to an Interaction"); Discord answers 400 with JSON code
 * 40060, "Interaction has already been acknowledged" (topics/opcodes-and-status-codes.md). Two bot
 * processes answering the same click meet it.
 */
export function acknowledgedAlready(fake: DiscordState, r: RecordedRequest): Failure | null {
  const parts = r.path.split('/').filter(Boolean);
  const isCallback = parts[0] === 'interactions' && parts[3] === 'callback';
  return isCallback && fake.acknowledged.has(parts[1]!) ? FAILURE.alreadyAcknowledged : null;
}

export function callback(
  fake: DiscordState,
  interactionId: string,
  token: string,
  r: RecordedRequest,
): { status: number; json?: unknown } {
  fake.acknowledged.add(interactionId);
  const type = Number(r.body?.type);
  const data = (r.body?.data ?? null) as Record<string, unknown> | null;
  const flags = Number(data?.flags ?? 0);
  let message: FakeMessage | null = null;
  let instanceId: string | undefined;
  if (type === LAUNCH_ACTIVITY) {
    instanceId = launchFor(fake, interactionId, r.at);
  } else if (type === 4 || type === 5) {
    const channelId = fake.interactionChannel.get(interactionId);
    const owners = fake.interactionOwners.get(interactionId) ?? null;
    message = createMessage(fake, { ...r, body: data }, token, channelId, owners);
  } else if (type === 6 || type === 7) {
    const source = sourceMessageOf(fake, interactionId);
    message = source ?? null;
    if (message) {
      fake.byToken.set(token, message);
      if (type === 7) applyEdit(message, { ...r, body: data });
    }
  }
  const reply: InteractionReply = {
    token,
    type,
    data,
    flags,
    ephemeral: (flags & EPHEMERAL) !== 0,
    files: r.files,
    message,
  };
  fake.pending.get(interactionId)?.(reply);
  fake.pending.delete(interactionId);
  if (r.query.get('with_response') !== 'true') return { status: 204 };
  return {
    status: 200,
    json: {
      interaction: {
        id: interactionId,
        type: 2,
        activity_instance_id: instanceId,
        response_message_id: message?.id,
        response_message_loading: type === 5,
        response_message_ephemeral: (flags & EPHEMERAL) !== 0,
      },
      resource: instanceId
        ? { type, activity_instance: { id: instanceId } }
        : message
          ? { type, message: messageJson(fake, message) }
          : null,
    },
  };
}

function sourceMessageOf(fake: DiscordState, interactionId: string): FakeMessage | undefined {
  const id = fake.clickedMessage.get(interactionId);
  return id ? fake.messages.get(id) : undefined;
}
