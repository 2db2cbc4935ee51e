// Edits where only interactions reach: through the message's latest answer token while it lives,
// given up (not sent) once it is too old, and with the bot's token for every other message.
import { Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_TOKEN_USABLE_MS,
  AnswerTokenExpired,
  answerTokenExpired,
  editsThroughAnswers,
} from '../../src/chat/interactionWebhooks.js';
import type { AnswerTarget } from '../../src/chat/interactionEdits.js';
import type { MessagePayload } from '../../src/chat/messages.js';
import type { AnswerToken } from '../../src/game/service.js';

const payload: MessagePayload = {
  content: 'board',
  files: [],
  components: [],
  attachments: [],
  allowedMentions: { users: [] },
};

function setup(tokens: Record<string, AnswerToken>, now: number) {
  const viaWebhook: { token: string; content: string }[] = [];
  const viaBot: string[] = [];
  const send = editsThroughAnswers({
    tokenOf: async (messageId) => tokens[messageId],
    now: () => now,
    editor: {
      editOriginal: (target: AnswerTarget, p) => {
        viaWebhook.push({ token: target.token, content: String(p.content) });
        return Promise.resolve('m');
      },
    },
    client: new Client({ intents: [] }),
    botEdit: (_channelId, messageId) => {
      viaBot.push(messageId);
      return Promise.resolve();
    },
  });
  return { send, viaWebhook, viaBot };
}

const token = (messageId: string, issuedAt: number): AnswerToken => ({
  messageId,
  applicationId: '1',
  token: `tok-${messageId}`,
  issuedAt,
});

describe('editsThroughAnswers', () => {
  it('edits a message with no answer token with the bot token', async () => {
    const { send, viaWebhook, viaBot } = setup({}, 0);
    await send('c', 'm1', payload);
    expect(viaBot).toEqual(['m1']);
    expect(viaWebhook).toEqual([]);
  });

  it("edits through the latest answer's webhook while its token lives", async () => {
    const { send, viaWebhook, viaBot } = setup({ m1: token('m1', 1000) }, 1000 + ANSWER_TOKEN_USABLE_MS);
    await send('c', 'm1', payload);
    expect(viaWebhook).toEqual([{ token: 'tok-m1', content: 'board' }]);
    expect(viaBot).toEqual([]);
  });

  it('gives the edit up once the token is too old, without trying the bot token', async () => {
    const { send, viaWebhook, viaBot } = setup({ m1: token('m1', 1000) }, 1001 + ANSWER_TOKEN_USABLE_MS);
    const failed = await send('c', 'm1', payload).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(AnswerTokenExpired);
    expect(answerTokenExpired(failed)).toBe(true);
    expect(viaWebhook).toEqual([]);
    expect(viaBot).toEqual([]);
  });
});
