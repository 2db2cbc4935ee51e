// Whole games through the real discord.js client: challenge, accept, the game's own thread, every
// click until a winner, the challenge message saying who won, then the leaderboard, for each of
// the five rule sets, all started in one channel.
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../../src/engine/index.js';
import { OPTION } from './fake/fakeDiscord.js';
import {
  actButtons,
  assertReplyOk,
  boardOf,
  pickButton,
  startHarness,
  toActName,
  userNamed,
  type Harness,
} from './harness.js';

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
    assertReplyOk(reply, h);
    expect(reply.type).toBe(7); // updated in place
    expect(reply.message?.id).toBe(messageId);
  }
  throw new Error(`no winner after ${cap} clicks`);
}

/** Throws until there is a choice of moves: the buttons are numbered 1..n like the board's markers. */
async function expectNumberedMoves(messageId: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const buttons = actButtons(h, messageId);
    const numbered = buttons.filter((b) => /^\d+ · /.test(b.label ?? ''));
    if (numbered.length >= 2) {
      expect(numbered.map((b) => Number(b.label!.split(' ')[0]))).toEqual(numbered.map((_, k) => k + 1));
      for (const b of numbered) expect(b.label).toMatch(/^\d+ · (\d+|enter) → (\d+|off)$/);
      const message = h.fake.messages.get(messageId)!;
      expect(message.content).toMatch(/choose a move for your \d/);
      expect(message.attachments).toHaveLength(1); // replaced, not stacked
      return;
    }
    const name = toActName(h.fake.messages.get(messageId)!.content)!;
    assertReplyOk(await h.click(userNamed(h, name), messageId, pickButton(buttons).custom_id!), h);
  }
  throw new Error('never a choice between two moves');
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
    assertReplyOk(challenge, h);
    const challengeId = challenge.message!.id;
    expect(challenge.message!.content).toContain('Ana');
    expect(challenge.message!.content).toContain(`<@${h.ben.id}>`);
    const accept = h.fake.buttons(challengeId).find((b) => b.label === 'Accept')!;
    const started = await h.click(h.ben, challengeId, accept.custom_id!);
    assertReplyOk(started, h);
    // The challenge message points to the game's own thread, where the board is.
    const thread = h.fake.threads.get(challengeId)!;
    expect(thread.parentId).toBe(h.fake.channelId);
    expect(thread.name).toMatch(/^Senet · (Ana vs Ben|Ben vs Ana)$/);
    expect(started.message!.content).toContain(`The game is on in <#${thread.id}>.`);
    expect(h.fake.buttons(challengeId)).toEqual([]);
    const messageId = boardOf(h, challengeId);
    const first = h.fake.messages.get(messageId)!;
    expect(first.channelId).toBe(thread.id);
    expect(first.content).toContain(`<@${h.ana.id}>`); // mentioned: added to the thread
    const board = first.attachments[0]!;
    expect(board.data.length).toBeGreaterThan(1000);
    expect((await loadImage(board.data)).width).toBeGreaterThan(300);
    expect(board.description?.length).toBeGreaterThan(20);

    await expectNumberedMoves(messageId);
    const clicks = await playToEnd(messageId);
    const final = h.fake.messages.get(messageId)!;
    expect(final.content).toMatch(/🏆 Winner: \*\*(Ana|Ben)\*\*/);
    // Only Regency scores: the winner's points are shown there and nowhere else.
    expect(/Winner: .*\(\d+ points?\)/.test(final.content)).toBe(ruleset === 'regency');
    expect(final.content).toMatch(/Ratings: /);
    expect(h.fake.buttons(messageId).map((b) => b.label)).toEqual(['Rematch', 'Replay']);
    expect(final.attachments).toHaveLength(1);
    expect(clicks).toBeGreaterThan(10);
    expect(h.fake.messages.get(challengeId)!.content).toMatch(
      new RegExp(`🏆 Winner: \\*\\*(Ana|Ben)\\*\\*.* The game: <#${thread.id}>\\.`),
    );

    const board2 = await h.slash(h.ana, 'leaderboard', [{ name: 'rules', type: OPTION.string, value: ruleset }]);
    assertReplyOk(board2, h);
    expect(String(board2.data?.content)).toMatch(/1\. \*\*(Ana|Ben)\*\*/);
  });
});
