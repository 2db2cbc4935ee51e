// Application commands: Bulk Overwrite of the bot's global or server commands, refused when a
// command names integration types or contexts Discord does not know, and the app's Entry Point
// command with Discord's rules for it (interactions/application-commands.mdx):
//
// - An Entry Point command (type 4, PRIMARY_ENTRY_POINT) is for apps with Activities enabled
//   ("For the Entry Point command to be visible to users, an app must have Activities enabled";
//   `handler` "can only be set for application commands of type PRIMARY_ENTRY_POINT for
//   applications with the EMBEDDED flag"); an app without them has it refused.
// - "1 global PRIMARY_ENTRY_POINT command", and "Your app cannot have a PRIMARY_ENTRY_POINT guild
//   command" ("Registering a Command").
// - Its `handler` says who answers it: APP_HANDLER (1) or DISCORD_LAUNCH_ACTIVITY (2) ("Entry
//   Point Command Handler Types"). The docs mark the field optional without naming a default; the
//   fake requires it, so a command always says who answers it (stricter, it hides nothing).
// - Its name is 1-32 characters and its description 1-100, each localization too ("Application
//   Command Structure": "Values follow the same restrictions").
// - Enabling Activities creates a default Entry Point command named "Launch" with the handler
//   DISCORD_LAUNCH_ACTIVITY ("Default Entry Point command").
// - A bulk overwrite replaces the whole list ("Bulk Overwrite Global Application Commands": "This
//   will overwrite all types of application commands"), but one that would remove the app's Entry
//   Point command is refused with 400 and code 50240, "You cannot remove this app's Entry Point
//   command in a bulk update operation. Please include the Entry Point command in your update
//   request or delete it separately." The code is not in the docs' table; it is what Discord
//   answers (serenity-rs/serenity#2993, where its maintainers explain it: the bot's own bulk
//   overwrite without the auto-created Entry Point command).
import { snowflake, type DiscordState, type RecordedRequest } from './state.js';

/** PRIMARY_ENTRY_POINT, and the handlers Discord knows for it. */
export const ENTRY_POINT = { type: 4, appHandler: 1, discordLaunchActivity: 2 } as const;

/** A command as Discord stores it (with its id), as far as the fake reads it. */
interface StoredCommand {
  id: string;
  name: string;
  type?: number;
  handler?: number;
  [field: string]: unknown;
}

type Answer = { status: number; json: unknown };

const invalidFormBody = (why: string): Answer => ({
  status: 400,
  json: { message: `Invalid Form Body (${why})`, code: 50035 },
});

const ENTRY_POINT_KEPT: Answer = {
  status: 400,
  json: {
    message:
      "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
    code: 50240,
  },
};

/** Bulk Overwrite Global (or Guild) Application Commands: `scope` is a server id or 'global'. */
export function overwriteCommands(fake: DiscordState, scope: string, r: RecordedRequest): Answer {
  const list = (Array.isArray(r.body) ? r.body : []) as Record<string, unknown>[];
  if (!list.every(validPlaces)) return invalidFormBody('contexts');
  const refused = entryPointRefusal(fake, scope, list);
  if (refused) return refused;
  const saved: StoredCommand[] = list.map((c) => ({
    ...c,
    name: String(c.name),
    id: snowflake(),
    application_id: fake.applicationId,
    version: snowflake(),
  }));
  fake.commands.set(scope, saved);
  return { status: 200, json: saved };
}

/** Activities are enabled in the portal: Discord adds its "Launch" Entry Point command unless there is one. */
export function enableActivities(fake: DiscordState): void {
  fake.activitiesEnabled = true;
  if (entryPointOf(fake)) return;
  const launch: StoredCommand = {
    id: snowflake(),
    application_id: fake.applicationId,
    version: snowflake(),
    type: ENTRY_POINT.type,
    name: 'Launch',
    description: '',
    handler: ENTRY_POINT.discordLaunchActivity,
  };
  fake.commands.set('global', [...(fake.commands.get('global') ?? []), launch]);
}

/** The app's Entry Point command, if it has one (global only). */
export function entryPointOf(fake: DiscordState): StoredCommand | undefined {
  return ((fake.commands.get('global') ?? []) as StoredCommand[]).find((c) => c.type === ENTRY_POINT.type);
}

/** Why Discord refuses this list's Entry Point command (or the list for leaving one out), or null. */
function entryPointRefusal(fake: DiscordState, scope: string, list: Record<string, unknown>[]): Answer | null {
  const entryPoints = list.filter((c) => c.type === ENTRY_POINT.type);
  if (list.some((c) => c.type !== ENTRY_POINT.type && c.handler !== undefined)) return invalidFormBody('handler');
  if (entryPoints.length === 0)
    return scope === 'global' && fake.activitiesEnabled && entryPointOf(fake) ? ENTRY_POINT_KEPT : null;
  if (!fake.activitiesEnabled) return invalidFormBody('type: the application has no Activities');
  if (scope !== 'global') return invalidFormBody('type: Entry Point commands are global only');
  if (entryPoints.length > 1) return invalidFormBody('type: at most one Entry Point command');
  const [command] = entryPoints as [Record<string, unknown>];
  if (command.handler !== ENTRY_POINT.appHandler && command.handler !== ENTRY_POINT.discordLaunchActivity)
    return invalidFormBody('handler');
  if (!withinLimits(command, 'name', 32) || !withinLimits(command, 'description', 100))
    return invalidFormBody('name or description: out of bounds');
  return null;
}

/** A field and each of its localizations is 1 to `max` characters. */
function withinLimits(command: Record<string, unknown>, field: 'name' | 'description', max: number): boolean {
  const localized = Object.values((command[`${field}_localizations`] ?? {}) as Record<string, unknown>);
  return [command[field], ...localized].every(
    (text) => typeof text === 'string' && text.length >= 1 && text.length <= max,
  );
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
