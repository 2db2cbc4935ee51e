// What a subcommand or a button declares beside its handler: how to run it and what must hold
// before it runs. A module of its own, so the handlers' files and the registry that gathers them
// (registry.ts) both import it and not each other.
import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { MessageKey, Text } from '../i18n/index.js';
import type { CommandContext } from './commandContext.js';
import type { ButtonId, ButtonOf } from '../chat/customIds.js';

/** What must hold before a subcommand or a button runs, checked in this order. */
export interface Preconditions {
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
