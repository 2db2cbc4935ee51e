// /senet challenge, /senet play, /senet resign: parse, call the service, reply.
import { text, translator } from '../i18n/index.js';
import { publicLocale, userLocale } from './locale.js';
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { Player } from '../game/types.js';
import type { CommandContext } from './context.js';
import { recordsGuild } from './contexts.js';
import { OPT } from './definition.js';
import { resultLine } from './messages.js';
import { playerOf, readRules, readStrength } from './options.js';
import { acknowledgedInTime, postChallengeOrGame, replyPrivately, sendReply } from './replies.js';
import { parentChannel } from './threads.js';

export async function challenge(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const user = interaction.options.getUser(OPT.opponent, true);
  if (user.bot && user.id !== ctx.botUser.id) {
    await replyPrivately(interaction, text('refusal.botCannotPlay', { name: user.displayName }));
    return;
  }
  const opponent =
    user.id === ctx.botUser.id ? ctx.botUser : playerOf(user, interaction.options.getMember(OPT.opponent));
  await start(interaction, ctx, opponent);
}

export async function play(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  await start(interaction, ctx, ctx.botUser);
}

async function start(interaction: ChatInputCommandInteraction, ctx: CommandContext, opponent: Player): Promise<void> {
  const rules = readRules(interaction, await ctx.service.defaultVariant(recordsGuild(interaction)));
  if (!rules.ok) {
    await replyPrivately(interaction, rules.error);
    return;
  }
  // A game against the bot is drawn at once: the answer can be slow under load.
  const making = ctx.service.challenge({
    guildId: recordsGuild(interaction),
    channelId: interaction.channelId,
    ...parentChannel(interaction),
    challenger: playerOf(interaction.user, interaction.member),
    opponent,
    ...(rules.value ? { variant: rules.value } : {}),
    ...(opponent.id === ctx.botUser.id ? { strength: readStrength(interaction) } : {}),
    locale: await publicLocale(interaction, ctx),
  });
  const made = await acknowledgedInTime(interaction, making, ctx.deferAfterMs, 'new message');
  if (!made.ok) {
    await replyPrivately(interaction, made.error.message);
    return;
  }
  await postChallengeOrGame(interaction, made.value, ctx);
}

/** The `game` option's list: the player's live games here. */
export async function resignAutocomplete(interaction: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const typed = String(interaction.options.getFocused());
  const games = await ctx.service.gamesHere({
    channelId: interaction.channelId,
    userId: interaction.user.id,
    typed,
    locale: userLocale(interaction),
  });
  await interaction.respond(games.map((g) => ({ name: g.label, value: g.gameId })));
}

export async function resign(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  // The game named (its option lists the player's games here), or the player's only game here.
  const gameId = interaction.options.getInteger(OPT.game);
  const userId = interaction.user.id;
  const which = gameId === null ? { channelId: interaction.channelId, userId } : { gameId, userId };
  // The final board is drawn before the answer.
  const resigning = ctx.service.resign(which);
  const outcome = await acknowledgedInTime(interaction, resigning, ctx.deferAfterMs, 'new message');
  if (!outcome.ok) {
    await replyPrivately(interaction, outcome.error.message);
    return;
  }
  const view = outcome.value;
  try {
    await sendReply(
      interaction,
      {
        content: view.result ? resultLine(translator(view.locale), view.result) : view.description,
        allowedMentions: { parse: [] },
      },
      ctx,
    );
  } finally {
    // The game is over whether or not the answer got through: the board says so.
    await ctx.messages.show({ kind: 'game', view });
  }
}
