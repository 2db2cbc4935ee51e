// The three steps both data deletions take in one private answer (/senet privacy and
// /senet-admin data): a summary with a delete button, then "yes" or "no", then the result, each
// replacing the answer in place. The button ids say whose data and which step, so a click after
// a restart still works.
import { ActionRowBuilder, ButtonBuilder, type ButtonInteraction, ButtonStyle } from 'discord.js';
import { type Locale, type MessageKey, type Text, type Translate, say, text } from '../i18n/index.js';
import type { FollowUpCount } from './commandContext.js';
import { type ButtonId, type ConfirmStep, encodeButtonId } from '../chat/customIds.js';

type StepRow = ActionRowBuilder<ButtonBuilder>;

/** The button id of each step, for one person's or one server's data. */
export type StepIds = (step: ConfirmStep) => ButtonId;

function stepButton(t: Translate, id: ButtonId, label: MessageKey, style: ButtonStyle): ButtonBuilder {
  return new ButtonBuilder().setCustomId(encodeButtonId(id)).setLabel(t(label)).setStyle(style);
}

/** The first answer's one button: delete (which asks first). */
export function deleteRow(t: Translate, ids: StepIds, label: MessageKey): StepRow {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(stepButton(t, ids('ask'), label, ButtonStyle.Danger));
}

/** The question's two buttons: yes, delete; or cancel. */
export function yesNoRow(t: Translate, ids: StepIds, yesLabel: MessageKey): StepRow {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    stepButton(t, ids('yes'), yesLabel, ButtonStyle.Danger),
    stepButton(t, ids('no'), 'privacy.cancelButton', ButtonStyle.Secondary),
  );
}

/** What a deletion did in Discord after its commit: what is done, and what still waits (the sweeper tries it again). */
export function followUpWords(count: FollowUpCount, done: MessageKey): Text[] {
  return [
    ...(count.done > 0 ? [text(done, { count: count.done })] : []),
    ...(count.waiting > 0 ? [text('deletion.waiting', { count: count.waiting })] : []),
  ];
}

/** Replaces the private answer (its sentences joined) the clicked button sits on. */
export async function replaceAnswer(
  interaction: ButtonInteraction,
  locale: Locale,
  said: Text | readonly Text[],
  rows: StepRow[] = [],
): Promise<void> {
  const content = (Array.isArray(said) ? said : [said]).map((sentence: Text) => say(locale, sentence)).join(' ');
  await interaction.update({ content, components: rows, allowedMentions: { parse: [] } });
}
