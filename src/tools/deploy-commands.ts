// `npm run deploy-commands`: registers the bot's commands with Discord in one bulk overwrite, which
// replaces the whole list ("Bulk Overwrite Global Application Commands": "This will overwrite all
// types of application commands"): /senet, /senet-admin and, where the live board is set up
// (ACTIVITY_PORT), its Entry Point command, the App Launcher's way in (docs/activity.md). For one
// guild when GUILD_ID is set (instant: for testing) or globally (may take up to an hour to appear
// everywhere).
//
// The Entry Point command goes with the live board, globally only, because Discord allows no other
// (interactions/application-commands.mdx):
// - only an app with Activities enabled may have one ("Apps with Activities enabled can now create
//   Entry Point commands"; its `handler` "can only be set ... for applications with the EMBEDDED
//   flag"). Sent for a bot without the live board, whose app has no Activities, it would have the
//   whole list refused, /senet included; so it is sent only with ACTIVITY_PORT, which the operator
//   sets up together with the portal's Activities (docs/activity.md).
// - an app has at most one, and never as a guild command ("Your app cannot have a
//   PRIMARY_ENTRY_POINT guild command"): with GUILD_ID it is left out, and the global one stays.
// - once Activities are enabled, Discord refuses a global overwrite that leaves the Entry Point
//   command out (50240), the "Launch" one it made itself included: so this overwrite carries ours,
//   and without ACTIVITY_PORT the refusal is explained (set up the live board, or turn Activities off).
import { DiscordAPIError, REST, type RESTPostAPIApplicationCommandsJSONBody, Routes } from 'discord.js';
import { config as loadDotenv } from 'dotenv';
import { explainMissing, loadConfig } from '../bot/config.js';
import { discordApi } from '../bot/discordApi.js';
import { adminCommand } from '../commands/adminDefinition.js';
import { senetCommand } from '../commands/definition.js';
import { entryPointCommand } from '../commands/entryPointDefinition.js';

/** Discord's refusal of a global overwrite that would remove the app's Entry Point command. */
const ENTRY_POINT_LEFT_OUT = 50240;
/** Discord's refusal of a command it does not take (an Entry Point command from an app without Activities). */
const INVALID_FORM_BODY = 50035;

loadDotenv({ quiet: true });
const result = loadConfig(process.env);
if (!result.ok) {
  console.error(explainMissing(result));
  process.exit(1);
}
const { config } = result;
const liveBoard = config.activity !== null;
const withEntryPoint = liveBoard && config.guildId === null;
const entryPoint = entryPointCommand();
const commands: { label: string; json: RESTPostAPIApplicationCommandsJSONBody }[] = [
  { label: '/senet', json: senetCommand().toJSON() },
  { label: '/senet-admin', json: adminCommand().toJSON() },
  ...(withEntryPoint ? [{ label: `the Entry Point command "${entryPoint.name}"`, json: entryPoint }] : []),
];
const rest = new REST(discordApi(config)).setToken(config.token);
const route = config.guildId
  ? Routes.applicationGuildCommands(config.applicationId, config.guildId)
  : Routes.applicationCommands(config.applicationId);
try {
  const saved = (await rest.put(route, { body: commands.map((c) => c.json) })) as unknown[];
  const where = config.guildId ? `in guild ${config.guildId}` : 'globally (allow up to an hour)';
  console.log(`Registered ${saved.length} commands (${commands.map((c) => c.label).join(', ')}) ${where}.`);
  if (liveBoard && !withEntryPoint)
    console.log(
      "The live board's Entry Point command is global only (Discord takes none for one guild): run again without GUILD_ID to register it.",
    );
} catch (err) {
  console.error(`Could not register the commands: ${err instanceof Error ? err.message : String(err)}`);
  const hint = refusalHint(err);
  if (hint) console.error(hint);
  process.exit(1);
}

/** What to do about Discord's refusal of the Entry Point command, or of a list without it. */
function refusalHint(err: unknown): string | null {
  if (!(err instanceof DiscordAPIError)) return null;
  if (err.code === ENTRY_POINT_LEFT_OUT)
    return 'Activities are enabled for this application in the developer portal, so Discord keeps its Entry Point command: set up the live board (ACTIVITY_PORT and DISCORD_CLIENT_SECRET, docs/activity.md) and run again, or turn Activities off in the portal.';
  if (withEntryPoint && err.code === INVALID_FORM_BODY)
    return "If it is the live board's Entry Point command that Discord refuses (registered with ACTIVITY_PORT set): Discord takes one only once Activities are enabled, in the developer portal → your application → Activities → Settings (docs/activity.md).";
  return null;
}
