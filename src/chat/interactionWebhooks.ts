// Edits of stored messages where the bot's own token cannot reach: DMs and group DMs between
// users, and servers that never invited the bot (a user install). There Discord refuses the bot's
// channel requests (403 Missing Access); the only way to change a message is the webhook of an
// interaction that answered it, while its token lives (15 minutes). The latest such token is kept
// per message (src/chat/interactionPlace.ts `rememberAnswer`); the computer's moves and the sweeper's
// edits go through it. Past its life the edit is given up: the next click on the message (a fresh
// token) shows what happened meanwhile.
import type { Client } from 'discord.js';
import { InteractionWebhook } from 'discord.js';
import { DISCORD, discordCode } from './discordErrors.js';
import type { MessagePayload } from './messages.js';
import type { AnswerToken } from '../game/service.js';
import type { SendEdit } from './editQueue.js';
import type { InteractionEditor } from './interactionEdits.js';

/**
 * A token is used up to 14 minutes after its answer: a margin for clocks and the request's own time.
 * @internal
 */
export const ANSWER_TOKEN_USABLE_MS = 14 * 60_000;

/**
 * The edit of a message whose latest answer token is too old: nothing can edit it until the next click.
 * @internal
 */
export class AnswerTokenExpired extends Error {
  constructor(readonly messageId: string) {
    super(`the latest interaction token that answered message ${messageId} has expired`);
    this.name = 'AnswerTokenExpired';
  }
}

/** Whether an edit failed because its interaction token is too old (known here, or as Discord said). */
export function answerTokenExpired(err: unknown): boolean {
  return err instanceof AnswerTokenExpired || discordCode(err) === DISCORD.invalidWebhookToken;
}

export interface AnswerEditDeps {
  /** The latest answer token of a message, if it is one only interactions can edit. */
  tokenOf: (messageId: string) => Promise<AnswerToken | undefined>;
  now: () => number;
  editor: Pick<InteractionEditor, 'editOriginal'>;
  client: Client<true>;
  /** The edit with the bot's own token, for every other message. */
  botEdit: SendEdit;
}

/** Sends each edit with the bot's token, or through the message's latest answer token where only that works. */
export function editsThroughAnswers(deps: AnswerEditDeps): SendEdit {
  return async (channelId: string, messageId: string, payload: MessagePayload): Promise<void> => {
    const answer = await deps.tokenOf(messageId);
    if (!answer) return deps.botEdit(channelId, messageId, payload);
    if (deps.now() - answer.issuedAt > ANSWER_TOKEN_USABLE_MS) throw new AnswerTokenExpired(messageId);
    const { applicationId, token } = answer;
    const webhook = new InteractionWebhook(deps.client, applicationId, token);
    await deps.editor.editOriginal({ webhook, applicationId, token }, payload);
  };
}
