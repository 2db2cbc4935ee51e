// Every subcommand and button this version handles, found by name: a slash command by command,
// group and subcommand ("senet-admin tournament create"), a button by the kind of its custom id.
// A name not here (a command left registered by an older version) is not ours.
import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';
import { text } from '../i18n/index.js';
import { ADMIN_SUBCOMMANDS } from './admin.js';
import { adminCommand } from './adminDefinition.js';
import { CHALLENGE_BUTTONS } from './buttons.js';
import type { CommandContext } from './commandContext.js';
import { type ButtonId, type ButtonOf, decodeButtonId } from './customIds.js';
import { senetCommand } from './definition.js';
import type { Button, Buttons, Subcommand } from './preconditions.js';
import { PRIVACY_BUTTON } from './privacy.js';
import { REPLAY_BUTTON } from './replay.js';
import { replyPrivately } from './replies.js';
import { SENET_SUBCOMMANDS } from './senet.js';
import { SERVER_DATA_BUTTON } from './serverData.js';
import { TOURNAMENT_SUBCOMMANDS } from './tournamentAdmin.js';
import { TOURNAMENT_GROUP } from './tournamentAdminDefinition.js';
import { TOURNAMENT_BUTTONS } from './tournamentButtons.js';

/** The subcommands under each command (and group), by their path in the command's JSON. */
const DECLARED: readonly (readonly [string, Subcommand])[] = [
  { under: senetCommand.name, subcommands: SENET_SUBCOMMANDS },
  { under: adminCommand.name, subcommands: ADMIN_SUBCOMMANDS },
  { under: `${adminCommand.name} ${TOURNAMENT_GROUP}`, subcommands: TOURNAMENT_SUBCOMMANDS },
].flatMap(({ under, subcommands }) => subcommands.map((sub) => [`${under} ${sub.name}`, sub] as const));

const SUBCOMMANDS: ReadonlyMap<string, Subcommand> = new Map(DECLARED);

/** Every declaration's path ("senet-admin tournament create"), as often as it is declared. */
export const declaredPaths = (): string[] => DECLARED.map(([path]) => path);

/** The declaration of the subcommand asked for, if this version has it. */
export function subcommandOf(
  interaction: Pick<ChatInputCommandInteraction | AutocompleteInteraction, 'commandName' | 'options'>,
): Subcommand | undefined {
  const group = interaction.options.getSubcommandGroup(false);
  const sub = interaction.options.getSubcommand(false);
  if (sub === null) return undefined;
  return SUBCOMMANDS.get([interaction.commandName, group, sub].filter((part) => part !== null).join(' '));
}

const BUTTONS: Buttons = {
  ...CHALLENGE_BUTTONS,
  ...TOURNAMENT_BUTTONS,
  ...PRIVACY_BUTTON,
  ...SERVER_DATA_BUTTON,
  ...REPLAY_BUTTON,
};

/** A button's declaration with its id decoded, ready to run. */
export interface RoutedButton {
  posts: boolean;
  run(interaction: ButtonInteraction, ctx: CommandContext): Promise<void>;
}

/** A custom id that does not parse is treated as forged: checked as a posting button, then refused. */
const UNKNOWN_BUTTON: RoutedButton = {
  posts: true,
  run: (interaction) => replyPrivately(interaction, text('refusal.unknownButton')),
};

/** The handler of the button a custom id names, with its declaration. */
export function buttonOf(customId: string): RoutedButton {
  const id = decodeButtonId(customId);
  return id ? routed(id.kind, id) : UNKNOWN_BUTTON;
}

function routed<K extends ButtonId['kind']>(kind: K, id: ButtonOf<K>): RoutedButton {
  const button: Button<K> = BUTTONS[kind];
  return { posts: button.posts, run: (interaction, ctx) => button.run(interaction, ctx, id) };
}
