// The limits a server puts on challenges and games, through the service: its channel list, live
// games per player (the bot exempt), rated on/off, the default rules, and the anti-spam rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DECLINE_COOLDOWN_MS, MAX_OPEN_CHALLENGES } from '../../src/game/limits.js';
import type { ChallengeInput } from '../../src/game/challenges.js';
import type { GameService, SettingsChange } from '../../src/game/service.js';
import type { ChallengeView, SeenPlayer } from '../../src/game/types.js';
import { ANA, BEN, BOT, CLEO, GUILD, member, open, testClock, textOnlyRenderer, value } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';
import { say } from '../../src/i18n/index.js';

const DAN: SeenPlayer = { id: '1004', name: 'Dan' };
const EVE: SeenPlayer = { id: '1005', name: 'Eve' };
const FAY: SeenPlayer = { id: '1006', name: 'Fay' };

let service: GameService;
let clock: ReturnType<typeof testClock>;

beforeEach(async () => {
  clock = testClock();
  service = await open(await tempDatabase(), { now: clock.now, renderBoard: textOnlyRenderer() });
});
afterEach(async () => await service.storage.close());

async function setting(change: SettingsChange): Promise<void> {
  value(await service.admin.changeSettings({ guildId: GUILD, userId: 'admin', canManageServer: true, change }));
}

function ask(
  challenger: SeenPlayer,
  opponent: SeenPlayer,
  channelId = 'c',
): ReturnType<GameService['challenges']['create']> {
  const input: ChallengeInput = { guildId: GUILD, channelId, challenger, opponent };
  return service.challenges.create(input);
}

async function challenge(challenger: SeenPlayer, opponent: SeenPlayer, channelId = 'c'): Promise<ChallengeView> {
  const made = value(await ask(challenger, opponent, channelId));
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  return made.challenge;
}

/** A game between two people, each in a channel of its own; the game's id. */
let channels = 0;
async function play(challenger: SeenPlayer, opponent: SeenPlayer): Promise<number> {
  const c = await challenge(challenger, opponent, `ch-${++channels}`);
  return value(await service.challenges.accept({ challengeId: c.challengeId, userId: opponent.id })).gameId;
}

async function refusal(outcome: ReturnType<GameService['challenges']['create']>): Promise<string> {
  const refused = await outcome;
  expect(refused).toMatchObject({ ok: false, error: { code: 'limit' } });
  return refused.ok ? '' : say('en', refused.error.message);
}

describe('where the bot plays', () => {
  it('refuses challenges and games against the bot outside the server’s channels, naming them', async () => {
    await setting({ channels: { add: '111' } });
    await setting({ channels: { add: '222' } });
    const expected = "I don't play in this channel on this server. Play in <#111>, <#222>.";
    expect(await refusal(ask(ANA, BEN, 'elsewhere'))).toBe(expected);
    expect(await refusal(ask(ANA, BOT, 'elsewhere'))).toBe(expected);
    await challenge(ANA, BEN, '111');
    expect(value(await ask(CLEO, BOT, '222')).kind).toBe('game');
  });

  it('refuses to start a challenge’s game once its channel is taken off the list', async () => {
    const c = await challenge(ANA, BEN, '111');
    await setting({ channels: { add: '222' } });
    const accepted = await service.challenges.accept({ challengeId: c.challengeId, userId: BEN.id });
    expect(accepted).toMatchObject({ ok: false, error: { code: 'limit' } });
    if (!accepted.ok) expect(say('en', accepted.error.message)).toContain('<#222>');
    await setting({ channels: { clear: true } });
    value(await service.challenges.accept({ challengeId: c.challengeId, userId: BEN.id }));
  });
});

describe('live games per player', () => {
  it('caps the challenger at challenge time and both players at accept time; the bot takes any number', async () => {
    await setting({ maxGamesPerPlayer: 2 });
    await play(ANA, BEN);
    const toAna = await challenge(CLEO, ANA, 'w'); // Ana has one game: she may be asked
    const byAna = await challenge(ANA, EVE, 'x'); // and may ask
    await play(ANA, DAN); // now two
    expect(await refusal(ask(ANA, FAY))).toMatch(/^You are already playing 2 games at once/);
    expect(await refusal(ask(ANA, BOT))).toMatch(/^You are already playing 2 games at once/);
    // At accept time both players are counted: Ana accepting, or Ana's challenge accepted.
    for (const [c, accepter] of [
      [toAna, ANA],
      [byAna, EVE],
    ] as const) {
      const accepted = await service.challenges.accept({ challengeId: c.challengeId, userId: accepter.id });
      expect(accepted).toMatchObject({ ok: false, error: { code: 'limit' } });
      if (!accepted.ok) expect(say('en', accepted.error.message)).toMatch(/^Ana is already playing 2 games at once/);
    }
    // Three people play the bot at once with a cap of 2: only people count.
    for (const [i, p] of [BEN, CLEO, DAN].entries()) {
      expect(value(await ask(p, BOT, `bot-${i}`)).kind).toBe('game');
    }
  });

  it('counts only live games, in this server', async () => {
    await setting({ maxGamesPerPlayer: 1 });
    const gameId = await play(ANA, BEN);
    expect(await refusal(ask(ANA, CLEO))).toMatch(/1 game at once/);
    value(await service.challenges.create({ guildId: 'guild-2', channelId: 'g2', challenger: ANA, opponent: CLEO })); // another server has its own count
    value(await service.play.resign({ gameId, userId: BEN.id }));
    await challenge(ANA, CLEO);
  });
});

describe('rated games and default rules', () => {
  it('makes new games unrated when the server turns rating off', async () => {
    await setting({ rated: false });
    const gameId = await play(ANA, BEN);
    const ended = value(await service.play.resign({ gameId, userId: BEN.id }));
    expect(ended.result!.ratings).toBeUndefined();
    expect(value(await service.records.leaderboard({ viewer: member(GUILD) }))).toEqual([]);
    await setting({ reset: 'rated' });
    const rated = await play(ANA, BEN);
    expect(value(await service.play.resign({ gameId: rated, userId: BEN.id })).result!.ratings).toHaveLength(2);
  });

  it('plays the server’s default rules when a challenge names none', async () => {
    expect((await challenge(ANA, BEN, 'a')).ruleset).toBe('kendall');
    await setting({ defaultVariant: { ruleset: 'regency', options: { variations: true } } });
    const c = await challenge(ANA, CLEO, 'b');
    expect(c).toMatchObject({ ruleset: 'regency', options: { variations: true } });
    const named = value(
      await service.challenges.create({
        guildId: GUILD,
        channelId: 'd',
        challenger: DAN,
        opponent: EVE,
        variant: { ruleset: 'dancers', options: {} },
      }),
    );
    expect(named.kind === 'challenge' && named.challenge.ruleset).toBe('dancers');
  });
});

describe('anti-spam', () => {
  it(`allows ${MAX_OPEN_CHALLENGES} open challenges per challenger in a server`, async () => {
    const open = [await challenge(ANA, BEN, 'a'), await challenge(ANA, CLEO, 'b'), await challenge(ANA, DAN, 'c')];
    expect(await refusal(ask(ANA, EVE, 'd'))).toMatch(/already have 3 open challenges/);
    value(await service.challenges.withdraw({ challengeId: open[0]!.challengeId, userId: ANA.id }));
    await challenge(ANA, EVE, 'd');
  });

  it('refuses a second challenge between the same two people anywhere in the server, whoever asks', async () => {
    await challenge(ANA, BEN, 'a');
    expect(await refusal(ask(ANA, BEN, 'b'))).toMatch(/already an open challenge between you and Ben/);
    expect(await refusal(ask(BEN, ANA, 'c'))).toMatch(/already an open challenge between you and Ana/);
  });

  it('holds a declined challenger back from the same person for the cooldown', async () => {
    const c = await challenge(ANA, BEN, 'a');
    value(await service.challenges.decline({ challengeId: c.challengeId, userId: BEN.id }));
    const until = Math.ceil((clock.now() + DECLINE_COOLDOWN_MS) / 1000);
    expect(await refusal(ask(ANA, BEN, 'b'))).toBe(
      `Ben declined your last challenge; you can challenge them again <t:${until}:R>.`,
    );
    await challenge(ANA, CLEO, 'c'); // Ana may ask others
    const back = await challenge(BEN, ANA, 'd'); // and the one who declined may ask her
    value(await service.challenges.withdraw({ challengeId: back.challengeId, userId: BEN.id }));
    clock.advance(DECLINE_COOLDOWN_MS - 1);
    expect(await refusal(ask(ANA, BEN, 'e'))).toMatch(/declined your last challenge/);
    clock.advance(1);
    await challenge(ANA, BEN, 'e');
  });
});
