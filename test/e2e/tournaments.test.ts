// Tournaments through the real discord.js client against the fake Discord: an admin creates one,
// players press Join, the bot pairs each round and opens every game in its own thread, players
// resign (so the test decides the results), the bot restarts in the middle of a round, the round's
// time limit decides the last game, and the final table is checked against the test's own
// calculation of scores, Buchholz and Sonneborn-Berger (Swiss) or of the rounds reached (knockout).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  ADMIN_PERMISSIONS,
  OPTION,
  type FakeUser,
  type InteractionReply,
  type SlashOption,
} from './fake/fakeDiscord.js';
import { actButtons, assertReplyOk, harnessForFile, pickButton, toActName } from './harness.js';

const h = harnessForFile();
const MINUTE = 60_000;
const ROUND_MINUTES = 30;

let admin: FakeUser;
beforeEach(async () => {
  admin = h.fake.newUser('Admin');
  h.fake.memberPermissions.set(admin.id, ADMIN_PERMISSIONS);
});

async function tournamentCommand(
  subcommand: string,
  options: SlashOption[],
  users: FakeUser[] = [],
): Promise<InteractionReply> {
  const reply = await h.fake.groupCommand(admin, 'senet-admin', 'tournament', subcommand, options, users);
  await h.settle();
  return reply;
}

const contentOf = (messageId: string): string => h.fake.messages.get(messageId)!.content;
const textOf = (reply: InteractionReply): string => String(reply.data?.content);

/** One board of a round as the tournament message lists it. */
interface Board {
  board: number;
  first: string;
  second: string | null;
  threadId: string | null;
}

/** The current round's boards, read from the tournament message. */
function boardsIn(content: string): Board[] {
  const boards: Board[] = [];
  for (const line of content.split('\n')) {
    const game = /^(\d+)\. (\S+) vs (\S+) · (?:<#(\d+)>)?/.exec(line);
    if (game) boards.push({ board: Number(game[1]), first: game[2]!, second: game[3]!, threadId: game[4] ?? null });
    const bye = /^(\d+)\. (\S+): bye/.exec(line);
    if (bye) boards.push({ board: Number(bye[1]), first: bye[2]!, second: null, threadId: null });
  }
  return boards;
}

/** The table in the tournament message's code block, as lists of cells. */
function tableIn(content: string): string[][] {
  const block = /```\n([\s\S]*?)\n```/.exec(content)?.[1];
  if (!block) throw new Error(`no table in:\n${content}`);
  return block
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/));
}

/** `user` resigns the game in `threadId` with /senet resign, typed in the thread. */
async function resignIn(threadId: string, user: FakeUser): Promise<void> {
  const home = h.fake.channelId;
  h.fake.channelId = threadId;
  try {
    assertReplyOk(await h.slash(user, 'resign'), h);
  } finally {
    h.fake.channelId = home;
  }
}

/** Creates a tournament as the admin and has `players` join it: its message id and number. */
async function createWithPlayers(
  options: SlashOption[],
  players: FakeUser[],
): Promise<{ messageId: string; id: number }> {
  const created = await tournamentCommand('create', options);
  assertReplyOk(created, h);
  const messageId = created.message!.id;
  const id = Number(/\(#(\d+)\)/.exec(contentOf(messageId))![1]);
  for (const player of players) {
    assertReplyOk(await h.click(player, messageId, `senet:join:${id}`), h);
    // Joined a second apart: with equal ratings the seeds follow the order of joining.
    h.advance(1000);
  }
  return { messageId, id };
}

/** The player of each name. */
const byName = (players: FakeUser[]) => new Map(players.map((p) => [p.global_name, p]));

// ---- the test's own tables ----------------------------------------------------------------------

interface Played {
  round: number;
  first: string;
  second: string | null;
  winner: string;
}

/** Scores, Buchholz (opponents' scores, byes adding nothing), Sonneborn-Berger (beaten opponents' scores), seed. */
function expectedSwissTable(seeds: string[], played: Played[]): string[][] {
  const score = (name: string) => played.filter((p) => p.winner === name).length;
  const rows = seeds.map((name, seed) => {
    const games = played.filter((p) => p.second !== null && (p.first === name || p.second === name));
    const opponent = (p: Played) => (p.first === name ? p.second! : p.first);
    const buchholz = games.reduce((n, p) => n + score(opponent(p)), 0);
    const sb = games.filter((p) => p.winner === name).reduce((n, p) => n + score(opponent(p)), 0);
    return { name, seed, score: score(name), buchholz, sb };
  });
  rows.sort((a, b) => b.score - a.score || b.buchholz - a.buchholz || b.sb - a.sb || a.seed - b.seed);
  return rows.map((r, i) => [String(i + 1), r.name, String(r.score), String(r.buchholz), String(r.sb)]);
}

/** How far a side's pawns have travelled: squares stood on, 31 for each borne off. */
function travelled(state: { board: string; off: Record<'W' | 'B', number> }, side: 'W' | 'B'): number {
  return [...state.board].reduce((n, cell, i) => n + (cell === side ? i + 1 : 0), state.off[side] * 31);
}

describe('a Swiss tournament of 7 players over 3 rounds', () => {
  it('pairs by score without repeats, survives a restart mid-round, and ends with the right table', async () => {
    const players = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7'].map((name) => h.fake.newUser(name));
    const named = byName(players);
    const { messageId, id } = await createWithPlayers(
      [
        { name: 'name', type: OPTION.string, value: 'Friday Swiss' },
        { name: 'format', type: OPTION.string, value: 'swiss' },
        { name: 'rounds', type: OPTION.integer, value: 3 },
        { name: 'start_in', type: OPTION.integer, value: 10 },
        { name: 'round_time', type: OPTION.integer, value: ROUND_MINUTES },
      ],
      players,
    );
    expect(contentOf(messageId)).toContain('Players: S1, S2, S3, S4, S5, S6, S7');
    // Refusals are private and say why.
    const twice = await h.click(players[0]!, messageId, `senet:join:${id}`);
    expect(twice.ephemeral).toBe(true);
    expect(textOf(twice)).toBe('You are already in this tournament.');

    // Its start time comes: the sweep starts it.
    h.advance(10 * MINUTE);
    await h.bot.sweeper.sweepOnce();
    await h.settle();
    const late = await h.click(h.fake.newUser('Late'), messageId, `senet:join:${id}`);
    expect(late.ephemeral).toBe(true);
    expect(textOf(late)).toBe('This tournament has already started: joining is closed.');

    const seeds = players.map((p) => p.global_name);
    const played: Played[] = [];
    const met = new Set<string>();
    const byes = new Set<string>();
    const firsts = new Map(seeds.map((n) => [n, 0]));
    const score = (name: string) => played.filter((p) => p.winner === name).length;

    for (let round = 1; round <= 3; round++) {
      const content = contentOf(messageId);
      expect(content).toContain(`**Round ${round} of 3**`);
      const boards = boardsIn(content);
      // Everyone once: three games and a bye.
      expect(boards.flatMap((b) => (b.second ? [b.first, b.second] : [b.first])).sort()).toEqual([...seeds].sort());
      const bye = boards.find((b) => b.second === null)!;
      // The bye goes to the lowest-ranked player (score, then seed) who has not had one.
      const ranked = [...seeds].sort((a, b) => score(b) - score(a) || seeds.indexOf(a) - seeds.indexOf(b));
      expect(bye.first).toBe(ranked.filter((n) => !byes.has(n)).at(-1));
      byes.add(bye.first);
      played.push({ round, first: bye.first, second: null, winner: bye.first });
      const games = boards.filter((b) => b.second !== null);
      if (round === 1) {
        // Round one, Dutch: the top half against the bottom half, first moves alternating down the boards.
        expect(games.map((b) => [b.first, b.second])).toEqual([
          ['S1', 'S4'],
          ['S5', 'S2'],
          ['S3', 'S6'],
        ]);
      }
      for (const b of games) {
        const key = [b.first, b.second].sort().join('|');
        expect(met.has(key), `${key} met twice`).toBe(false);
        met.add(key);
        firsts.set(b.first, firsts.get(b.first)! + 1);
        // Each game is in its own thread, the board there mentioning both players, the first mover to throw.
        expect(b.threadId, content).not.toBeNull();
        const board = h.fake.messagesIn(b.threadId!)[0]!;
        expect(board.content).toContain(`<@${named.get(b.first)!.id}>`);
        expect(board.content).toContain(`<@${named.get(b.second!)!.id}>`);
        expect(toActName(board.content)).toBe(b.first);
      }
      // Results the test chooses: the first mover wins on the first board, the second elsewhere.
      const decided = round === 3 ? games.slice(0, -1) : games;
      for (const [i, b] of decided.entries()) {
        const [winner, loser] = i === 0 ? [b.first, b.second!] : [b.second!, b.first];
        played.push({ round, first: b.first, second: b.second, winner });
        await resignIn(b.threadId!, named.get(loser)!);
        if (round === 2 && i === 0) {
          // A restart in the middle of the round: the next games still count and the round goes on.
          await h.restart();
          await h.settle();
        }
      }
      if (round === 3) {
        // The last game is still going when the round's time runs out: decided by the position.
        const last = games.at(-1)!;
        const boardId = h.fake.messagesIn(last.threadId!)[0]!.id;
        for (let i = 0; i < 8 && actButtons(h, boardId).length > 0; i++) {
          const toAct = named.get(toActName(contentOf(boardId))!)!;
          assertReplyOk(await h.click(toAct, boardId, pickButton(actButtons(h, boardId)).custom_id!), h);
        }
        const [here] = await h.service.play.gamesHere({ channelId: last.threadId!, userId: named.get(last.first)!.id });
        const before = await h.service.play.view(here!.gameId);
        if (!before.ok) throw new Error('the last game is gone');
        const { W, B } = before.value.players;
        const ahead = travelled(before.value.state, 'W') - travelled(before.value.state, 'B');
        h.advance(ROUND_MINUTES * MINUTE);
        await h.bot.sweeper.sweepOnce();
        await h.settle();
        const after = await h.service.play.view(here!.gameId);
        if (!after.ok) throw new Error('the last game is gone');
        expect(after.value.status).toBe('finished');
        const winner = after.value.result!.winner.name.plain;
        // The thread says how: the round's time, not the player, ran out.
        const note = h.fake.messagesIn(last.threadId!).find((m) => m.content.startsWith('⏱️'));
        expect(note?.content).toContain(`**${winner}**, whose pawns had travelled further, wins.`);
        // An exact tie is settled by the game's seed: then the bot's answer is taken as given.
        if (ahead !== 0) expect(winner).toBe((ahead > 0 ? W : B).name.plain);
        played.push({ round, first: last.first, second: last.second, winner });
      }
      await h.settle();
    }

    // Balanced first moves: nobody began two games more than another (three games each at most).
    for (const n of firsts.values()) expect(n).toBeLessThanOrEqual(2);
    const final = contentOf(messageId);
    expect(final).toContain('**Finished.**');
    expect(tableIn(final)).toEqual(expectedSwissTable(seeds, played));
    expect(h.fake.buttons(messageId)).toEqual([]);
    // The end is posted in the channel with the podium.
    const table = expectedSwissTable(seeds, played);
    const post = h.fake.messagesIn(h.fake.channelId).find((m) => m.content.startsWith('🏁 **Friday Swiss**'));
    expect(post?.content).toContain(`🥇 **${table[0]![1]}** · 🥈 **${table[1]![1]}** · 🥉 **${table[2]![1]}**`);
    // /senet tournament shows it to anyone in the channel, privately, with every round's games.
    const shown = await h.slash(players[6]!, 'tournament', [{ name: 'id', type: OPTION.integer, value: id }]);
    expect(shown.ephemeral).toBe(true);
    expect(textOf(shown)).toContain('Round 1:');
    expect(textOf(shown)).toContain('(round time)');
  });
});

describe('a knockout of 5 players', () => {
  it('seeds byes to the top, survives a restart mid-round, and ranks by the round reached', async () => {
    const players = ['K1', 'K2', 'K3', 'K4', 'K5'].map((name) => h.fake.newUser(name));
    const named = byName(players);
    const { messageId, id } = await createWithPlayers(
      [
        { name: 'name', type: OPTION.string, value: 'Cup' },
        { name: 'format', type: OPTION.string, value: 'knockout' },
        { name: 'start_in', type: OPTION.integer, value: 60 },
      ],
      players,
    );
    // Leaving before the start takes the player off the list; joining again puts them back last.
    assertReplyOk(await h.click(players[4]!, messageId, `senet:leave:${id}`), h);
    expect(contentOf(messageId)).toMatch(/^Players: K1, K2, K3, K4$/m);
    assertReplyOk(await h.click(players[4]!, messageId, `senet:join:${id}`), h);
    // Not an admin: refused privately.
    const refused = await h.fake.groupCommand(players[0]!, 'senet-admin', 'tournament', 'start', [
      { name: 'id', type: OPTION.integer, value: id },
    ]);
    expect(refused.ephemeral).toBe(true);
    // The admin starts it early.
    const started = await tournamentCommand('start', [{ name: 'id', type: OPTION.integer, value: id }]);
    expect(started.ephemeral).toBe(true);
    expect(textOf(started)).toContain('starts now');

    // Round one: a bracket of 8 with byes for seeds 1, 2 and 3; seeds 4 and 5 play, on board 2,
    // where (first moves alternating down the boards) the lower seed begins.
    expect(boardsIn(contentOf(messageId)).map((b) => [b.first, b.second])).toEqual([
      ['K1', null],
      ['K5', 'K4'],
      ['K2', null],
      ['K3', null],
    ]);
    const results: Played[] = [
      { round: 1, first: 'K1', second: null, winner: 'K1' },
      { round: 1, first: 'K2', second: null, winner: 'K2' },
      { round: 1, first: 'K3', second: null, winner: 'K3' },
    ];
    // The lower seed wins the first game (K4 resigns), then the better seed wins every game.
    const r1 = boardsIn(contentOf(messageId))[1]!;
    await resignIn(r1.threadId!, named.get('K4')!);
    results.push({ round: 1, first: r1.first, second: r1.second, winner: 'K5' });
    const semis = boardsIn(contentOf(messageId));
    expect(semis.map((b) => [b.first, b.second].sort())).toEqual([
      ['K1', 'K5'],
      ['K2', 'K3'],
    ]);
    for (const [i, b] of semis.entries()) {
      const [winner, loser] = i === 0 ? ['K1', 'K5'] : ['K2', 'K3'];
      await resignIn(b.threadId!, named.get(loser)!);
      results.push({ round: 2, first: b.first, second: b.second, winner });
      if (i === 0) await h.restart();
    }
    await h.settle();
    const final = boardsIn(contentOf(messageId));
    expect(final.map((b) => [b.first, b.second].sort())).toEqual([['K1', 'K2']]);
    await resignIn(final[0]!.threadId!, named.get('K2')!);
    results.push({ round: 3, first: final[0]!.first, second: final[0]!.second, winner: 'K1' });

    // Expected: the champion, then by the round lost in (later first), then boards won, then seed.
    const seeds = ['K1', 'K2', 'K3', 'K4', 'K5'];
    const outIn = (n: string) =>
      results.find((r) => r.second !== null && (r.first === n || r.second === n) && r.winner !== n)?.round ?? Infinity;
    const wins = (n: string) => results.filter((r) => r.winner === n).length;
    const expected = [...seeds].sort(
      (a, b) => outIn(b) - outIn(a) || wins(b) - wins(a) || seeds.indexOf(a) - seeds.indexOf(b),
    );
    const table = tableIn(contentOf(messageId));
    expect(table.map((row) => row[1])).toEqual(expected);
    expect(table.map((row) => row[3])).toEqual(expected.map((n) => (outIn(n) === Infinity ? '-' : `R${outIn(n)}`)));
    expect(contentOf(messageId)).toContain('**Finished.**');
  });
});

describe('a tournament’s scheduled event', () => {
  it('is created where the bot may, for the start time, and cancelled with the tournament', async () => {
    const created = await tournamentCommand('create', [
      { name: 'name', type: OPTION.string, value: 'Sunday Cup' },
      { name: 'format', type: OPTION.string, value: 'knockout' },
      { name: 'start_in', type: OPTION.integer, value: 30 },
    ]);
    assertReplyOk(created, h);
    const id = Number(/\(#(\d+)\)/.exec(contentOf(created.message!.id))![1]);
    const event = [...h.fake.scheduledEvents.values()].find((e) => e.name === 'Sunday Cup')!;
    expect(event.entity_type).toBe(3);
    expect(Date.parse(event.scheduled_start_time)).toBe(h.clock.now + 30 * MINUTE);
    expect(event.entity_metadata?.location).toContain(created.message!.id);
    expect(event.status).toBe(1);
    const cancelled = await tournamentCommand('cancel', [{ name: 'id', type: OPTION.integer, value: id }]);
    expect(textOf(cancelled)).toContain('is cancelled');
    expect(event.status).toBe(4);
    expect(contentOf(created.message!.id)).toContain('**Cancelled.**');
    expect(h.fake.buttons(created.message!.id)).toEqual([]);
  });

  it('is not made without Create Events, and the tournament goes ahead', async () => {
    h.fake.appPermissions = (BigInt(ALL_PERMISSIONS) & ~(1n << 44n) & ~(1n << 33n)).toString();
    try {
      const before = h.fake.scheduledEvents.size;
      const created = await tournamentCommand('create', [
        { name: 'name', type: OPTION.string, value: 'Quiet Cup' },
        { name: 'format', type: OPTION.string, value: 'swiss' },
        { name: 'start_in', type: OPTION.integer, value: 30 },
      ]);
      assertReplyOk(created, h);
      expect(h.fake.scheduledEvents.size).toBe(before);
      expect(contentOf(created.message!.id)).toContain('Press **Join** to play.');
    } finally {
      h.fake.appPermissions = ALL_PERMISSIONS;
    }
  });
});
