// The final answer to a deferred interaction, sent outside discord.js's global rate limit.
//
// Discord does not count interaction endpoints (the first answer, and the interaction's webhook:
// editing the original response) against a bot's global limit of 50 requests a second. discord.js
// exempts only the first answer: `interaction.editReply` waits in the same global queue as
// everything else. Under load most clicks are deferred, so their edits were held to 50 a second
// in all (docs/performance.md). These edits go through a REST client of their own with no global
// limit; the per-route limits Discord sends back still apply.
//
// Large edits (a replay's GIF and chart, megabytes) can be handed to another thread (`uploadLarge`):
// building and sending their multipart body on the main thread, and collecting the copies it
// leaves, held up other players' clicks by tens of milliseconds (docs/performance.md).
import {
  MessagePayload,
  type RawFile,
  REST,
  type RESTOptions,
  type RepliableInteraction,
  Routes,
  type WebhookMessageEditOptions,
} from 'discord.js';

/** What a REST client needs to reach the API: its base URL and the headers every request carries (src/bot/discordApi.ts). */
export type DiscordApi = Pick<RESTOptions, 'api' | 'headers'>;

/** The error an answer gets once its interaction's token is too old to use. */
export const TOKEN_EXPIRED = "the interaction's token has expired";

/**
 * What an edit of an interaction's original response needs: its webhook (to build the body), app id and token.
 * @internal
 */
export type AnswerTarget = Pick<RepliableInteraction, 'webhook' | 'applicationId' | 'token'>;

export interface InteractionEditor {
  /**
   * Replaces the original response of a deferred interaction (what `interaction.editReply` does):
   * the clicked message, or the "thinking…" reply. Resolves to that message's id.
   */
  editOriginal(interaction: AnswerTarget, payload: WebhookMessageEditOptions): Promise<string>;
  /** Its REST client (for metrics: its responses and rate limits). */
  readonly rest: REST;
  close(): void;
}

/** An edit of an interaction's original response as plain data, which can cross to a worker thread. */
export interface OriginalEdit {
  applicationId: string;
  token: string;
  body: unknown;
  files: RawFile[];
}

/** Sends an edit elsewhere (a worker thread); resolves to the message's id. */
export type Uploader = (api: DiscordApi, edit: OriginalEdit) => Promise<string>;

/** Edits whose attachments weigh this much go to `uploadLarge`: replays (hundreds of KB to MB), not boards (about 70 KB). */
const LARGE_UPLOAD_BYTES = 256 * 1024;

/** A REST client for interaction endpoints: no global limit (Discord does not count them). */
export function interactionRest(api: DiscordApi): REST {
  return new REST({ ...api, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
}

/** PATCHes the original response; resolves to its message id. */
export async function patchOriginal(rest: REST, edit: OriginalEdit): Promise<string> {
  // The interaction token is the credential: no bot token is sent (auth: false), as Discord requires.
  const edited = (await rest.patch(Routes.webhookMessage(edit.applicationId, edit.token, '@original'), {
    body: edit.body,
    files: edit.files,
    auth: false,
  })) as { id: string };
  return edited.id;
}

export function interactionEditor(api: DiscordApi, uploadLarge?: Uploader): InteractionEditor {
  const rest = interactionRest(api);
  return {
    rest,
    async editOriginal(interaction, payload) {
      // Built exactly as discord.js builds the edit, attachments included.
      const { body, files } = await MessagePayload.create(interaction.webhook, payload).resolveBody().resolveFiles();
      const edit = { applicationId: interaction.applicationId, token: interaction.token, body, files: files ?? [] };
      const bytes = edit.files.reduce(
        (sum, file) => sum + (typeof file.data === 'object' ? file.data.byteLength : 0),
        0,
      );
      return uploadLarge && bytes >= LARGE_UPLOAD_BYTES ? uploadLarge(api, edit) : patchOriginal(rest, edit);
    },
    close() {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    },
  };
}
