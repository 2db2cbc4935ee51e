// Private stays private (issue 27): who may see a game (replays, reviews, history, stats, the
// autocomplete of game ids), tokens kept out of the logs and the database, one creation budget
// per person, a lost channel closing its games unrated before a timeout rates them, and a failure
// after a commit saying the action was saved.
import { describe, expect, it } from 'vitest';
import {
  BOT_DM_APP_PERMISSIONS,
  FAILURE,
  MEMBER_PERMISSIONS,
  OPTION,
  PERMISSION,
  PRIVATE_CHANNEL_APP_PERMISSIONS,
  snowflake,
  type FakeUser,
  type InteractionReply,
  type RecordedRequest,
  userInstallServerAppPermissions,
} from './fake/fakeDiscord.js';
import {
  TURN_TTL_MS,
  actButtons,
  assertReplyOk,
  harnessForFile,
  pickButton,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

const h = harnessForFile();

/** Who is to act on a board, by the name its prompt shows. */
function mover(messageId: string): FakeUser {
  return userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
}

const isCallback = (r: RecordedRequest): boolean => r.path.endsWith('/callback');

/** Every interaction or webhook token the fake issued that appears in a log line. */
function tokensInLogs(): string[] {
  return h.logs.flatMap((line) => line.match(/tok-\d+/g) ?? []);
}

describe('tokens never reach the logs or stay stored', () => {
  it('a late answer (10062): the logged error has no interaction token', async () => {
    const board = await startHumanGame(h);
    h.fake.failRequests(isCallback, FAILURE.unknownInteraction);
    const reply = await h.click(mover(board), board, pickButton(actButtons(h, board)).custom_id!);
    expect(reply.refused).toBeDefined();
    // The failure was logged, with its route, but not the token in it.
    expect(h.logs.some((l) => l.includes('/interactions/') && l.includes('[redacted]'))).toBe(true);
    expect(tokensInLogs()).toEqual([]);
    await h.slash(h.ana, 'resign');
  });

  it('a stored token Discord no longer knows: the logged webhook error has no token', async () => {
    h.fake.goTo({ kind: 'privateChannel', group: true });
    const reply = await h.slash(h.ana, 'play', [{ name: 'strength', type: OPTION.string, value: 'easy' }]);
    assertReplyOk(reply, h);
    const board = reply.message!.id;
    // Every webhook edit meets a token Discord says is unknown (as after its 15 minutes).
    h.fake.failRequests((r) => r.path.startsWith('/webhooks/'), FAILURE.invalidWebhookToken, 1000);
    for (let i = 0; i < 40 && actButtons(h, board).length > 0; i++) {
      const edits = h.fake.refusals.length;
      await h.click(h.ana, board, pickButton(actButtons(h, board)).custom_id!);
      if (h.fake.refusals.length > edits) break; // the computer's turn met the unknown token
    }
    expect(h.fake.refusals.some((r) => r.path.startsWith('/webhooks/'))).toBe(true);
    expect(h.logs.some((l) => l.includes('/webhooks/') && l.includes('[redacted]'))).toBe(true);
    expect(tokensInLogs()).toEqual([]);
    h.fake.clearFailures();
    await h.slash(h.ana, 'resign');
  });

  it('stored answer tokens are erased 15 minutes after their answer, and go with the finished game', async () => {
    h.fake.goTo({ kind: 'privateChannel', group: false });
    const board = await startHumanGame(h);
    const stored = (): { message_id: string; token: string }[] =>
      sqliteConnection(h.service.storage.db)
        .prepare('SELECT message_id, token FROM answer_tokens WHERE message_id = ?')
        .all(board) as {
        message_id: string;
        token: string;
      }[];
    expect(stored()[0]?.token).toMatch(/^tok-/);
    h.advance(15 * 60_000 + 1);
    await h.bot.sweeper.sweepOnce();
    expect(stored()).toEqual([{ message_id: board, token: '' }]); // still marked: only interactions edit it
    // A click (a fresh token), then the game ends and its board shows it: the row goes.
    assertReplyOk(await h.click(mover(board), board, pickButton(actButtons(h, board)).custom_id!), h);
    expect(stored()[0]?.token).toMatch(/^tok-/);
    await h.slash(h.ana, 'resign');
    await h.bot.sweeper.sweepOnce();
    expect(stored()).toEqual([]);
  });
});

describe('one creation budget per person', () => {
  it('games against the bot and challenges share it: the 11th in 10 minutes is refused privately with when', async () => {
    const threadsBefore = h.fake.threads.size;
    for (let i = 0; i < 10; i++) {
      assertReplyOk(await h.slash(h.ana, 'play', [{ name: 'strength', type: OPTION.string, value: 'easy' }]), h);
      await h.slash(h.ana, 'resign');
    }
    expect(h.fake.threads.size - threadsBefore).toBe(10);
    const play = await h.slash(h.ana, 'play');
    expect(play.ephemeral).toBe(true);
    expect(String(play.data?.content)).toMatch(/10 games or challenges in the last 10 minutes.*another <t:\d+:R>/);
    const challenge = await h.slash(
      h.ana,
      'challenge',
      [{ name: 'opponent', type: OPTION.user, value: h.ben.id }],
      [h.ben],
    );
    expect(challenge.ephemeral).toBe(true);
    expect(String(challenge.data?.content)).toMatch(/another <t:\d+:R>/);
    expect(h.fake.threads.size - threadsBefore).toBe(10); // nothing more was opened
    // Ben's budget is his own, and Ana's comes back as the window moves on.
    assertReplyOk(await h.slash(h.ben, 'play'), h);
    await h.slash(h.ben, 'resign');
    h.advance(10 * 60_000);
    assertReplyOk(await h.slash(h.ana, 'play'), h);
    await h.slash(h.ana, 'resign');
  });
});

describe('a channel the bot lost', () => {
  it('closes its games unrated before a timeout can rate them', async () => {
    const channelId = h.fake.channelId;
    const board = await startHumanGame(h);
    const gameOf = (): { id: number; rated: number; end_reason: string | null; closed_reason: string | null } =>
      sqliteConnection(h.service.storage.db)
        .prepare('SELECT id, rated, end_reason, closed_reason FROM games WHERE message_id = ?')
        .get(board) as {
        id: number;
        rated: number;
        end_reason: string | null;
        closed_reason: string | null;
      };
    expect(gameOf().rated).toBe(1);
    h.fake.deletedChannels.add(channelId); // a moderator deletes the channel, thread and all
    h.advance(TURN_TTL_MS + 60_000);
    await h.bot.sweeper.sweepOnce();
    await h.settle();
    expect(gameOf()).toMatchObject({ end_reason: null, closed_reason: 'channel-gone' });
    const changes = sqliteConnection(h.service.storage.db)
      .prepare('SELECT count(*) FROM rating_history WHERE game_id = ?')
      .pluck();
    expect(changes.get(gameOf().id)).toBe(0);
  });

  it('a game whose channel is still there is forfeited on time as before', async () => {
    const board = await startHumanGame(h);
    h.advance(TURN_TTL_MS + 60_000);
    await h.bot.sweeper.sweepOnce();
    await h.settle();
    const game = sqliteConnection(h.service.storage.db)
      .prepare('SELECT end_reason, closed_reason FROM games WHERE message_id = ?')
      .get(board);
    expect(game).toEqual({ end_reason: 'timeout', closed_reason: null });
  });
});

describe('a failure after a commit', () => {
  it('tells the player the action was saved, and the board catches up', async () => {
    const board = await startHumanGame(h);
    const versions = (): unknown =>
      sqliteConnection(h.service.storage.db)
        .prepare('SELECT version, shown_version AS shown FROM games WHERE message_id = ?')
        .get(board);
    // The next picture fails to draw, once: after the click's transaction committed.
    h.failNextPicture();
    const reply = await h.click(mover(board), board, pickButton(actButtons(h, board)).custom_id!);
    expect(reply.ephemeral).toBe(true);
    expect(String(reply.data?.content)).toMatch(/after your action was saved: it counts, and the board will catch up/);
    expect(String(reply.data?.content)).not.toMatch(/Nothing was changed/);
    expect(versions()).toEqual({ version: 1, shown: 0 });
    await h.bot.sweeper.sweepOnce();
    await h.settle();
    expect(versions()).toEqual({ version: 1, shown: 1 });
    const { id } = sqliteConnection(h.service.storage.db)
      .prepare('SELECT id FROM games WHERE message_id = ?')
      .get(board) as {
      id: number;
    };
    expect(actButtons(h, board).every((b) => b.custom_id!.startsWith(`senet:act:${id}:1:`))).toBe(true);
    await h.slash(h.ana, 'resign');
  });
});

/** The id of the game whose board is `messageId`. */
function gameIdOf(messageId: string): number {
  const row = sqliteConnection(h.service.storage.db)
    .prepare('SELECT id FROM games WHERE message_id = ?')
    .get(messageId) as {
    id: number;
  };
  return row.id;
}

const replayOf = (user: FakeUser, gameId: number): Promise<InteractionReply> =>
  h.slash(user, 'replay', [{ name: 'game', type: OPTION.integer, value: gameId }]);

const historyOf = (asker: FakeUser, user: FakeUser): Promise<InteractionReply> =>
  h.slash(asker, 'history', [{ name: 'user', type: OPTION.user, value: user.id }], [user]);

/** Ana and Ben play a game in the current channel, which Ana then resigns: its id. */
async function finishedGame(): Promise<number> {
  const board = await startHumanGame(h);
  assertReplyOk(await h.click(mover(board), board, pickButton(actButtons(h, board)).custom_id!), h);
  await h.slash(h.ana, 'resign');
  return gameIdOf(board);
}

/** One private line that names neither player. */
function expectRefusedBlind(reply: InteractionReply): void {
  expect(reply.ephemeral).toBe(true);
  expect(String(reply.data?.content)).not.toMatch(/Ana|Ben/);
  expect(reply.files).toEqual([]);
}

describe('who may see a game: its players outside servers', () => {
  it("a game from someone else's DM is not replayed in one's own group DM, nor in a server without the bot", async () => {
    const dm = h.fake.goTo({ kind: 'privateChannel', group: false });
    const gameId = await finishedGame();
    const cleo = h.fake.newUser('Cleo');
    h.fake.goTo({ kind: 'privateChannel', group: true });
    const fromGroup = await replayOf(cleo, gameId);
    expectRefusedBlind(fromGroup);
    expect(String(fromGroup.data?.content)).toBe(`There is no game #${gameId} here.`);
    h.fake.goTo({ kind: 'userInstallServer', guildId: snowflake(), externalApps: true });
    expectRefusedBlind(await replayOf(cleo, gameId));
    // Nor offered: Cleo's list has nothing of it.
    expect(await h.fake.autocomplete(cleo, 'replay', { name: 'game', type: OPTION.integer, value: '' })).toEqual([]);
    // Its players replay it where it was played, or in their DM with the bot; not to another chat.
    h.fake.goTo({ kind: 'privateChannel', group: true });
    const elsewhere = await replayOf(h.ana, gameId);
    expect(elsewhere.ephemeral).toBe(true);
    expect(String(elsewhere.data?.content)).toMatch(/private chat: replay it there, or in your DM with me/);
    h.fake.goTo({ kind: 'botDm', user: h.ben });
    assertReplyOk(await replayOf(h.ben, gameId), h);
    h.fake.channelId = dm;
    assertReplyOk(await replayOf(h.ana, gameId), h);
  });

  it('history of someone else outside servers names none of their private opponents; stats show totals only', async () => {
    h.fake.goTo({ kind: 'privateChannel', group: false });
    await finishedGame();
    const cleo = h.fake.newUser('Cleo');
    h.fake.goTo({ kind: 'privateChannel', group: true });
    const history = await historyOf(cleo, h.ana);
    expect(history.ephemeral).toBe(true);
    expect(String(history.data?.content)).not.toContain('Ben');
    const stats = await h.slash(cleo, 'stats', [{ name: 'user', type: OPTION.user, value: h.ana.id }], [h.ana]);
    expect(String(stats.data?.content)).toMatch(/All time: 1 game: 0 won, 1 lost/);
    expect(String(stats.data?.content)).not.toMatch(/•|Streak|Ben/);
    expect(String(stats.data?.content)).not.toMatch(/season|rating/i); // games outside servers are rated too
    // Her own history names Ben, but only to her: the group DM's others never played that game.
    const own = await historyOf(h.ana, h.ana);
    expect(own.ephemeral).toBe(true);
    expect(String(own.data?.content)).toContain('Ben');
  });
});

describe('who may see a game: members who can view its channel', () => {
  it('a game from a channel the asker cannot see is neither replayed, listed nor offered elsewhere', async () => {
    const general = h.fake.channelId;
    const staff = snowflake();
    h.fake.channelId = staff;
    h.fake.restrictChannel(staff, [h.ana, h.ben]);
    const gameId = await finishedGame();
    const cleo = h.fake.newUser('Cleo');
    h.fake.channelId = general;
    expectRefusedBlind(await replayOf(cleo, gameId));
    const history = await historyOf(cleo, h.ana);
    expect(history.ephemeral).toBe(true);
    expect(String(history.data?.content)).toBe('Ana has no finished games here yet.');
    // Ben can view the staff channel: he may replay it here.
    const replay = await replayOf(h.ben, gameId);
    assertReplyOk(replay, h);
    expect(h.fake.messages.get(replay.message!.id)!.content).toMatch(/^\*\*Replay · Senet · /);
    expect(await h.fake.autocomplete(h.ana, 'replay', { name: 'game', type: OPTION.integer, value: '' })).toEqual([
      expect.objectContaining({ value: gameId }),
    ]);
    // Once Ana loses access to the channel, her own game is no longer offered nor replayed to her.
    h.fake.restrictChannel(staff, [h.ben]);
    await h.settle();
    expect(await h.fake.autocomplete(h.ana, 'replay', { name: 'game', type: OPTION.integer, value: '' })).toEqual([]);
    expectRefusedBlind(await replayOf(h.ana, gameId));
  });
});

describe('a failure after a game was created', () => {
  it('/senet play whose first board fails to draw: saved, and the board is posted at the next sweep', async () => {
    const channelId = h.fake.channelId;
    h.failNextPicture();
    const reply = await h.slash(h.ana, 'play', [{ name: 'strength', type: OPTION.string, value: 'easy' }]);
    expect(reply.ephemeral).toBe(true);
    expect(String(reply.data?.content)).toMatch(/after your action was saved/);
    await h.bot.sweeper.sweepOnce();
    await h.settle();
    const boards = h.fake.messagesIn(channelId).filter((m) => actButtons(h, m.id).length > 0);
    expect(boards).toHaveLength(1);
    assertReplyOk(await h.click(h.ana, boards[0]!.id, pickButton(actButtons(h, boards[0]!.id)).custom_id!), h);
    await h.slash(h.ana, 'resign');
  });
});

describe('the fake Discord sends what Discord documents', () => {
  it('app_permissions and authorizing_integration_owners per context, the clicked message keeping its owners', async () => {
    const sent = (): Record<string, unknown> => h.fake.lastInteraction!;
    await h.slash(h.ana, 'help');
    expect(sent()).toMatchObject({ app_permissions: h.fake.appPermissions, context: 0 });
    expect(sent().authorizing_integration_owners).toEqual({ '0': h.fake.guildId });
    h.fake.goTo({ kind: 'botDm', user: h.ana });
    await h.slash(h.ana, 'help');
    expect(sent()).toMatchObject({ app_permissions: BOT_DM_APP_PERMISSIONS, context: 1 });
    expect(sent().authorizing_integration_owners).toEqual({ '0': '0' });
    h.fake.goTo({ kind: 'userInstallServer', guildId: snowflake(), externalApps: true });
    await h.slash(h.ana, 'help');
    expect(sent()).toMatchObject({ app_permissions: userInstallServerAppPermissions(MEMBER_PERMISSIONS), context: 0 });
    expect(sent().authorizing_integration_owners).toEqual({ '1': h.ana.id });
    const channelId = h.fake.goTo({ kind: 'privateChannel', group: false });
    const challenge = await h.slash(
      h.ana,
      'challenge',
      [{ name: 'opponent', type: OPTION.user, value: h.ben.id }],
      [h.ben],
    );
    expect(sent()).toMatchObject({ app_permissions: PRIVATE_CHANNEL_APP_PERMISSIONS, context: 2 });
    // Ben accepts Ana's challenge: the click carries Ana's install, not Ben's.
    await h.click(h.ben, challenge.message!.id, h.fake.buttons(challenge.message!.id)[0]!.custom_id!);
    expect(sent().authorizing_integration_owners).toEqual({ '1': h.ana.id });
    // None of these grants View Channel or Send Messages.
    for (const bits of [BOT_DM_APP_PERMISSIONS, PRIVATE_CHANNEL_APP_PERMISSIONS]) {
      expect(BigInt(bits) & (PERMISSION.viewChannel | PERMISSION.sendMessages)).toBe(0n);
    }
    // In a channel it is no member of, the bot never used its own token (it would get 403 50001).
    expect(h.fake.requests.filter((r) => r.path.startsWith(`/channels/${channelId}`))).toEqual([]);
    await h.slash(h.ana, 'resign');
  });
});
