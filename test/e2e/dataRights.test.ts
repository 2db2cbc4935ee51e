// Data rights through the real discord.js client against the fake Discord: /senet privacy shows a
// player what is stored and deletes it after a confirmation (their games stay for their opponent,
// shown with a deleted player), /senet-admin data deletes a server's data, and a server the bot
// was removed from is deleted by the sweeper after the grace period unless the bot is added back.
// Each deletion reaches every table (searched column by column) and what the bot posted in Discord
// that names the people concerned: tournament messages drawn again, turn reminders and scheduled
// events deleted, and what Discord refused at first tried again by the sweeper.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LEFT_SERVER_GRACE_MS } from '../../src/game/privacy.js';
import {
  ALL_PERMISSIONS,
  ADMIN_PERMISSIONS,
  FAILURE,
  OPTION,
  PERMISSION,
  snowflake,
  type FakeUser,
  type InteractionReply,
} from './fake/fakeDiscord.js';
import { assertReplyOk, harnessForFile, startHumanGame } from './harness.js';
import { storedAnywhere } from '../support/storedAnywhere.js';

const h = harnessForFile();

const text = (reply: InteractionReply): string => String(reply.data?.content);

/** The button labelled `label` on the message a reply created or updated. */
function button(reply: InteractionReply, label: string): string {
  const id = h.fake.buttons(reply.message!.id).find((b) => b.label === label)?.custom_id;
  if (!id) throw new Error(`no button "${label}" on: ${text(reply)}`);
  return id;
}

/** A click on the private answer `reply` is about, as `user`. */
const clickOn = (reply: InteractionReply, user: FakeUser, label: string): Promise<InteractionReply> =>
  h.click(user, reply.message!.id, button(reply, label));

/** How many rows `SELECT count(*) AS n FROM …` finds (on either database). */
const stored = async (sql: string, ...params: string[]): Promise<number> =>
  Number((await h.service.storage.db.get<{ n: number }>(sql, params))!.n);

/** A member with Manage Server. */
function newAdmin(): FakeUser {
  const admin = h.fake.newUser('Cleo');
  h.fake.memberPermissions.set(admin.id, ADMIN_PERMISSIONS);
  return admin;
}

/** /senet-admin data, Delete, Yes: the answer that says what was deleted. */
async function deleteServerData(admin: FakeUser): Promise<InteractionReply> {
  const shown = await h.fake.command(admin, 'senet-admin', 'data');
  return clickOn(await clickOn(shown, admin, "Delete this server's data"), admin, 'Yes, delete everything');
}

/** /senet privacy, Delete, Yes, as `user`: the answer that says what was deleted. */
async function deleteMyData(user: FakeUser): Promise<InteractionReply> {
  const asked = await h.slash(user, 'privacy');
  return clickOn(await clickOn(asked, user, 'Delete my data'), user, 'Yes, delete my data');
}

/** An admin's knockout tournament in the current channel, starting in 30 minutes (so with a scheduled event). */
async function tournament(
  admin: FakeUser,
  name: string,
  players: FakeUser[],
): Promise<{ messageId: string; id: number }> {
  const options = [
    { name: 'name', type: OPTION.string, value: name },
    { name: 'format', type: OPTION.string, value: 'knockout' },
    { name: 'start_in', type: OPTION.integer, value: 30 },
  ];
  const created = await h.fake.groupCommand(admin, 'senet-admin', 'tournament', 'create', options, []);
  await h.settle();
  assertReplyOk(created, h);
  const messageId = created.message!.id;
  const id = Number(/\(#(\d+)\)/.exec(contentOf(messageId))![1]);
  for (const player of players) assertReplyOk(await h.click(player, messageId, `senet:join:${id}`), h);
  return { messageId, id };
}

const contentOf = (messageId: string): string => h.fake.messages.get(messageId)!.content;

/** The scheduled event of the tournament named `name`. */
const eventNamed = (name: string): string => [...h.fake.scheduledEvents.values()].find((e) => e.name === name)!.id;

// Each test in a server of its own: deleting one server's data leaves the others' tests alone.
beforeEach(async () => {
  h.fake.guildId = h.fake.addGuild();
  h.fake.channelId = snowflake();
});

describe('/senet privacy', () => {
  it('shows a player what is stored and deletes it after a confirmation; the games stay for the opponent', async () => {
    await startHumanGame(h);

    // Still playing: nothing is deleted, and the answer says why.
    const asked = await h.slash(h.ana, 'privacy');
    expect(asked.ephemeral).toBe(true);
    expect(text(asked)).toContain('Your name as last seen: **Ana**');
    expect(text(asked)).toContain('Games: **1** (1 still on)');
    const confirm = await clickOn(asked, h.ana, 'Delete my data');
    expect(confirm.type).toBe(7); // the private answer is replaced in place
    expect(text(confirm)).toMatch(/^\*\*Delete your data\?\*\* This cannot be undone/);
    const refused = await clickOn(confirm, h.ana, 'Yes, delete my data');
    expect(text(refused)).toMatch(/cannot be deleted while you are still playing: 1 live game and 0 open challenges/);
    expect(h.fake.buttons(refused.message!.id)).toEqual([]);

    assertReplyOk(await h.slash(h.ana, 'resign'), h);
    const again = await h.slash(h.ana, 'privacy');
    expect(text(again)).toContain('Games: **1** (0 still on); challenges: **1**');
    expect(text(again)).toContain('Ratings: **1**');

    // The buttons carry whose answer they are on: anyone else's click changes nothing.
    const forged = await clickOn(again, h.ben, 'Delete my data');
    expect(forged.ephemeral).toBe(true);
    expect(text(forged)).toMatch(/belong to someone else/);

    const cancelled = await clickOn(await clickOn(again, h.ana, 'Delete my data'), h.ana, 'Cancel');
    expect(text(cancelled)).toBe('Nothing was deleted.');
    expect(await stored('SELECT count(*) AS n FROM players WHERE user_id = ?', h.ana.id)).toBe(1);

    const last = await h.slash(h.ana, 'privacy');
    const done = await clickOn(await clickOn(last, h.ana, 'Delete my data'), h.ana, 'Yes, delete my data');
    expect(text(done)).toMatch(/^\*\*Your data is deleted\.\*\* .*your game now shows a deleted player\./);
    for (const [table, column] of [
      ['players', 'user_id'],
      ['games', 'white_id'],
      ['games', 'black_id'],
      ['actions', 'user_id'],
      ['ratings', 'user_id'],
    ] as const)
      expect(
        await stored(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, h.ana.id),
        `${table}.${column}`,
      ).toBe(0);

    // Ben's record keeps the game, against a deleted player; Ana is a stranger to the bot now.
    const history = await h.slash(h.ben, 'history');
    assertReplyOk(history, h);
    expect(text(history)).toContain('deleted player');
    expect(text(history)).not.toContain('Ana');
    expect(text(await h.slash(h.ana, 'privacy'))).toBe('I store nothing about you: no name, no settings, no games.');
    expect((await h.service.storage.verify()).problems).toEqual([]);
  });

  it('draws the tournament messages that named them again, and leaves nothing of them in any table', async () => {
    const admin = newAdmin();
    const guildId = h.fake.guildId;
    const zoltan = h.fake.newUser('Zoltan');
    h.fake.setNickname(guildId, zoltan, 'Zed of the Nile');
    const cup = await tournament(admin, 'Farewell Cup', [zoltan, h.ben]);
    const started = await h.fake.groupCommand(
      admin,
      'senet-admin',
      'tournament',
      'start',
      [{ name: 'id', type: OPTION.integer, value: cup.id }],
      [],
    );
    await h.settle();
    expect(text(started)).toContain('starts now');
    // Its one game, in a thread of the tournament's channel: Zoltan resigns it, which ends the tournament.
    const thread = [...h.fake.threads.values()].find((t) => t.parentId === h.fake.channelId)!;
    const home = h.fake.channelId;
    h.fake.channelId = thread.id;
    assertReplyOk(await h.slash(zoltan, 'resign'), h);
    h.fake.channelId = home;
    expect(contentOf(cup.messageId)).toContain('**Finished.**');
    expect(contentOf(cup.messageId)).toContain('Zed of the Nile'); // the server's nickname, in its table

    expect(text(await h.slash(zoltan, 'privacy'))).toContain('your nickname in 1 server (shown there only)');
    const done = await deleteMyData(zoltan);
    expect(text(done)).toMatch(/^\*\*Your data is deleted\.\*\*/);
    expect(text(done)).toContain('1 tournament message now shows a deleted player in your place.');
    expect(contentOf(cup.messageId)).not.toContain('Zed of the Nile');
    expect(contentOf(cup.messageId)).toContain('deleted player');
    // Their id, display name and nickname: in no column of any table.
    expect(await storedAnywhere(h.service.storage.db, [zoltan.id, 'Zoltan', 'Zed of the Nile'])).toEqual([]);
  });

  it('says when a tournament message could not be drawn again yet, and draws it at a later sweep', async () => {
    const admin = newAdmin();
    const yusuf = h.fake.newUser('Yusuf');
    const cup = await tournament(admin, 'Open Cup', [yusuf, h.ben]);
    expect(contentOf(cup.messageId)).toMatch(/^Players: .*Yusuf/m);
    // Discord fails every edit of the tournament message (discord.js tries a 5xx again by itself) until it recovers.
    const editingCup = (r: { method: string; path: string }) => r.method === 'PATCH' && r.path.endsWith(cup.messageId);
    h.fake.failRequests(editingCup, FAILURE.serverError, 100);

    const done = await deleteMyData(yusuf);
    expect(text(done)).toContain('Still to do in Discord: 1. I try again over the next few minutes.');
    expect(contentOf(cup.messageId)).toContain('Yusuf');

    h.fake.clearFailures();
    await h.bot.sweeper.sweepOnce();
    expect(contentOf(cup.messageId)).toMatch(/^Players: Ben$/m);
  });

  it("works in a channel where the bot may not post: its answers are private, so they need none of the bot's permissions", async () => {
    h.fake.appPermissions = (BigInt(ALL_PERMISSIONS) & ~PERMISSION.sendMessages).toString();
    try {
      const set = await h.slash(h.ana, 'settings', [{ name: 'reminders', type: OPTION.string, value: 'off' }]);
      expect(text(set)).toMatch(/^Turn reminders are now \*\*off\*\*/);
      const asked = await h.slash(h.ana, 'privacy');
      expect(text(asked)).toContain('turn reminders **off**');
      const done = await clickOn(await clickOn(asked, h.ana, 'Delete my data'), h.ana, 'Yes, delete my data');
      expect(text(done)).toMatch(/^\*\*Your data is deleted\.\*\* Your name, settings and tokens are gone\./);
      expect(await stored('SELECT count(*) AS n FROM player_settings WHERE user_id = ?', h.ana.id)).toBe(0);
    } finally {
      h.fake.appPermissions = ALL_PERMISSIONS;
    }
  });
});

describe('/senet-admin data', () => {
  it("shows an admin the server's data and deletes all of it after a confirmation", async () => {
    const admin = h.fake.newUser('Cleo');
    h.fake.memberPermissions.set(admin.id, ADMIN_PERMISSIONS);
    await startHumanGame(h);
    const guildId = h.fake.guildId;

    const member = await h.fake.command(h.ana, 'senet-admin', 'data');
    expect(text(member)).toMatch(/Only members with the Manage Server permission/);

    const shown = await h.fake.command(admin, 'senet-admin', 'data');
    expect(shown.ephemeral).toBe(true);
    expect(text(shown)).toContain('Games: **1** (1 still on)');
    expect(text(shown)).toContain('30 days later');
    const confirm = await clickOn(shown, admin, "Delete this server's data");
    expect(text(confirm)).toMatch(/^\*\*Delete all of this server's data\?\*\* .*1 game \(1 still on\)/);
    // The confirmation checks Manage Server again, for whoever clicks.
    expect(text(await clickOn(confirm, h.ana, 'Yes, delete everything'))).toMatch(
      /Only members with the Manage Server/,
    );
    expect(await stored('SELECT count(*) AS n FROM games WHERE guild_id = ?', guildId)).toBe(1);

    const done = await clickOn(confirm, admin, 'Yes, delete everything');
    expect(text(done)).toMatch(/^\*\*This server's data is deleted\*\* \(1 game, 0 ratings\)/);
    expect(await stored('SELECT count(*) AS n FROM games WHERE guild_id = ?', guildId)).toBe(0);
    expect(await stored('SELECT count(*) AS n FROM challenges WHERE guild_id = ?', guildId)).toBe(0);
    expect(await stored('SELECT count(*) AS n FROM players WHERE user_id = ?', h.ana.id)).toBe(0);
  });
});

describe('a server’s deletion in Discord', () => {
  it('deletes its turn reminders and scheduled events, and keeps no row of anyone who only joined its tournament', async () => {
    const admin = newAdmin();
    const guildId = h.fake.guildId;
    await startHumanGame(h);
    // The player to act is reminded after the server's delay (10 minutes by default).
    h.advance(10 * 60_000);
    await h.bot.sweeper.sweepOnce();
    const reminder = [...h.fake.messages.values()].find((m) => m.content.includes('turn in Senet'));
    expect(reminder).toBeDefined();
    // A tournament with a scheduled event, in another channel, that Dora only joined.
    h.fake.channelId = snowflake();
    const dora = h.fake.newUser('Dora');
    await tournament(admin, 'Data Cup', [dora]);
    const event = eventNamed('Data Cup');

    const done = await deleteServerData(admin);
    expect(text(done)).toMatch(/^\*\*This server's data is deleted\*\* \(1 game, 0 ratings\)/);
    expect(text(done)).toContain('2 turn reminders and scheduled events of this server were deleted from Discord.');
    expect(h.fake.messages.has(reminder!.id)).toBe(false);
    expect(h.fake.scheduledEvents.has(event)).toBe(false);
    // Nothing of the server, nor of the people who played or joined only there, in any table.
    const ids = [guildId, dora.id, h.ana.id, h.ben.id];
    expect(await storedAnywhere(h.service.storage.db, ids)).toEqual([]);
  });

  it('says what Discord did not let it remove yet, and removes it at a later sweep', async () => {
    const admin = newAdmin();
    await tournament(admin, 'Stormy Cup', []);
    const event = eventNamed('Stormy Cup');
    // Discord fails every try of this deletion (discord.js tries a 5xx again by itself) until it recovers.
    const deletingEvents = (r: { method: string; path: string }) =>
      r.method === 'DELETE' && r.path.includes('/scheduled-events/');
    h.fake.failRequests(deletingEvents, FAILURE.serverError, 100);

    const done = await deleteServerData(admin);
    expect(text(done)).toMatch(/^\*\*This server's data is deleted\*\*/);
    expect(text(done)).toContain('Still to do in Discord: 1. I try again over the next few minutes.');
    expect(text(done)).not.toContain('were deleted from Discord');
    expect(h.fake.scheduledEvents.has(event)).toBe(true);

    h.fake.clearFailures();
    await h.bot.sweeper.sweepOnce();
    expect(h.fake.scheduledEvents.has(event)).toBe(false);
    expect(await stored('SELECT count(*) AS n FROM event_deletions')).toBe(0);
  });
});

describe('a server the bot was removed from', () => {
  it('has its data deleted by the sweeper after the grace period, unless the bot is added back', async () => {
    const left = h.fake.guildId;
    await startHumanGame(h);
    assertReplyOk(await h.slash(h.ana, 'resign'), h);
    const back = (h.fake.guildId = h.fake.addGuild());
    h.fake.channelId = snowflake();
    await startHumanGame(h);

    h.fake.removeGuild(left);
    h.fake.removeGuild(back);
    const pending = (): Promise<number> => stored('SELECT count(*) AS n FROM servers_left');
    await vi.waitFor(async () => expect(await pending()).toBe(2), { timeout: 10_000 });
    h.fake.rejoinGuild(back);
    await vi.waitFor(async () => expect(await pending()).toBe(1), { timeout: 10_000 });

    h.advance(LEFT_SERVER_GRACE_MS - 60_000);
    await h.bot.sweeper.sweepOnce();
    expect(await stored('SELECT count(*) AS n FROM games WHERE guild_id = ?', left)).toBe(1);
    h.advance(60_000);
    await h.bot.sweeper.sweepOnce();
    expect(await stored('SELECT count(*) AS n FROM games WHERE guild_id = ?', left)).toBe(0);
    expect(await stored('SELECT count(*) AS n FROM games WHERE guild_id = ?', back)).toBe(1);
    expect(await pending()).toBe(0);
    expect(await storedAnywhere(h.service.storage.db, [left])).toEqual([]);
    expect(h.logs.some((l) => l.includes('deleted the data of servers the bot left'))).toBe(true);
  });
});
