// Messages as Discord stores them: created by a bot-token post, an interaction's reply or a
// follow-up; edited and deleted through the channel or the interaction's webhook (@original);
// their attachments kept or replaced as an edit lists them; their JSON as the bot receives it;
// and the limits on content, components and uploads.
import { guildOf } from './channels.js';
import { FAILURE, type Failure } from './failures.js';
import {
  snowflake,
  type DiscordState,
  type FakeAttachment,
  type FakeMessage,
  type Owners,
  type RawComponentRow,
  type RecordedFile,
  type RecordedRequest,
} from './state.js';

/** What a bot may upload in one message (10 MiB), as interactions report it and the REST API enforces. */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;
/** Discord refuses message content longer than this. */
const MAX_CONTENT = 2000;

/** Content over the limit, in a message or an interaction callback's data: the whole request is refused. */
export function contentTooLong(r: RecordedRequest): Failure | null {
  const data = r.body?.data as Record<string, unknown> | undefined;
  const content = data?.content ?? r.body?.content;
  return typeof content === 'string' && content.length > MAX_CONTENT ? FAILURE.invalidFormBody : null;
}

/**
 * Components past Discord's limits (components/reference.mdx): a message without the components v2
 * flag holds "up to 5 action rows" ("Legacy Message Component Behavior"), a row "up to 5
 * interactive button components" ("Action Row"), a button's label "max 80 characters" and its
 * custom_id "1-100 characters", which "Multiple components on the same message must not share".
 * Discord refuses the whole request.
 */
export function componentsRefused(r: RecordedRequest): Failure | null {
  const data = r.body?.data as Record<string, unknown> | undefined;
  const rows = (data?.components ?? r.body?.components) as RawComponentRow[] | undefined;
  if (!Array.isArray(rows)) return null;
  const buttons = rows.flatMap((row) => row.components ?? []);
  const ids = buttons.flatMap((b) => (b.custom_id === undefined ? [] : [b.custom_id]));
  const refused =
    rows.length > 5 ||
    rows.some((row) => (row.components ?? []).length > 5) ||
    buttons.some((b) => (b.label?.length ?? 0) > 80) ||
    ids.some((id) => id.length < 1 || id.length > 100) ||
    new Set(ids).size !== ids.length;
  return refused ? { status: 400, code: 50035, message: 'Invalid Form Body (components)' } : null;
}

export function createMessage(
  fake: DiscordState,
  r: RecordedRequest,
  token: string | null,
  channelId = fake.channelId,
  owners: Owners | null = null,
): FakeMessage {
  const body = r.body ?? {};
  const message: FakeMessage = {
    id: snowflake(),
    channelId,
    content: textOf(body.content),
    components: (body.components ?? []) as RawComponentRow[],
    attachments: attachmentsOf(body, r.files, []),
    flags: Number(body.flags ?? 0),
    interactionToken: token,
    owners,
    edits: 0,
    history: [],
  };
  message.history.push(message.components);
  fake.messages.set(message.id, message);
  if (token) fake.byToken.set(token, message);
  return message;
}

export function applyEdit(message: FakeMessage, r: RecordedRequest): void {
  const body = r.body ?? {};
  if ('content' in body) message.content = textOf(body.content);
  if ('components' in body) message.components = (body.components ?? []) as RawComponentRow[];
  if ('attachments' in body || r.files.length > 0)
    message.attachments = attachmentsOf(body, r.files, message.attachments);
  message.edits++;
  message.history.push(message.components);
}

/** Get, Edit or Delete Original Interaction Response: the message the interaction's token created. */
export function originalMessage(
  fake: DiscordState,
  token: string,
  r: RecordedRequest,
): { status: number; json?: unknown } {
  const message = fake.byToken.get(token);
  if (!message || !fake.messages.has(message.id))
    return { status: 404, json: { message: 'Unknown Message', code: 10008 } };
  if (r.method === 'DELETE') {
    fake.messages.delete(message.id);
    fake.byToken.delete(token);
    return { status: 204 };
  }
  if (r.method === 'PATCH') applyEdit(message, r);
  return { status: 200, json: messageJson(fake, message) };
}

/** Create Followup Message, in the interaction's channel. */
export function followUp(fake: DiscordState, token: string, r: RecordedRequest): { status: number; json: unknown } {
  // A follow-up belongs to the interaction of the token: its owners (the fake's tokens are `tok-<id>`).
  const id = token.replace(/^tok-/, '');
  const owners = fake.interactionOwners.get(id) ?? null;
  const message = createMessage(fake, r, null, fake.interactionChannel.get(id) ?? fake.channelId, owners);
  return { status: 200, json: messageJson(fake, message) };
}

/** Get, Edit or Delete a channel's message with the bot's token. */
export function channelMessage(
  fake: DiscordState,
  messageId: string,
  r: RecordedRequest,
): { status: number; json?: unknown } {
  const message = fake.messages.get(messageId);
  if (!message) return { status: 404, json: { message: 'Unknown Message', code: 10008 } };
  if (r.method === 'DELETE') {
    fake.messages.delete(message.id);
    return { status: 204 };
  }
  if (r.method === 'PATCH') applyEdit(message, r);
  return { status: 200, json: messageJson(fake, message) };
}

/** Create Message with the bot's token. */
export function postMessage(
  fake: DiscordState,
  channelId: string,
  r: RecordedRequest,
): { status: number; json: unknown } {
  // Sending in an archived thread opens it again, as Discord does.
  const thread = fake.threads.get(channelId);
  if (thread) thread.archived = false;
  return { status: 200, json: messageJson(fake, createMessage(fake, r, null, channelId)) };
}

export function messageJson(fake: DiscordState, message: FakeMessage): Record<string, unknown> {
  return {
    id: message.id,
    type: 0,
    channel_id: message.channelId,
    ...guildOf(fake, message.channelId),
    author: fake.botUser,
    content: message.content,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      description: a.description,
      size: a.data.length,
      url: `http://127.0.0.1:${fake.port}/attachments/${a.id}/${a.filename}`,
      proxy_url: `http://127.0.0.1:${fake.port}/attachments/${a.id}/${a.filename}`,
      content_type: a.contentType,
    })),
    embeds: [],
    pinned: false,
    components: message.components,
    flags: message.flags,
    application_id: fake.applicationId,
    webhook_id: fake.applicationId,
  };
}

/**
 * The attachments a message has after a create or edit: Discord keeps exactly those listed in
 * `attachments` (existing ones by id, new uploads by their `files[n]` index), or, when the list is
 * absent, the existing ones plus every upload.
 */
function attachmentsOf(
  body: Record<string, unknown>,
  files: RecordedFile[],
  existing: FakeAttachment[],
): FakeAttachment[] {
  const uploads = files.map((file, index) => ({ index, file }));
  const listed = body.attachments as { id: string | number; filename?: string; description?: string }[] | undefined;
  const fromUpload = (index: number, description: string | undefined): FakeAttachment | null => {
    const upload = uploads.find((u) => u.index === index);
    return upload
      ? {
          id: snowflake(),
          filename: upload.file.name,
          description,
          contentType: upload.file.contentType,
          data: upload.file.data,
        }
      : null;
  };
  if (!listed) return [...existing, ...uploads.map((u) => fromUpload(u.index, undefined)!)];
  const result: FakeAttachment[] = [];
  for (const entry of listed) {
    const kept = existing.find((a) => a.id === String(entry.id));
    if (kept) result.push(kept);
    else {
      const added = fromUpload(Number(entry.id), entry.description);
      if (added) result.push(added);
    }
  }
  return result;
}

/** A message's content as Discord stores it: absent or null is empty. */
function textOf(content: unknown): string {
  return typeof content === 'string' ? content : '';
}
