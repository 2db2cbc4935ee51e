// Discord's own failures, each played against the fake: rate limits on edits, missing
// permissions, a deleted message or channel, expired interaction tokens, a dropped gateway.
import { describe, expect, it } from 'vitest';
import { member } from '../game/harness.js';
import { FAILURE, OPTION, TOKEN_LIFETIME_MS } from './fake/fakeDiscord.js';
import {
  CHALLENGE_TTL_MS,
  actButtons,
  assertReplyOk,
  pickButton,
  harnessForFile,
  liveGameIn,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

const h = harnessForFile();

const gameRow = (channelId: string) =>
  sqliteConnection(h.service.storage.db)
    .prepare(
      `SELECT id, version, shown_version AS shown, status, closed_reason AS reason, message_id AS messageId
       FROM games WHERE channel_id = ? ORDER BY id DESC`,
    )
    .get(channelId) as {
    id: number;
    version: number;
    shown: number | null;
    status: string;
    reason: string | null;
    messageId: string;
  };

/** A move committed while the chat was not told (as a crash leaves it). */
async function commitBehindTheChat(channelId: string): Promise<void> {
  const { gameId, toAct, version, choices } = await liveGameIn(h, channelId);
  expect((await h.service.play.act({ gameId, userId: toAct!.id, version, action: choices[0]!.action })).ok).toBe(true);
}

const buttonVersion = (messageId: string): number => Number(actButtons(h, messageId)[0]!.custom_id!.split(':')[3]);

describe('rate limits on message edits (429)', () => {
  it('the sweeper edits many messages of one channel: each is delivered, after waiting out the 429s', async () => {
    const messageIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const [a, b] = [h.fake.newUser(`P${i}`), h.fake.newUser(`Q${i}`)];
      const reply = await h.slash(a, 'challenge', [{ name: 'opponent', type: OPTION.user, value: b.id }], [b]);
      messageIds.push(reply.message!.id);
    }
    h.fake.editLimit = { perWindow: 2, windowMs: 300 };
    const start = h.fake.requests.length;
    try {
      h.advance(CHALLENGE_TTL_MS + 1);
      expect(await h.bot.sweeper.sweepOnce()).toBe(6);
    } finally {
      h.fake.editLimit = null;
    }
    for (const id of messageIds) expect(h.fake.messages.get(id)!.content).toMatch(/expired without an answer/);
    const edits = h.fake.requests.slice(start).filter((r) => r.method === 'PATCH');
    const refused = h.fake.refusals.filter((r) => edits.includes(r));
    expect(refused.length).toBeGreaterThan(0); // some were refused with 429 ...
    expect(edits.length - refused.length).toBe(6); // ... and sent again until delivered
  });

  it('edits of one message faster than Discord takes them coalesce into the newest, which wins', async () => {
    // As a fast computer opponent makes them: five boards in a row, each shown without waiting. The
    // computer's own turn is the only one to show them: the news of its moves shows nothing more
    // (src/bot/gameNews.ts); here, where the test commits them, the bot stops hearing the news.
    await h.bot.news.close();
    const messageId = await startHumanGame(h);
    const channel = h.fake.channelId;
    const views = [];
    for (let i = 0; i < 5; i++) {
      await commitBehindTheChat(channel);
      views.push(await liveGameIn(h, channel));
    }
    h.fake.editLimit = { perWindow: 1, windowMs: 200 };
    const start = h.fake.requests.length;
    try {
      // The first on its way before the others are drawn (shown together, the newest would overtake it).
      const first = h.bot.messages.showGame(views[0]!);
      await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${messageId}`));
      const shown = await Promise.all([first, ...views.slice(1).map((v) => h.bot.messages.showGame(v))]);
      expect(shown).toEqual([true, true, true, true, true]);
    } finally {
      h.fake.editLimit = null;
    }
    const edits = h.fake.requests.slice(start).filter((r) => r.method === 'PATCH');
    const delivered = edits.filter((r) => !h.fake.refusals.includes(r));
    expect(delivered).toHaveLength(2); // the first at once, then the newest of the four queued behind it
    expect(h.fake.refusals.some((r) => edits.includes(r))).toBe(true);
    const game = gameRow(channel);
    expect(buttonVersion(messageId)).toBe(game.version);
    expect(game.shown).toBe(game.version);
    await h.slash(h.ana, 'resign');
    await h.restart(); // hearing the news again
  });
});

describe('missing permissions', () => {
  it('Discord refuses the post: one private line naming the permissions, and nothing is left stored', async () => {
    const channel = h.fake.channelId;
    h.fake.failRequests((r) => r.path.endsWith('/callback') && r.body?.type === 4, FAILURE.missingPermissions);
    h.fake.failRequests(
      (r) => r.method === 'POST' && r.path === `/channels/${channel}/messages`,
      FAILURE.missingPermissions,
    );
    const reply = await h.slash(
      h.ana,
      'challenge',
      [{ name: 'opponent', type: OPTION.user, value: h.ben.id }],
      [h.ben],
    );
    expect(reply.refused).toBeDefined();
    await h.settle();
    const lines = h.fake.requests.filter((r) => r.path.endsWith('/callback') && r.body?.type === 4).slice(-1);
    const line = lines[0]!.body!.data as { content: string; flags: number };
    expect(line.flags).toBe(64);
    expect(line.content).toMatch(
      /missing one of the View Channel, Send Messages, Attach Files permissions.*Nothing was kept/,
    );
    expect(
      sqliteConnection(h.service.storage.db)
        .prepare(`SELECT status FROM challenges WHERE channel_id = ?`)
        .pluck()
        .all(channel),
    ).toEqual(['cancelled']);
    // Nothing blocks the pair or the channel.
    assertReplyOk(
      await h.slash(h.ana, 'challenge', [{ name: 'opponent', type: OPTION.user, value: h.ben.id }], [h.ben]),
      h,
    );
  });
});

describe('a deleted message or channel', () => {
  it('the game message deleted by a moderator is posted again, and plays on there', async () => {
    const messageId = await startHumanGame(h);
    const channel = h.fake.channelId;
    await commitBehindTheChat(channel);
    h.fake.deleteMessage(messageId);
    await h.restart();
    const game = gameRow(channel);
    expect(game.messageId).not.toBe(messageId);
    expect(game.shown).toBe(game.version);
    const reposted = game.messageId;
    expect(buttonVersion(reposted)).toBe(game.version);
    const mover = userNamed(h, toActName(h.fake.messages.get(reposted)!.content)!);
    assertReplyOk(await h.click(mover, reposted, pickButton(actButtons(h, reposted)).custom_id!), h);
    await h.slash(h.ana, 'resign');
  });

  it('a deleted channel closes its game without a result or a rating, and frees its players', async () => {
    await startHumanGame(h);
    const channel = h.fake.channelId;
    await commitBehindTheChat(channel);
    h.fake.deletedChannels.add(channel);
    await h.restart();
    expect(gameRow(channel)).toMatchObject({ status: 'finished', reason: 'channel-gone' });
    // Given up on for good: later sweeps do not try that channel again.
    const before = h.fake.requests.length;
    await h.bot.sweeper.sweepOnce();
    expect(h.fake.requests.slice(before).filter((r) => r.path.includes(channel))).toEqual([]);
    expect(await h.service.play.gamesHere({ channelId: channel, userId: h.ana.id })).toEqual([]);
    const stats = await h.service.records.stats({ viewer: member(h.fake.guildId), userId: h.ana.id });
    const games = stats.ok ? stats.value.total.games : 0;
    const history = await h.service.records.history({ viewer: member(h.fake.guildId), userId: h.ana.id });
    expect(history.ok && history.value.length).toBe(games);
  });
});

describe('interaction tokens', () => {
  it('no edit goes through the interaction webhook once its 15 minutes are over', async () => {
    const messageId = await startHumanGame(h);
    await h.restart({ deferAfterMs: 0 });
    const act = h.service.play.act.bind(h.service);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    h.service.play.act = async (input) => {
      await held;
      return act(input);
    };
    try {
      const mover = userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
      const clicked = h.fake.click(mover, messageId, pickButton(actButtons(h, messageId)).custom_id!);
      const reply = await clicked; // deferred at once
      expect(reply.type).toBe(6);
      h.advance(TOKEN_LIFETIME_MS + 60_000);
      release();
      await h.settle();
      const afterExpiry = h.fake.requests.filter((r) => r.path.includes(reply.token) && r.method !== 'POST');
      expect(afterExpiry).toEqual([]);
      expect(h.fake.refusals.filter((r) => r.path.includes(reply.token))).toEqual([]);
      const game = gameRow(h.fake.channelId);
      expect(buttonVersion(messageId)).toBe(game.version);
      expect(game.shown).toBe(game.version);
    } finally {
      h.service.play.act = act;
      await h.restart();
    }
    await h.slash(h.ana, 'resign');
  });
});

describe('the gateway', () => {
  async function reconnected(count: () => number, before: number): Promise<void> {
    for (let i = 0; i < 300 && count() === before; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count()).toBeGreaterThan(before);
  }

  it.each([
    ['drops and resumes', true],
    ['reconnects with a new session', false],
  ])('%s: afterwards everything works and nothing ran twice', async (_, resumable) => {
    const messageId = await startHumanGame(h);
    const channel = h.fake.channelId;
    const before = { ready: h.fake.sessions.ready, resumed: h.fake.sessions.resumed, messages: h.fake.messages.size };
    const version = gameRow(channel).version;
    h.fake.resumable = resumable;
    try {
      h.fake.dropGateway();
      await reconnected(
        () => (resumable ? h.fake.sessions.resumed : h.fake.sessions.ready),
        resumable ? before.resumed : before.ready,
      );
    } finally {
      h.fake.resumable = true;
    }
    await h.settle();
    expect(h.fake.messages.size).toBe(before.messages); // nothing re-posted
    expect(gameRow(channel).version).toBe(version); // nothing replayed
    const mover = userNamed(h, toActName(h.fake.messages.get(messageId)!.content)!);
    const reply = await h.click(mover, messageId, pickButton(actButtons(h, messageId)).custom_id!);
    assertReplyOk(reply, h);
    expect(gameRow(channel).version).toBe(version + 1);
    await h.slash(h.ana, 'resign');
  });
});
