// Everything around the games: declining, expiry, clicks that must be refused, missing
// permissions, unexpected errors, a restart mid-game, the computer's turns, the info commands.
import { RESTEvents } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, OPTION, snowflake, type FakeUser, type InteractionReply } from './fake/fakeDiscord.js';
import {
  CHALLENGE_TTL_MS,
  TURN_TTL_MS,
  TOKEN,
  actButtons,
  assertReplyOk,
  boardOf,
  pickButton,
  harnessForFile,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

const h = harnessForFile();

const EPHEMERAL = 64;

async function challenge(
  from: FakeUser,
  to: FakeUser,
  extra: { name: string; type: number; value: string | number | boolean }[] = [],
): Promise<string> {
  const reply = await h.slash(
    from,
    'challenge',
    [{ name: 'opponent', type: OPTION.user, value: to.id }, ...extra],
    [to],
  );
  assertReplyOk(reply, h);
  return reply.message!.id;
}

/** Ana challenges Ben, Ben accepts: the game message's id. */
/** Ana challenges Ben, Ben accepts: the board's message (in the game's thread). */
async function startGame(): Promise<string> {
  const messageId = await challenge(h.ana, h.ben);
  assertReplyOk(await h.click(h.ben, messageId, h.fake.buttons(messageId)[0]!.custom_id!), h);
  return boardOf(h, messageId);
}

function expectRefused(reply: InteractionReply, text: RegExp): void {
  expect(reply.ephemeral).toBe(true);
  expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);
  expect(String(reply.data?.content)).toMatch(text);
}

/** Runs `fn` and checks the stored message did not change. */
async function unchanged(messageId: string, fn: () => Promise<void>): Promise<void> {
  const before = structuredClone({ ...h.fake.messages.get(messageId)! });
  await fn();
  const after = h.fake.messages.get(messageId)!;
  expect(after.edits).toBe(before.edits);
  expect(after.content).toBe(before.content);
}

async function resignIfAny(user: FakeUser): Promise<void> {
  await h.slash(user, 'resign');
}

describe('challenges', () => {
  it('only the challenged player can answer, and declining says so and removes the buttons', async () => {
    const messageId = await challenge(h.ana, h.ben);
    const [accept, decline] = h.fake.buttons(messageId);
    expect(h.fake.buttons(messageId).map((b) => b.label)).toEqual(['Accept', 'Decline', 'Withdraw']);
    await unchanged(messageId, async () =>
      expectRefused(
        await h.click(h.ana, messageId, accept!.custom_id!),
        /Only Ben can accept this challenge; you can withdraw it with the Withdraw button/,
      ),
    );
    const answer = await h.click(h.ben, messageId, decline!.custom_id!);
    assertReplyOk(answer, h);
    expect(answer.message!.content).toMatch(/Ben\*\* declined/);
    expect(h.fake.buttons(messageId)).toHaveLength(0);
  });

  it('the challenger can withdraw an open challenge; nobody else can', async () => {
    const messageId = await challenge(h.ana, h.ben);
    const withdraw = h.fake.buttons(messageId)[2]!;
    await unchanged(messageId, async () =>
      expectRefused(await h.click(h.ben, messageId, withdraw.custom_id!), /Only Ana can withdraw this challenge/),
    );
    const answer = await h.click(h.ana, messageId, withdraw.custom_id!);
    assertReplyOk(answer, h);
    expect(answer.message!.content).toMatch(/Ana\*\* withdrew the challenge/);
    expect(h.fake.buttons(messageId)).toHaveLength(0);
    // The pair is free again: a new challenge between them is posted (and withdrawn in turn).
    const again = await challenge(h.ana, h.ben);
    assertReplyOk(await h.click(h.ana, again, h.fake.buttons(again)[2]!.custom_id!), h);
  });

  it('expires: the sweeper edits the challenge message, and a late Accept is refused', async () => {
    const messageId = await challenge(h.ana, h.ben);
    const accept = h.fake.buttons(messageId)[0]!;
    h.clock.now += CHALLENGE_TTL_MS + 1;
    expect(await h.bot.sweeper.sweepOnce()).toBe(1);
    const message = h.fake.messages.get(messageId)!;
    expect(message.content).toMatch(/expired without an answer/);
    expect(h.fake.buttons(messageId)).toHaveLength(0);
    await unchanged(messageId, async () =>
      expectRefused(await h.click(h.ben, messageId, accept.custom_id!), /expired/),
    );
  });
});

describe('challenging bots', () => {
  it('challenging this bot starts a game against the computer at once; other bots cannot play', async () => {
    const me = h.fake.botUser;
    const reply = await h.slash(
      h.ana,
      'challenge',
      [
        { name: 'opponent', type: OPTION.user, value: me.id },
        { name: 'strength', type: OPTION.string, value: 'hard' },
      ],
      [me],
    );
    assertReplyOk(reply, h);
    // The reply points to the game's thread; the board is there.
    expect(reply.message!.content).toMatch(/The game is on in its thread, below\./);
    const board = h.fake.messages.get(boardOf(h, reply.message!.id))!;
    expect(board.attachments).toHaveLength(1);
    expect(board.content).toMatch(/Senet · Kendall\*\* · .*Senet.*Ana|Ana.*Senet/);
    // Its first version mentioned the player, who is so added to the thread (the bot has edited it since).
    const posted = h.fake.requests.find(
      (r) => r.method === 'POST' && r.path === `/channels/${board.channelId}/messages`,
    );
    expect(posted?.body?.content).toContain(`<@${h.ana.id}>: your game is on here.`);
    expect(posted?.body?.allowed_mentions).toEqual({ users: [h.ana.id] });
    const stored = sqliteConnection(h.service.storage.db)
      .prepare('SELECT bot_strength AS strength FROM games WHERE message_id = ?')
      .get(board.id);
    expect(stored).toEqual({ strength: 'hard' });
    await resignIfAny(h.ana);
    const other = { ...h.fake.newUser('Robo'), bot: true };
    h.fake.channelId = snowflake();
    expectRefused(
      await h.slash(h.ana, 'challenge', [{ name: 'opponent', type: OPTION.user, value: other.id }], [other]),
      /is a bot and cannot play/,
    );
  });
});

describe('refused clicks change nothing', () => {
  it('wrong player, stale board, forged id, finished game', async () => {
    const messageId = await startGame();
    const mover = userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
    const other = mover === h.ana ? h.ben : h.ana;
    const stranger = h.fake.newUser('Cleo');
    const first = actButtons(h, messageId)[0]!;

    await unchanged(messageId, async () => expectRefused(await h.click(other, messageId, first.custom_id!), /turn/));
    await unchanged(messageId, async () =>
      expectRefused(await h.click(stranger, messageId, first.custom_id!), /not playing/),
    );
    for (const forged of [
      'senet:act:1:0:x',
      'senet:act:abc',
      'nonsense',
      'senet:accept:-1',
      `senet:act:${'9'.repeat(20)}:1:t`,
    ]) {
      await unchanged(messageId, async () =>
        expectRefused(await h.click(mover, messageId, forged), /not one of mine|damaged/),
      );
    }
    // A legal-looking action that the position does not allow.
    const [, , gameId, version] = first.custom_id!.split(':');
    await unchanged(messageId, async () =>
      expectRefused(await h.click(mover, messageId, `senet:act:${gameId}:${version}:m1-31`), /not allowed/),
    );

    assertReplyOk(await h.click(mover, messageId, first.custom_id!), h);
    // The same button again (a double click) on a board that already shows the current version:
    // nothing is played or redrawn, and the player is told privately, in one answer.
    const played = sqliteConnection(h.service.storage.db)
      .prepare('SELECT count(*) AS n FROM actions WHERE game_id = ?')
      .pluck();
    const actions = played.get(Number(gameId));
    await unchanged(messageId, async () =>
      expectRefused(await h.click(mover, messageId, first.custom_id!), /out of date\. Use the newest one/),
    );
    expect(played.get(Number(gameId))).toBe(actions);

    const resigned = await h.slash(mover, 'resign');
    assertReplyOk(resigned, h);
    expect(String(resigned.data?.content)).toMatch(/resigned/);
    const final = h.fake.messages.get(messageId)!;
    expect(final.content).toMatch(/resigned: \*\*/);
    expect(h.fake.buttons(messageId).map((b) => b.label)).toEqual(['Rematch', 'Replay']);
    await unchanged(messageId, async () =>
      expectRefused(await h.click(other, messageId, first.custom_id!), /This game is over/),
    );
    expect(h.fake.messages.get(messageId)!.content).toMatch(/resigned: \*\*.*\n.*Ratings/);
  });

  it('the losers of a burst of clicks on one board get one private answer each, nothing more', async () => {
    const messageId = await startGame();
    const mover = userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
    const button = actButtons(h, messageId)[0]!.custom_id!;
    const edits = h.fake.messages.get(messageId)!.edits;
    const before = h.fake.requests.length;
    const replies = await Promise.all(Array.from({ length: 8 }, () => h.fake.click(mover, messageId, button)));
    await h.settle();
    const requests = h.fake.requests.slice(before);
    const losers = replies.filter((r) => r.ephemeral);
    expect(replies.length - losers.length).toBe(1);
    for (const loser of losers) {
      expect(String(loser.data?.content)).toMatch(/out of date\. Use the newest one/);
      // The interaction's callback is the only request made with its token: no update, no follow-up.
      expect(requests.filter((r) => r.path.includes(`/${loser.token}`)).map((r) => r.method)).toEqual(['POST']);
    }
    // The winner's answer is the message's only change.
    expect(h.fake.messages.get(messageId)!.edits).toBe(edits + 1);
    await resignIfAny(h.ana);
  });

  it('rematch starts a new challenge with the same rules between the same players', async () => {
    const challengeId = await challenge(h.ana, h.ben, [{ name: 'rules', type: OPTION.string, value: 'regency' }]);
    assertReplyOk(await h.click(h.ben, challengeId, h.fake.buttons(challengeId)[0]!.custom_id!), h);
    const messageId = boardOf(h, challengeId);
    await resignIfAny(h.ana);
    const rematch = h.fake.buttons(messageId).find((b) => b.label === 'Rematch')!;
    expectRefused(await h.click(h.fake.newUser('Cleo'), messageId, rematch.custom_id!), /Only the two players/);
    const reply = await h.click(h.ben, messageId, rematch.custom_id!);
    assertReplyOk(reply, h);
    expect(reply.message!.id).not.toBe(messageId);
    expect(reply.message!.channelId).toBe(challengeId); // asked in the game's thread, it stays there
    expect(reply.message!.content).toMatch(/Ben\*\* challenges you to \*\*Senet · Regency/);
    expect(reply.message!.content).toContain(`<@${h.ana.id}>`);
    await h.click(h.ana, reply.message!.id, h.fake.buttons(reply.message!.id)[1]!.custom_id!); // decline
  });

  it('a turn timeout forfeits the game and the sweeper says so on the board', async () => {
    const messageId = await startGame();
    h.clock.now += TURN_TTL_MS + 1;
    expect(await h.bot.sweeper.sweepOnce()).toBe(1);
    expect(h.fake.messages.get(messageId)!.content).toMatch(/ran out of time: \*\*(Ana|Ben)\*\* wins by forfeit/);
    expect(h.fake.buttons(messageId).map((b) => b.label)).toEqual(['Rematch', 'Replay']);
  });
});

describe('the channel and the unexpected', () => {
  it('says which permissions are missing', async () => {
    h.fake.appPermissions = (BigInt(ALL_PERMISSIONS) & ~(1n << 15n)).toString(); // no Attach Files
    try {
      expectRefused(await h.slash(h.ana, 'play'), /missing the Attach Files permission/);
      expect(await h.service.play.gamesHere({ channelId: h.fake.channelId, userId: h.ana.id })).toEqual([]);
    } finally {
      h.fake.appPermissions = ALL_PERMISSIONS;
    }
  });

  it('an unexpected error gives the user a reference that is in the log with the stack, and the bot goes on', async () => {
    const original = h.service.records.leaderboard.bind(h.service);
    h.service.records.leaderboard = () => {
      throw new Error(`database exploded (token ${TOKEN})`);
    };
    let reply: InteractionReply;
    try {
      reply = await h.slash(h.ana, 'leaderboard');
    } finally {
      h.service.records.leaderboard = original;
    }
    expectRefused(reply, /Something went wrong \(ref [0-9A-F]{6}\)/);
    const ref = /ref ([0-9A-F]{6})/.exec(String(reply.data?.content))![1]!;
    const line = h.logs.find((l) => l.includes(ref))!;
    expect(line).toContain('database exploded');
    expect(line).toContain('at '); // the stack
    expect(h.logs.join('')).not.toContain(TOKEN);
    assertReplyOk(await h.slash(h.ana, 'leaderboard'), h);
  });
});

describe('slow answers', () => {
  it('a click the bot cannot answer quickly is acknowledged first, then the board is updated', async () => {
    const messageId = await startGame();
    const mover = userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
    const act = h.service.play.act.bind(h.service);
    h.service.play.act = async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 1700)); // past the bot's 1.5 s
      return act(input);
    };
    const before = h.fake.messages.get(messageId)!.edits;
    let reply: InteractionReply;
    try {
      reply = await h.click(mover, messageId, pickButton(actButtons(h, messageId)).custom_id!);
    } finally {
      h.service.play.act = act;
    }
    expect(reply.type).toBe(6); // DEFERRED_UPDATE_MESSAGE
    const message = h.fake.messages.get(messageId)!;
    expect(message.edits).toBe(before + 1); // then edited through the interaction's webhook
    expect(message.attachments).toHaveLength(1);
    await resignIfAny(h.ana);
  });

  it("deferred clicks' edits do not wait in discord.js's global queue of 50 requests a second", async () => {
    // Under heavy load most clicks are deferred: here all are, in 60 games at once.
    const games: { messageId: string; mover: FakeUser }[] = [];
    for (let i = 0; i < 60; i++) {
      h.fake.channelId = snowflake();
      const [a, b] = [h.fake.newUser(`A${i}`), h.fake.newUser(`B${i}`)];
      const reply = await h.slash(a, 'challenge', [{ name: 'opponent', type: OPTION.user, value: b.id }], [b]);
      const challengeId = reply.message!.id;
      assertReplyOk(await h.click(b, challengeId, h.fake.buttons(challengeId)[0]!.custom_id!), h);
      const messageId = boardOf(h, challengeId);
      games.push({ messageId, mover: toActName(h.fake.messages.get(messageId)!.content) === a.global_name ? a : b });
    }
    await h.restart({ deferAfterMs: 0 });
    const globalWaits: unknown[] = [];
    h.bot.client.rest.on(RESTEvents.RateLimited, (info) => {
      if (info.global) globalWaits.push(info);
    });
    // Every game's new board is ready before any is sent, so all 60 edits leave within a second.
    const act = h.service.play.act.bind(h.service);
    let ready = 0;
    let allReady!: () => void;
    const all = new Promise<void>((resolve) => (allReady = resolve));
    h.service.play.act = async (input) => {
      const outcome = await act(input);
      if (++ready === games.length) allReady();
      await all;
      return outcome;
    };
    const before = games.map((g) => h.fake.messages.get(g.messageId)!.edits);
    try {
      const replies = await Promise.all(
        games.map((g) => h.fake.click(g.mover, g.messageId, pickButton(actButtons(h, g.messageId)).custom_id!)),
      );
      await Promise.all(replies.map((reply) => h.fake.updated(reply)));
      expect(replies.map((r) => r.type)).toEqual(games.map(() => 6));
    } finally {
      h.service.play.act = act;
      await h.restart();
    }
    expect(games.map((g) => h.fake.messages.get(g.messageId)!.edits)).toEqual(before.map((n) => n + 1));
    expect(globalWaits).toEqual([]);
  });
});

describe('a refused click while the board is on its way', () => {
  it('is answered privately at once, not deferred and followed up', async () => {
    const messageId = await startGame();
    const mover = userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
    const button = actButtons(h, messageId)[0]!.custom_id!;
    await h.restart({ deferAfterMs: 100 });
    // The winner's answer is sent but Discord holds it: its board is on its way.
    const release = h.fake.holdAnswers();
    try {
      // Held requests are recorded as they arrive (waitForRequest would wait for their answer).
      const callbackAfter = async (index: number): Promise<void> => {
        while (!h.fake.requests.slice(index).some((r) => r.path.endsWith('/callback')))
          await new Promise((resolve) => setTimeout(resolve, 5));
      };
      let before = h.fake.requests.length;
      const winning = h.fake.click(mover, messageId, button);
      await callbackAfter(before);
      before = h.fake.requests.length;
      const losing = h.fake.click(mover, messageId, button);
      await callbackAfter(before);
      release();
      const [won, lost] = await Promise.all([winning, losing]);
      await h.settle();
      expect(won.ephemeral).toBe(false);
      expectRefused(lost, /out of date\. Use the newest one/);
      const ofLoser = h.fake.requests.slice(before).filter((r) => r.path.includes(`/${lost.token}`));
      expect(ofLoser.map((r) => r.method)).toEqual(['POST']);
    } finally {
      release();
      await h.restart();
    }
  });
});

describe('interaction endpoints and the global rate limit', () => {
  // Discord: interaction endpoints are not bound to the bot's global rate limit
  // (topics/rate-limits.mdx, "Global Rate Limit"; interactions/receiving-and-responding.mdx, "Endpoints").
  it("refusals' follow-ups neither wait in nor use up the bot's global queue of 50 requests a second", async () => {
    const messageId = await startGame();
    const button = actButtons(h, messageId)[0]!.custom_id!;
    await h.restart({ deferAfterMs: 0 });
    const globalWaits: unknown[] = [];
    const botQueue: string[] = [];
    h.bot.client.rest.on(RESTEvents.RateLimited, (info) => {
      if (info.global) globalWaits.push(info);
    });
    h.bot.client.rest.on(RESTEvents.Response, (request) => botQueue.push(request.path));
    // 60 strangers click at once; every refusal is deferred first, so each is said in a follow-up.
    const strangers = Array.from({ length: 60 }, (_, i) => h.fake.newUser(`Stranger${i}`));
    const act = h.service.play.act.bind(h.service);
    let arrived = 0;
    let allArrived!: () => void;
    const all = new Promise<void>((resolve) => (allArrived = resolve));
    h.service.play.act = async (input) => {
      if (++arrived === strangers.length) allArrived();
      await all;
      // Past the bot's patience (0 ms): every answer is deferred.
      await new Promise((resolve) => setTimeout(resolve, 10));
      return act(input);
    };
    const before = h.fake.requests.length;
    try {
      const replies = await Promise.all(strangers.map((s) => h.fake.click(s, messageId, button)));
      await h.settle();
      expect(replies.map((r) => r.type)).toEqual(strangers.map(() => 6));
    } finally {
      h.service.play.act = act;
      await h.restart();
    }
    const followUps = h.fake.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path.startsWith(`/webhooks/${h.fake.applicationId}/`));
    expect(followUps).toHaveLength(strangers.length);
    for (const followUp of followUps) expect(String(followUp.body?.content)).toMatch(/not playing/);
    expect(globalWaits).toEqual([]);
    expect(botQueue.filter((path) => path.startsWith('/webhooks/') || path.startsWith('/interactions/'))).toEqual([]);
  });
});

describe('slow slash commands', () => {
  /** The service's challenge made slower than the bot's patience (0 ms after a restart). */
  async function slowChallenges(): Promise<() => void> {
    await h.restart({ deferAfterMs: 0 });
    const challenge = h.service.challenges.create.bind(h.service);
    h.service.challenges.create = async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return challenge(input);
    };
    return () => (h.service.challenges.create = challenge);
  }

  it('answer with a "thinking…" reply first, then fill it in; the game posted so is playable', async () => {
    const restore = await slowChallenges();
    try {
      const reply = await h.slash(h.ana, 'play', [{ name: 'strength', type: OPTION.string, value: 'easy' }]);
      assertReplyOk(reply, h);
      expect(reply.type).toBe(5); // DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
      const lobby = h.fake.messages.get(reply.message!.id)!;
      expect(lobby.edits).toBeGreaterThanOrEqual(1);
      expect(lobby.content).toMatch(/Senet · Kendall.*\nThe game is on in its thread, below\./);
      // The bot recorded the filled-in reply as the game's lobby, and started the thread from it.
      const board = h.fake.messages.get(boardOf(h, lobby.id))!;
      expect(board.attachments).toHaveLength(1);
      const stored = sqliteConnection(h.service.storage.db)
        .prepare(
          "SELECT lobby_message_id AS lobby, message_id AS id FROM games WHERE channel_id = ? AND status = 'active'",
        )
        .get(lobby.channelId);
      expect(stored).toEqual({ lobby: lobby.id, id: board.id });
      await resignIfAny(h.ana);
    } finally {
      restore();
      await h.restart();
    }
  });

  it('a refusal after a "thinking…" reply removes that reply and answers privately', async () => {
    const restore = await slowChallenges();
    try {
      const reply = await h.slash(
        h.ana,
        'challenge',
        [{ name: 'opponent', type: OPTION.user, value: h.ana.id }],
        [h.ana],
      );
      expect(reply.type).toBe(5);
      expect(h.fake.messages.has(reply.message!.id)).toBe(false); // the "thinking…" reply is gone
      const followUp = [...h.fake.messages.values()].find(
        (m) => m.interactionToken === null && /cannot challenge yourself/.test(m.content),
      );
      expect(followUp?.flags).toBe(EPHEMERAL);
    } finally {
      restore();
      await h.restart();
    }
  });
});

describe('restarts and the computer player', () => {
  it('a click on a board posted before a restart still works', async () => {
    const messageId = await startGame();
    const mover = userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
    assertReplyOk(await h.click(mover, messageId, pickButton(actButtons(h, messageId)).custom_id!), h);
    await h.restart();
    const next = userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
    const reply = await h.click(next, messageId, pickButton(actButtons(h, messageId)).custom_id!);
    assertReplyOk(reply, h);
    expect(reply.type).toBe(7);
    await resignIfAny(h.ana);
  });

  it('plays the bot: its steps edit the message, and a bot turn interrupted by a restart resumes', async () => {
    // A long pause, so the bot is still "thinking" when the process stops.
    await h.restart({ botStepDelayMs: 60_000 });
    h.awaitBotTurns = false;
    let messageId = '';
    let botMoves = false;
    for (let attempt = 0; attempt < 10 && !botMoves; attempt++) {
      const reply = await h.slash(h.ana, 'play', [{ name: 'strength', type: OPTION.string, value: 'easy' }]);
      assertReplyOk(reply, h);
      messageId = boardOf(h, reply.message!.id);
      const board = h.fake.messages.get(messageId)!;
      expect(board.attachments).toHaveLength(1);
      botMoves = board.content.includes('is thinking');
      if (!botMoves) {
        // Ana is to act: play until the bot has the turn.
        while (actButtons(h, messageId).length > 0) {
          assertReplyOk(await h.click(h.ana, messageId, pickButton(actButtons(h, messageId)).custom_id!), h);
        }
        botMoves = h.fake.messages.get(messageId)!.content.includes('is thinking');
      }
    }
    expect(botMoves).toBe(true);
    const editsBefore = h.fake.messages.get(messageId)!.edits;
    await h.restart({ botStepDelayMs: 0 });
    h.awaitBotTurns = true;
    await h.bot.turns.idle();
    const after = h.fake.messages.get(messageId)!;
    expect(after.edits).toBeGreaterThan(editsBefore);
    expect(after.content).toMatch(/\*\*Ana\*\* (to throw|: choose a move)|wins/);
    expect(after.attachments).toHaveLength(1);
    await resignIfAny(h.ana);
  });
});

describe('information commands', () => {
  it('rules, with the start position picture', async () => {
    const reply = await h.slash(h.ana, 'rules', [{ name: 'rules', type: OPTION.string, value: 'kendall' }]);
    assertReplyOk(reply, h);
    expect(String(reply.data?.content)).toMatch(/House of Beauty/);
    expect(String(reply.data?.content)).toContain('docs/rules/kendall.md');
    expect(String(reply.data?.content)).toContain('docs/rules/README.md'); // the balance table
    expect(reply.files).toHaveLength(1);
    expect(reply.message!.attachments[0]!.description).toBeTruthy();
    const list = await h.slash(h.ana, 'rules');
    expect(String(list.data?.content)).toMatch(/Dancers/);
    expect(String(list.data?.content)).toContain('docs/rules/README.md');
  });

  it('stats, history, help', async () => {
    await startHumanGame(h); // a finished game of their own: each test has new players
    assertReplyOk(await h.slash(h.ben, 'resign'), h);
    const stats = await h.slash(h.ana, 'stats', [{ name: 'user', type: OPTION.user, value: h.ben.id }], [h.ben]);
    assertReplyOk(stats, h);
    expect(String(stats.data?.content)).toMatch(/\*\*Ben\*\* · season 1 rating/);
    const history = await h.slash(h.ana, 'history');
    assertReplyOk(history, h);
    expect(String(history.data?.content)).toMatch(/Ana's recent games/);
    const help = await h.slash(h.ana, 'help');
    expect(help.ephemeral).toBe(true);
    expect(String(help.data?.content)).toMatch(/\/senet challenge/);
  });

  it('kendall options belong to kendall, regency variations to regency', async () => {
    const reply = await h.slash(h.ana, 'play', [
      { name: 'rules', type: OPTION.string, value: 'dancers' },
      { name: 'pawns', type: OPTION.integer, value: 7 },
    ]);
    expectRefused(reply, /pawns is not an option of the Dancers rules.*Kendall's/);
    const misplaced = await h.slash(h.ana, 'play', [{ name: 'variations', type: OPTION.boolean, value: true }]);
    expectRefused(misplaced, /variations is not an option of the Kendall rules.*Regency's/);
  });

  it("regency's rule variations are an option of the game", async () => {
    h.fake.channelId = snowflake();
    const reply = await h.slash(h.ana, 'play', [
      { name: 'rules', type: OPTION.string, value: 'regency' },
      { name: 'variations', type: OPTION.boolean, value: true },
    ]);
    assertReplyOk(reply, h);
    const board = h.fake.messages.get(boardOf(h, reply.message!.id))!;
    const stored = sqliteConnection(h.service.storage.db)
      .prepare('SELECT ruleset, options FROM games WHERE message_id = ?')
      .get(board.id);
    expect(stored).toEqual({ ruleset: 'regency', options: JSON.stringify({ variations: true }) });
    expect(reply.message!.content).toMatch(/\*\*Senet · Regency \(with variations\)\*\*/);
    expect(board.content).toMatch(/\*\*Senet · Regency \(with variations\)\*\*/);
    expect(board.attachments[0]!.description).toMatch(/^Senet board, Regency \(with variations\) rules/);
    await resignIfAny(h.ana);
  });
});
