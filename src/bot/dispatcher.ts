// One entry point for every interaction: finds what it asks for (a subcommand or a button, each
// declared beside its handler with its preconditions, src/commands/registry.ts; or the live board's
// Entry Point command, src/commands/launchLiveBoard.ts), has those checked, runs it, and turns any
// unexpected error into a private "something went wrong (ref …)" for the user and the same
// reference, with the stack, in the log.
import { text } from '../i18n/index.js';
import { randomBytes } from 'node:crypto';
import type { Interaction, RepliableInteraction } from 'discord.js';
import type { CommandContext } from '../commands/commandContext.js';
import { launchLiveBoard } from '../commands/launchLiveBoard.js';
import { buttonOf, preconditionsMet, subcommandOf } from '../commands/registry.js';
import { savedNotShown } from '../game/savedNotShown.js';
import { storageRefusal } from '../game/storageFailure.js';

/**
 * The answer to anything that is not one of ours: a command left registered by an older version,
 * a select menu, a modal. Without an answer Discord would show "The application did not respond".
 */
const NOT_MINE = text('bot.notMine');

/** `failed`: told when the interaction failed unexpectedly (the user was told "something went wrong"). */
export async function dispatch(interaction: Interaction, ctx: CommandContext, failed?: () => void): Promise<void> {
  // Autocomplete has no message to answer with: a failure just leaves the list empty.
  if (interaction.isAutocomplete()) {
    const suggest = subcommandOf(interaction)?.autocomplete;
    const answering = suggest ? suggest(interaction, ctx) : interaction.respond([]);
    await answering.catch((err: unknown) => ctx.log.warn({ err }, 'could not answer an autocomplete'));
    return;
  }
  if (!interaction.isRepliable()) return;
  const started = performance.now();
  try {
    const subcommand = interaction.isChatInputCommand() ? subcommandOf(interaction) : undefined;
    if (interaction.isChatInputCommand() && subcommand) {
      if (await preconditionsMet(interaction, subcommand, ctx)) await subcommand.run(interaction, ctx);
    } else if (interaction.isButton()) {
      const button = buttonOf(interaction.customId);
      if (await preconditionsMet(interaction, button, ctx)) await button.run(interaction, ctx);
    } else if (interaction.isPrimaryEntryPointCommand()) {
      await launchLiveBoard(interaction, ctx);
    } else {
      await ctx.answers.replyPrivately(interaction, NOT_MINE);
    }
    ctx.log.debug(
      { interaction: describe(interaction), userId: interaction.user.id, ms: Math.round(performance.now() - started) },
      'handled',
    );
  } catch (err) {
    const saved = savedNotShown(err);
    // The database away (a restart, a crash) or refusing: a statement outside any transaction
    // fails as a transaction would, and is answered the same way, without an alarm.
    const refused = saved ? null : storageRefusal(err);
    if (refused && !refused.ok) {
      ctx.log.warn({ err, interactionId: interaction.id, code: refused.error.code }, 'the database could not answer');
      await ctx.answers
        .replyPrivately(interaction, refused.error.message)
        .catch((replyErr: unknown) => ctx.log.warn({ err: replyErr }, 'could not tell the user the database is busy'));
      return;
    }
    failed?.();
    const ref = randomBytes(3).toString('hex').toUpperCase();
    ctx.log.error({ err, ref, interactionId: interaction.id, userId: interaction.user.id }, 'interaction failed');
    // Committed before the failure: the player is told so, and the board catches up at the next sweep.
    if (saved) ctx.messages.showLater(saved.gameId);
    await ctx.answers
      .replyPrivately(interaction, text(saved ? 'bot.failedAfterSave' : 'bot.failed', { ref }))
      .catch((replyErr: unknown) => ctx.log.warn({ err: replyErr, ref }, 'could not tell the user about the error'));
  }
}

/** What was asked, for the log: "/senet challenge" or the button's custom id. */
function describe(interaction: RepliableInteraction): string {
  if (interaction.isChatInputCommand())
    return `/${interaction.commandName} ${interaction.options.getSubcommand(false) ?? ''}`.trim();
  if (interaction.isButton()) return interaction.customId;
  return interaction.type.toString();
}
