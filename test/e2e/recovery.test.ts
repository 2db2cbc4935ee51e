// A committed change always reaches the chat: when Discord refuses the answer, after a crash
// between the commit and the answer (simulated by committing through the service directly, as
// the dead process did), and for challenges or games whose message was never posted.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import {
  ALL_PERMISSIONS,
  FAILURE,
  OPTION,
  snowflake,
  type FakeUser,
  type InteractionReply,
  type RecordedRequest,
} from './fake/fakeDiscord.js';
import {
  actButtons,
  assertReplyOk,
  boardOf,
  pickButton,
  harnessForFile,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';
import { say } from '../../src/i18n/index.js';
import { sqliteConnection } from '../../src/db/sqlite.js';
import { StorageBusy } from '../../src/db/database.js';

const h = harnessForFile();

const stored = (messageId: string): { id: number; version: number; shown: number | null; status: string } =>
  sqliteConnection(h.service.storage.db)
    .prepare('SELECT id, version, shown_version AS shown, status FROM games WHERE message_id = ?')
    .get(messageId) as { id: number; version: number; shown: number | null; status: string };

/** The version the buttons of a message carry (senet:act:<game>:<version>:…). */
const buttonVersion = (messageId: string): number => Number(actButtons(h, messageId)[0]!.custom_id!.split(':')[3]);

const mover = (messageId: string): FakeUser => userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);

const isCallback = (r: RecordedRequest): boolean => r.path.endsWith('/callback');

/** `fn`, answering `ms` later than it would. */
const slowed =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>, ms: number) =>
  async (...args: A): Promise<R> => {
    await sleep(ms);
    return fn(...args);
  };

/** What a crashed process left: a move committed, the chat never told. */
async function commitBehindTheChat(messageId: string): Promise<void> {
  const found = await h.service.play.view(stored(messageId).id);
  if (!found.ok) throw new Error(say('en', found.error.message));
  const view = found.value;
  const done = await h.service.play.act({
    gameId: view.gameId,
    userId: view.toAct!.id,
    version: view.version,
    action: view.choices[0]!.action,
  });
  expect(done.ok).toBe(true);
}

describe('an answer Discord refuses', () => {
  it.each([
    ['arrived too late (10062)', FAILURE.unknownInteraction, 1],
    ['Discord fails (503, every retry)', FAILURE.serverError, 10],
  ])('%s: the move reaches the message with the bot token, and the game plays on', async (_, failure, times) => {
    const messageId = await startHumanGame(h);
    h.fake.failRequests(isCallback, failure, times);
    const reply = await h.click(mover(messageId), messageId, pickButton(actButtons(h, messageId)).custom_id!);
    expect(reply.refused).toBeDefined();
    h.fake.clearFailures();
    const game = stored(messageId);
    expect(game.version).toBe(1);
    expect(buttonVersion(messageId)).toBe(1); // edited to the committed board
    expect(game.shown).toBe(1);
    const next = await h.click(mover(messageId), messageId, pickButton(actButtons(h, messageId)).custom_id!);
    assertReplyOk(next, h);
    expect(next.type).toBe(7);
    await h.slash(h.ana, 'resign');
  });

  it('Discord down for a while: once the answer and the edit both failed, the next sweep catches up', async () => {
    const messageId = await startHumanGame(h);
    h.fake.failRequests(isCallback, FAILURE.serverError, 10);
    h.fake.failRequests((r) => r.method === 'PATCH' && r.path.startsWith('/channels/'), FAILURE.serverError, 10);
    await h.click(mover(messageId), messageId, pickButton(actButtons(h, messageId)).custom_id!);
    expect(buttonVersion(messageId)).toBe(0);
    expect(stored(messageId)).toMatchObject({ version: 1, shown: 0 });
    h.fake.clearFailures(); // Discord is back
    await h.bot.sweeper.sweepOnce();
    expect(buttonVersion(messageId)).toBe(1);
    expect(stored(messageId).shown).toBe(1);
    await h.slash(h.ana, 'resign');
  });

  it("the sweep's retry drew its board before a click moved the game on: the older board is not sent", async () => {
    const messageId = await startHumanGame(h);
    const { id } = stored(messageId);
    // The retry of an edit that failed (retryFailed) reads the game...
    const read = await h.service.play.view(id);
    if (!read.ok) throw new Error('no game');
    // ...then a click commits the next move and its answer shows it...
    assertReplyOk(await h.click(mover(messageId), messageId, pickButton(actButtons(h, messageId)).custom_id!), h);
    expect(buttonVersion(messageId)).toBe(1);
    // ...and only then does the retry's edit come to be sent: dropped, it takes nothing back.
    await h.bot.messages.show({ kind: 'game', view: read.value });
    await h.settle();
    expect(buttonVersion(messageId)).toBe(1);
    const versions = h.fake.messages
      .get(messageId)!
      .history.map((components) =>
        components.flatMap((row) => row.components).find((b) => b.custom_id?.startsWith('senet:act:')),
      );
    expect(versions.filter(Boolean).map((b) => Number(b!.custom_id!.split(':')[3]))).toEqual([0, 1]);
    expect(stored(messageId).shown).toBe(1);
    await h.slash(h.ana, 'resign');
  });

  it("an older board's edit still on its way when a click's answer goes: the answer lands after it", async () => {
    const messageId = await startHumanGame(h);
    const read = await h.service.play.view(stored(messageId).id);
    if (!read.ok) throw new Error('no game');
    // The edit of an older read (the sweep's retry after an outage) leaves before the click, and the
    // network holds it: Discord applies a message's changes in the order they reach it.
    let editLeft!: () => void;
    const left = new Promise<void>((resolve) => (editLeft = resolve));
    const release = h.fake.holdRequests((r) => {
      const isEdit = r.method === 'PATCH' && r.path.endsWith(`/messages/${messageId}`);
      if (isEdit) editLeft();
      return isEdit;
    });
    const editing = h.bot.messages.show({ kind: 'game', view: read.value });
    await left;
    const clicking = h.click(mover(messageId), messageId, pickButton(actButtons(h, messageId)).custom_id!);
    await sleep(300);
    release();
    assertReplyOk(await clicking, h);
    await editing;
    await h.settle();
    // The click's board (version 1) is the one left showing, and the message never went back.
    expect(buttonVersion(messageId)).toBe(1);
    expect(stored(messageId).shown).toBe(1);
    await h.slash(h.ana, 'resign');
  });

  it("against the computer, a refused answer still schedules the computer's turn", async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      h.fake.channelId = snowflake();
      const reply = await h.slash(h.ana, 'play', [{ name: 'strength', type: OPTION.string, value: 'easy' }]);
      assertReplyOk(reply, h);
      const messageId = boardOf(h, reply.message!.id);
      // Ana's clicks until one hands the turn to the computer, that one's answer refused.
      while (actButtons(h, messageId).length > 0) {
        const { version } = stored(messageId);
        h.fake.failRequests(isCallback, FAILURE.unknownInteraction);
        await h.click(h.ana, messageId, pickButton(actButtons(h, messageId)).custom_id!);
        h.fake.clearFailures();
        const after = sqliteConnection(h.service.storage.db)
          .prepare('SELECT count(*) FROM actions WHERE game_id = ? AND user_id = ? AND seq > ?')
          .pluck()
          .get(stored(messageId).id, h.fake.botUser.id, version) as number;
        if (after > 0) {
          // The computer played after the refused answer, and the message shows where it stopped.
          const game = stored(messageId);
          expect(game.shown).toBe(game.version);
          expect(h.fake.messages.get(messageId)!.content).not.toMatch(/is thinking/);
          await h.slash(h.ana, 'resign');
          return;
        }
      }
      await h.slash(h.ana, 'resign');
    }
    throw new Error('the computer never got the turn');
  });
});

describe('a message left behind by a crash', () => {
  it('a click on it updates it in place to the current board and says so', async () => {
    const messageId = await startHumanGame(h);
    await commitBehindTheChat(messageId);
    expect(buttonVersion(messageId)).toBe(0);
    const reply = await h.click(mover(messageId), messageId, actButtons(h, messageId)[0]!.custom_id!);
    expect(reply.type).toBe(7);
    expect(buttonVersion(messageId)).toBe(1);
    expect(stored(messageId).shown).toBe(1);
    const notes = h.fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${reply.token}`));
    expect(notes.map((r) => r.body?.content)).toEqual([expect.stringMatching(/out of date/)]);
    expect(notes[0]!.body?.flags).toBe(64);
    // And it plays on from there.
    assertReplyOk(await h.click(mover(messageId), messageId, pickButton(actButtons(h, messageId)).custom_id!), h);
    await h.slash(h.ana, 'resign');
  });

  it('a click on it whose steps add up past 3 s is still answered within them, and told why', async () => {
    // Discord counts its 3 s from the click. Here the refusal takes a second and so does the wait
    // for boards on their way, each under the bot's 1.5 s, and drawing the board again would take
    // two. Counted from each step, the acknowledgement left at 3.5 s: Discord refused it, the board
    // was refreshed with the bot's token and the private line was lost with the token (issue 38).
    const messageId = await startHumanGame(h);
    const button = actButtons(h, messageId)[0]!.custom_id!;
    await commitBehindTheChat(messageId);
    const { play, chat } = h.service;
    const [act, view, boardStanding] = [play.act, play.view, chat.boardStanding];
    play.act = slowed(act, 1000);
    chat.boardStanding = slowed(boardStanding, 1000);
    play.view = slowed(view, 2000);
    let reply: InteractionReply;
    try {
      reply = await h.click(mover(messageId), messageId, button);
    } finally {
      [play.act, play.view, chat.boardStanding] = [act, view, boardStanding];
    }
    expect(reply.refused).toBeUndefined();
    expect(reply.ephemeral).toBe(true);
    expect(String(reply.data?.content)).toMatch(/out of date/);
    await h.slash(h.ana, 'resign');
  });

  it('a click that reached the bot late is acknowledged within the 3 s Discord counts from the click', async () => {
    // Discord counts its 3 s from when it made the interaction. This one reached the bot 2 s later
    // (a bot too busy to read its gateway socket) and its move took a second, under the bot's
    // 1.5 s: counted from the handler, the answer left at 3 s and Discord refused it (10062).
    const messageId = await startHumanGame(h);
    const { play } = h.service;
    const act = play.act;
    play.act = slowed(act, 1000);
    h.fake.deliveryDelayMs = 2000;
    let reply: InteractionReply;
    try {
      reply = await h.click(mover(messageId), messageId, pickButton(actButtons(h, messageId)).custom_id!);
    } finally {
      play.act = act;
      h.fake.deliveryDelayMs = 0;
    }
    expect(reply.refused).toBeUndefined();
    expect(reply.type).toBe(6); // acknowledged at once, the board sent after
    await vi.waitFor(() => expect(buttonVersion(messageId)).toBe(1), 10_000);
    await h.slash(h.ana, 'resign');
  });

  it('a click on an older, superseded message gets a private line linking to the current one', async () => {
    const messageId = await startHumanGame(h);
    const old = actButtons(h, messageId)[0]!.custom_id!;
    const { id } = stored(messageId);
    await commitBehindTheChat(messageId);
    // The game moved to another message (as after a re-post); the old one is still in the chat.
    const current = (await h.slash(h.ana, 'rules')).message!.id;
    await h.service.chat.setMessage('game', id, current);
    const reply = await h.click(mover(messageId), messageId, old);
    expect(reply.ephemeral).toBe(true);
    const thread = h.fake.messages.get(messageId)!.channelId; // the game's own
    expect(String(reply.data?.content)).toContain(
      `https://discord.com/channels/${h.fake.guildId}/${thread}/${current}`,
    );
    await h.slash(h.ana, 'resign');
  });

  it('a restart edits every message behind the database before anything else', async () => {
    const messageId = await startHumanGame(h);
    await commitBehindTheChat(messageId);
    await commitBehindTheChat(messageId);
    await h.restart();
    expect(buttonVersion(messageId)).toBe(2);
    expect(stored(messageId).shown).toBe(2);
    assertReplyOk(await h.click(mover(messageId), messageId, pickButton(actButtons(h, messageId)).custom_id!), h);
    await h.slash(h.ana, 'resign');
  });

  it('a game against the computer stuck on "is thinking…" catches up and plays on after a restart', async () => {
    await h.restart({ botStepDelayMs: 60_000 });
    h.awaitBotTurns = false;
    let messageId = '';
    try {
      for (let attempt = 0; attempt < 20; attempt++) {
        h.fake.channelId = snowflake();
        const reply = await h.slash(h.ana, 'play', [{ name: 'strength', type: OPTION.string, value: 'easy' }]);
        messageId = boardOf(h, reply.message!.id);
        while (actButtons(h, messageId).length > 0)
          await h.click(h.ana, messageId, pickButton(actButtons(h, messageId)).custom_id!);
        if (h.fake.messages.get(messageId)!.content.includes('is thinking')) break;
      }
      // The computer's move committed, then the process died before the edit.
      const { id } = stored(messageId);
      expect((await h.service.play.botStep(id)).ok).toBe(true);
    } finally {
      h.awaitBotTurns = true;
      await h.restart();
    }
    await h.settle();
    const game = stored(messageId);
    expect(game.shown).toBe(game.version);
    expect(h.fake.messages.get(messageId)!.content).toMatch(/\*\*Ana\*\* (to throw|: choose a move)|Winner/);
    await h.slash(h.ana, 'resign');
  });
});

describe("a computer's turn nobody is playing", () => {
  it('is taken up at the next sweep', async () => {
    h.fake.channelId = snowflake();
    const reply = await h.slash(h.ana, 'play', [{ name: 'strength', type: OPTION.string, value: 'easy' }]);
    const messageId = boardOf(h, reply.message!.id);
    const { id } = stored(messageId);
    // Ana's actions through the service alone, as a process that stopped right after committing
    // them leaves it (or a step that failed): the game waits on the computer, which nobody plays.
    let game = await h.service.play.view(id);
    while (game.ok && !game.value.botToAct) {
      const { version, choices } = game.value;
      game = await h.service.play.act({ gameId: id, userId: h.ana.id, version, action: choices[0]!.action });
    }
    await h.settle();
    expect(await h.service.games.botTurns()).toContain(id);
    await h.bot.sweeper.sweepOnce();
    await h.settle();
    expect(await h.service.games.botTurns()).not.toContain(id);
    const now = stored(messageId);
    expect(now.shown).toBe(now.version);
    expect(h.fake.messages.get(messageId)!.content).toMatch(/\*\*Ana\*\* (to throw|: choose a move)|Winner/);
    await h.slash(h.ana, 'resign');
  });
});

/** A challenge by Ana (a game, against the bot) made through the service, as a crash before posting leaves it. */
function challengeBehindTheChat(channel: string, opponent: { id: string; name: string }) {
  return h.service.challenges.create({
    guildId: h.fake.guildId,
    channelId: channel,
    challenger: { id: h.ana.id, name: 'Ana' },
    opponent,
    variant: { ruleset: 'kendall', options: {} },
  });
}

describe('a challenge or game whose message was never posted', () => {
  it('is posted at start-up, and can be answered', async () => {
    const channel = h.fake.channelId;
    const made = await challengeBehindTheChat(channel, { id: h.ben.id, name: 'Ben' });
    expect(made.ok).toBe(true);
    await h.restart();
    const posted = [...h.fake.messages.values()].find(
      (m) => m.channelId === channel && /challenges you/.test(m.content),
    );
    expect(posted).toBeDefined();
    const started = await h.click(h.ben, posted!.id, h.fake.buttons(posted!.id)[0]!.custom_id!);
    assertReplyOk(started, h);
    expect(actButtons(h, boardOf(h, posted!.id)).length).toBeGreaterThan(0);
    await h.slash(h.ana, 'resign');
  });

  it('posted while the database cannot record it: kept, recorded once it answers, never posted twice', async () => {
    const channel = h.fake.channelId;
    // The reply cannot reach Discord, so the bot posts the challenge with its token...
    h.fake.failRequests((r) => r.path.endsWith('/callback') && r.body?.type === 4, FAILURE.unknownInteraction);
    // ...and the database, away meanwhile, does not take the record of that post.
    vi.spyOn(h.service.chat, 'setMessage').mockRejectedValueOnce(new StorageBusy('the server is away'));
    await h.slash(h.ana, 'challenge', [{ name: 'opponent', type: OPTION.user, value: h.ben.id }], [h.ben]);
    const posted = await h.fake.firstMessageIn(channel);
    await h.settle();
    const row = () =>
      sqliteConnection(h.service.storage.db)
        .prepare('SELECT status, message_id AS messageId FROM challenges WHERE channel_id = ?')
        .get(channel);
    expect(row()).toEqual({ status: 'pending', messageId: null });
    // The database answers again: the sweep records the post.
    await h.bot.messages.retryFailed();
    expect(row()).toEqual({ status: 'pending', messageId: posted.id });
    await h.restart();
    expect(h.fake.messagesIn(channel).filter((m) => /challenges you/.test(m.content))).toHaveLength(1);
    const accepted = await h.click(h.ben, posted.id, h.fake.buttons(posted.id)[0]!.custom_id!);
    assertReplyOk(accepted, h);
    expect(actButtons(h, boardOf(h, posted.id)).length).toBeGreaterThan(0);
    await h.slash(h.ana, 'resign');
  });

  it('is withdrawn when it cannot be posted, so the channel and the players are free', async () => {
    const channel = h.fake.channelId;
    const made = await challengeBehindTheChat(channel, { id: h.fake.botUser.id, name: 'Senet' });
    expect(made.ok && made.value.kind).toBe('game');
    h.fake.appPermissions = (BigInt(ALL_PERMISSIONS) & ~(1n << 11n)).toString(); // no Send Messages
    try {
      await h.restart();
    } finally {
      h.fake.appPermissions = ALL_PERMISSIONS;
    }
    const game = sqliteConnection(h.service.storage.db)
      .prepare('SELECT status, closed_reason AS reason FROM games WHERE channel_id = ?')
      .get(channel);
    expect(game).toEqual({ status: 'finished', reason: 'not-posted' });
    const again = await h.slash(h.ana, 'play');
    assertReplyOk(again, h);
    await h.slash(h.ana, 'resign');
  });
});
