// Play anywhere (issue #17): the DM with the bot, DMs and group DMs between users and servers
// without the bot (through a user install), where the bot's own token cannot reach the channel
// and every change goes through interaction responses; what a player sees once the latest
// interaction's token has expired; and whose records the games count in.
import { describe, expect, it } from 'vitest';
import { translate } from '../../src/i18n/index.js';
import { member } from '../game/harness.js';
import { FAILURE, TOKEN_LIFETIME_MS, snowflake, type FakeUser } from './fake/fakeDiscord.js';
import {
  TURN_TTL_MS,
  actButtons,
  assertReplyOk,
  challengeAs,
  harnessForFile,
  liveGameIn,
  pickButton,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';

const h = harnessForFile();

/** Back to a fresh channel of the bot's own server. */
function backToServer(): void {
  h.fake.channelId = snowflake();
}

/** Clicks as whoever the board says is to act (the computer plays its own turns) until the game is over. */
async function playToEnd(messageId: string, cap = 3000): Promise<void> {
  for (let clicks = 0; clicks < cap; clicks++) {
    const buttons = actButtons(h, messageId);
    if (buttons.length === 0) return;
    const name = toActName(h.fake.messages.get(messageId)!.content);
    expect(name).not.toBeNull();
    const reply = await h.click(userNamed(h, name!), messageId, pickButton(buttons).custom_id!);
    assertReplyOk(reply, h);
    expect(reply.type).toBe(7); // updated in place, by the interaction's answer
  }
  throw new Error(`no winner after ${cap} clicks`);
}

/** Requests the bot made with its own token about a channel (reads, posts, edits). */
function botTokenRequests(channelId: string): number {
  return h.fake.requests.filter((r) => r.path.startsWith(`/channels/${channelId}`)).length;
}

const en = (key: Parameters<typeof translate>[1]): string => translate('en', key);

async function statsContent(user: FakeUser): Promise<{ content: string; ephemeral: boolean }> {
  const reply = await h.slash(user, 'stats');
  return { content: String(reply.data?.content), ephemeral: reply.ephemeral };
}

describe('in the DM with the bot', () => {
  it('plays a whole game against the computer with the same board and buttons, and the game counts in stats', async () => {
    const channelId = h.fake.goTo({ kind: 'botDm', user: h.ana });
    const reply = await h.slash(h.ana, 'play');
    assertReplyOk(reply, h);
    const board = reply.message!.id;
    expect(h.fake.threads.size === 0 || !h.fake.threads.has(board)).toBe(true); // no thread in a DM
    expect(h.fake.messages.get(board)!.attachments).toHaveLength(1); // the board picture
    expect(actButtons(h, board).length).toBeGreaterThan(0);
    await playToEnd(board);
    expect(h.fake.messages.get(board)!.content).toMatch(/won|wins/);
    // The computer's turns were shown with the bot's own token: it reaches its DM.
    expect(h.fake.refusals.filter((r) => r.path.startsWith(`/channels/${channelId}`))).toEqual([]);
    const stats = await statsContent(h.ana);
    expect(stats.ephemeral).toBe(false);
    expect(stats.content).toContain('All time: 1 game');
  });

  it('refuses in private, saying where they work: the leaderboard, server settings, a challenge to someone else', async () => {
    h.fake.goTo({ kind: 'botDm', user: h.ana });
    const leaderboard = await h.slash(h.ana, 'leaderboard');
    expect(leaderboard.ephemeral).toBe(true);
    expect(leaderboard.data?.content).toBe(en('dm.leaderboardInServers'));
    const admin = await h.fake.command(h.ana, 'senet-admin', 'settings');
    await h.settle();
    expect(admin.ephemeral).toBe(true);
    expect(admin.data?.content).toBe(en('dm.adminInServers'));
    const challenge = await challengeAs(h, h.ana, h.ben);
    expect(challenge.ephemeral).toBe(true);
    expect(challenge.data?.content).toBe(en('dm.challengeInBotDm'));
  });
});

describe('in a DM or group DM between users (a user install)', () => {
  it.each([
    ['group DM', true],
    ['DM', false],
  ])(
    'plays a whole game between two people in a %s by interaction responses only; it counts outside servers, never in a leaderboard',
    async (_, group) => {
      const channelId = h.fake.goTo({ kind: 'privateChannel', group });
      const board = await startHumanGame(h);
      expect(h.fake.threads.has(board)).toBe(false);
      await playToEnd(board);
      expect(actButtons(h, board)).toEqual([]);
      expect(botTokenRequests(channelId)).toBe(0);
      // Personal records outside servers count it…
      const here = await statsContent(h.ana);
      expect(here.content).toContain('All time: 1 game');
      // …the server's records and leaderboard do not.
      backToServer();
      const inServer = await statsContent(h.ana);
      expect(inServer.ephemeral).toBe(true);
      const leaderboard = await h.slash(h.ana, 'leaderboard');
      expect(String(leaderboard.data?.content)).not.toContain('Ana');
    },
  );

  it("shows the computer's turns through the latest click's webhook", async () => {
    const channelId = h.fake.goTo({ kind: 'privateChannel', group: true });
    const reply = await h.slash(h.ana, 'play');
    assertReplyOk(reply, h);
    const board = reply.message!.id;
    const before = h.fake.requests.length;
    await playToEnd(board);
    const webhookEdits = h.fake.requests
      .slice(before)
      .filter((r) => r.method === 'PATCH' && /^\/webhooks\/\d+\/tok-\d+\/messages\/@original$/.test(r.path));
    expect(webhookEdits.length).toBeGreaterThan(0); // the computer moved between Ana's clicks
    expect(botTokenRequests(channelId)).toBe(0);
    expect(h.fake.refusals).toEqual([]);
  });

  it('after the token expired: the timeout is not shown until the next click, which shows how the game ended', async () => {
    const channelId = h.fake.goTo({ kind: 'privateChannel', group: false });
    const board = await startHumanGame(h);
    const before = h.fake.messages.get(board)!.content;
    const stale = actButtons(h, board)[0]!.custom_id!;
    h.advance(TURN_TTL_MS + 60_000); // both the token (15 min) and the turn (1 h) run out
    await h.bot.sweeper.sweepOnce();
    await h.settle();
    expect(h.fake.messages.get(board)!.content).toBe(before); // nothing could edit it
    expect(botTokenRequests(channelId)).toBe(0);
    expect(h.logs.some((l) => l.includes('answer token expired'))).toBe(true);
    const game = (
      await h.service.play.view((await h.service.play.gamesHere({ channelId, userId: h.ana.id }))[0]?.gameId ?? 0)
    ).ok;
    expect(game).toBe(false); // no live game here any more
    // The next click, with a fresh token, brings the board up to date and says so.
    const click = await h.click(h.ben, board, stale);
    expect(click.type).toBe(7);
    expect(actButtons(h, board)).toEqual([]);
    expect(h.fake.messages.get(board)!.content).not.toBe(before);
    const said = h.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/webhooks/${h.fake.applicationId}/${click.token}`,
    );
    expect(said.map((r) => r.body?.content)).toEqual(['That board was out of date; it now shows how the game ended.']);
  });

  it('a challenge that expired after its token: the next click shows it expired, then says so privately', async () => {
    h.fake.goTo({ kind: 'privateChannel', group: true });
    const reply = await challengeAs(h, h.ana, h.ben);
    assertReplyOk(reply, h);
    const message = reply.message!.id;
    const accept = h.fake.buttons(message)[0]!.custom_id!;
    h.advance(TOKEN_LIFETIME_MS + 60_000); // past the challenge's expiry and its token's life
    await h.bot.sweeper.sweepOnce();
    await h.settle();
    expect(h.fake.buttons(message)).not.toEqual([]); // nothing could edit it
    const click = await h.click(h.ben, message, accept);
    expect(click.type).toBe(7);
    expect(h.fake.messages.get(message)!.content).toMatch(/expired without an answer/);
    expect(h.fake.buttons(message)).toEqual([]);
    const said = h.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/webhooks/${h.fake.applicationId}/${click.token}`,
    );
    expect(said).toHaveLength(1); // the refusal, privately
    expect(said[0]!.body?.flags).toBe(64);
  });

  it("a click after the previous token expired still plays, and the computer's turns follow through the new one", async () => {
    h.fake.goTo({ kind: 'privateChannel', group: true });
    const reply = await h.slash(h.ana, 'play');
    assertReplyOk(reply, h);
    const board = reply.message!.id;
    h.advance(TOKEN_LIFETIME_MS + 60_000);
    await playToEnd(board);
    expect(h.fake.refusals).toEqual([]);
  });

  it("after a restart, the computer's pending turn is shown through the answer token kept in the database", async () => {
    const channelId = h.fake.goTo({ kind: 'privateChannel', group: true });
    await h.restart({ botStepDelayMs: 60_000 });
    h.awaitBotTurns = false;
    let board: string;
    let before: number;
    try {
      const reply = await h.slash(h.ana, 'play');
      assertReplyOk(reply, h);
      board = reply.message!.id;
      while (actButtons(h, board).length > 0) await h.click(h.ana, board, pickButton(actButtons(h, board)).custom_id!);
      expect(h.fake.messages.get(board)!.content).toContain('is thinking');
    } finally {
      h.awaitBotTurns = true;
      before = h.fake.requests.length;
      await h.restart();
    }
    await h.settle();
    expect(h.fake.messages.get(board)!.content).not.toContain('is thinking');
    const edits = h.fake.requests.slice(before).filter((r) => r.method === 'PATCH' && r.path.startsWith('/webhooks/'));
    expect(edits.length).toBeGreaterThan(0);
    expect(botTokenRequests(channelId)).toBe(0);
  });

  it('speaks the language of the player who started the game: there is no server language', async () => {
    const channelId = h.fake.goTo({ kind: 'privateChannel', group: true });
    h.fake.userLocales.set(h.ana.id, 'de');
    assertReplyOk(await h.slash(h.ana, 'play'), h);
    expect((await liveGameIn(h, channelId)).locale).toBe('de');
  });

  it('the fake refuses expired tokens as Discord does: callbacks and webhook edits answer 401 Invalid Webhook Token', async () => {
    h.fake.goTo({ kind: 'privateChannel', group: true });
    const reply = await h.slash(h.ana, 'help');
    h.advance(TOKEN_LIFETIME_MS + 1);
    const patch = await fetch(
      `${h.fake.apiUrl}/v10/webhooks/${h.fake.applicationId}/${reply.token}/messages/@original`,
      { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x' }) },
    );
    expect(patch.status).toBe(401);
    expect(((await patch.json()) as { code: number }).code).toBe(FAILURE.invalidWebhookToken.code);
    const callback = await fetch(`${h.fake.apiUrl}/v10/interactions/1/${reply.token}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 4, data: { content: 'x' } }),
    });
    expect(callback.status).toBe(401);
  });
});

describe('in a server without the bot (a user install)', () => {
  it('plays a whole game by interaction responses, with no record in that server', async () => {
    const guildId = snowflake();
    const channelId = h.fake.goTo({ kind: 'userInstallServer', guildId, externalApps: true });
    const board = await startHumanGame(h);
    await playToEnd(board);
    expect(botTokenRequests(channelId)).toBe(0);
    expect(
      (await h.service.records.leaderboard({ viewer: member(guildId) })).ok &&
        (await h.service.records.leaderboard({ viewer: member(guildId) })),
    ).toMatchObject({
      value: [],
    });
  });

  it('where the server forbids external apps, says so in one private line instead of starting a game', async () => {
    h.fake.goTo({ kind: 'userInstallServer', guildId: snowflake(), externalApps: false });
    const reply = await challengeAs(h, h.ana, h.ben);
    expect(reply.ephemeral).toBe(true);
    expect(reply.data?.content).toBe(en('dm.externalAppsForbidden'));
    expect(await h.service.play.gamesHere({ channelId: h.fake.channelId, userId: h.ana.id })).toEqual([]);
  });
});
