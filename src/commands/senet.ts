// The /senet command module in the discord.js guide's shape: `data` for deployment, `execute`
// for the dispatcher. Each subcommand is a thin handler.
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import { answersPrivately, handleButton } from './buttons.js';
import type { CommandContext } from './commandContext.js';
import { senetCommand } from './definition.js';
import { help, history, leaderboard, rules, stats } from './info.js';
import { challenge, play, resign, resignAutocomplete } from './play.js';
import { autocomplete as replayAutocomplete, replay } from './replay.js';
import { settings } from './playerSettings.js';
import { privacy } from './privacy.js';
import { tournament } from './tournamentInfo.js';

type Handler = (interaction: ChatInputCommandInteraction, ctx: CommandContext) => Promise<void>;

const SUBCOMMANDS: Record<string, Handler> = {
  challenge,
  play,
  resign,
  replay,
  rules,
  leaderboard,
  stats,
  history,
  settings,
  privacy,
  tournament,
  help,
};

/** Subcommands that post to the channel (and so need to send messages and attach files there). */
export const POSTING_SUBCOMMANDS: ReadonlySet<string> = new Set(['challenge', 'play', 'resign', 'replay', 'rules']);

export const data = senetCommand;

/** Whether this is a /senet subcommand this version knows (an older registration may send others). */
export function handles(interaction: ChatInputCommandInteraction): boolean {
  const sub = interaction.options.getSubcommand(false);
  return interaction.commandName === data.name && sub !== null && Object.hasOwn(SUBCOMMANDS, sub);
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const handler = SUBCOMMANDS[interaction.options.getSubcommand()];
  if (!handler) throw new Error(`no handler for /senet ${interaction.options.getSubcommand()}`);
  await handler(interaction, ctx);
}

export { answersPrivately, handleButton };

/** Suggestions while an option is typed: the `game` of /senet replay and /senet resign. */
export async function autocomplete(interaction: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const sub = interaction.options.getSubcommand();
  if (sub === 'replay') await replayAutocomplete(interaction, ctx);
  else if (sub === 'resign') await resignAutocomplete(interaction, ctx);
  else await interaction.respond([]);
}
