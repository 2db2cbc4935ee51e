// The three steps both data deletions take in one private answer (/senet privacy and
// /senet-admin data): a summary with a delete button, then "yes" or "no", then the result, each
// replacing the answer in place. The button ids say whose data and which step, so a click after
// a restart still works.
import { ActionRowBuilder, ButtonBuilder, type ButtonInteraction, ButtonStyle } from 'discord.js';
import { type Locale, type MessageKey, type Text, type Translate, say } from '../i18n/index.js';
import { type ButtonId, type ConfirmStep, encodeButtonId } from './customIds.js';

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

/** Replaces the private answer the clicked button sits on. */
export async function replaceAnswer(
  interaction: ButtonInteraction,
  locale: Locale,
  said: Text,
  rows: StepRow[] = [],
): Promise<void> {
  await interaction.update({ content: say(locale, said), components: rows, allowedMentions: { parse: [] } });
}
