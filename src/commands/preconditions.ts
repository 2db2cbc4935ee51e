// What each subcommand and button declares beside its handler (Sapphire's model): how to run it,
// and what must hold before it runs. The dispatcher (src/bot/dispatcher.ts) finds the declaration
// (registry.ts) and has `preconditionsMet` check it, so no handler repeats these checks and no
// list of names far from the handlers says which need what.
import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  PermissionFlagsBits,
  type RepliableInteraction,
} from 'discord.js';
import { type MessageKey, type Text, text } from '../i18n/index.js';
import type { CommandContext } from './commandContext.js';
import type { ButtonId, ButtonOf } from './customIds.js';
import { channelPermissionsApply, placeOf } from './interactionPlace.js';
import { cannotPlayHere, missingPermissions } from './permissions.js';
import { replyPrivately } from './replies.js';

/** What must hold before a subcommand or a button runs, checked in this order. */
interface Preconditions {
  /** Works only in a server that installed the bot; the line says where it works. */
  serverOnly?: MessageKey;
  /**
   * Its answer is a public message. In a server where only the user installed the app and the
   * server forbids external apps, Discord makes every answer private: a game there would be one
   * nobody else can see, so it is refused.
   */
  publicAnswer?: boolean;
  /** A refusal of its own, read from its options (one private line), or null. */
  refusal?: (interaction: ChatInputCommandInteraction) => Text | null;
  /** It posts to the channel: the bot must be able to view, send and attach files there. */
  posts: boolean;
}

/** A subcommand of /senet or /senet-admin, as the command's JSON names it. */
export interface Subcommand extends Preconditions {
  name: string;
  run(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void>;
  /** Suggestions while one of its options is typed (none: an empty list). */
  autocomplete?: (interaction: AutocompleteInteraction, ctx: CommandContext) => Promise<void>;
}

/** A button, by the kind of its custom id; `run` gets the id decoded. */
export interface Button<K extends ButtonId['kind']> {
  run(interaction: ButtonInteraction, ctx: CommandContext, id: ButtonOf<K>): Promise<void>;
  /** False for buttons on a private answer: their answers replace it, needing no channel permissions. */
  posts: boolean;
}

/** Every button's declaration, by kind. */
export type Buttons = { [K in ButtonId['kind']]: Button<K> };

/** Whether the interaction may go on to `run`; if not, the user has been told why, privately. */
export async function preconditionsMet(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  declared: Preconditions,
): Promise<boolean> {
  const refusal = interaction.isChatInputCommand() ? refusalHere(interaction, declared) : null;
  if (refusal) {
    await replyPrivately(interaction, refusal);
    return false;
  }
  return !declared.posts || permitted(interaction);
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

async function permitted(interaction: RepliableInteraction): Promise<boolean> {
  // Outside a server's channels (the bot's DM, or where only interaction responses reach) there
  // are no channel permissions to lack.
  if (!channelPermissionsApply(interaction)) return true;
  const missing = missingPermissions(interaction);
  if (missing.length === 0) return true;
  await replyPrivately(interaction, cannotPlayHere(interaction, missing));
  return false;
}
