// Turn reminders end to end: the real bot against the fake Discord posts one in the game's channel
// pinging only the player to act, deletes it once they act, respects /senet settings
// reminders:off, and sends a reminder that fell due while it was stopped exactly once.
import { describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser } from './fake/fakeDiscord.js';
import { OPTION } from './fake/fakeDiscord.js';
import {
  actButtons,
  assertReplyOk,
  harnessForFile,
  pickButton,
  startHumanGame,
  TURN_TTL_MS,
  toActName,
  userNamed,
} from './harness.js';

const h = harnessForFile();
const DELAY_MS = 10 * 60_000; // the default reminder delay (the harness sets no other)

/** The channel of this test's game board: the game's own thread. */
let boardChannel = '';

/** Ana and Ben's game, its board in its thread: the board's message id. */
async function startGame(): Promise<string> {
  const board = await startHumanGame(h);
  boardChannel = h.fake.messages.get(board)!.channelId;
  expect(h.fake.threads.has(boardChannel)).toBe(true);
  return board;
}

/** The reminders in this test's game thread, as Discord stores them. */
const reminders = (): FakeMessage[] =>
  [...h.fake.messages.values()].filter((m) => m.channelId === boardChannel && m.content.includes('turn in Senet'));

const mover = (messageId: string): FakeUser => userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);

describe('turn reminders', () => {
  it('pings the player to act after the delay, only them, and deletes the reminder once they act', async () => {
    const board = await startGame();
    const player = mover(board);
    const other = player === h.ana ? h.ben : h.ana;
    h.advance(DELAY_MS - 1000);
    await h.bot.sweeper.sweepOnce();
    expect(reminders()).toEqual([]);

    h.advance(1000);
    await h.bot.sweeper.sweepOnce();
    const [reminder, ...more] = reminders();
    expect(more).toEqual([]);
    expect(reminder!.content).toMatch(new RegExp(`^<@${player.id}>, your turn in Senet against ${other.global_name}`));
    expect(reminder!.content).toMatch(/<t:\d+:f> \(<t:\d+:R>\)/);
    expect(reminder!.content).toContain(`/channels/${h.fake.guildId}/${boardChannel}/${board}`);
    const post = h.fake.requests.find((r) => r.method === 'POST' && r.body?.content === reminder!.content);
    expect(post?.body?.allowed_mentions).toEqual({ users: [player.id] });

    // A second sweep sends nothing more.
    await h.bot.sweeper.sweepOnce();
    expect(reminders()).toHaveLength(1);

    assertReplyOk(await h.click(player, board, pickButton(actButtons(h, board)).custom_id!), h);
    expect(h.fake.messages.has(reminder!.id)).toBe(true); // the click did not wait on the deletion
    await h.bot.sweeper.sweepOnce();
    expect(h.fake.messages.has(reminder!.id)).toBe(false);
    expect(h.fake.requests.filter((r) => r.method === 'DELETE' && r.path.endsWith(`/${reminder!.id}`))).toHaveLength(1);
  });

  it('replaces the first reminder with a last one a quarter of the turn before the timeout', async () => {
    const board = await startGame();
    const player = mover(board);
    h.advance(DELAY_MS);
    await h.bot.sweeper.sweepOnce();
    const [first] = reminders();
    h.advance(TURN_TTL_MS * 0.75 - DELAY_MS - 1000);
    await h.bot.sweeper.sweepOnce();
    expect(reminders()).toEqual([first]);
    h.advance(1000);
    await h.bot.sweeper.sweepOnce();
    const [last, ...more] = reminders();
    expect(more).toEqual([]);
    expect(last!.id).not.toBe(first!.id);
    expect(last!.content).toMatch(new RegExp(`^<@${player.id}>, last reminder: your turn in Senet`));
    h.advance(TURN_TTL_MS * 0.25);
    await h.bot.sweeper.sweepOnce(); // the game is forfeited, and its reminder goes
    expect(h.fake.messages.get(board)!.content).toContain('did not play in time');
    expect(reminders()).toEqual([]);
  });

  it('counts a reminder a moderator already deleted as done', async () => {
    const board = await startGame();
    h.advance(DELAY_MS);
    await h.bot.sweeper.sweepOnce();
    const [reminder] = reminders();
    h.fake.deleteMessage(reminder!.id);
    assertReplyOk(await h.click(mover(board), board, pickButton(actButtons(h, board)).custom_id!), h);
    await h.bot.sweeper.sweepOnce();
    await h.bot.sweeper.sweepOnce();
    expect(h.fake.requests.filter((r) => r.method === 'DELETE' && r.path.endsWith(`/${reminder!.id}`))).toHaveLength(1);
    expect(await h.service.reminders.deletions(100)).toEqual([]);
  });

  it('sends none to a player who switched them off', async () => {
    const board = await startGame();
    const player = mover(board);
    const off = await h.slash(player, 'settings', [{ name: 'reminders', type: OPTION.string, value: 'off' }]);
    expect(off.ephemeral).toBe(true);
    expect(off.data?.content).toContain('Turn reminders are now **off** for you');
    const shown = await h.slash(player, 'settings');
    expect(shown.ephemeral).toBe(true);
    expect(shown.data?.content).toContain('Turn reminders are **off**');

    h.advance(DELAY_MS);
    await h.bot.sweeper.sweepOnce();
    expect(reminders()).toEqual([]);

    const on = await h.slash(player, 'settings', [{ name: 'reminders', type: OPTION.string, value: 'on' }]);
    expect(on.data?.content).toContain('Turn reminders are now **on**');
  });

  it('sends a reminder that fell due while the bot was stopped after the restart, exactly once', async () => {
    const board = await startGame();
    const player = mover(board);
    h.advance(DELAY_MS); // no sweep runs: the bot is as good as stopped
    await h.restart();
    await h.bot.sweeper.sweepOnce();
    expect(reminders().map((m) => m.content.slice(0, 25))).toEqual([`<@${player.id}>, your turn`.slice(0, 25)]);
    await h.restart();
    await h.bot.sweeper.sweepOnce();
    expect(reminders()).toHaveLength(1);
  });
});
