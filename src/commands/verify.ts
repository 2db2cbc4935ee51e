// /senet verify game: a game's dice, checked: for a finished game its secret and every throw
// recomputed from it, for a live one only its commitment. Answered privately to whoever may see
// the game (src/game/diceCheck.ts decides); posts nothing.
import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { SHORT_COMMITMENT_DIGITS } from '../engine/keyedDice.js';
import type { DiceCheck } from '../game/service.js';
import { type Translate, translator } from '../i18n/index.js';
import type { CommandContext } from './commandContext.js';
import { OPT } from './definition.js';
import { userLocale } from '../chat/locale.js';
import type { Subcommand } from './declarations.js';
import { recentGamesAutocomplete } from './replay.js';
import { viewerOf } from './viewer.js';

async function verify(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void> {
  const gameId = interaction.options.getInteger(OPT.game, true);
  const checked = await ctx.service.dice.check({ viewer: viewerOf(interaction, ctx), gameId });
  if (!checked.ok) return ctx.answers.replyPrivately(interaction, checked.error.message);
  await interaction.reply({
    content: verifyText(translator(userLocale(interaction)), checked.value),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** Private: works wherever the game may be seen, posts nothing. */
export const verifySubcommand: Subcommand = {
  name: 'verify',
  run: verify,
  autocomplete: recentGamesAutocomplete,
  posts: false,
};

function verifyText(t: Translate, check: DiceCheck): string {
  const { gameId } = check;
  if (check.kind === 'seeded') return t('verify.seeded', { gameId });
  const lines = [t('verify.heading', { gameId }), t('verify.commitment', { commitment: check.commitment })];
  if (check.kind === 'live') return [...lines, t('verify.live', { digits: SHORT_COMMITMENT_DIGITS })].join('\n');
  const { mismatch } = check;
  return [
    ...lines,
    t('verify.secret', { secret: check.secret }),
    mismatch ? t('verify.mismatch', { ...mismatch }) : t('verify.allMatch', { count: check.throws }),
    t('verify.howToCheck'),
  ].join('\n');
}
