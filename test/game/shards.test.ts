// Several processes on one database file, each holding one gateway shard: each does the timed
// work of its own servers only (deadlines, reminders and their deletions, catch-up, the bot's
// pending turns), games outside servers go to shard 0, and together they leave nothing undone.
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { describe, expect, it } from 'vitest';
import { type ShardScope, onShard } from '../../src/db/shards.js';
import type { GameService } from '../../src/game/service.js';
import type { SeenPlayer } from '../../src/game/types.js';
import { ANA, BEN, BOT, open, testClock, textOnlyRenderer, value } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

const MINUTE = 60_000;
const config = { turnTtlMs: 60 * MINUTE, challengeTtlMs: 5 * MINUTE, reminderDelayMs: 10 * MINUTE };

/** Discord's formula, worked out here with BigInt (independently of the SQL under test). */
const shardOf = (guildId: string, count: number): number =>
  guildId === '' ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(count));

/** A server id on `shard` of `count`: a snowflake whose timestamp part is chosen so. */
const guildOn = (shard: number, count: number, n = 1): string =>
  String((BigInt(1_000_000_000 + n * count + shard) << 22n) | 12345n);

const SHARD_0 = guildOn(0, 2);
const SHARD_1 = guildOn(1, 2);
const OUTSIDE_SERVERS = '';
const GUILDS = [SHARD_0, SHARD_1, OUTSIDE_SERVERS];

async function setUp() {
  const path = await tempDatabase();
  const clock = testClock();
  const openOn = (shard?: ShardScope): Promise<GameService> =>
    open(path, { now: clock.now, config, renderBoard: textOnlyRenderer(), ...(shard ? { shard } : {}) });
  return {
    clock,
    all: await openOn(),
    zero: await openOn({ id: 0, count: 2 }),
    one: await openOn({ id: 1, count: 2 }),
  };
}

async function challengeIn(service: GameService, guildId: string, opponent: SeenPlayer) {
  return value(
    await service.challenges.create({
      guildId,
      channelId: `channel-${guildId || 'dm'}`,
      challenger: ANA,
      opponent,
      variant: { ruleset: 'kendall', options: {} } as never,
    }),
  );
}

/** A game between Ana and Ben in each server: their ids in GUILDS' order. */
async function gameInEach(service: GameService): Promise<number[]> {
  const ids: number[] = [];
  for (const guildId of GUILDS) {
    const made = await challengeIn(service, guildId, BEN);
    if (made.kind !== 'challenge') throw new Error('expected a challenge');
    ids.push(
      value(await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: BEN.id })).gameId,
    );
  }
  return ids;
}

describe('the shard formula in SQL', () => {
  it("is Discord's: (guild_id >> 22) % count, with '' (games outside servers) on shard 0", async () => {
    const db = new SqliteDatabase(':memory:');
    const shardInSql = (guildId: string, count: number): number => {
      for (let id = 0; id < count; id++) {
        const row = db
          .prepare(`SELECT (${onShard({ id, count })}) AS owned FROM (SELECT ? AS guild_id)`)
          .get(guildId) as { owned: number };
        if (row.owned === 1) return id;
      }
      return -1;
    };
    // serenity's documented example: guild 81384788765712384 with 17 shards is on shard 7.
    expect(shardInSql('81384788765712384', 17)).toBe(7);
    const ids = ['', '0', '41771983423143937', '1234567890123456789', '9223372036854775807', SHARD_0, SHARD_1];
    for (const guildId of ids) {
      for (const count of [1, 2, 3, 16]) expect(shardInSql(guildId, count)).toBe(shardOf(guildId, count));
    }
    expect([shardOf(SHARD_0, 2), shardOf(SHARD_1, 2)]).toEqual([0, 1]);
    db.close();
  });

  it('refuses what is not a shard', async () => {
    expect(() => onShard({ id: 2, count: 2 })).toThrow(RangeError);
    expect(() => onShard({ id: 0, count: 0 })).toThrow(RangeError);
    expect(() => onShard({ id: 0.5, count: 2 })).toThrow(RangeError);
  });
});

describe('two shard processes on one file', () => {
  it('each times out its own servers’ games and expires their challenges, together all of them, none twice', async () => {
    const { clock, zero, one } = await setUp();
    const [g0, g1, gDm] = await gameInEach(zero);
    const pending = await Promise.all(GUILDS.map((g) => challengeIn(one, g, BEN)));
    clock.advance(61 * MINUTE);
    const first = await one.deadlines.sweep();
    expect(first.timedOutGames.map((g) => g.gameId)).toEqual([g1]);
    expect(first.expiredChallenges.map((c) => c.challengeId)).toEqual([
      pending[1]!.kind === 'challenge' ? pending[1]!.challenge.challengeId : -1,
    ]);
    const second = await zero.deadlines.sweep();
    expect(second.timedOutGames.map((g) => g.gameId).sort()).toEqual([g0, gDm].sort());
    expect(second.expiredChallenges).toHaveLength(2);
    expect([(await one.deadlines.sweep()).timedOutGames, (await zero.deadlines.sweep()).timedOutGames]).toEqual([
      [],
      [],
    ]);
  });

  it("resumes the computer's pending turns only where the server is, outside servers on shard 0", async () => {
    const { all, zero, one } = await setUp();
    const started: Record<string, number> = {};
    for (const guildId of GUILDS) {
      const made = await challengeIn(all, guildId, BOT);
      if (made.kind !== 'game') throw new Error('expected a game against the bot');
      started[guildId] = made.game.gameId;
    }
    // Whoever moves first, each game waits on the bot by the end of this loop.
    for (const id of Object.values(started)) {
      const view = value(await all.play.view(id));
      if (!view.botToAct) {
        value(
          await all.play.act({ gameId: id, userId: ANA.id, version: view.version, action: view.choices[0]!.action }),
        );
      }
    }
    expect((await all.games.botTurns()).sort()).toEqual(Object.values(started).sort());
    expect(await one.games.botTurns()).toEqual([started[SHARD_1]]);
    expect((await zero.games.botTurns()).sort()).toEqual([started[SHARD_0], started[OUTSIDE_SERVERS]].sort());
  });

  it('claims reminders and deletes their messages where the server is', async () => {
    const { clock, zero, one } = await setUp();
    const [g0, g1, gDm] = await gameInEach(zero);
    clock.advance(10 * MINUTE);
    const onOne = await one.reminders.claim();
    expect(onOne.map((r) => r.gameId)).toEqual([g1]);
    const onZero = await zero.reminders.claim();
    expect(onZero.map((r) => r.gameId).sort()).toEqual([g0, gDm].sort());
    for (const due of [...onZero])
      value(await zero.reminders.record(due, { channelId: due.channelId, messageId: `r${due.gameId}` }));
    // Each turn ends (a resignation): its reminder message is queued for deletion by its shard.
    for (const id of [g0!, gDm!]) value(await zero.play.resign({ gameId: id, userId: ANA.id }));
    expect(await one.reminders.deletions(10)).toEqual([]);
    expect((await zero.reminders.deletions(10)).map((m) => m.messageId).sort()).toEqual([`r${g0}`, `r${gDm}`].sort());
    // A reminder posted while its turn ended (shard 1's player resigned meanwhile) goes straight to
    // the queue: for shard 1 too.
    value(await one.play.resign({ gameId: g1!, userId: ANA.id }));
    value(await one.reminders.record(onOne[0]!, { channelId: onOne[0]!.channelId, messageId: 'late' }));
    expect((await one.reminders.deletions(10)).map((m) => m.messageId)).toEqual(['late']);
    expect((await zero.reminders.deletions(10)).map((m) => m.messageId)).not.toContain('late');
  });

  it('catches up only its own servers’ messages after a restart', async () => {
    const { zero, one } = await setUp();
    const [g0, g1, gDm] = await gameInEach(zero);
    // No message was ever posted for them (the process died first).
    expect((await one.chat.outOfSync()).unpostedGames).toEqual([g1]);
    expect((await zero.chat.outOfSync()).unpostedGames.sort()).toEqual([g0, gDm].sort());
  });
});
