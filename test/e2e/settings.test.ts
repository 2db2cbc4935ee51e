// /senet-admin through the real discord.js client against the fake Discord: Manage Server, each
// setting applied to challenges (channels, caps, rated), the anti-spam limits, seasons, and all
// of it kept across a restart.
import { beforeEach, describe, expect, it } from 'vitest';
import { DECLINE_COOLDOWN_MS } from '../../src/game/limits.js';
import {
  ADMIN_PERMISSIONS,
  OPTION,
  snowflake,
  type FakeUser,
  type InteractionReply,
  type SlashOption,
} from './fake/fakeDiscord.js';
import { assertReplyOk, harnessForFile, startHumanGame } from './harness.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

const h = harnessForFile();

let admin: FakeUser;

async function adminCommand(
  user: FakeUser,
  subcommand: string,
  options: SlashOption[] = [],
  channelIds: string[] = [],
): Promise<InteractionReply> {
  const reply = await h.fake.command(user, 'senet-admin', subcommand, options, channelIds);
  await h.settle();
  return reply;
}

const text = (reply: InteractionReply): string => String(reply.data?.content);

/** `user` challenges `opponent` in the current channel: the bot's answer. */
function challenge(user: FakeUser, opponent: FakeUser): Promise<InteractionReply> {
  return h.slash(user, 'challenge', [{ name: 'opponent', type: OPTION.user, value: opponent.id }], [opponent]);
}

function button(messageId: string, label: string): string {
  return h.fake.buttons(messageId).find((b) => b.label === label)!.custom_id!;
}

/** An admin's change, answered privately with the settings saved. */
async function setting(options: SlashOption[], channelIds: string[] = []): Promise<string> {
  const reply = await adminCommand(admin, 'settings', options, channelIds);
  expect(reply.ephemeral).toBe(true);
  expect(text(reply)).toMatch(/^Saved\./);
  return text(reply);
}

// Each test starts from the defaults, with the last test's challenges expired and its cooldowns over.
beforeEach(async () => {
  admin ??= h.fake.newUser('Cleo');
  h.fake.memberPermissions.set(admin.id, ADMIN_PERMISSIONS);
  await setting([{ name: 'reset', type: OPTION.string, value: 'all' }]);
  h.advance(DECLINE_COOLDOWN_MS);
  await h.service.deadlines.sweep();
});

describe('/senet-admin settings', () => {
  it('shows the settings to an admin, privately, and refuses a member without Manage Server', async () => {
    const shown = await adminCommand(admin, 'settings');
    expect(shown.ephemeral).toBe(true);
    expect(text(shown)).toMatch(/Senet settings on this server/);
    expect(text(shown)).toMatch(/Channels the bot plays in: \*\*every channel\*\*/);
    expect(text(shown)).toMatch(/Most games a player may play at once: \*\*3\*\*/);
    expect(text(shown)).not.toMatch(/\(set here\)/);

    const refused = await adminCommand(h.ana, 'settings', [{ name: 'rated', type: OPTION.boolean, value: false }]);
    expect(refused.ephemeral).toBe(true);
    expect(text(refused)).toMatch(/Only members with the Manage Server permission/);
    expect(text(await adminCommand(admin, 'settings'))).toMatch(/Rated games: \*\*on\*\*\n/);
  });

  it('limits the bot to the channels an admin lists, naming them, also after a restart', async () => {
    const games = snowflake();
    const saved = await adminCommand(
      admin,
      'settings',
      [
        { name: 'add_channel', type: OPTION.channel, value: games },
        { name: 'turn_timeout', type: OPTION.integer, value: 90 },
      ],
      [games],
    );
    expect(saved.ephemeral).toBe(true);
    expect(text(saved)).toMatch(/^Saved\./);
    expect(text(saved)).toContain(`Channels the bot plays in: **<#${games}>** (set here)`);
    expect(text(saved)).toContain('Turn timeout: **90 minutes** (set here)');

    await h.restart();
    expect(text(await adminCommand(admin, 'settings'))).toContain(`**<#${games}>** (set here)`);
    const refused = await challenge(h.ana, h.ben);
    expect(refused.ephemeral).toBe(true);
    expect(text(refused)).toBe(`I don't play in this channel on this server. Play in <#${games}>.`);
    expect(text(await h.slash(h.ana, 'play'))).toContain(`<#${games}>`);

    h.fake.channelId = games;
    const made = await challenge(h.ana, h.ben);
    assertReplyOk(made, h);
    assertReplyOk(await h.click(h.ben, made.message!.id, button(made.message!.id, 'Decline')), h);
  });

  it('plays the default rules an admin chose when a challenge names none, and not rated when rating is off', async () => {
    const saved = await setting([
      { name: 'rules', type: OPTION.string, value: 'regency' },
      { name: 'variations', type: OPTION.boolean, value: true },
      { name: 'rated', type: OPTION.boolean, value: false },
    ]);
    expect(saved).toContain('Default rules: **Regency (with variations)** (set here)');
    const made = await challenge(h.ana, h.ben);
    assertReplyOk(made, h);
    expect(made.message!.content).toMatch(/challenges you to \*\*Senet · Regency \(with variations\)\*\*/);
    assertReplyOk(await h.click(h.ben, made.message!.id, button(made.message!.id, 'Accept')), h);
    const stored = sqliteConnection(h.service.storage.db)
      .prepare<[string], { ruleset: string; rated: number }>(
        'SELECT ruleset, rated FROM games WHERE lobby_message_id = ?', // the challenge points to the game's thread
      )
      .get(made.message!.id);
    expect(stored).toEqual({ ruleset: 'regency', rated: 0 });

    // A rule option without `rules` changes the default rule set's options.
    h.fake.channelId = snowflake();
    await setting([{ name: 'rules', type: OPTION.string, value: 'kendall' }]);
    expect(await setting([{ name: 'pawns', type: OPTION.integer, value: 7 }])).toContain(
      'Default rules: **Kendall (7 pawns)** (set here)',
    );
  });

  it('refuses a range it does not allow with a clear sentence', async () => {
    const refused = await adminCommand(admin, 'settings', [
      { name: 'turn_timeout', type: OPTION.integer, value: 10 },
      { name: 'reminder_delay', type: OPTION.integer, value: 10 },
    ]);
    expect(refused.ephemeral).toBe(true);
    expect(text(refused)).toMatch(/reminder delay \(10 minutes\) must be shorter than the turn timeout/);
  });
});

describe('limits', () => {
  it('caps live games per player as the admin sets it', async () => {
    await setting([{ name: 'max_games', type: OPTION.integer, value: 1 }]);
    const game = await startHumanGame(h);
    h.fake.channelId = snowflake();
    const refused = await challenge(h.ana, admin);
    expect(refused.ephemeral).toBe(true);
    expect(text(refused)).toMatch(/You are already playing 1 game at once, the most a player may have on this server/);
    h.fake.channelId = h.fake.messages.get(game)!.channelId;
    assertReplyOk(await h.slash(h.ben, 'resign'), h);
  });

  it('refuses a second challenge to the same person, more than 3 open challenges, and a repeat after a decline', async () => {
    const [dan, eve, fay] = ['Dan', 'Eve', 'Fay'].map((n) => h.fake.newUser(n));
    const first = await challenge(h.ana, h.ben);
    assertReplyOk(first, h);
    h.fake.channelId = snowflake();
    expect(text(await challenge(h.ana, h.ben))).toMatch(/already an open challenge between you and Ben on this server/);
    for (const opponent of [dan!, eve!]) assertReplyOk(await challenge(h.ana, opponent), h);
    const fourth = await challenge(h.ana, fay!);
    expect(fourth.ephemeral).toBe(true);
    expect(text(fourth)).toMatch(/You already have 3 open challenges on this server/);

    // The limits are read from the database: a restart changes nothing.
    await h.restart();
    expect(text(await challenge(h.ana, fay!))).toMatch(/You already have 3 open challenges on this server/);

    // Ben declines: Ana may not ask him again for the cooldown (across a restart too).
    assertReplyOk(await h.click(h.ben, first.message!.id, button(first.message!.id, 'Decline')), h);
    await h.restart();
    const again = await challenge(h.ana, h.ben);
    expect(again.ephemeral).toBe(true);
    expect(text(again)).toMatch(/Ben declined your last challenge; you can challenge them again <t:\d+:R>/);
    h.advance(DECLINE_COOLDOWN_MS);
    assertReplyOk(await challenge(h.ana, h.ben), h);
  });
});

describe('/senet-admin new-season', () => {
  it('closes the season: the leaderboard starts again, the old table stays readable, also after a restart', async () => {
    assertReplyOk(await h.slash(h.ana, 'leaderboard'), h);
    await startHumanGame(h);
    assertReplyOk(await h.slash(h.ben, 'resign'), h);
    const before = text(await h.slash(h.ana, 'leaderboard'));
    expect(before).toMatch(/^\*\*Senet leaderboard · season 1\*\*\n1\. \*\*Ana\*\*/);

    expect(text(await adminCommand(h.ana, 'new-season'))).toMatch(/Manage Server/);
    const closed = await adminCommand(admin, 'new-season');
    expect(closed.ephemeral).toBe(false); // announced in the channel
    expect(text(closed)).toMatch(/^\*\*Season 1 is closed; season 2 starts now\.\*\*/);
    expect(text(closed)).toMatch(/Final table of season 1:\n1\. \*\*Ana\*\*/);

    await h.restart();
    expect(text(await h.slash(h.ana, 'leaderboard'))).toBe(
      '**Senet leaderboard · season 2**\nNo rated games yet. `/senet challenge` someone!',
    );
    const old = text(await h.slash(h.ana, 'leaderboard', [{ name: 'season', type: OPTION.integer, value: 1 }]));
    expect(old.replace('season 1 (closed)', 'season 1')).toBe(before);
    const future = await h.slash(h.ana, 'leaderboard', [{ name: 'season', type: OPTION.integer, value: 3 }]);
    expect(future.ephemeral).toBe(true);
    expect(text(future)).toBe('There is no season 3 here: this server is in season 2.');
    const stats = text(await h.slash(h.ana, 'stats'));
    expect(stats).toMatch(/season 2 rating none yet · 0 rated games this season/);
    expect(stats).toMatch(/All time: \d+ games?: [1-9]\d* won/);
  });
});

// Last in the file: these finish rated games, which the season test above would otherwise rank.
describe('threads and the settings', () => {
  it('a game thread belongs to a listed channel: a rematch asked in it is played there', async () => {
    const games = snowflake();
    await setting([{ name: 'add_channel', type: OPTION.channel, value: games }], [games]);
    h.fake.channelId = games;
    const board = await startHumanGame(h);
    const thread = h.fake.messages.get(board)!.channelId;
    expect(thread).not.toBe(games);
    assertReplyOk(await h.slash(h.ana, 'resign'), h);
    const rematch = await h.click(h.ben, board, button(board, 'Rematch'));
    assertReplyOk(rematch, h);
    expect(rematch.message!.channelId).toBe(thread);
    assertReplyOk(await h.click(h.ana, rematch.message!.id, button(rematch.message!.id, 'Accept')), h);
    expect(h.fake.buttons(rematch.message!.id).some((b) => b.custom_id?.startsWith('senet:act:'))).toBe(true);
  });

  it('threads off: each game is played in the channel itself, saying so, and several side by side', async () => {
    expect(await setting([{ name: 'threads', type: OPTION.boolean, value: false }])).toContain(
      'A thread per game: **off** (set here)',
    );
    const first = await startHumanGame(h);
    const second = await startHumanGame(h); // Ben accepts another challenge from Ana, same channel
    for (const board of [first, second]) {
      const message = h.fake.messages.get(board)!;
      expect(message.channelId).toBe(h.fake.channelId);
      expect(message.content).toContain('-# Played here in the channel: threads are off in this server.');
      expect(message.attachments).toHaveLength(1);
    }
    expect([...h.fake.threads.values()].filter((t) => t.parentId === h.fake.channelId)).toEqual([]);
  });
});
