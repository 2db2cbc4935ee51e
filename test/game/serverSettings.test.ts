// /senet-admin through the service: the Manage Server check, each setting's range, what a server
// chose over the defaults (and kept in the file), and leaderboard seasons.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminInput, GameService } from '../../src/game/service.js';
import { DEFAULT_SETTINGS, applyChange, parseOverrides, parseVariant } from '../../src/game/settings.js';
import { MINUTE_MS } from '../../src/game/settingSpecs.js';
import type { SeenPlayer } from '../../src/game/types.js';
import { ANA, BEN, CLEO, GUILD, open, testClock, textOnlyRenderer, value, member } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';
import { say } from '../../src/i18n/index.js';

const ADMIN: AdminInput = { guildId: GUILD, userId: CLEO.id, canManageServer: true };
const MEMBER: AdminInput = { guildId: GUILD, userId: ANA.id, canManageServer: false };
const DEFAULTS = { ...DEFAULT_SETTINGS, challengeTtlMs: 15 * 60_000 };

let path: string;
let service: GameService;
let clock: ReturnType<typeof testClock>;

beforeEach(async () => {
  path = await tempDatabase();
  clock = testClock();
  service = await open(path, { now: clock.now, config: DEFAULTS, renderBoard: textOnlyRenderer() });
});
afterEach(async () => await service.storage.close());

/** A rated game `winner` wins by the loser's resignation; its id. */
async function decide(winner: SeenPlayer, loser: SeenPlayer): Promise<number> {
  const made = value(
    await service.challenges.create({ guildId: GUILD, channelId: 'c', challenger: winner, opponent: loser }),
  );
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  const game = value(await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: loser.id }));
  value(await service.play.resign({ gameId: game.gameId, userId: loser.id }));
  return game.gameId;
}

describe('server settings', () => {
  it('shows the defaults until an admin chooses, then the server’s own choices over them', async () => {
    expect(value(await service.admin.showSettings(ADMIN))).toEqual({ settings: DEFAULTS, own: [] });
    const changed = value(
      await service.admin.changeSettings({
        ...ADMIN,
        change: {
          defaultVariant: { ruleset: 'regency', options: { variations: true } },
          threads: false,
          channels: { add: '111' },
          challengeTtlMs: 5 * MINUTE_MS,
          turnTtlMs: 120 * MINUTE_MS,
          reminderDelayMs: 0,
          maxGamesPerPlayer: 7,
          rated: false,
          language: 'fr',
        },
      }),
    );
    expect(changed.settings).toEqual({
      defaultVariant: { ruleset: 'regency', options: { variations: true } },
      threads: false,
      channels: ['111'],
      challengeTtlMs: 5 * 60_000,
      turnTtlMs: 120 * 60_000,
      reminderDelayMs: 0,
      maxGamesPerPlayer: 7,
      rated: false,
      language: 'fr',
    });
    expect(changed.own).toHaveLength(9);
    // Back to the server's own Discord language.
    const auto = value(await service.admin.changeSettings({ ...ADMIN, change: { language: null } }));
    expect(auto.settings.language).toBeNull();
    expect(auto.own).not.toContain('language');
    // Another server keeps the defaults.
    expect(value(await service.admin.showSettings({ ...ADMIN, guildId: 'guild-2' })).settings).toEqual(DEFAULTS);

    const reset = value(await service.admin.changeSettings({ ...ADMIN, change: { reset: 'rated' } }));
    expect(reset.settings.rated).toBe(true);
    expect(reset.own).not.toContain('rated');
    expect(value(await service.admin.changeSettings({ ...ADMIN, change: { reset: 'all' } }))).toEqual({
      settings: DEFAULTS,
      own: [],
    });
  });

  it('keeps a server’s choices in the database file', async () => {
    value(await service.admin.changeSettings({ ...ADMIN, change: { maxGamesPerPlayer: 2, channels: { add: '5' } } }));
    await service.storage.close();
    service = await open(path, { now: clock.now, config: DEFAULTS });
    expect(value(await service.admin.showSettings(ADMIN)).settings).toMatchObject({
      maxGamesPerPlayer: 2,
      channels: ['5'],
    });
  });

  it('refuses members without Manage Server, changing nothing', async () => {
    for (const outcome of [
      await service.admin.showSettings(MEMBER),
      await service.admin.changeSettings({ ...MEMBER, change: { rated: false } }),
      await service.seasons.newSeason({ ...MEMBER, viewer: member(GUILD) }),
    ]) {
      expect(outcome).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      if (!outcome.ok) expect(say('en', outcome.error.message)).toMatch(/Manage Server/);
    }
    expect(value(await service.admin.showSettings(ADMIN)).own).toEqual([]);
    expect(await service.records.currentSeason(GUILD)).toBe(1);
  });

  it.each([
    [{ challengeTtlMs: 0 }, /challenge timeout must be a whole number from 1 to 10080 minutes \(got 0\)/],
    [{ turnTtlMs: 20_161 * MINUTE_MS }, /turn timeout must be a whole number from 1 to 20160 minutes/],
    [{ reminderDelayMs: -MINUTE_MS }, /reminder delay must be a whole number from 0/],
    [{ reminderDelayMs: 1000 }, /reminder delay must be a whole number from 0/],
    [{ maxGamesPerPlayer: 26 }, /most games per player must be a whole number from 1 to 25 games/],
    [{ maxGamesPerPlayer: 2.5 }, /whole number/],
    [
      { turnTtlMs: 10 * MINUTE_MS, reminderDelayMs: 10 * MINUTE_MS },
      /reminder delay \(10 minutes\) must be shorter than the turn timeout/,
    ],
    [{ channels: { remove: '42' } }, /<#42> is not in the list/],
  ])('refuses %o with a clear sentence, changing nothing', async (change, message) => {
    const refused = await service.admin.changeSettings({ ...ADMIN, change: { rated: false, ...change } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid' } });
    if (!refused.ok) expect(say('en', refused.error.message)).toMatch(message);
    expect(value(await service.admin.showSettings(ADMIN)).own).toEqual([]);
  });

  it('adds, removes and clears allowed channels, at most 25', async () => {
    let own = {};
    for (let i = 0; i < 25; i++) own = value(applyChange(DEFAULTS, own, { channels: { add: String(i) } }));
    expect(applyChange(DEFAULTS, own, { channels: { add: '99' } })).toMatchObject({ ok: false });
    own = value(applyChange(DEFAULTS, own, { channels: { remove: '3', add: '99' } }));
    expect(parseOverrides(JSON.stringify(own)).channels).toHaveLength(25);
    expect(value(applyChange(DEFAULTS, own, { channels: { clear: true } }))).toMatchObject({ channels: [] });
  });

  it('keeps "the server’s Discord language" as a choice of its own over a default language', async () => {
    const german = { ...DEFAULTS, language: 'de' as const };
    expect(value(applyChange(german, {}, { language: null }))).toEqual({ language: null });
    expect(parseOverrides(JSON.stringify({ language: null }))).toEqual({ language: null });
    // Over the default "the server's Discord language", it is that default again.
    expect(value(applyChange(DEFAULTS, { language: 'fr' }, { language: null }))).toEqual({});
  });

  it('leaves out stored values that no longer check, so the default applies', async () => {
    const stored = JSON.stringify({
      defaultVariant: { ruleset: 'ludo', options: {} },
      maxGamesPerPlayer: 'lots',
      rated: false,
    });
    expect(parseOverrides(stored)).toEqual({ rated: false });
  });

  it('reads DEFAULT_RULES with the options named as in the slash commands', async () => {
    expect(value(parseVariant('kendall pawns=7 safe_pairs=off'))).toEqual({
      ruleset: 'kendall',
      options: { pawns: 7, safePairs: false },
    });
    expect(parseVariant('kendall pawns=6')).toMatchObject({ ok: false });
    expect(parseVariant('kendall colour=red')).toMatchObject({ ok: false });
  });
});

describe('seasons', () => {
  it('closes a season with its final table, restarts ratings, and keeps the old table readable', async () => {
    await decide(ANA, BEN);
    await decide(ANA, BEN);
    const seasonOne = value(await service.records.leaderboard({ viewer: member(GUILD) }));
    expect(seasonOne.map((e) => [e.player.name.plain, e.wins, e.losses])).toEqual([
      ['Ana', 2, 0],
      ['Ben', 0, 2],
    ]);

    clock.advance(1000);
    const closed = value(await service.seasons.newSeason({ ...ADMIN, viewer: member(GUILD) }));
    expect(closed).toEqual({ closed: 1, current: 2, finalTable: seasonOne });
    expect(await service.records.currentSeason(GUILD)).toBe(2);
    expect(value(await service.records.leaderboard({ viewer: member(GUILD) }))).toEqual([]);
    expect(value(await service.records.leaderboard({ viewer: member(GUILD), season: 1 }))).toEqual(seasonOne);
    expect(await service.records.currentSeason('guild-2')).toBe(1); // per server

    // Stats: no rating yet this season, the all-time totals kept.
    const ana = value(await service.records.stats({ viewer: member(GUILD), userId: ANA.id }));
    expect(ana).toMatchObject({ season: 2, rating: null, provisional: true, ratingHistory: [] });
    expect(ana.seasonRecord).toMatchObject({ games: 0, wins: 0 });
    expect(ana.total).toMatchObject({ games: 2, wins: 2 });

    // The first rated game of the new season starts both players from the initial rating.
    const gameId = await decide(BEN, ANA);
    const game = value(await service.play.view(gameId));
    expect(game.result!.ratings!.map((r) => r.before)).toEqual([1500, 1500]);
    expect(
      value(await service.records.leaderboard({ viewer: member(GUILD) })).map((e) => [e.player.name.plain, e.wins]),
    ).toEqual([
      ['Ben', 1],
      ['Ana', 0],
    ]);
    expect(value(await service.records.leaderboard({ viewer: member(GUILD), season: 1 }))).toEqual(seasonOne); // unchanged
    const ben = value(await service.records.stats({ viewer: member(GUILD), userId: BEN.id }));
    expect(ben.seasonRecord).toMatchObject({ games: 1, wins: 1, losses: 0 });
    expect(ben.total).toMatchObject({ games: 3, wins: 1, losses: 2 });
    expect(ben.ratingHistory).toHaveLength(1);
  });

  it('counts a game in the season running when it ends', async () => {
    const made = value(
      await service.challenges.create({ guildId: GUILD, channelId: 'c', challenger: ANA, opponent: BEN }),
    );
    if (made.kind !== 'challenge') throw new Error('expected a challenge');
    const game = value(await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: BEN.id }));
    value(await service.seasons.newSeason({ ...ADMIN, viewer: member(GUILD) })); // while the game runs
    value(await service.play.resign({ gameId: game.gameId, userId: BEN.id }));
    expect(value(await service.records.leaderboard({ viewer: member(GUILD), season: 1 }))).toEqual([]);
    expect(value(await service.records.leaderboard({ viewer: member(GUILD), season: 2 }))).toHaveLength(2);
  });

  it('refuses a season that has not started', async () => {
    for (const season of [0, 2, 1.5]) {
      const asked = await service.records.leaderboard({ viewer: member(GUILD), season });
      expect(asked).toMatchObject({ ok: false, error: { code: 'invalid' } });
      if (!asked.ok) expect(say('en', asked.error.message)).toContain('this server is in season 1');
    }
  });
});
