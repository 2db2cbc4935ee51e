// Where only interactions reach the channel (src/commands/contexts.ts), a message can fall behind
// for good: a challenge that expired, or was withdrawn, once the token that could edit it had
// expired. A refused click on it is the first chance to show it as it is: the message is brought
// up to date in place, then the refusal is said privately. (Game boards are refreshed the same way
// by refreshOutOfDate in delivery.ts.)
import type { ButtonInteraction } from 'discord.js';
import type { ServiceError } from '../game/types.js';
import type { CommandContext } from './context.js';
import { botTokenReaches } from './contexts.js';
import { answerWith } from './delivery.js';
import { replyPrivately } from './replies.js';

/** Says a refused challenge click privately; first, where needed, shows the challenge as it now stands. */
export async function refusedOnChallenge(
  interaction: ButtonInteraction,
  challengeId: number,
  refusal: ServiceError,
  ctx: CommandContext,
): Promise<void> {
  if (refusal.code === 'finished' && !botTokenReaches(interaction)) {
    const found = await ctx.service.challengeView(challengeId);
    if (found.ok && found.value.messageId === interaction.message.id)
      await answerWith(interaction, { kind: 'challenge', view: found.value }, ctx);
  }
  await replyPrivately(interaction, refusal.message);
}
