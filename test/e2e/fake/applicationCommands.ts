// Application commands: Bulk Overwrite of the bot's global or server commands, refused when a
// command names integration types or contexts Discord does not know.
import { snowflake, type DiscordState, type RecordedRequest } from './state.js';

/** Bulk Overwrite Global (or Guild) Application Commands: `scope` is a server id or 'global'. */
export function overwriteCommands(
  fake: DiscordState,
  scope: string,
  r: RecordedRequest,
): { status: number; json: unknown } {
  const list = (Array.isArray(r.body) ? r.body : []) as unknown[];
  if (!list.every(validPlaces)) return { status: 400, json: { message: 'Invalid Form Body (contexts)', code: 50035 } };
  fake.commands.set(scope, list);
  return {
    status: 200,
    json: list.map((c) => ({
      ...(c as object),
      id: snowflake(),
      application_id: fake.applicationId,
      version: snowflake(),
    })),
  };
}

/** Integration types (0 server, 1 user install) and contexts (0 server, 1 bot DM, 2 private channel) Discord knows. */
function validPlaces(command: unknown): boolean {
  const { integration_types: types, contexts } = command as { integration_types?: unknown; contexts?: unknown };
  const subset = (list: unknown, max: number): boolean =>
    list === undefined ||
    list === null ||
    (Array.isArray(list) && list.length > 0 && list.every((n) => Number.isInteger(n) && n >= 0 && n <= max));
  return subset(types, 1) && subset(contexts, 2);
}
