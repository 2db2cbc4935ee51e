// One entry point for every interaction: routes it to the command or button handler, checks the
// bot may post in the channel, and turns any unexpected error into a private "something went
// wrong (ref …)" for the user and the same reference, with the stack, in the log.
import { randomBytes } from 'node:crypto';
import { PermissionFlagsBits, type PermissionsBitField, type Interaction, type RepliableInteraction } from 'discord.js';
import * as senet from '../commands/senet.js';
import type { CommandContext } from '../commands/context.js';
import { replyPrivately } from '../commands/replies.js';

/** What the bot needs in a channel to run a game there. */
const NEEDED: [bigint, string][] = [
  [PermissionFlagsBits.ViewChannel, 'View Channel'],
  [PermissionFlagsBits.SendMessages, 'Send Messages'],
  [PermissionFlagsBits.AttachFiles, 'Attach Files'],
];

export async function dispatch(interaction: Interaction, ctx: CommandContext): Promise<void> {
  if (interaction.isAutocomplete()) {
    // Suggestions cannot be answered with an error message: a failure just leaves the list empty.
    if (interaction.commandName === senet.data.name) {
      await senet
        .autocomplete(interaction, ctx)
        .catch((err: unknown) => ctx.log.warn({ err, userId: interaction.user.id }, 'autocomplete failed'));
    }
    return;
  }
  if (!interaction.isRepliable()) return;
  const started = performance.now();
  try {
    if (interaction.isChatInputCommand() && interaction.commandName === senet.data.name) {
      if (senet.POSTING_SUBCOMMANDS.has(interaction.options.getSubcommand()) && !(await permitted(interaction))) return;
      await senet.execute(interaction, ctx);
    } else if (interaction.isButton()) {
      if (!(await permitted(interaction))) return;
      await senet.handleButton(interaction, ctx);
    }
    ctx.log.debug(
      { interaction: describe(interaction), userId: interaction.user.id, ms: Math.round(performance.now() - started) },
      'handled',
    );
  } catch (err) {
    const ref = randomBytes(3).toString('hex').toUpperCase();
    ctx.log.error({ err, ref, interactionId: interaction.id, userId: interaction.user.id }, 'interaction failed');
    await replyPrivately(
      interaction,
      `Something went wrong (ref ${ref}). Nothing was changed by the error; please try again.`,
    ).catch((replyErr: unknown) => ctx.log.warn({ err: replyErr, ref }, 'could not tell the user about the error'));
  }
}

/** What was asked, for the log: "/senet challenge" or the button's custom id. */
function describe(interaction: RepliableInteraction): string {
  if (interaction.isChatInputCommand())
    return `/${interaction.commandName} ${interaction.options.getSubcommand(false) ?? ''}`.trim();
  if (interaction.isButton()) return interaction.customId;
  return interaction.type.toString();
}

/** Missing channel permissions, named, or an empty list. */
export function missingPermissions(appPermissions: Readonly<PermissionsBitField>): string[] {
  return NEEDED.filter(([flag]) => !appPermissions.has(flag)).map(([, name]) => name);
}

async function permitted(interaction: RepliableInteraction): Promise<boolean> {
  const missing = missingPermissions(interaction.appPermissions);
  if (missing.length === 0) return true;
  await replyPrivately(
    interaction,
    `I can't play here: I'm missing the ${missing.join(', ')} permission${missing.length > 1 ? 's' : ''} in this channel. Ask a server admin to grant them (or use another channel).`,
  );
  return false;
}
