// The final answer to a deferred interaction, sent outside discord.js's global rate limit.
//
// Discord does not count interaction endpoints (the first answer, and the interaction's webhook:
// editing the original response) against a bot's global limit of 50 requests a second. discord.js
// exempts only the first answer: `interaction.editReply` waits in the same global queue as
// everything else. Under load most clicks are deferred, so their edits were held to 50 a second
// in all (docs/performance.md). These edits go through a REST client of their own with no global
// limit; the per-route limits Discord sends back still apply.
import { MessagePayload, REST, type RepliableInteraction, Routes, type WebhookMessageEditOptions } from 'discord.js';

/** The error an answer gets once its interaction's token is too old to use. */
export const TOKEN_EXPIRED = "the interaction's token has expired";

export interface InteractionEditor {
  /**
   * Replaces the original response of a deferred interaction (what `interaction.editReply` does):
   * the clicked message, or the "thinking…" reply. Resolves to that message's id.
   */
  editOriginal(interaction: RepliableInteraction, payload: WebhookMessageEditOptions): Promise<string>;
  close(): void;
}

export function interactionEditor(apiUrl: string): InteractionEditor {
  const rest = new REST({ api: apiUrl, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
  return {
    async editOriginal(interaction, payload) {
      // Built exactly as discord.js builds the edit, attachments included.
      const { body, files } = await MessagePayload.create(interaction.webhook, payload).resolveBody().resolveFiles();
      // The interaction token is the credential: no bot token is sent (auth: false), as Discord requires.
      const edited = (await rest.patch(
        Routes.webhookMessage(interaction.applicationId, interaction.token, '@original'),
        {
          body,
          files: files ?? undefined,
          auth: false,
        },
      )) as { id: string };
      return edited.id;
    },
    close() {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    },
  };
}
