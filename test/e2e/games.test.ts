// Whole games through the real discord.js client: challenge, accept, every click until a winner,
// then the leaderboard, for each of the five rule sets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../../src/engine/index.js';
import { OPTION } from './fakeDiscord.js';
import { actButtons, assertReplyOk, pickButton, startHarness, toActName, userNamed, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Clicks the buttons the bot shows, as whoever it says is to act, until the game is over. */
async function playToEnd(messageId: string, cap = 3000): Promise<number> {
  for (let clicks = 0; clicks < cap; clicks++) {
    const buttons = actButtons(h, messageId);
    if (buttons.length === 0) return clicks;
    const message = h.fake.messages.get(messageId)!;
    const name = toActName(message.content);
    expect(name, message.content).not.toBeNull();
    const reply = await h.click(userNamed(h, name!), messageId, pickButton(buttons).custom_id!);
    assertReplyOk(reply);
    expect(reply.type).toBe(7); // updated in place
    expect(reply.message?.id).toBe(messageId);
  }
  throw new Error(`no winner after ${cap} clicks`);
}

describe.each(RULESET_IDS)('a whole %s game', (ruleset) => {
  it('goes from challenge to winner to leaderboard', async () => {
    const challenge = await h.slash(
      h.ana,
      'challenge',
      [
        { name: 'opponent', type: OPTION.user, value: h.ben.id },
        { name: 'rules', type: OPTION.string, value: ruleset },
      ],
      [h.ben],
    );
    assertReplyOk(challenge);
    const messageId = challenge.message!.id;
    expect(challenge.message!.content).toContain('Ana');
    expect(challenge.message!.content).toContain(`<@${h.ben.id}>`);
    const accept = h.fake.buttons(messageId).find((b) => b.label === 'Accept')!;
    const started = await h.click(h.ben, messageId, accept.custom_id!);
    assertReplyOk(started);
    const board = started.message!.attachments[0]!;
    expect(board.data.length).toBeGreaterThan(1000);
    expect(board.description?.length).toBeGreaterThan(20);

    const clicks = await playToEnd(messageId);
    const final = h.fake.messages.get(messageId)!;
    expect(final.content).toMatch(/🏆 \*\*(Ana|Ben)\*\* wins/);
    expect(final.content).toMatch(/Ratings: /);
    expect(h.fake.buttons(messageId).map((b) => b.label)).toEqual(['Rematch']);
    expect(final.attachments).toHaveLength(1);
    expect(clicks).toBeGreaterThan(10);

    const board2 = await h.slash(h.ana, 'leaderboard', [{ name: 'rules', type: OPTION.string, value: ruleset }]);
    assertReplyOk(board2);
    expect(String(board2.data?.content)).toMatch(/1\. \*\*(Ana|Ben)\*\*/);
  });
});
