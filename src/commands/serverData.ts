// /senet-admin data: what the bot stores about this server, answered privately to an admin, with
// a button to delete it all, a confirmation step and the result, each replacing the private
// answer in place. Every click checks Manage Server again (src/game/privacy.ts decides).
import { type ButtonInteraction, type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { ServerData } from '../game/service.js';
import { adminInput } from './adminInput.js';
import { LEFT_SERVER_GRACE_MS } from '../game/privacy.js';
import { type Text, say, text, translator } from '../i18n/index.js';
import { type StepIds, deleteRow, followUpWords, replaceAnswer, yesNoRow } from './confirmSteps.js';
import type { CommandContext } from './commandContext.js';
import type { ConfirmStep } from '../chat/customIds.js';
import { userLocale } from '../chat/locale.js';
import type { Buttons, Subcommand } from './declarations.js';

/** The buttons of one server's data. */
const stepsOf =
  (guildId: string): StepIds =>
  (step) => ({ kind: 'serverData', step, guildId });

const DAY_MS = 24 * 3_600_000;

async function serverDataCommand(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const asked = adminInput(interaction);
  const outcome = await ctx.service.privacy.serverData(asked);
  if (!outcome.ok) return ctx.answers.replyPrivately(interaction, outcome.error.message);
  const locale = userLocale(interaction);
  await interaction.reply({
    content: say(locale, summary(outcome.value)),
    components: [deleteRow(translator(locale), stepsOf(asked.guildId), 'admin.data.deleteButton')],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** Private, about a server that installed the bot. */
export const dataSubcommand: Subcommand = {
  name: 'data',
  run: serverDataCommand,
  serverOnly: 'dm.adminInServers',
  posts: false,
};

/** A click on one of the buttons above: the confirmation, the deletion, or calling it off. */
async function serverDataButton(
  interaction: ButtonInteraction,
  ctx: CommandContext,
  id: { step: ConfirmStep; guildId: string },
): Promise<void> {
  const asked = adminInput(interaction);
  if (asked.guildId !== id.guildId) return ctx.answers.replyPrivately(interaction, text('privacy.notYours'));
  const locale = userLocale(interaction);
  const t = translator(locale);
  if (id.step === 'no') return replaceAnswer(interaction, locale, text('privacy.cancelled'));
  if (id.step === 'ask') {
    const data = await ctx.service.privacy.serverData(asked);
    if (!data.ok) return ctx.answers.replyPrivately(interaction, data.error.message);
    const question = text('admin.data.confirm', { games: data.value.games, live: data.value.liveGames });
    return replaceAnswer(interaction, locale, question, [yesNoRow(t, stepsOf(id.guildId), 'admin.data.confirmButton')]);
  }
  const deleted = await ctx.service.privacy.deleteServerData(asked);
  if (!deleted.ok) return ctx.answers.replyPrivately(interaction, deleted.error.message);
  const data = deleted.value;
  ctx.log.info({ guildId: id.guildId, games: data.games }, "an admin deleted the server's data");
  // Committed: its reminder messages and scheduled events go from Discord before the answer says so.
  const removed = await ctx.deletions.server(id.guildId);
  const result = text('admin.data.deleted', { games: data.games, ratings: data.ratings });
  await replaceAnswer(interaction, locale, [result, ...followUpWords(removed, 'admin.data.removedFromDiscord')]);
}

/** Its answers replace the private message: no channel permissions needed. */
export const SERVER_DATA_BUTTON: Pick<Buttons, 'serverData'> = { serverData: { run: serverDataButton, posts: false } };

function summary(d: ServerData): Text {
  return text('admin.data.summary', {
    games: d.games,
    live: d.liveGames,
    challenges: d.challenges,
    players: d.players,
    ratings: d.ratings,
    seasons: d.seasons,
    settings: d.settings ? 'yes' : 'no',
    days: LEFT_SERVER_GRACE_MS / DAY_MS,
  });
}
