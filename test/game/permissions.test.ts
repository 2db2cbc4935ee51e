// Who may do what: every refusal is a value with a code and a message, and changes nothing.
import { type Variant } from '../../src/engine/index.js';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { GameService } from '../../src/game/service.js';
import type { ChallengeView, GameView } from '../../src/game/types.js';
import { DECLINE_COOLDOWN_MS } from '../../src/game/limits.js';
import { ANA, BEN, CLEO, GUILD, inEnglish, open, startGame, testClock, value } from './harness.js';
import { onPostgres, tempDatabase } from '../support/testDatabase.js';

let service: GameService;
let clock: ReturnType<typeof testClock>;

beforeEach(async () => {
  clock = testClock();
  service = await open(await tempDatabase(), {
    now: clock.now,
    config: { challengeTtlMs: 60_000, turnTtlMs: 3_600_000 },
  });
});
afterEach(async () => await service.storage.close());

async function challengeOf(channelId: string, challenger = ANA, opponent = BEN): Promise<ChallengeView> {
  const made = value(
    await service.challenges.create({
      guildId: GUILD,
      channelId,
      challenger,
      opponent,
      variant: { ruleset: 'traditional', options: {} },
    }),
  );
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  return made.challenge;
}

const first = (view: GameView) => view.choices[0]!.action;

describe('challenges', () => {
  it('refuses a challenge to oneself, an unknown rule set and bad options', async () => {
    const self = await service.challenges.create({
      guildId: GUILD,
      channelId: 'c',
      challenger: ANA,
      opponent: ANA,
      variant: { ruleset: 'kendall', options: {} },
    });
    expect(inEnglish(self)).toMatchObject({
      ok: false,
      error: { code: 'invalid', message: 'You cannot challenge yourself.' },
    });
    const unknown = await service.challenges.create({
      guildId: GUILD,
      channelId: 'c',
      challenger: ANA,
      opponent: BEN,
      variant: { ruleset: 'chess', options: {} } as unknown as Variant,
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid' } });
    const options = await service.challenges.create({
      guildId: GUILD,
      channelId: 'c',
      challenger: ANA,
      opponent: BEN,
      variant: { ruleset: 'kendall', options: { pawns: 6 as 5 } },
    });
    expect(options).toMatchObject({ ok: false, error: { code: 'invalid' } });
  });

  it('stores kendall options with defaults filled in', async () => {
    const made = value(
      await service.challenges.create({
        guildId: GUILD,
        channelId: 'c',
        challenger: ANA,
        opponent: BEN,
        variant: { ruleset: 'kendall', options: { pawns: 7 } },
      }),
    );
    expect(made.kind === 'challenge' && made.challenge.options).toEqual({
      pawns: 7,
      safePairs: true,
      blockingThrees: true,
      lastRowBearOff: true,
    });
  });

  it('allows one open challenge per pair in the server, whoever asks', async () => {
    await challengeOf('c');
    for (const channelId of ['c', 'other-channel']) {
      const again = await service.challenges.create({
        guildId: GUILD,
        channelId,
        challenger: BEN,
        opponent: ANA,
        variant: { ruleset: 'kendall', options: {} },
      });
      expect(again).toMatchObject({ ok: false, error: { code: 'limit' } });
    }
    await challengeOf('c', ANA, CLEO); // another pair is fine
  });

  it('lets only the challenged player accept or decline, and only the challenger cancel', async () => {
    const c = await challengeOf('c');
    expect(inEnglish(await service.challenges.accept({ challengeId: c.challengeId, userId: ANA.id }))).toMatchObject({
      ok: false,
      error: {
        code: 'forbidden',
        message: 'Only Ben can accept this challenge; you can withdraw it with the Withdraw button.',
      },
    });
    expect(await service.challenges.decline({ challengeId: c.challengeId, userId: CLEO.id })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(inEnglish(await service.challenges.withdraw({ challengeId: c.challengeId, userId: BEN.id }))).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: 'Only Ana can withdraw this challenge; you can accept or decline it.' },
    });
    expect(value(await service.challenges.decline({ challengeId: c.challengeId, userId: BEN.id })).status).toBe(
      'declined',
    );
    expect(inEnglish(await service.challenges.accept({ challengeId: c.challengeId, userId: BEN.id }))).toMatchObject({
      ok: false,
      error: { code: 'finished', message: 'This challenge was already declined.' },
    });
    clock.advance(DECLINE_COOLDOWN_MS);
    const d = await challengeOf('c'); // the pair may ask again once the first is closed (and the cooldown over)
    expect(value(await service.challenges.withdraw({ challengeId: d.challengeId, userId: ANA.id })).status).toBe(
      'cancelled',
    );
    expect(await service.challenges.accept({ challengeId: 12345, userId: BEN.id })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('starts the game on the challenge message, seats from the seed, so the chat edits one message', async () => {
    const c = await challengeOf('c');
    value(await service.chat.setMessage('challenge', c.challengeId, 'msg-1'));
    const game = value(await service.challenges.accept({ challengeId: c.challengeId, userId: BEN.id }));
    expect(game).toMatchObject({ messageId: 'msg-1', channelId: 'c', version: 0, status: 'active' });
    expect(game.toAct).toEqual(game.players[game.state.toMove]);
    expect(game.description).toBe(
      `${game.players.W.name.plain} (light) against ${game.players.B.name.plain} (dark): ${game.toAct!.name.plain} begins.`,
    );
    expect(await service.chat.setMessage('game', 999, 'x')).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('refuses to accept after the expiry, before and after the sweep marks it', async () => {
    const c = await challengeOf('c');
    clock.advance(60_000);
    expect(inEnglish(await service.challenges.accept({ challengeId: c.challengeId, userId: BEN.id }))).toMatchObject({
      ok: false,
      error: { code: 'finished', message: 'This challenge has expired.' },
    });
    const swept = await service.deadlines.sweep();
    expect(swept.expiredChallenges.map((x) => [x.challengeId, x.status])).toEqual([[c.challengeId, 'expired']]);
    expect(await service.challenges.accept({ challengeId: c.challengeId, userId: BEN.id })).toMatchObject({
      ok: false,
      error: { code: 'finished' },
    });
  });
});

describe('turns', () => {
  it('rejects the wrong player, a stale version and a finished game, changing nothing', async () => {
    const view = await startGame(service, 'c');
    const waiting = view.toAct!.id === ANA.id ? BEN : ANA;
    const before = value(await service.play.view(view.gameId));

    const wrong = await service.play.act({
      gameId: view.gameId,
      userId: waiting.id,
      version: view.version,
      action: { type: 'throw' },
    });
    expect(inEnglish(wrong)).toMatchObject({
      ok: false,
      error: { code: 'not-your-turn', message: `It is ${view.toAct!.name.plain}'s turn.` },
    });
    const outsider = await service.play.act({
      gameId: view.gameId,
      userId: CLEO.id,
      version: view.version,
      action: first(view),
    });
    expect(outsider).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const illegal = await service.play.act({
      gameId: view.gameId,
      userId: view.toAct!.id,
      version: view.version,
      action: { type: 'move', from: 1, to: 30 },
    });
    expect(illegal).toMatchObject({ ok: false, error: { code: 'invalid' } });

    const played = value(
      await service.play.act({
        gameId: view.gameId,
        userId: view.toAct!.id,
        version: view.version,
        action: first(view),
      }),
    );
    expect(played.version).toBe(view.version + 1);
    // The same button clicked again: already played.
    const twice = await service.play.act({
      gameId: view.gameId,
      userId: view.toAct!.id,
      version: view.version,
      action: first(view),
    });
    expect(twice).toMatchObject({ ok: false, error: { code: 'stale' } });
    const after = value(await service.play.view(view.gameId));
    expect(after.version).toBe(before.version + 1);
    expect(after.state.ply).toBe(before.state.ply + 1);

    const resigned = value(await service.play.resign({ gameId: view.gameId, userId: waiting.id }));
    expect(resigned.result).toMatchObject({
      reason: 'resigned',
      winner: played.players.W.id === waiting.id ? played.players.B : played.players.W,
    });
    expect(resigned.description).toBe(`${waiting.name} resigned: ${resigned.result!.winner.name.plain} wins.`);
    expect(resigned.result!.ratings).toHaveLength(2);
    const late = await service.play.act({
      gameId: view.gameId,
      userId: played.toAct!.id,
      version: played.version,
      action: first(played),
    });
    expect(late).toMatchObject({ ok: false, error: { code: 'finished' } });
    expect(await service.play.resign({ gameId: view.gameId, userId: ANA.id })).toMatchObject({
      ok: false,
      error: { code: 'finished' },
    });
    expect(await service.play.resign({ channelId: 'c', userId: ANA.id })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(
      await service.play.act({ gameId: 999, userId: ANA.id, version: 0, action: { type: 'throw' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect((await service.storage.verify()).problems).toEqual([]);
  });

  // SQLite's write lock held by another connection (PostgreSQL's busy timeout: test/db/postgres.test.ts).
  it.skipIf(onPostgres)(
    'answers busy, changing nothing, when another process holds the database too long',
    async () => {
      const path = await tempDatabase();
      const patient = await open(path, { busyTimeoutMs: 20 });
      const view = await startGame(patient, 'c');
      const other = new SqliteDatabase(path);
      other.exec('BEGIN IMMEDIATE');
      const click = { gameId: view.gameId, userId: view.toAct!.id, version: view.version, action: first(view) };
      expect(await patient.play.act(click)).toMatchObject({ ok: false, error: { code: 'busy' } });
      other.exec('ROLLBACK');
      other.close();
      expect(value(await patient.play.act(click)).version).toBe(view.version + 1);
      await patient.storage.close();
    },
  );

  it('refuses a bot step when a person is to act', async () => {
    const view = await startGame(service, 'c');
    expect(await service.play.botStep(view.gameId)).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
  });
});
