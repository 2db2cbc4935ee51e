// Commit and reveal, through the real discord.js client: a new game's board shows the commitment
// to its dice from the start, its last board reveals the secret, and /senet verify rechecks every
// throw of a finished game, shows only the commitment of a live one, tells a game from before
// verifiable dice, and answers a game the asker may not see as /senet replay answers a missing one.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type GameState, SeededSticks } from '../../src/engine/index.js';
import { OPTION, type InteractionReply, snowflake } from './fake/fakeDiscord.js';
import {
  actButtons,
  assertReplyOk,
  boardOf,
  harnessForFile,
  liveGameIn,
  pickButton,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';

const h = harnessForFile();

const verifyAs = (user = h.ana, gameId: number): Promise<InteractionReply> =>
  h.slash(user, 'verify', [{ name: 'game', type: OPTION.integer, value: gameId }]);

const contentOf = (reply: InteractionReply): string => String(reply.data?.content);

/** The game's secret as stored: what must not show before the game ends. */
async function storedSecret(gameId: number): Promise<string> {
  const row = await h.service.storage.db.get<{ dice_secret: string }>('SELECT dice_secret FROM games WHERE id = ?', [
    gameId,
  ]);
  return row!.dice_secret;
}

/** The commitment to a secret as docs/players.md defines it. */
const commitmentOf = (secret: string): string =>
  createHash('sha256').update(`senet dice v1 commitment ${secret}`).digest('hex');

/** Plays the board's game to its end, each player pressing the furthest-reaching button. */
async function playToEnd(board: string): Promise<void> {
  for (;;) {
    const buttons = actButtons(h, board);
    if (buttons.length === 0) return;
    const name = toActName(h.fake.messages.get(board)!.content)!;
    assertReplyOk(await h.click(userNamed(h, name), board, pickButton(buttons).custom_id!), h);
  }
}

describe('commit and reveal', () => {
  it('shows the commitment from the first board and reveals at the end the secret that hashes to it', async () => {
    const started = await h.slash(h.ana, 'play', [
      { name: 'rules', type: OPTION.string, value: 'pennsic' },
      { name: 'strength', type: OPTION.string, value: 'easy' },
    ]);
    assertReplyOk(started, h);
    const board = boardOf(h, started.message!.id);
    const { gameId } = await liveGameIn(h, h.fake.channelId);
    const first = h.fake.messages.get(board)!.content;
    const shown =
      /^-# 🎲 Dice commitment: `([0-9a-f]{16})` \(the secret is shown when the game ends\) · \/senet verify game:(\d+)$/m.exec(
        first,
      );
    expect(shown?.[2]).toBe(String(gameId));
    const secret = await storedSecret(gameId);
    expect(first).not.toContain(secret);

    // While it is on, /senet verify shows the whole commitment and nothing of the secret.
    const live = await verifyAs(h.ben, gameId); // any member who sees the channel may ask
    expect(live.ephemeral).toBe(true);
    expect(contentOf(live)).toBe(
      [
        `**Dice of game #${gameId}**`,
        `Commitment (SHA-256 of the secret): \`${commitmentOf(secret)}\``,
        'The game is still on: its secret is shown when it ends. Its board has shown the first 16 digits of this commitment from the start.',
      ].join('\n'),
    );
    expect(commitmentOf(secret).startsWith(shown![1]!)).toBe(true);

    await playToEnd(board);
    const last = h.fake.messages.get(board)!.content;
    const revealed =
      /^-# 🎲 Dice secret: `([0-9a-f]{64})` · commitment `([0-9a-f]{16})` · \/senet verify game:\d+ checks every throw$/m.exec(
        last,
      );
    expect(revealed?.[1]).toBe(secret);
    // What the board committed to at the start is the hash of what it reveals at the end.
    expect(commitmentOf(revealed![1]!).slice(0, 16)).toBe(shown![1]);
    expect(revealed?.[2]).toBe(shown![1]);

    const throws = (
      await h.service.storage.db.all<{ action: string }>('SELECT action FROM actions WHERE game_id = ?', [gameId])
    ).filter((row) => (JSON.parse(row.action) as { type: string }).type === 'throw').length;
    const finished = await verifyAs(h.ana, gameId);
    expect(finished.ephemeral).toBe(true);
    expect(contentOf(finished).split('\n')).toEqual([
      `**Dice of game #${gameId}**`,
      `Commitment (SHA-256 of the secret): \`${commitmentOf(secret)}\``,
      `Secret: \`${secret}\``,
      `✅ All ${throws} throws match the secret.`,
      expect.stringMatching(/^-# Check it yourself: HMAC-SHA-256 keyed with the secret over `senet dice v1 throw 1`/),
    ]);
    // The game id is offered as for /senet replay.
    const offered = await h.fake.autocomplete(h.ana, 'verify', { name: 'game', type: OPTION.integer, value: '' });
    expect(offered.map((c) => c.value)).toContain(gameId);
  });

  it('names the first throw that does not match the secret', async () => {
    const board = await startHumanGame(h);
    const { gameId } = await liveGameIn(h, h.fake.channelId);
    await playToEnd(board);
    // A throw logged with another value than the one shown (what a tampered log would hold).
    const db = h.service.storage.db;
    await db.run('DROP TRIGGER actions_no_update');
    const secondThrow = (
      await db.all<{ seq: number; action: string; throw_value: number }>(
        'SELECT seq, action, throw_value FROM actions WHERE game_id = ? ORDER BY seq',
        [gameId],
      )
    ).filter((row) => (JSON.parse(row.action) as { type: string }).type === 'throw')[1]!;
    const other = secondThrow.throw_value === 1 ? 2 : 1;
    await db.run('UPDATE actions SET throw_value = ? WHERE game_id = ? AND seq = ?', [other, gameId, secondThrow.seq]);
    const reply = await verifyAs(h.ana, gameId);
    expect(contentOf(reply)).toContain(
      `❌ Throw 2 does not match: the game showed ${other}, the secret gives ${secondThrow.throw_value}.`,
    );
  });
});

describe('/senet verify', () => {
  it('answers a game the asker may not see exactly as a missing one, as /senet replay does', async () => {
    const general = h.fake.channelId;
    const staff = snowflake();
    h.fake.channelId = staff;
    h.fake.restrictChannel(staff, [h.ana, h.ben]);
    await startHumanGame(h);
    const { gameId } = await liveGameIn(h, staff);
    const cleo = h.fake.newUser('Cleo');
    h.fake.channelId = general;
    const hidden = await verifyAs(cleo, gameId);
    expect(hidden.ephemeral).toBe(true);
    expect(contentOf(hidden)).toBe(`There is no game #${gameId} here.`);
    const replayed = await h.slash(cleo, 'replay', [{ name: 'game', type: OPTION.integer, value: gameId }]);
    expect(contentOf(replayed)).toBe(contentOf(hidden));
    const missing = await verifyAs(cleo, 999_999);
    expect(contentOf(missing)).toBe('There is no game #999999 here.');
    expect(await h.fake.autocomplete(cleo, 'verify', { name: 'game', type: OPTION.integer, value: '' })).toEqual([]);
  });

  it('tells a game from before verifiable dice, whose board shows no commitment', async () => {
    const board = await startHumanGame(h);
    const { gameId } = await liveGameIn(h, h.fake.channelId);
    // The game as migration 15 leaves one started before it: the old generator, seeded.
    const db = h.service.storage.db;
    const row = await db.get<{ state: string }>('SELECT state FROM games WHERE id = ?', [gameId]);
    const { thrown: _, ...rest } = JSON.parse(row!.state) as GameState;
    const seeded = { ...rest, rng: SeededSticks.fromSeed(7).state() };
    await db.run(`UPDATE games SET dice = 'seeded', dice_secret = NULL, seed = 7, state = ? WHERE id = ?`, [
      JSON.stringify(seeded),
      gameId,
    ]);
    const reply = await verifyAs(h.ana, gameId);
    expect(reply.ephemeral).toBe(true);
    expect(contentOf(reply)).toBe(
      `Game #${gameId} was played before verifiable dice: its throws came from the old generator, which cannot be checked this way.`,
    );
    const name = toActName(h.fake.messages.get(board)!.content)!;
    assertReplyOk(await h.click(userNamed(h, name), board, pickButton(actButtons(h, board)).custom_id!), h);
    expect(h.fake.messages.get(board)!.content).not.toMatch(/Dice/);
  });
});
