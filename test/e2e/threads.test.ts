// Many games in one channel, each in a thread of its own, through the real discord.js client: games
// played at once, /senet resign with its list of games, the fallbacks to the channel (no
// permission, a channel that cannot hold threads, Discord refusing), and archiving finished threads.
import { describe, expect, it } from 'vitest';
import { THREAD_ARCHIVE_DELAY_MS } from '../../src/game/lifecycle.js';
import {
  ALL_PERMISSIONS,
  CHANNEL_TYPE,
  FAILURE,
  OPTION,
  PERMISSION,
  type FakeUser,
  type InteractionReply,
} from './fake/fakeDiscord.js';
import { TURN_TTL_MS, actButtons, assertReplyOk, boardOf, harnessForFile, pickButton, toActName } from './harness.js';

const h = harnessForFile();

/** `challenger` challenges `opponent` in the current channel and is accepted: the challenge message's id. */
async function accepted(challenger: FakeUser, opponent: FakeUser): Promise<string> {
  const reply = await h.slash(
    challenger,
    'challenge',
    [{ name: 'opponent', type: OPTION.user, value: opponent.id }],
    [opponent],
  );
  assertReplyOk(reply, h);
  const challengeId = reply.message!.id;
  assertReplyOk(await h.click(opponent, challengeId, h.fake.buttons(challengeId)[0]!.custom_id!), h);
  return challengeId;
}

/** Whoever the board says is to act presses a button; resolves with the reply (not settled). */
function clickAsMover(board: string, players: FakeUser[]): Promise<InteractionReply> {
  const name = toActName(h.fake.messages.get(board)!.content);
  const mover = players.find((p) => p.global_name === name)!;
  return h.fake.click(mover, board, pickButton(actButtons(h, board)).custom_id!);
}

const withoutPermission = (bit: bigint): string => (BigInt(ALL_PERMISSIONS) & ~bit).toString();

describe('a thread per game, many games in one channel', () => {
  it('plays three games at once in one channel, each in its own thread, and resigns the one named', async () => {
    const [cleo, dan] = [h.fake.newUser('Cleo'), h.fake.newUser('Dan')];
    const channel = h.fake.channelId;
    const games = [
      { lobby: await accepted(h.ana, h.ben), players: [h.ana, h.ben] },
      { lobby: await accepted(cleo, dan), players: [cleo, dan] },
      { lobby: await accepted(h.ana, cleo), players: [h.ana, cleo] },
    ].map((g) => ({ ...g, board: boardOf(h, g.lobby) }));
    const threads = games.map((g) => h.fake.threads.get(g.lobby)!);
    expect(new Set(threads.map((t) => t.id)).size).toBe(3);
    for (const [k, game] of games.entries()) {
      expect(threads[k]!.parentId).toBe(channel);
      expect(h.fake.messages.get(game.lobby)!.content).toContain(`The game is on in <#${threads[k]!.id}>.`);
      expect(h.fake.messages.get(game.board)!.channelId).toBe(threads[k]!.id);
    }

    // Clicks in all three threads at once: each board moves on by itself.
    for (let round = 0; round < 4; round++) {
      const versions = games.map((g) => actButtons(h, g.board)[0]!.custom_id!.split(':')[3]);
      const replies = await Promise.all(games.map((g) => clickAsMover(g.board, g.players)));
      await h.settle();
      for (const reply of replies) assertReplyOk(reply, h);
      games.forEach((g, k) => expect(actButtons(h, g.board)[0]!.custom_id!.split(':')[3]).not.toBe(versions[k]));
    }

    // Ana has two games started here: resigning asks which, and the list offers them.
    const refused = await h.slash(h.ana, 'resign');
    expect(refused.ephemeral).toBe(true);
    expect(String(refused.data?.content)).toMatch(
      /You have 2 games running here: say which one with the `game` option/,
    );
    const listed = await h.fake.autocomplete(h.ana, 'resign', { name: 'game', type: OPTION.integer, value: '' });
    expect(listed.map((c) => c.name)).toEqual([
      expect.stringMatching(/^#\d+ · Kendall · vs Ben · (your turn|in progress)$/),
      expect.stringMatching(/^#\d+ · Kendall · vs Cleo · (your turn|in progress)$/),
    ]);
    const resigned = await h.slash(h.ana, 'resign', [{ name: 'game', type: OPTION.integer, value: listed[1]!.value }]);
    assertReplyOk(resigned, h);
    expect(h.fake.messages.get(games[2]!.board)!.content).toMatch(/Ana resigned: \*\*Cleo\*\* wins/);
    expect(h.fake.messages.get(games[2]!.lobby)!.content).toMatch(
      new RegExp(`Ana resigned: \\*\\*Cleo\\*\\* wins\\. The game: <#${threads[2]!.id}>\\.`),
    );
    expect(actButtons(h, games[0]!.board).length).toBeGreaterThan(0); // Ana's other game plays on

    // In a game's thread, /senet resign resigns that game.
    h.fake.channelId = threads[1]!.id;
    assertReplyOk(await h.slash(dan, 'resign'), h);
    expect(h.fake.messages.get(games[1]!.board)!.content).toMatch(/Dan resigned: \*\*Cleo\*\* wins/);
    h.fake.channelId = channel;
    assertReplyOk(await h.slash(h.ben, 'resign'), h); // his only game here
    expect(h.fake.messages.get(games[0]!.lobby)!.content).toMatch(/Ben resigned: \*\*Ana\*\* wins/);
  });

  it("edits a resigned game's board once, though the news of the resignation comes while it is drawn", async () => {
    const lobby = await accepted(h.ana, h.ben);
    const board = await h.fake.firstMessageIn(h.fake.threads.get(lobby)!.id);
    await h.settle();
    const since = h.fake.requests.length;
    const drawn = h.boardsDrawn;
    const release = h.holdNextPicture();
    const resigning = h.slash(h.ana, 'resign');
    // The database's news is read every 50 ms: the resignation's is heard while its board waits.
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    assertReplyOk(await resigning, h);
    await h.settle();
    const edits = h.fake.requests
      .slice(since)
      .filter((r) => r.method === 'PATCH' && r.path === `/channels/${board.channelId}/messages/${board.id}`);
    expect(edits).toHaveLength(1);
    expect(h.boardsDrawn - drawn).toBe(1);
  });

  it('archives a finished game thread an hour after the end, across a restart, and never twice', async () => {
    const lobby = await accepted(h.ana, h.ben);
    const thread = h.fake.threads.get(lobby)!;
    assertReplyOk(await h.slash(h.ana, 'resign'), h);
    await h.restart();
    h.advance(THREAD_ARCHIVE_DELAY_MS - 1000);
    await h.bot.sweeper.sweepOnce();
    expect(thread.archived).toBe(false); // still open to say "good game", ask for a rematch or a replay
    h.advance(1000);
    await h.bot.sweeper.sweepOnce();
    expect(thread.archived).toBe(true);
    const archives = (): number =>
      h.fake.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${thread.id}`).length;
    expect(archives()).toBe(1);
    await h.bot.sweeper.sweepOnce();
    expect(archives()).toBe(1);
  });

  it('a game whose thread was archived meanwhile: the bot opens it again to show the timeout', async () => {
    const lobby = await accepted(h.ana, h.ben);
    const board = boardOf(h, lobby);
    const thread = h.fake.threads.get(lobby)!;
    thread.archived = true; // a moderator, or Discord after a week of quiet
    h.advance(TURN_TTL_MS + 1);
    await h.bot.sweeper.sweepOnce();
    expect(
      h.fake.refusals.some((r) => r.method === 'PATCH' && r.path.includes(`/channels/${thread.id}/messages/`)),
    ).toBe(true); // 50083 first
    expect(thread.archived).toBe(false);
    expect(h.fake.messages.get(board)!.content).toMatch(/ran out of time: \*\*(Ana|Ben)\*\* wins by forfeit/);
    expect(h.fake.messages.get(lobby)!.content).toMatch(/wins by forfeit/);
  });

  it('a thread the bot may not archive is left as it is, tried once, and blocks nothing', async () => {
    const lobby = await accepted(h.ana, h.ben);
    assertReplyOk(await h.slash(h.ana, 'resign'), h);
    const archive = (r: { method: string; path: string }): boolean =>
      r.method === 'PATCH' && r.path === `/channels/${lobby}`;
    h.fake.failRequests(archive, FAILURE.missingPermissions);
    h.advance(THREAD_ARCHIVE_DELAY_MS);
    await h.bot.sweeper.sweepOnce();
    await h.bot.sweeper.sweepOnce();
    expect(h.fake.threads.get(lobby)!.archived).toBe(false);
    expect(h.fake.requests.filter(archive)).toHaveLength(1);
    const next = await accepted(h.ana, h.ben); // the channel and the players are free
    expect(h.fake.threads.get(next)).toBeDefined();
    assertReplyOk(await h.slash(h.ana, 'resign'), h);
  });
});

describe('playing in the channel instead', () => {
  it.each([
    [
      'without Create Public Threads',
      withoutPermission(PERMISSION.createPublicThreads),
      null,
      /I lack the Create Public Threads permission here/,
    ],
    [
      'without Send Messages in Threads',
      withoutPermission(PERMISSION.sendMessagesInThreads),
      null,
      /I lack the Send Messages in Threads permission here/,
    ],
    [
      'in a channel that cannot hold threads (a voice channel chat)',
      ALL_PERMISSIONS,
      CHANNEL_TYPE.voice,
      /this channel cannot hold threads/,
    ],
  ])(
    '%s: the challenge message becomes the board, with a note; two games side by side',
    async (_, permissions, type, note) => {
      if (type !== null) h.fake.channelTypes.set(h.fake.channelId, type);
      h.fake.appPermissions = permissions;
      try {
        const first = await accepted(h.ana, h.ben);
        const second = await accepted(h.ben, h.ana);
        for (const board of [first, second]) {
          expect(boardOf(h, board)).toBe(board); // no thread
          const message = h.fake.messages.get(board)!;
          expect(message.content).toMatch(note);
          expect(message.attachments).toHaveLength(1);
          expect(actButtons(h, board).length).toBeGreaterThan(0);
        }
        expect([...h.fake.threads.values()].filter((t) => t.parentId === h.fake.channelId)).toEqual([]);
        // Both play: a click on each updates it in place.
        for (const board of [first, second]) {
          const reply = await clickAsMover(board, [h.ana, h.ben]);
          await h.settle();
          assertReplyOk(reply, h);
          expect(reply.type).toBe(7);
        }
      } finally {
        h.fake.appPermissions = ALL_PERMISSIONS;
      }
    },
  );

  it('Discord refusing the thread: played in the channel, saying so', async () => {
    h.fake.failRequests((r) => r.method === 'POST' && r.path.endsWith('/threads'), FAILURE.threadExists);
    const board = await accepted(h.ana, h.ben);
    expect(boardOf(h, board)).toBe(board);
    expect(h.fake.messages.get(board)!.content).toMatch(
      /Played here in the channel: Discord would not open a thread just now\./,
    );
    const reply = await clickAsMover(board, [h.ana, h.ben]);
    await h.settle();
    assertReplyOk(reply, h);
    expect(reply.type).toBe(7);
  });
});
