// Guild scheduled events (resources/guild-scheduled-event.mdx): the bot creates them for
// tournaments, cancels them, and deletes them with a server's data; the fake checks the permission
// and the fields Discord requires.
import { FAILURE, notFound } from './failures.js';
import { PERMISSION } from './permissions.js';
import { snowflake, type DiscordState, type FakeScheduledEvent, type RecordedRequest } from './state.js';

/**
 * Create Guild Scheduled Event, Modify (its status) and Delete for one the bot made.
 * Delete Guild Scheduled Event "Returns a 204 on success"; modifying or deleting an EXTERNAL event
 * the bot created takes "either CREATE_EVENTS or MANAGE_EVENTS" ("Guild Scheduled Event
 * Permissions Requirements"). Any status can be deleted, where Modify can only move SCHEDULED to
 * CANCELED ("Valid Guild Scheduled Event Status Transitions"): a data deletion deletes. A server
 * the bot is no longer in answers 50001 Missing Access to all of it (topics/opcodes-and-status-codes.mdx,
 * "JSON Error Codes"), as its channels do (channels.ts). Creating needs
 * CREATE_EVENTS (topics/permissions.mdx; resources/guild-scheduled-event.mdx, "Guild Scheduled Event
 * Permissions Requirements": EXTERNAL events need CREATE_EVENTS); an EXTERNAL event (entity_type 3)
 * must have entity_metadata.location (1-100 characters) and scheduled_end_time ("Field Requirements By
 * Entity Type") ending after it starts, and a name of 1-100 characters. (Discord also refuses a start in
 * the past; the fake's clock counts from 0, not the bot's date, so that is not modelled.)
 */
export function scheduledEvent(
  fake: DiscordState,
  guildId: string,
  eventId: string | undefined,
  r: RecordedRequest,
): { status: number; json: unknown } {
  const invalid = (field: string) => ({
    status: 400,
    json: { message: `Invalid Form Body (${field})`, code: 50035 },
  });
  const body = r.body ?? {};
  const may = (bit: bigint): boolean => (BigInt(fake.appPermissions) & bit) !== 0n;
  const refused = (failure: { message: string; code: number }) => ({
    status: 403,
    json: { message: failure.message, code: failure.code },
  });
  if (!fake.guilds.has(guildId)) return refused(FAILURE.missingAccess);
  if (eventId !== undefined) {
    const event = fake.scheduledEvents.get(eventId);
    if (!event || event.guild_id !== guildId || (r.method !== 'PATCH' && r.method !== 'DELETE'))
      return { status: 404, json: { message: 'Unknown Guild Scheduled Event', code: 10070 } };
    if (!may(PERMISSION.createEvents) && !may(PERMISSION.manageEvents)) return refused(FAILURE.missingPermissions);
    if (r.method === 'DELETE') {
      fake.scheduledEvents.delete(eventId);
      return { status: 204, json: undefined };
    }
    if (typeof body.status === 'number') event.status = body.status;
    return { status: 200, json: event };
  }
  if (r.method !== 'POST') return notFound();
  if (!may(PERMISSION.createEvents)) return refused(FAILURE.missingPermissions);
  const name = body.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > 100) return invalid('name');
  const start = Date.parse(String(body.scheduled_start_time));
  if (Number.isNaN(start)) return invalid('scheduled_start_time');
  if (body.entity_type === 3) {
    const location = (body.entity_metadata as { location?: unknown } | undefined)?.location;
    if (typeof location !== 'string' || location.length < 1 || location.length > 100)
      return invalid('entity_metadata.location');
    if (!(Date.parse(String(body.scheduled_end_time)) > start)) return invalid('scheduled_end_time');
  }
  const event = { ...body, id: snowflake(), guild_id: guildId, status: 1 } as FakeScheduledEvent;
  fake.scheduledEvents.set(event.id, event);
  return { status: 200, json: event };
}
