// /senet privacy: what the bot stores about the person asking, answered privately, with a button
// to delete it, a confirmation step, and the result, each replacing the private answer in place.
// The buttons carry the person's id, so only they can act on them (src/game/privacy.ts decides
// what goes and what stays).
import { type ButtonInteraction, type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { PlayerData } from '../game/service.js';
import { storesAnything } from '../game/privacy.js';
import { type Text, say, text, translator, userText } from '../i18n/index.js';
import { type StepIds, deleteRow, followUpWords, replaceAnswer, yesNoRow } from './confirmSteps.js';
import type { CommandContext } from './commandContext.js';
import type { ConfirmStep } from '../chat/customIds.js';
import { userLocale } from '../chat/locale.js';
import type { Buttons, Subcommand } from './declarations.js';

/** The buttons of `userId`'s own data. */
const stepsOf =
  (userId: string): StepIds =>
  (step) => ({ kind: 'privacy', step, userId });

async function privacy(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const userId = interaction.user.id;
  const data = await ctx.service.privacy.playerData(userId);
  const t = translator(userLocale(interaction));
  const stored = storesAnything(data);
  await interaction.reply({
    content: say(userLocale(interaction), stored ? summary(data) : text('privacy.nothing')),
    components: stored ? [deleteRow(t, stepsOf(userId), 'privacy.deleteButton')] : [],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** Private: works anywhere, posts nothing. */
export const privacySubcommand: Subcommand = { name: 'privacy', run: privacy, posts: false };

/** A click on one of the buttons above: the confirmation, the deletion, or calling it off. */
async function privacyButton(
  interaction: ButtonInteraction,
  ctx: CommandContext,
  id: { step: ConfirmStep; userId: string },
): Promise<void> {
  if (id.userId !== interaction.user.id) return ctx.answers.replyPrivately(interaction, text('privacy.notYours'));
  const locale = userLocale(interaction);
  const t = translator(locale);
  if (id.step === 'no') return replaceAnswer(interaction, locale, text('privacy.cancelled'));
  if (id.step === 'ask') {
    const { games } = await ctx.service.privacy.playerData(id.userId);
    const question = text('privacy.confirm', { games });
    return replaceAnswer(interaction, locale, question, [yesNoRow(t, stepsOf(id.userId), 'privacy.confirmButton')]);
  }
  const deleted = await ctx.service.privacy.forgetPlayer({ userId: id.userId, standInName: t('privacy.standInName') });
  if (!deleted.ok) return replaceAnswer(interaction, locale, deleted.error.message);
  const { data, tournaments } = deleted.value;
  ctx.log.info({ games: data.games, tournaments: tournaments.length }, 'a player deleted their data');
  // Committed: the tournament messages that named them are drawn again before the answer says so.
  const redrawn = await ctx.deletions.tournaments(tournaments);
  const said = [
    text('privacy.deleted', { games: data.games }),
    ...followUpWords(redrawn, 'privacy.tournamentsRedrawn'),
  ];
  await replaceAnswer(interaction, locale, said);
}

/** Its answers replace the private message: no channel permissions needed. */
export const PRIVACY_BUTTON: Pick<Buttons, 'privacy'> = { privacy: { run: privacyButton, posts: false } };

function summary(d: PlayerData): Text {
  return text('privacy.summary', {
    named: d.name === null ? 'no' : 'yes',
    name: userText(d.name ?? ''),
    nicknames: d.nicknames,
    reminders: d.reminders === null ? 'unset' : d.reminders ? 'on' : 'off',
    games: d.games,
    live: d.liveGames,
    challenges: d.challenges,
    ratings: d.ratings,
    changes: d.ratingChanges,
    tokens: d.answerTokens,
    admin: d.adminMarks,
  });
}
