// Closed doors (issue 37): no game or tournament reaches anyone who could not see it where it was
// played, through the real discord.js client against the fake Discord. Private threads count as
// Discord counts them (their members and moderators); every id a user can type or forge gets one
// answer whether it is missing, hidden, over or elsewhere; a button acts only where its thing is;
// a result is posted only where the game may be shown; stats and leaderboards count only the games
// the asker could see.
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  OPTION,
  PERMISSION,
  snowflake,
  type FakeUser,
  type InteractionReply,
  type SlashOption,
} from './fake/fakeDiscord.js';
import { actButtons, assertReplyOk, boardOf, challengeAs, harnessForFile, pickButton, toActName } from './harness.js';

const h = harnessForFile();
const textOf = (reply: InteractionReply): string => String(reply.data?.content);
const EPHEMERAL = 64;

/** The one answer to an id that is not the asker's to know. */
const noGame = (id: number): string => `There is no game #${id} here.`;

/**
 * One private line, and nothing else: the answer, or where the bot showed "thinking…" first (a
 * replay, while Discord is asked who is in a private thread), its private follow-up, the
 * "thinking…" reply deleted.
 */
function expectPrivate(reply: InteractionReply, line: string): void {
  if (reply.type === 5) {
    const followUps = h.fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${reply.token}`));
    expect(followUps.map((r) => [r.body?.flags, r.body?.content, r.files.length])).toEqual([[EPHEMERAL, line, 0]]);
    expect(h.fake.messages.has(reply.message!.id)).toBe(false);
    return;
  }
  expect(reply.ephemeral).toBe(true);
  expect(textOf(reply)).toBe(line);
  expect(reply.files).toEqual([]);
}

/** The id of the game whose board is `messageId`. */
async function gameIdOf(boardId: string): Promise<number> {
  const row = await h.service.storage.db.get<{ id: number }>('SELECT id FROM games WHERE message_id = ?', [boardId]);
  return row!.id;
}

/** Ana and Ben play a game in the current channel (or thread), which Ana then resigns: its id and board. */
async function finishedGame(): Promise<{ id: number; board: string }> {
  const challenge = await challengeAs(h, h.ana, h.ben);
  assertReplyOk(challenge, h);
  assertReplyOk(await h.click(h.ben, challenge.message!.id, h.fake.buttons(challenge.message!.id)[0]!.custom_id!), h);
  const board = boardOf(h, challenge.message!.id);
  const mover = toActName(h.fake.messages.get(board)!.content) === 'Ana' ? h.ana : h.ben;
  assertReplyOk(await h.click(mover, board, pickButton(actButtons(h, board)).custom_id!), h);
  assertReplyOk(await h.slash(h.ana, 'resign'), h);
  return { id: await gameIdOf(board), board };
}

/** Runs `body` with commands typed in `channelId`, then back where the test was. */
async function typedIn<T>(channelId: string, body: () => Promise<T>): Promise<T> {
  const home = h.fake.channelId;
  h.fake.channelId = channelId;
  try {
    return await body();
  } finally {
    h.fake.channelId = home;
  }
}

const replayOf = (user: FakeUser, gameId: number): Promise<InteractionReply> =>
  h.slash(user, 'replay', [{ name: 'game', type: OPTION.integer, value: gameId }]);
const historyOf = (asker: FakeUser, user: FakeUser): Promise<InteractionReply> =>
  h.slash(asker, 'history', [{ name: 'user', type: OPTION.user, value: user.id }], [user]);
const statsOf = (asker: FakeUser, user: FakeUser): Promise<InteractionReply> =>
  h.slash(asker, 'stats', [{ name: 'user', type: OPTION.user, value: user.id }], [user]);
const offered = (user: FakeUser) =>
  h.fake.autocomplete(user, 'replay', { name: 'game', type: OPTION.integer, value: '' });

/** A click on `messageId` with a custom id the bot never put there. */
const forge = (user: FakeUser, messageId: string, customId: string): Promise<InteractionReply> =>
  h.click(user, messageId, customId);

/** An admin of the harness's server. */
function newAdmin(): FakeUser {
  const admin = h.fake.newUser('Admin');
  h.fake.memberPermissions.set(admin.id, ADMIN_PERMISSIONS);
  return admin;
}

/** `/senet-admin tournament create` as `admin` in the current channel: its message and number. */
async function tournamentMadeBy(admin: FakeUser, name: string): Promise<{ messageId: string; id: number }> {
  const options: SlashOption[] = [
    { name: 'name', type: OPTION.string, value: name },
    { name: 'format', type: OPTION.string, value: 'swiss' },
  ];
  const created = await h.fake.groupCommand(admin, 'senet-admin', 'tournament', 'create', options);
  await h.settle();
  assertReplyOk(created, h);
  const messageId = created.message!.id;
  return { messageId, id: Number(/\(#(\d+)\)/.exec(h.fake.messages.get(messageId)!.content)![1]) };
}

describe('private threads: their members and moderators only', () => {
  it('a game in a private thread is not replayed, listed, offered nor counted for those outside it', async () => {
    const general = h.fake.channelId;
    const cleo = h.fake.newUser('Cleo');
    const moderator = h.fake.newUser('Mod');
    h.fake.allowInChannel(general, moderator, PERMISSION.manageThreads);
    const secret = h.fake.privateThread(general, [h.ana, h.ben]);
    const { id } = await typedIn(secret, finishedGame);

    // Cleo views the channel, not the thread: nothing of the game reaches her.
    expectPrivate(await replayOf(cleo, id), noGame(id));
    expectPrivate(await historyOf(cleo, h.ana), 'Ana has no finished games here yet.');
    expectPrivate(await statsOf(cleo, h.ana), 'Ana has not finished a game of Senet here yet.');
    // Its players, asking in the channel, and a moderator (Manage Threads) may.
    assertReplyOk(await replayOf(h.ben, id), h);
    assertReplyOk(await replayOf(moderator, id), h);
    expect(await offered(h.ana)).toEqual([expect.objectContaining({ value: id })]);
    // Ben leaves the thread: once the bot's memory of who is in it is out of date, neither.
    h.fake.leavePrivateThread(secret, h.ben);
    h.advance(10 * 60_000);
    expect(await offered(h.ben)).toEqual([]);
    expectPrivate(await replayOf(h.ben, id), noGame(id));
  });

  it('a tournament in a private thread is neither listed nor shown to those outside it', async () => {
    const general = h.fake.channelId;
    const admin = newAdmin();
    const cleo = h.fake.newUser('Cleo');
    const secret = h.fake.privateThread(general, [admin, h.ana]);
    const { messageId, id } = await typedIn(secret, () => tournamentMadeBy(admin, 'Hidden Cup'));
    assertReplyOk(await h.click(h.ana, messageId, `senet:join:${id}`), h);

    const list = await h.slash(cleo, 'tournament');
    expect(list.ephemeral).toBe(true);
    expect(textOf(list)).not.toContain('Hidden Cup');
    const one = await h.slash(cleo, 'tournament', [{ name: 'id', type: OPTION.integer, value: id }]);
    expectPrivate(one, `There is no tournament #${id} here.`);
    // Ana, in the thread, sees it from the channel.
    expect(textOf(await h.slash(h.ana, 'tournament'))).toContain('Hidden Cup');
  });
});

describe('one answer for what is not yours to know', () => {
  it('/senet resign game:N: the same line for a missing game, a finished one and one of others', async () => {
    const staff = h.fake.channelId;
    h.fake.restrictChannel(staff, [h.ana, h.ben]);
    const { id: finished } = await finishedGame();
    const live = await typedIn(snowflake(), async () => {
      const challenge = await challengeAs(h, h.ana, h.ben);
      await h.click(h.ben, challenge.message!.id, h.fake.buttons(challenge.message!.id)[0]!.custom_id!);
      return gameIdOf(boardOf(h, challenge.message!.id));
    });
    const cleo = h.fake.newUser('Cleo');
    h.fake.channelId = snowflake();
    const missing = finished + 1000;
    for (const id of [missing, finished, live]) {
      expectPrivate(await h.slash(cleo, 'resign', [{ name: 'game', type: OPTION.integer, value: id }]), noGame(id));
    }
    // A player of the finished game may know it is over.
    const again = await h.slash(h.ben, 'resign', [{ name: 'game', type: OPTION.integer, value: finished }]);
    expectPrivate(again, 'This game is already over.');
    await h.slash(h.ana, 'resign', [{ name: 'game', type: OPTION.integer, value: live }]);
  });

  it('/senet-admin tournament start id:N from another server: as for a missing id', async () => {
    const admin = newAdmin();
    const { id } = await tournamentMadeBy(admin, 'Home Cup');
    h.fake.guildId = h.fake.addGuild();
    h.fake.channelId = snowflake();
    const start = (n: number) =>
      h.fake.groupCommand(admin, 'senet-admin', 'tournament', 'start', [
        { name: 'id', type: OPTION.integer, value: n },
      ]);
    expectPrivate(await start(id), `There is no tournament #${id} here.`);
    expectPrivate(await start(id + 1000), `There is no tournament #${id + 1000} here.`);
  });

  it('forged buttons: a move, an answer to a challenge and a rematch naming things elsewhere', async () => {
    const staff = h.fake.channelId;
    h.fake.restrictChannel(staff, [h.ana, h.ben]);
    const { id: finished, board } = await finishedGame();
    const version = actButtons(h, board).length; // any number: the game is over
    const pending = await challengeAs(h, h.ana, h.ben);
    const challengeId = Number(h.fake.buttons(pending.message!.id)[0]!.custom_id!.split(':')[2]);
    // Cleo's own challenge in a public channel: a message she may click on.
    const cleo = h.fake.newUser('Cleo');
    h.fake.channelId = snowflake();
    const dan = h.fake.newUser('Dan');
    const hers = (await challengeAs(h, cleo, dan)).message!.id;
    const before = h.fake.messages.get(hers)!.content;

    const missingGame = finished + 1000;
    for (const id of [finished, missingGame]) {
      expectPrivate(await forge(cleo, hers, `senet:act:${id}:${version}:t`), noGame(id));
      expectPrivate(await forge(cleo, hers, `senet:rematch:${id}`), noGame(id));
    }
    // The players themselves, clicking here, are told the same: a button works where its thing is.
    expectPrivate(await forge(h.ana, hers, `senet:rematch:${finished}`), noGame(finished));
    const noChallenge = (n: number) => `There is no challenge #${n} here.`;
    for (const kind of ['accept', 'decline', 'withdraw']) {
      for (const n of [challengeId, challengeId + 1000]) {
        expectPrivate(await forge(cleo, hers, `senet:${kind}:${n}`), noChallenge(n));
      }
    }
    expectPrivate(await forge(h.ben, hers, `senet:accept:${challengeId}`), noChallenge(challengeId));
    // Nothing changed: the challenge is still open, Cleo's message as it was.
    const open = await h.service.challenges.stored(challengeId);
    expect(open.ok && open.value.status).toBe('pending');
    expect(h.fake.messages.get(hers)!.content).toBe(before);
  });
});

describe('a forged Join or Leave', () => {
  it('acts only on the tournament message, never on the message clicked', async () => {
    const staff = h.fake.channelId;
    const admin = newAdmin();
    h.fake.restrictChannel(staff, [admin, h.ana]);
    const { messageId, id } = await tournamentMadeBy(admin, 'Staff Cup');
    assertReplyOk(await h.click(h.ana, messageId, `senet:join:${id}`), h);
    const entrants = async () =>
      (
        await h.service.storage.db.all<{ user_id: string }>(
          'SELECT user_id FROM tournament_players WHERE tournament_id = ?',
          [id],
        )
      ).map((r) => r.user_id);

    const cleo = h.fake.newUser('Cleo');
    h.fake.channelId = snowflake();
    const hers = (await challengeAs(h, cleo, h.fake.newUser('Dan'))).message!.id;
    const before = h.fake.messages.get(hers)!.content;
    expectPrivate(await forge(cleo, hers, `senet:join:${id}`), `There is no tournament #${id} here.`);
    expectPrivate(await forge(h.ana, hers, `senet:leave:${id}`), `There is no tournament #${id} here.`);
    expect(await entrants()).toEqual([h.ana.id]);
    expect(h.fake.messages.get(hers)!.content).toBe(before);
  });
});

describe('where a result is posted', () => {
  it('/senet resign game:N typed in a server channel, of a group DM game: answered privately', async () => {
    const group = h.fake.goTo({ kind: 'privateChannel', group: true });
    const challenge = await challengeAs(h, h.ana, h.ben);
    assertReplyOk(await h.click(h.ben, challenge.message!.id, h.fake.buttons(challenge.message!.id)[0]!.custom_id!), h);
    const id = await gameIdOf(challenge.message!.id);
    const server = snowflake(); // a public channel of the bot's server
    h.fake.channelId = server;
    const resigned = await h.slash(h.ana, 'resign', [{ name: 'game', type: OPTION.integer, value: id }]);
    expect(resigned.ephemeral).toBe(true);
    expect(textOf(resigned)).toMatch(/Ana resigned/);
    expect(h.fake.messagesIn(server).filter((m) => (m.flags & EPHEMERAL) === 0)).toEqual([]);
    // The board in the group DM shows the end.
    expect(h.fake.messagesIn(group).map((m) => m.content)).toContainEqual(expect.stringMatching(/resigned/));
  });
});

describe('stats and leaderboards count only the games the asker could see', () => {
  it('a game in a channel the asker cannot see changes neither a player’s stats nor the leaderboard for them', async () => {
    h.fake.guildId = h.fake.addGuild(); // a server of their own: a leaderboard of these games only
    h.fake.channelId = snowflake();
    await finishedGame();
    const cleo = h.fake.newUser('Cleo');
    const seenBefore = { stats: textOf(await statsOf(cleo, h.ana)), board: textOf(await h.slash(cleo, 'leaderboard')) };
    expect(seenBefore.stats).toMatch(/1 rated game this season/);

    const staff = snowflake();
    h.fake.restrictChannel(staff, [h.ana, h.ben]);
    await typedIn(staff, finishedGame);
    expect(textOf(await statsOf(cleo, h.ana))).toBe(seenBefore.stats);
    expect(textOf(await h.slash(cleo, 'leaderboard'))).toBe(seenBefore.board);
    // Ben sees both games.
    expect(textOf(await statsOf(h.ben, h.ana))).toMatch(/2 rated games this season/);
    expect(textOf(await h.slash(h.ben, 'leaderboard'))).not.toBe(seenBefore.board);
  });
});
