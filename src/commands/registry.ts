// Every subcommand and button this version handles, each declared beside its handler (Sapphire's
// model): how to run it and what must hold before it runs. The dispatcher (src/bot/dispatcher.ts)
// finds the declaration here by name (a slash command by command, group and subcommand: "senet-admin
// tournament create"; a button by the kind of its custom id), has `preconditionsMet` check it, then
// runs it. A name not here (a command left registered by an older version) is not ours.
import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  PermissionFlagsBits,
  type RepliableInteraction,
} from 'discord.js';
import { type Text, text } from '../i18n/index.js';
import { ADMIN_SUBCOMMANDS } from './admin.js';
import { ADMIN_COMMAND } from './adminDefinition.js';
import { CHALLENGE_BUTTONS } from './challengeButtons.js';
import type { CommandContext } from './commandContext.js';
import { type ButtonId, type ButtonOf, decodeButtonId } from '../chat/customIds.js';
import type { Button, Buttons, Preconditions, Subcommand } from './declarations.js';
import { cannotPlayHere, channelPermissionsApply, missingPermissions, placeOf } from '../chat/interactionPlace.js';
import { SENET_COMMAND } from './definition.js';
import { LIVE_BOARD_BUTTON } from './launchLiveBoard.js';
import { PRIVACY_BUTTON } from './privacy.js';
import { REPLAY_BUTTON } from './replay.js';
import { SENET_SUBCOMMANDS } from './senet.js';
import { SERVER_DATA_BUTTON } from './serverData.js';
import { TOURNAMENT_SUBCOMMANDS } from './tournamentAdmin.js';
import { TOURNAMENT_GROUP } from './tournamentAdminDefinition.js';
import { TOURNAMENT_BUTTONS } from './tournamentButtons.js';

/** The subcommands under each command (and group), by their path in the command's JSON. */
const DECLARED: readonly (readonly [string, Subcommand])[] = [
  { under: SENET_COMMAND, subcommands: SENET_SUBCOMMANDS },
  { under: ADMIN_COMMAND, subcommands: ADMIN_SUBCOMMANDS },
  { under: `${ADMIN_COMMAND} ${TOURNAMENT_GROUP}`, subcommands: TOURNAMENT_SUBCOMMANDS },
].flatMap(({ under, subcommands }) => subcommands.map((sub) => [`${under} ${sub.name}`, sub] as const));

const SUBCOMMANDS: ReadonlyMap<string, Subcommand> = new Map(DECLARED);

/**
 * Every declaration's path ("senet-admin tournament create"), as often as it is declared.
 * @internal
 */
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
  ...LIVE_BOARD_BUTTON,
};

/** A button's declaration with its id decoded, ready to run. */
interface RoutedButton {
  posts: boolean;
  run(interaction: ButtonInteraction, ctx: CommandContext): Promise<void>;
}

/** A custom id that does not parse is treated as forged: checked as a posting button, then refused. */
const UNKNOWN_BUTTON: RoutedButton = {
  posts: true,
  run: (interaction, ctx) => ctx.answers.replyPrivately(interaction, text('refusal.unknownButton')),
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

/** Whether the interaction may go on to `run`; if not, the user has been told why, privately. */
export async function preconditionsMet(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  declared: Preconditions,
  ctx: Pick<CommandContext, 'answers'>,
): Promise<boolean> {
  const refusal = interaction.isChatInputCommand() ? refusalHere(interaction, declared) : null;
  if (refusal) {
    await ctx.answers.replyPrivately(interaction, refusal);
    return false;
  }
  return !declared.posts || permitted(interaction, ctx);
}

/** Why it cannot run where it was asked (one private line saying where it works), or null. */
function refusalHere(interaction: ChatInputCommandInteraction, declared: Preconditions): Text | null {
  const place = placeOf(interaction);
  if (declared.serverOnly && place !== 'server') return text(declared.serverOnly);
  if (place === 'userInstallServer' && declared.publicAnswer && !externalAppsAllowed(interaction))
    return text('dm.externalAppsForbidden');
  return declared.refusal?.(interaction) ?? null;
}

/** Whether the member may use external apps publicly here (Discord's Use External Apps permission). */
function externalAppsAllowed(interaction: Pick<Interaction, 'memberPermissions'>): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.UseExternalApps) ?? true;
}

async function permitted(interaction: RepliableInteraction, ctx: Pick<CommandContext, 'answers'>): Promise<boolean> {
  // Outside a server's channels (the bot's DM, or where only interaction responses reach) there
  // are no channel permissions to lack.
  if (!channelPermissionsApply(interaction)) return true;
  const missing = missingPermissions(interaction);
  if (missing.length === 0) return true;
  await ctx.answers.replyPrivately(interaction, cannotPlayHere(interaction, missing));
  return false;
}
