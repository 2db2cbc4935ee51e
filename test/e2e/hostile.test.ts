// Hostile input, as a property: thousands of random interactions (forged, truncated and
// overlong custom ids, other games' ids, negative and huge versions, wrong users, options
// outside their choices, 6,000-character strings, interactions without a server) through the
// real client and dispatcher against a real database. Every one gets exactly one answer,
// refusals are private, and no game changes unless a legal action by its player was sent.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION, snowflake, type FakeUser, type InteractionReply, type SlashOption } from './fake/fakeDiscord.js';
import { DECLINE_COOLDOWN_MS } from '../../src/game/limits.js';
import { startHarness, type Harness } from './harness.js';
import { sqliteConnection } from '../../src/db/sqlite.js';

let h: Harness;
let cleo: FakeUser;
beforeAll(async () => {
  h = await startHarness();
  cleo = h.fake.newUser('Cleo');
  // Random steps start games against the bot too: more than the default cap of live games per player.
  const change = { maxGamesPerPlayer: 25 };
  expect(
    (await h.service.admin.changeSettings({ guildId: h.fake.guildId, userId: cleo.id, canManageServer: true, change }))
      .ok,
  ).toBe(true);
});
afterAll(async () => {
  await h?.close();
});

interface GameRow {
  id: number;
  version: number;
  status: string;
  toAct: string | null;
  white: string;
  black: string;
  channel: string;
  vsBot: number;
  messageId: string | null;
}

interface ChallengeRow {
  id: number;
  status: string;
  opponent: string;
  challenger: string;
}

function snapshot(): { games: Map<number, GameRow>; challenges: Map<number, ChallengeRow> } {
  const db = sqliteConnection(h.service.storage.db);
  const games = db
    .prepare<[], GameRow>(
      `SELECT id, version, status, to_act_id AS toAct, white_id AS white, black_id AS black, channel_id AS channel,
              bot_strength IS NOT NULL AS vsBot, message_id AS messageId FROM games`,
    )
    .all();
  const challenges = db
    .prepare<[], ChallengeRow>(
      `SELECT id, status, opponent_id AS opponent, challenger_id AS challenger FROM challenges`,
    )
    .all();
  return { games: new Map(games.map((g) => [g.id, g])), challenges: new Map(challenges.map((c) => [c.id, c])) };
}

/** Two live games between people and one open challenge, each in its own channel. */
async function ensureTargets(): Promise<void> {
  // The random steps may leave challenges open or declined, which the server's anti-spam limits
  // count against Ana's next challenge to Ben: let them expire and the cooldown pass first.
  h.advance(DECLINE_COOLDOWN_MS);
  await h.service.deadlines.sweep();
  const live = [...snapshot().games.values()].filter((g) => g.status === 'active' && !g.vsBot && g.messageId);
  for (let i = live.length; i < 2; i++) {
    h.fake.channelId = snowflake();
    const reply = await h.slash(
      h.ana,
      'challenge',
      [{ name: 'opponent', type: OPTION.user, value: h.ben.id }],
      [h.ben],
    );
    const messageId = reply.message!.id;
    await h.click(h.ben, messageId, h.fake.buttons(messageId)[0]!.custom_id!);
  }
  if (![...snapshot().challenges.values()].some((c) => c.status === 'pending')) {
    h.fake.channelId = snowflake();
    await h.slash(h.ana, 'challenge', [{ name: 'opponent', type: OPTION.user, value: cleo.id }], [cleo]);
  }
}

/** Messages with buttons the bot posted: where clicks land. */
function targets(): string[] {
  return [...h.fake.messages.values()].filter((m) => m.components.length > 0).map((m) => m.id);
}

/** Every custom id the bot ever put on a button (old boards included). */
const seenIds = new Set<string>();
function rememberButtons(): void {
  for (const id of targets()) for (const b of h.fake.buttons(id)) if (b.custom_id) seenIds.add(b.custom_id);
}

type Pick = (n: number) => number;
type Hostile =
  | { kind: 'click'; user: number; message: number; id: (pick: Pick) => string; noGuild: boolean }
  | { kind: 'slash'; user: number; subcommand: string; options: SlashOption[]; noGuild: boolean };

const longText = fc.constantFrom('x'.repeat(6000), '🏺'.repeat(1500), '\u0000\n\t"\'`');
const anyText = fc.oneof(fc.string({ maxLength: 120 }), longText);
const weirdNumber = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom('-1', '0', '9'.repeat(20), '1e9', '0x10', '007', '', ' 1'),
);

/** A custom id built from a real one (picked when the interaction runs, from what is on screen). */
const customId: fc.Arbitrary<(pick: Pick) => string> = fc.oneof(
  fc.constant((pick: Pick) => real(pick)),
  fc.constant((pick: Pick) => old(pick)),
  fc.nat(60).map((cut) => (pick: Pick) => real(pick).slice(0, cut)),
  anyText.map((tail) => (pick: Pick) => real(pick) + tail),
  fc.tuple(weirdNumber, fc.nat(4)).map(([value, field]) => (pick: Pick) => {
    const parts = real(pick).split(':');
    parts[Math.min(field, parts.length - 1)] = String(value);
    return parts.join(':');
  }),
  fc
    .tuple(
      fc.constantFrom('act', 'accept', 'decline', 'withdraw', 'rematch', 'nope'),
      weirdNumber,
      weirdNumber,
      anyText,
    )
    .map(
      ([kind, a, b, c]) =>
        () =>
          `senet:${kind}:${a}:${b}:${c}`,
    ),
  anyText.map((text) => () => text),
);

function real(pick: Pick): string {
  const all = targets().flatMap((id) => h.fake.buttons(id).map((b) => b.custom_id ?? ''));
  return all[pick(all.length)] ?? 'senet:act:1:0:t';
}

function old(pick: Pick): string {
  const all = [...seenIds];
  return all[pick(all.length)] ?? 'senet:act:1:0:t';
}

const option = fc.oneof(
  fc.record({
    name: fc.constant('rules'),
    type: fc.constant(OPTION.string),
    value: fc.oneof(anyText, fc.constantFrom('kendall', 'regency', 'dancers')),
  }),
  fc.record({
    name: fc.constant('strength'),
    type: fc.constant(OPTION.string),
    value: fc.oneof(anyText, fc.constant('easy')),
  }),
  fc.record({
    name: fc.constant('pawns'),
    type: fc.constant(OPTION.integer),
    value: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  }),
  fc.record({
    name: fc.constantFrom('variations', 'safe_pairs'),
    type: fc.constant(OPTION.boolean),
    value: fc.boolean(),
  }),
  fc.record({
    name: fc.constant('opponent'),
    type: fc.constant(OPTION.user),
    value: fc.constantFrom('ana', 'ben', 'cleo', 'bot', '0'),
  }),
  fc.record({ name: anyText, type: fc.constantFrom(3, 4, 5), value: anyText }),
);

const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('click' as const),
      user: fc.nat(3),
      message: fc.nat(),
      id: customId,
      noGuild: fc.boolean().map((b) => b && Math.random() < 0.2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('slash' as const),
      user: fc.nat(3),
      subcommand: fc.oneof(
        fc.constantFrom('challenge', 'resign', 'rules', 'leaderboard', 'stats', 'history', 'help'),
        anyText,
      ),
      options: fc.array(option, { maxLength: 4 }),
      noGuild: fc.boolean(),
    }),
  },
);

/** The user ids, in the order the arbitrary numbers them. */
function people(): FakeUser[] {
  return [h.ana, h.ben, cleo, h.fake.botUser];
}

/** Discord's DM shape: no server, no member, the user at the top level. */
function withoutGuild(user: FakeUser): Record<string, unknown> {
  const dm = snowflake();
  return { guild_id: undefined, member: undefined, user, channel_id: dm, channel: { id: dm, type: 1 }, context: 1 };
}

async function send(
  step: Hostile,
  pick: Pick,
): Promise<{ reply: InteractionReply; customId?: string; user: FakeUser; messageId?: string }> {
  const user = people()[step.user]!;
  if (step.kind === 'click') {
    const list = targets();
    const messageId = list[step.message % list.length]!;
    const id = step.id(pick);
    const message = h.fake.messages.get(messageId)!;
    const body = {
      type: 3,
      data: { custom_id: id, component_type: 2 },
      message: h.fake.messageJson(message),
      ...(step.noGuild ? withoutGuild(user) : {}),
    };
    return { reply: await h.fake.interact(user, body, messageId), customId: id, user, messageId };
  }
  const ids: Record<string, string> = { ana: h.ana.id, ben: h.ben.id, cleo: cleo.id, bot: h.fake.botUser.id };
  const options = step.options.map((o) => (o.type === OPTION.user ? { ...o, value: ids[String(o.value)] ?? '0' } : o));
  const resolved = [h.ana, h.ben, cleo, h.fake.botUser];
  h.fake.channelId = snowflake();
  const users = Object.fromEntries(resolved.map((u) => [u.id, u]));
  const body = {
    type: 2,
    data: {
      id: snowflake(),
      name: 'senet',
      type: 1,
      options: [{ type: 1, name: step.subcommand, options }],
      resolved: { users },
    },
    ...(step.noGuild ? withoutGuild(user) : {}),
  };
  return { reply: await h.fake.interact(user, body), user };
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer to ${what}`)), 10_000)),
  ]);
}

describe('hostile interactions', () => {
  it('each gets one answer, refusals are private, and only legal actions by players change games', async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostile, { minLength: 10, maxLength: 30 }),
        fc.infiniteStream(fc.nat()),
        async (steps, picks) => {
          await ensureTargets();
          const stream = picks[Symbol.iterator]();
          const pick: Pick = (n) => (n <= 0 ? 0 : (stream.next().value as number) % n);
          for (const step of steps) {
            rememberButtons();
            const before = snapshot();
            const buttonsBefore = new Map(targets().map((id) => [id, h.fake.buttons(id).map((b) => b.custom_id)]));
            const requestsBefore = h.fake.requests.length;
            const sent = await withTimeout(send(step, pick), JSON.stringify(step).slice(0, 200));
            await h.settle();
            count++;
            const after = snapshot();
            const requests = h.fake.requests.slice(requestsBefore);
            const what = `${step.kind} ${sent.customId?.slice(0, 80) ?? (step.kind === 'slash' ? step.subcommand.slice(0, 40) : '')} by ${sent.user.global_name}`;

            // Exactly one answer.
            expect(
              requests.filter((r) => r.path.endsWith(`/${sent.reply.token}/callback`)),
              what,
            ).toHaveLength(1);
            expect(sent.reply.refused, what).toBeUndefined();
            const content = typeof sent.reply.data?.content === 'string' ? sent.reply.data.content : '';
            expect(content.length, what).toBeLessThanOrEqual(2000);

            // Which games and challenges changed, and whether that was allowed.
            const changedGames = [...after.games.values()].filter((g) => {
              const was = before.games.get(g.id);
              return was && !was.vsBot && (was.version !== g.version || was.status !== g.status);
            });
            const answeredChallenges = [...after.challenges.values()].filter(
              (c) => before.challenges.get(c.id)?.status === 'pending' && c.status !== 'pending',
            );
            const created = after.games.size > before.games.size || after.challenges.size > before.challenges.size;
            for (const g of changedGames) {
              const was = before.games.get(g.id)!;
              const [, kind, gameId, version] = (sent.customId ?? '').split(':');
              const legalClick =
                kind === 'act' &&
                Number(gameId) === g.id &&
                Number(version) === was.version &&
                sent.user.id === was.toAct &&
                [...buttonsBefore.values()].some((ids) => ids.includes(sent.customId)) &&
                g.version === was.version + 1;
              const resign =
                step.kind === 'slash' &&
                step.subcommand === 'resign' &&
                [was.white, was.black].includes(sent.user.id) &&
                g.status === 'finished';
              expect(legalClick || resign, `game ${g.id} changed by ${what}`).toBe(true);
            }
            for (const c of answeredChallenges) {
              const was = before.challenges.get(c.id)!;
              const [, kind, challengeId] = (sent.customId ?? '').split(':');
              expect(
                Number(challengeId) === c.id &&
                  (((kind === 'accept' || kind === 'decline') && sent.user.id === was.opponent) ||
                    (kind === 'withdraw' && sent.user.id === was.challenger)),
                `challenge ${c.id} answered by ${what}`,
              ).toBe(true);
            }

            // Refusals are private: a public answer comes with a change, or is information.
            if (!sent.reply.ephemeral) {
              const changed = changedGames.length + answeredChallenges.length > 0 || created;
              const refreshed = requests.some(
                (r) => r.method === 'POST' && r.path.endsWith(`/${sent.reply.token}`) && r.body?.flags === 64,
              );
              const information =
                step.kind === 'slash' && ['rules', 'leaderboard', 'stats', 'history'].includes(step.subcommand);
              const deferred = sent.reply.type === 5 || sent.reply.type === 6;
              expect(changed || refreshed || information || deferred, `public answer to ${what}: ${content}`).toBe(
                true,
              );
            }
          }
        },
      ),
      { numRuns: 60, seed: 20261123 },
    );
    expect(count).toBeGreaterThan(1000);
    expect((await h.service.storage.verify()).problems).toEqual([]);
  });
});
