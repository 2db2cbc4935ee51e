// The live board's Entry Point command: how Discord's App Launcher opens the Activity
// (interactions/application-commands.mdx, "Entry Point Commands"). Its handler is the app
// (APP_HANDLER, 1): the bot answers it with LAUNCH_ACTIVITY itself (liveBoard.ts), as it answers the
// Open the live board button, rather than Discord launching and posting a message of its own
// (DISCORD_LAUNCH_ACTIVITY, 2, the handler of the "Launch" command Discord makes when Activities
// are enabled). `npm run deploy-commands` registers it beside /senet, where the live board is set
// up (src/tools/deploy-commands.ts says when and why).
//
// It is named like the button, "Open the live board", in every language: an Entry Point command
// is a UI-based command like USER and MESSAGE ones ("Application Command Types"), which "may be
// mixed case and can include spaces" ("Application Command Naming"), as Discord's own "Launch"
// is; its name and description keep the 1-32 and 1-100 characters of every command.
import {
  ApplicationCommandType,
  EntryPointCommandHandlerType,
  type RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody,
} from 'discord.js';
import { senetCommand } from './definition.js';
import { inEnglish, localizations, message } from './localizations.js';

const NAME = message('button.liveBoard');
const DESCRIPTION = message('command.liveBoard.description');

/**
 * The Entry Point command, built when `npm run deploy-commands` asks for it (as /senet's is, so
 * a starting bot reads no catalog). Wherever /senet can be used, the live board can be opened:
 * both installs, and servers, the DM with the bot, and DMs and group DMs between users.
 */
export function entryPointCommand(): RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody {
  const { integration_types: integrationTypes, contexts } = senetCommand().toJSON();
  return {
    type: ApplicationCommandType.PrimaryEntryPoint,
    name: inEnglish(NAME),
    name_localizations: localizations(NAME),
    description: inEnglish(DESCRIPTION),
    description_localizations: localizations(DESCRIPTION),
    handler: EntryPointCommandHandlerType.AppHandler,
    integration_types: integrationTypes,
    contexts,
  };
}
