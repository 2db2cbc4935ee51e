// Data rights through the real discord.js client against the fake Discord: /senet privacy shows a
// player what is stored and deletes it after a confirmation (their games stay for their opponent,
// shown with a deleted player), /senet-admin data deletes a server's data, and a server the bot
// was removed from is deleted by the sweeper after the grace period unless the bot is added back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LEFT_SERVER_GRACE_MS } from '../../src/game/serverData.js';
import {
  ALL_PERMISSIONS,
  ADMIN_PERMISSIONS,
  OPTION,
  PERMISSION,
  snowflake,
  type FakeUser,
  type InteractionReply,
} from './fake/fakeDiscord.js';
import { assertReplyOk, harnessForFile, startHumanGame } from './harness.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

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

const stored = (sql: string, ...params: string[]): number =>
  sqliteConnection(h.service.storage.db)
    .prepare(sql)
    .pluck()
    .get(...params) as number;

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
    expect(stored('SELECT count(*) FROM players WHERE user_id = ?', h.ana.id)).toBe(1);

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
      expect(stored(`SELECT count(*) FROM ${table} WHERE ${column} = ?`, h.ana.id), `${table}.${column}`).toBe(0);

    // Ben's record keeps the game, against a deleted player; Ana is a stranger to the bot now.
    const history = await h.slash(h.ben, 'history');
    assertReplyOk(history, h);
    expect(text(history)).toContain('deleted player');
    expect(text(history)).not.toContain('Ana');
    expect(text(await h.slash(h.ana, 'privacy'))).toBe('I store nothing about you: no name, no settings, no games.');
    expect((await h.service.storage.verify()).problems).toEqual([]);
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
      expect(stored('SELECT count(*) FROM player_settings WHERE user_id = ?', h.ana.id)).toBe(0);
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
    expect(stored('SELECT count(*) FROM games WHERE guild_id = ?', guildId)).toBe(1);

    const done = await clickOn(confirm, admin, 'Yes, delete everything');
    expect(text(done)).toMatch(/^\*\*This server's data is deleted\*\* \(1 game, 0 ratings\)/);
    expect(stored('SELECT count(*) FROM games WHERE guild_id = ?', guildId)).toBe(0);
    expect(stored('SELECT count(*) FROM challenges WHERE guild_id = ?', guildId)).toBe(0);
    expect(stored('SELECT count(*) FROM players WHERE user_id = ?', h.ana.id)).toBe(0);
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
    const pending = (): number => stored('SELECT count(*) FROM servers_left');
    await vi.waitFor(() => expect(pending()).toBe(2), { timeout: 10_000 });
    h.fake.rejoinGuild(back);
    await vi.waitFor(() => expect(pending()).toBe(1), { timeout: 10_000 });

    h.advance(LEFT_SERVER_GRACE_MS - 60_000);
    await h.bot.sweeper.sweepOnce();
    expect(stored('SELECT count(*) FROM games WHERE guild_id = ?', left)).toBe(1);
    h.advance(60_000);
    await h.bot.sweeper.sweepOnce();
    expect(stored('SELECT count(*) FROM games WHERE guild_id = ?', left)).toBe(0);
    expect(stored('SELECT count(*) FROM games WHERE guild_id = ?', back)).toBe(1);
    expect(pending()).toBe(0);
    expect(h.logs.some((l) => l.includes('deleted the data of servers the bot left'))).toBe(true);
  });
});
