// Replays through the real discord.js client: /senet replay with and without a game (its list
// offered by autocomplete), the Replay button under a finished game, a game still in progress,
// a refusal, and the fake's upload limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImage } from '@napi-rs/canvas';
import { type FakeMessage, OPTION, UPLOAD_LIMIT, snowflake } from './fake/fakeDiscord.js';
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

/** Ana's game against the bot in a fresh channel, played `clicks` clicks (to the end by default). */
async function gameAgainstBot(ruleset: string, clicks = Infinity): Promise<string> {
  h.fake.channelId = snowflake();
  const started = await h.slash(h.ana, 'play', [
    { name: 'rules', type: OPTION.string, value: ruleset },
    { name: 'strength', type: OPTION.string, value: 'easy' },
  ]);
  assertReplyOk(started, h);
  const messageId = boardOf(h, started.message!.id);
  for (let n = 0; n < clicks; n++) {
    const buttons = actButtons(h, messageId);
    if (buttons.length === 0) break;
    const name = toActName(h.fake.messages.get(messageId)!.content)!;
    assertReplyOk(await h.click(userNamed(h, name), messageId, pickButton(buttons).custom_id!), h);
  }
  return messageId;
}

const gameIdOf = (messageId: string): number =>
  Number(
    /senet:rematch:(\d+)/.exec(
      h.fake
        .buttons(messageId)
        .map((b) => b.custom_id)
        .join(' '),
    )?.[1],
  );

/** The replay message a deferred reply was filled in with: an animated GIF, and its text. */
async function expectReplay(message: FakeMessage | null | undefined): Promise<FakeMessage> {
  expect(message).toBeTruthy();
  const stored = h.fake.messages.get(message!.id)!;
  expect(stored.edits).toBeGreaterThanOrEqual(1); // "thinking…" filled in
  expect(stored.content).toMatch(/^\*\*Replay · Senet · /);
  const gif = stored.attachments.find((a) => a.filename.endsWith('.gif'))!;
  expect(gif.data.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  expect(gif.data.length).toBeLessThanOrEqual(UPLOAD_LIMIT);
  expect((await loadImage(gif.data)).width).toBeGreaterThan(400);
  expect(gif.description).toMatch(/^Animated replay of a Senet game, .* rules: Ana \(light reels\)|\(dark cones\)/);
  return stored;
}

describe('replays', () => {
  let finished: string;

  beforeAll(async () => {
    finished = await gameAgainstBot('pennsic');
  });

  it('a finished game has a Replay button that posts its animated replay', async () => {
    expect(h.fake.buttons(finished).map((b) => b.label)).toEqual(['Rematch', 'Replay']);
    const button = h.fake.buttons(finished).find((b) => b.label === 'Replay')!;
    const reply = await h.click(h.ben, finished, button.custom_id!); // anyone may watch
    assertReplyOk(reply, h);
    expect(reply.type).toBe(5); // "thinking…", then filled in
    expect(reply.message?.id).not.toBe(finished); // a new message; the game's stays as it was
    const stored = await expectReplay(reply.message);
    expect(stored.content).toMatch(/Pennsic/);
    expect(stored.content).toMatch(/\d+ moves/);
    // The review, from the learned win chance: the chart, the turning points, the accuracy.
    const chart = stored.attachments.find((a) => a.filename === 'senet-win-chance.png')!;
    expect((await loadImage(chart.data)).width).toBeGreaterThan(400);
    expect(chart.description).toMatch(/^Chart of (Ana|Senet)'s chance to win after every action/);
    expect(stored.content).toMatch(/\*\*Turning points\*\*\n1\. Move \d+: /);
    expect(stored.content).toMatch(/Accuracy \(0-100, .*\): (Ana|Senet) (\d+|no choice made), /);
  });

  it('/senet replay without a game replays your last finished game; the list offers your games, newest first', async () => {
    await gameAgainstBot('kendall', 12);
    const choices = await h.fake.autocomplete(h.ana, 'replay', { name: 'game', type: OPTION.integer, value: '' });
    const finishedId = gameIdOf(finished);
    expect(choices.length).toBeGreaterThanOrEqual(2);
    expect(choices[0]!.name).toMatch(/Kendall · vs Senet · your turn$/); // the computer has played its turn
    expect(choices.find((c) => c.value === finishedId)?.name).toMatch(
      new RegExp(`^#${finishedId} · Pennsic · vs Senet · (won|lost)$`),
    );
    expect(await h.fake.autocomplete(h.ben, 'replay', { name: 'game', type: OPTION.integer, value: '' })).toEqual([]);
    const typed = await h.fake.autocomplete(h.ana, 'replay', { name: 'game', type: OPTION.integer, value: 'penn' });
    expect(typed.map((c) => c.value)).toEqual([finishedId]);

    const last = await h.slash(h.ana, 'replay');
    assertReplyOk(last, h);
    expect((await expectReplay(last.message)).content).toMatch(`game #${finishedId}`);

    // A game in progress replays up to its last move.
    const current = Number(choices[0]!.value);
    const partial = await h.slash(h.ana, 'replay', [{ name: 'game', type: OPTION.integer, value: current }]);
    assertReplyOk(partial, h);
    const stored = await expectReplay(partial.message);
    expect(stored.content).toMatch(/in progress/);
  });

  it('a game that does not exist here is refused privately, without a "thinking…" reply left behind', async () => {
    const reply = await h.slash(h.ana, 'replay', [{ name: 'game', type: OPTION.integer, value: 999_999 }]);
    expect(reply.ephemeral).toBe(true);
    expect(String(reply.data?.content)).toMatch(/no game #999999 here/);
  });

  it('the fake Discord refuses an upload over the limit, as Discord does', async () => {
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'big' }));
    form.append('files[0]', new Blob([new Uint8Array(UPLOAD_LIMIT + 1)]), 'big.gif');
    const response = await fetch(`${h.fake.apiUrl}/v10/channels/${h.fake.channelId}/messages`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: number }).code).toBe(40005);
  });
});
