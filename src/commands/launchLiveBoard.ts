// The live board's doors in chat (docs/activity.md): the Entry Point command, which Discord's App
// Launcher shows as "Open the live board", and the button of that name under boards and open
// challenges. Both answer with LAUNCH_ACTIVITY (callback type 12): Discord opens the Activity in
// the channel, DM or group DM where it was asked, joining the instance already running there
// (interactions/receiving-and-responding.mdx, "Interaction Callback Type"; interactions/
// application-commands.mdx, "Entry Point handlers"). The answer needs nothing from the database,
// so it goes at once, well within Discord's 3 s, and the button's custom id carries nothing to
// remember: it works after any restart.
import type { ButtonInteraction, PrimaryEntryPointCommandInteraction } from 'discord.js';
import { text } from '../i18n/index.js';
import type { CommandContext } from './commandContext.js';
import type { Buttons } from './declarations.js';

/**
 * Launches the live board for whoever asked. Where it is not set up (ACTIVITY_PORT unset since the
 * message was posted or the command registered), the answer is the one for anything not this
 * bot's: there is no board to open.
 */
export async function launchLiveBoard(
  interaction: PrimaryEntryPointCommandInteraction | ButtonInteraction,
  ctx: CommandContext,
): Promise<void> {
  if (!ctx.offered.liveBoard) return ctx.answers.replyPrivately(interaction, text('bot.notMine'));
  try {
    await interaction.launchActivity();
  } catch (err) {
    // "Only available for apps with Activities enabled": the operator's to fix in the portal.
    ctx.log.warn({ err }, 'Discord refused to launch the live board: are Activities enabled? (docs/activity.md)');
    throw err;
  }
}

/** The Open the live board button: it posts nothing, so it needs no permission in the channel. */
export const LIVE_BOARD_BUTTON: Pick<Buttons, 'liveBoard'> = {
  liveBoard: { run: (interaction, ctx) => launchLiveBoard(interaction, ctx), posts: false },
};
