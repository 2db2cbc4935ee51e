// /senet challenge, /senet play, /senet resign: parse, call the service, reply.
import { type Text, say, text, userText } from '../i18n/index.js';
import { publicLocale, userLocale } from '../chat/locale.js';
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { GameView, Outcome, SeenPlayer } from '../game/types.js';
import { type PlacedGame, mayShowHere } from '../game/visibility.js';
import type { CommandContext } from './commandContext.js';
import { placeOf, recordsGuild } from '../chat/interactionPlace.js';
import { OPT } from './definition.js';
import { resultText } from '../chat/messages.js';
import { playerOf, readRules, readStrength } from './options.js';
import type { Subcommand } from './declarations.js';
import { postChallengeOrGame, sendReply } from '../chat/replies.js';
import { parentChannel } from '../chat/threads.js';
import { viewerOf } from './viewer.js';

async function challenge(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const user = interaction.options.getUser(OPT.opponent, true);
  if (user.bot && user.id !== ctx.botUser.id) {
    await ctx.answers.replyPrivately(interaction, text('refusal.botCannotPlay', { name: userText(user.displayName) }));
    return;
  }
  const opponent =
    user.id === ctx.botUser.id ? ctx.botUser : playerOf(user, interaction.options.getMember(OPT.opponent));
  await start(interaction, ctx, opponent);
}

/** In the bot's DM only the bot can be challenged: nobody else is there to accept. */
function challengeRefusal(interaction: ChatInputCommandInteraction): Text | null {
  if (placeOf(interaction) !== 'botDm') return null;
  const opponent = interaction.options.getUser(OPT.opponent);
  return opponent && opponent.id !== interaction.client.user.id ? text('dm.challengeInBotDm') : null;
}

/** Posts the challenge in the channel, for everyone there to see. */
export const challengeSubcommand: Subcommand = {
  name: 'challenge',
  run: challenge,
  publicAnswer: true,
  refusal: challengeRefusal,
  posts: true,
};

async function play(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  await start(interaction, ctx, ctx.botUser);
}

/** Posts the game against the bot in the channel, for everyone there to see. */
export const playSubcommand: Subcommand = { name: 'play', run: play, publicAnswer: true, posts: true };

async function start(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  opponent: SeenPlayer,
): Promise<void> {
  const rules = readRules(interaction, await ctx.service.servers.defaultVariant(recordsGuild(interaction)));
  if (!rules.ok) {
    await ctx.answers.replyPrivately(interaction, rules.error);
    return;
  }
  // A game against the bot is drawn at once: the answer can be slow under load.
  const making = ctx.service.challenges.create({
    guildId: recordsGuild(interaction),
    channelId: interaction.channelId,
    ...parentChannel(interaction),
    challenger: playerOf(interaction.user, interaction.member),
    opponent,
    ...(rules.value ? { variant: rules.value } : {}),
    ...(opponent.id === ctx.botUser.id ? { strength: readStrength(interaction) } : {}),
    locale: await publicLocale(interaction, ctx),
  });
  const made = await ctx.answers.acknowledgedInTime(interaction, making, ctx.deferAfterMs, 'new message');
  if (!made.ok) {
    await ctx.answers.replyPrivately(interaction, made.error.message);
    return;
  }
  await postChallengeOrGame(interaction, made.value, ctx);
}

/** The `game` option's list: the player's live games here. */
async function resignAutocomplete(interaction: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const typed = String(interaction.options.getFocused());
  const games = await ctx.service.play.gamesHere({
    channelId: interaction.channelId,
    userId: interaction.user.id,
    typed,
    locale: userLocale(interaction),
  });
  await interaction.respond(games.map((g) => ({ name: g.label, value: g.gameId })));
}

async function resign(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  // The game named (its option lists the player's games here), or the player's only game here.
  const gameId = interaction.options.getInteger(OPT.game);
  const userId = interaction.user.id;
  const which = gameId === null ? { channelId: interaction.channelId, userId } : { gameId, userId };
  let landed = (): void => undefined;
  try {
    // The final board is drawn before the answer.
    const resigning = ctx.service.play.resignedGame(which).then((id) => {
      // Begun before the commit, as a click's: the database's news of the resignation, heard while
      // its board is drawn, would draw and send the same board a second time (src/bot/gameNews.ts).
      if (id !== null) landed = ctx.boardsInFlight.begin(id);
      return ctx.service.play.resign(which);
    });
    await resignedIn(interaction, ctx, resigning);
  } finally {
    landed();
  }
}

async function resignedIn(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  resigning: Promise<Outcome<GameView>>,
): Promise<void> {
  const outcome = await ctx.answers.acknowledgedInTime(interaction, resigning, ctx.deferAfterMs, 'new message');
  if (!outcome.ok) {
    await ctx.answers.replyPrivately(interaction, outcome.error.message);
    return;
  }
  const view = outcome.value;
  // The board's edit starts with the answer rather than after it (it never rejects): under a
  // burst, waiting for the answer's round trip first held the game-over board back (issue 31).
  const boardShown = ctx.messages.show({ kind: 'game', view });
  try {
    const result = view.result ? resultText(view.result) : null;
    // Typed elsewhere (`game` names any of the player's games): the result is said here only where
    // the game may be shown (src/game/visibility.ts), else to the player alone; the board says it.
    if (result && !(await mayShowHere(viewerOf(interaction, ctx), playedWhere(view)))) {
      await ctx.answers.replyPrivately(interaction, result);
      return;
    }
    await sendReply(
      interaction,
      { content: result ? say(view.locale, result) : view.description, allowedMentions: { parse: [] } },
      ctx,
    );
  } finally {
    // The game is over whether or not the answer got through: the board says so.
    await boardShown;
  }
}

/** Where a game was played and by whom, as the visibility rule asks. */
function playedWhere(view: GameView): PlacedGame {
  return {
    guildId: view.guildId,
    channelId: view.homeChannelId,
    seats: { W: view.players.W.id, B: view.players.B.id },
  };
}

/** The final board is shown in the channel; the `game` option lists the player's live games here. */
export const resignSubcommand: Subcommand = {
  name: 'resign',
  run: resign,
  autocomplete: resignAutocomplete,
  posts: true,
};
