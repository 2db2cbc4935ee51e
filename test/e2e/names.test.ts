// Names as people chose them, through the real discord.js client against the fake Discord: a
// display name or nickname full of markdown (a masked link, bold, a heading, a mention) is shown as
// written in every message the bot sends, never as markup, while pictures and the names of threads
// and events take it as it is; and a server nickname is shown in that server only, the display name
// everywhere else (other servers, DMs and group DMs).
import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, OPTION, snowflake, type InteractionReply } from './fake/fakeDiscord.js';
import { assertReplyOk, boardOf, challengeAs, harnessForFile, pickButton, actButtons } from './harness.js';

const h = harnessForFile();

/** A display name that is a masked link (29 characters: Discord allows 32). */
const LINK_NAME = '[Nitro](https://evil.example)';
/** As a message must show it: every mark escaped, so Discord draws the characters themselves. */
const LINK_SHOWN = '\\[Nitro\\](https\\://evil.example)';
/** A heading, bold, a user mention and @everyone. */
const LOUD_NAME = '# **Ben** <@1> @everyone';
const LOUD_SHOWN = '\\# \\*\\*Ben\\*\\* \\<\\@1\\> \\@everyone';
/** A tournament named with bold and a spoiler. */
const CUP_NAME = '**Big** ||Cup||';
const CUP_SHOWN = '\\*\\*Big\\*\\* \\|\\|Cup\\|\\|';

const text = (reply: InteractionReply): string => String(reply.data?.content);

interface Sent {
  content: string;
  /** allowed_mentions (channel-message/create.mdx, "Allowed Mentions Object"): whom the message may ping. */
  mentions: { parse?: string[]; users?: string[] } | undefined;
}

/** Every message the bot sent: posts, edits, interaction answers (their `data`) and their edits. */
function sentMessages(from = 0): Sent[] {
  return h.fake.requests.slice(from).flatMap((r) => {
    // An interaction answer carries its message in `data`; a post or an edit is the message itself.
    const body = (r.body?.data ?? r.body ?? {}) as Record<string, unknown>;
    const content = body.content;
    return typeof content === 'string' ? [{ content, mentions: body.allowed_mentions as Sent['mentions'] }] : [];
  });
}

/** A content without its code blocks (Discord shows their text as it is: no markdown to escape there). */
const outsideCode = (content: string): string => content.replace(/```[\s\S]*?```/g, '');

/** Fails on any live markup a hostile name could bring into a message. */
function expectNoLiveMarkup(content: string): void {
  const prose = outsideCode(content);
  expect(prose, content).not.toContain('[Nitro](');
  expect(prose, content).not.toContain('**Ben**');
  expect(prose, content).not.toMatch(/(^|[^\\])<@1>/);
  expect(prose, content).not.toMatch(/(^|[^\\])@everyone/);
  expect(prose, content).not.toMatch(/^# /m);
  expect(prose, content).not.toContain('||Cup||');
}

describe('names people chose', () => {
  it('are shown as written in every kind of message, and drawn as they are', async () => {
    const first = h.fake.requests.length;
    h.ana = h.fake.newUser(LINK_NAME);
    h.ben = h.fake.newUser(LOUD_NAME);

    // The challenge, then the lobby, thread and board of the accepted game.
    const challenge = await challengeAs(h, h.ana, h.ben);
    assertReplyOk(challenge, h);
    expect(text(challenge)).toContain(LINK_SHOWN); // the opponent is mentioned, by id
    assertReplyOk(await h.click(h.ben, challenge.message!.id, h.fake.buttons(challenge.message!.id)[0]!.custom_id!), h);
    const board = boardOf(h, challenge.message!.id);
    expect(h.fake.messages.get(board)!.content).toContain(LINK_SHOWN);
    const thread = h.fake.threads.get(challenge.message!.id)!;
    expect(thread.name).toContain(LINK_NAME); // a thread's name is plain text
    expect(h.fake.messages.get(board)!.attachments[0]!.description).toContain(LINK_NAME); // so is alt text

    // A refusal naming the player to act, then a turn reminder, then the result with ratings.
    const toAct = h.fake.messages.get(board)!.content.includes(`**${LINK_SHOWN}** to throw`) ? h.ana : h.ben;
    const waiting = toAct === h.ana ? h.ben : h.ana;
    const refused = await h.click(waiting, board, pickButton(actButtons(h, board)).custom_id!);
    expect(refused.ephemeral).toBe(true);
    expect(text(refused)).toContain(toAct === h.ana ? LINK_SHOWN : LOUD_SHOWN);
    h.advance(10 * 60_000); // the reminder delay
    await h.bot.sweeper.sweepOnce();
    const reminder = [...h.fake.messages.values()].find((m) => m.content.includes('turn in Senet'));
    expect(reminder!.content).toContain(toAct === h.ana ? LOUD_SHOWN : LINK_SHOWN);
    h.fake.channelId = thread.id;
    assertReplyOk(await h.slash(h.ben, 'resign'), h);
    expect(h.fake.messages.get(board)!.content).toContain(`${LINK_SHOWN} wins`);
    h.fake.channelId = thread.parentId;

    // What players look up: the leaderboard, a history, stats.
    expect(text(await h.slash(h.ana, 'leaderboard'))).toContain(LOUD_SHOWN);
    expect(text(await h.slash(h.ben, 'history'))).toContain(LINK_SHOWN);
    const stats = await h.slash(h.ben, 'stats', [{ name: 'user', type: OPTION.user, value: h.ana.id }], [h.ana]);
    expect(text(stats)).toContain(LINK_SHOWN);

    // A tournament with a hostile name: its message, its scheduled event, the admin's answers.
    const admin = h.fake.newUser('Cleo');
    h.fake.memberPermissions.set(admin.id, ADMIN_PERMISSIONS);
    h.fake.channelId = snowflake();
    const created = await h.fake.groupCommand(
      admin,
      'senet-admin',
      'tournament',
      'create',
      [
        { name: 'name', type: OPTION.string, value: CUP_NAME },
        { name: 'format', type: OPTION.string, value: 'swiss' },
        { name: 'start_in', type: OPTION.integer, value: 30 },
      ],
      [],
    );
    await h.settle();
    assertReplyOk(created, h);
    const cup = created.message!.id;
    const id = Number(/\(#(\d+)\)/.exec(h.fake.messages.get(cup)!.content)![1]);
    for (const player of [h.ana, h.ben]) assertReplyOk(await h.click(player, cup, `senet:join:${id}`), h);
    const cupContent = h.fake.messages.get(cup)!.content;
    expect(cupContent).toContain(CUP_SHOWN);
    expect(cupContent).toContain(`Players: ${LINK_SHOWN}, ${LOUD_SHOWN}`);
    expect([...h.fake.scheduledEvents.values()].some((e) => e.name === CUP_NAME)).toBe(true); // plain text
    const removed = await h.fake.groupCommand(
      admin,
      'senet-admin',
      'tournament',
      'remove',
      [
        { name: 'id', type: OPTION.integer, value: id },
        { name: 'player', type: OPTION.user, value: h.ben.id },
      ],
      [h.ben],
    );
    expect(text(removed)).toContain(`${LOUD_SHOWN} is out of **${CUP_SHOWN}**`);

    // Not one message the bot sent carries live markup from a name, nor may any ping a role or everyone.
    const sent = sentMessages(first);
    expect(sent.length).toBeGreaterThan(10);
    for (const { content, mentions } of sent) {
      expectNoLiveMarkup(content);
      // Without allowed_mentions Discord would ping whatever the content mentions.
      expect(mentions, content).toBeDefined();
      expect(mentions?.parse ?? [], content).toEqual([]);
    }
  });
});

describe('a server nickname', () => {
  it('is shown in its own server only; elsewhere people see the display name', async () => {
    const home = h.fake.guildId;
    h.fake.setNickname(home, h.ana, 'SecretNick');
    /** Ana challenges Ben in the current channel, then resigns: a finished, rated game. */
    const playOne = async (): Promise<void> => {
      const made = await challengeAs(h, h.ana, h.ben);
      assertReplyOk(made, h);
      assertReplyOk(await h.click(h.ben, made.message!.id, h.fake.buttons(made.message!.id)[0]!.custom_id!), h);
      assertReplyOk(await h.slash(h.ana, 'resign'), h);
    };
    // A group DM game, then one in another server, and last one in Ana's own server, where she is
    // SecretNick: the name seen last is her nickname.
    const groupDm = h.fake.goTo({ kind: 'privateChannel', group: true });
    await playOne();
    const other = (h.fake.guildId = h.fake.addGuild());
    const otherChannel = (h.fake.channelId = snowflake());
    await playOne();
    h.fake.guildId = home;
    h.fake.channelId = snowflake();
    await playOne();
    expect(text(await h.slash(h.ben, 'leaderboard'))).toContain('SecretNick');

    // The other server: its leaderboard and Ben's history there name Ana by her display name.
    h.fake.guildId = other;
    h.fake.channelId = otherChannel;
    for (const shown of [await h.slash(h.ben, 'leaderboard'), await h.slash(h.ben, 'history')]) {
      expect(text(shown)).toContain('Ana');
      expect(text(shown)).not.toContain('SecretNick');
    }
    // The group DM: Ben's history there too.
    h.fake.channelId = groupDm;
    const history = await h.slash(h.ben, 'history');
    expect(text(history)).toContain('vs Ana');
    expect(text(history)).not.toContain('SecretNick');
    h.fake.guildId = home;
  });
});
