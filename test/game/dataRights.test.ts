// Data rights through the service on a real file: what is stored about a person, deleting it (the
// games stay with a stand-in, ratings frozen, replays still work), a server's data deleted by an
// admin, and a server the bot left deleted after the grace period unless the bot comes back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminInput, GameService } from '../../src/game/service.js';
import { STAND_IN_PREFIX } from '../../src/game/privacy.js';
import { LEFT_SERVER_GRACE_MS } from '../../src/game/privacy.js';
import type { SeenPlayer } from '../../src/game/types.js';
import type { Variant } from '../../src/engine/index.js';
import {
  ANA,
  BEN,
  CLEO,
  GUILD,
  inEnglish,
  member,
  open,
  playFirstChoice,
  startGame,
  testClock,
  textOnlyRenderer,
  value,
} from './harness.js';
import { storedAnywhere } from '../support/storedAnywhere.js';
import { tempDatabase } from '../support/testDatabase.js';

const ADMIN: AdminInput = { guildId: GUILD, userId: CLEO.id, canManageServer: true };
const OTHER_GUILD = 'guild-2';

let service: GameService;
let clock: ReturnType<typeof testClock>;

beforeEach(async () => {
  clock = testClock();
  service = await open(await tempDatabase(), { now: clock.now, renderBoard: textOnlyRenderer() });
});
afterEach(async () => await service.storage.close());

/** A rated game in `guildId` that `winner` wins by the loser's resignation; its id. */
async function decide(winner: SeenPlayer, loser: SeenPlayer, guildId = GUILD): Promise<number> {
  const made = value(
    await service.challenges.create({ guildId, channelId: `c-${guildId}`, challenger: winner, opponent: loser }),
  );
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  let game = value(await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: loser.id }));
  // A few actions in the log (whoever is to act), so there are ids of who acted to replace.
  for (let i = 0; i < 4 && game.status === 'active'; i++) game = await playFirstChoice(service, game);
  value(await service.play.resign({ gameId: game.gameId, userId: loser.id }));
  return game.gameId;
}

/** The one number a `SELECT count(*) AS n …` reads, on either backend. */
const count = async (sql: string, ...params: string[]): Promise<number> =>
  (await service.storage.db.get<{ n: number }>(sql.replace('count(*)', 'count(*) AS n'), params))?.n ?? 0;

describe('a person’s data', () => {
  it('lists what is stored: name, settings, games, ratings, answer tokens', async () => {
    expect(await service.privacy.playerData(ANA.id)).toMatchObject({ name: null, reminders: null, games: 0 });
    const game = await decide(ANA, BEN);
    value(await service.reminders.set(ANA.id, false));
    value(await service.chat.setMessage('game', game, 'm1'));
    await service.chat.rememberAnswer({ messageId: 'm1', applicationId: 'app', token: 'secret-token' });
    expect(await service.privacy.playerData(ANA.id)).toEqual({
      name: 'Ana',
      nicknames: 0,
      reminders: false,
      games: 1,
      liveGames: 0,
      challenges: 1,
      pendingChallenges: 0,
      ratings: 1,
      ratingChanges: 1,
      answerTokens: 1,
      adminMarks: 0,
      tournaments: 0,
    });
  });

  it('deletes the name, settings and tokens; the games stay with a stand-in, ratings frozen', async () => {
    const first = await decide(ANA, BEN);
    await decide(BEN, ANA);
    value(await service.reminders.set(ANA.id, false));
    value(await service.chat.setMessage('game', first, 'm1'));
    await service.chat.rememberAnswer({ messageId: 'm1', applicationId: 'app', token: 'secret-token' });
    const benBefore = value(await service.records.stats({ viewer: member(GUILD, BEN.id), userId: BEN.id }));

    const deleted = value(await service.privacy.forgetPlayer({ userId: ANA.id, standInName: 'deleted player' }));
    expect(deleted.data).toMatchObject({ name: 'Ana', games: 2, answerTokens: 1 });

    // Nothing in the database holds Ana's id, her name or the token any more: no column of any table.
    expect(await storedAnywhere(service.storage.db, [ANA.id, 'Ana', 'secret-token'])).toEqual([]);
    expect(await service.chat.answerToken('m1')).toMatchObject({ token: '', issuedAt: 0 }); // still marks the message
    expect(await service.privacy.playerData(ANA.id)).toMatchObject({
      name: null,
      reminders: null,
      games: 0,
      ratings: 0,
    });
    expect(await service.reminders.isOn(ANA.id)).toBe(true);

    // Ben's records are as they were, his opponent now the stand-in.
    const benAfter = value(await service.records.stats({ viewer: member(GUILD, BEN.id), userId: BEN.id }));
    expect(benAfter).toEqual(benBefore);
    const history = value(await service.records.history({ viewer: member(GUILD, BEN.id), userId: BEN.id }));
    expect(history.map((h) => h.opponent.name.plain)).toEqual(['deleted player', 'deleted player']);
    expect(history[0]!.opponent.id.startsWith(STAND_IN_PREFIX)).toBe(true);
    // The leaderboard keeps both lines (ratings frozen), the stand-in's under its new name.
    const board = value(await service.records.leaderboard({ viewer: member(GUILD) }));
    expect(board.map((e) => e.player.name.plain).sort()).toEqual(['Ben', 'deleted player']);
    // The game still replays from its log (the stand-in's id in the log is allowed, nothing else).
    expect((await service.storage.verify()).problems).toEqual([]);
    expect(await count(`SELECT count(*) FROM actions WHERE user_id LIKE 'deleted:%'`)).toBeGreaterThan(0);
    await expect(service.storage.db.run(`UPDATE actions SET user_id = '${BEN.id}'`)).rejects.toThrow(/append-only/);
    await expect(service.storage.db.run(`UPDATE actions SET action = '{}'`)).rejects.toThrow(/append-only/);
  });

  it('refuses while the person has a live game, and deletes nothing', async () => {
    await startGame(service, 'c');
    const refused = inEnglish(await service.privacy.forgetPlayer({ userId: ANA.id, standInName: 'deleted player' }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/1 live game and 0 open challenges/);
    expect((await service.privacy.playerData(ANA.id)).name).toBe('Ana');
  });

  it('deletes the settings of someone who never played, leaving no stand-in', async () => {
    value(await service.reminders.set(CLEO.id, false));
    value(await service.privacy.forgetPlayer({ userId: CLEO.id, standInName: 'deleted player' }));
    expect(await service.reminders.isOn(CLEO.id)).toBe(true);
    expect(await count(`SELECT count(*) FROM players WHERE user_id LIKE 'deleted:%'`)).toBe(0);
  });

  it('replaces an admin who never played in the server settings they changed', async () => {
    value(await service.admin.changeSettings({ ...ADMIN, change: { rated: false } }));
    expect(await service.privacy.playerData(CLEO.id)).toMatchObject({ name: null, games: 0, adminMarks: 1 });
    value(await service.privacy.forgetPlayer({ userId: CLEO.id, standInName: 'deleted player' }));
    expect(await count('SELECT count(*) FROM guild_settings WHERE updated_by = ?', CLEO.id)).toBe(0);
    expect(await count(`SELECT count(*) FROM guild_settings WHERE updated_by LIKE 'deleted:%'`)).toBe(1);
    expect((await service.servers.settings(GUILD)).rated).toBe(false); // the server's choice stays
  });
});

describe('tournaments and data deletion', () => {
  const spec = (name: string) => ({
    name,
    variant: { ruleset: 'kendall', options: {} } as Variant,
    format: 'swiss' as const,
    rounds: 3,
    startInMinutes: 60,
    roundMinutes: 60,
    rated: true,
    maxPlayers: 8,
  });
  const create = async (name: string, guildId = GUILD) =>
    value(
      await service.tournaments.create({
        ...ADMIN,
        guildId,
        channelId: `c-${guildId}`,
        locale: 'en',
        spec: spec(name),
      }),
    );
  const join = async (tournamentId: number, player: SeenPlayer, guildId = GUILD) =>
    value(await service.tournaments.join({ tournamentId, guildId, player }));

  it('takes a person out of tournaments not begun, and leaves no id of theirs in any', async () => {
    const open = await create('Friday');
    await join(open.id, ANA);
    await join(open.id, BEN);

    value(await service.privacy.forgetPlayer({ userId: ANA.id, standInName: 'deleted player' }));
    expect(await storedAnywhere(service.storage.db, [ANA.id])).toEqual([]);
    // Out, not replaced: a stand-in is never paired.
    expect(await count(`SELECT count(*) FROM tournament_players WHERE tournament_id = ?`, String(open.id))).toBe(1);
  });

  it('deletes a server’s tournaments with its data, and only that server’s', async () => {
    const here = (await create('Here')).id;
    await join(here, ANA);
    await join((await create('Elsewhere', OTHER_GUILD)).id, ANA, OTHER_GUILD);
    // Dora only joined this server's tournament, by her nickname here.
    await join(here, { id: '1009', name: 'Dora', nickname: 'Dee' });
    value(await service.privacy.deleteServerData(ADMIN));
    expect(await count(`SELECT count(*) FROM tournaments WHERE guild_id = ?`, GUILD)).toBe(0);
    expect(await count(`SELECT count(*) FROM tournaments WHERE guild_id = ?`, OTHER_GUILD)).toBe(1);
    expect(await count(`SELECT count(*) FROM tournament_players`)).toBe(1);
    // Nothing of the server, nor of Dora, in any column of any table.
    expect(await storedAnywhere(service.storage.db, [GUILD, '1009', 'Dora', 'Dee'])).toEqual([]);
  });
});

describe('a server’s data', () => {
  it('is shown to and deleted by an admin only, whole, leaving other servers alone', async () => {
    await decide(ANA, BEN);
    await decide(CLEO, BEN);
    await decide(ANA, BEN, OTHER_GUILD);
    await startGame(service, 'live');
    value(await service.admin.changeSettings({ ...ADMIN, change: { rated: false } }));
    const notAdmin = { ...ADMIN, userId: ANA.id, canManageServer: false };
    expect(inEnglish(await service.privacy.serverData(notAdmin))).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(inEnglish(await service.privacy.deleteServerData(notAdmin))).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(value(await service.privacy.serverData(ADMIN))).toEqual({
      games: 3,
      liveGames: 1,
      challenges: 3,
      players: 3,
      ratings: 3,
      seasons: 0,
      settings: true,
    });

    value(await service.privacy.deleteServerData(ADMIN));
    expect(value(await service.privacy.serverData(ADMIN))).toMatchObject({
      games: 0,
      challenges: 0,
      ratings: 0,
      settings: false,
    });
    expect(await count(`SELECT count(*) FROM actions WHERE game_id NOT IN (SELECT id FROM games)`)).toBe(0);
    // Cleo played only there: her name is gone; Ana and Ben played elsewhere too.
    expect((await service.privacy.playerData(CLEO.id)).name).toBeNull();
    expect(await service.privacy.playerData(ANA.id)).toMatchObject({ name: 'Ana', games: 1 });
    expect(value(await service.records.leaderboard({ viewer: member(OTHER_GUILD) })).length).toBe(2);
    expect((await service.storage.verify()).problems).toEqual([]);
    expect((await service.servers.settings(GUILD)).rated).toBe(true);
  });

  it('is deleted after the grace period once the bot left, unless it came back', async () => {
    await decide(ANA, BEN);
    await decide(ANA, BEN, OTHER_GUILD);
    value(await service.privacy.serverLeft(GUILD));
    value(await service.privacy.serverLeft(OTHER_GUILD));
    clock.advance(LEFT_SERVER_GRACE_MS - 1);
    expect(await service.privacy.purgeLeftServers()).toEqual([]);
    expect(value(await service.privacy.serversPresent([OTHER_GUILD, 'guild-3']))).toEqual([OTHER_GUILD]); // added back
    clock.advance(1);
    expect(await service.privacy.purgeLeftServers()).toEqual([GUILD]);
    expect(value(await service.privacy.serverData(ADMIN)).games).toBe(0);
    expect(value(await service.privacy.serverData({ ...ADMIN, guildId: OTHER_GUILD })).games).toBe(1);
    expect(await service.privacy.purgeLeftServers()).toEqual([]);
  });

  it('is deleted by the process holding the server’s shard only', async () => {
    // Server ids fall on shard (id >> 22) % 2: 1 << 22 on shard 1, 2 << 22 on shard 0.
    const [onShard1, onShard0] = [String(1 << 22), String(2 << 22)];
    const path = await tempDatabase();
    const shards = await Promise.all([0, 1].map((id) => open(path, { now: clock.now, shard: { id, count: 2 } })));
    try {
      for (const guildId of [onShard1, onShard0]) value(await shards[0]!.privacy.serverLeft(guildId));
      clock.advance(LEFT_SERVER_GRACE_MS);
      expect(await shards[1]!.privacy.purgeLeftServers()).toEqual([onShard1]);
      expect(await shards[0]!.privacy.purgeLeftServers()).toEqual([onShard0]);
      expect(await shards[1]!.privacy.purgeLeftServers()).toEqual([]);
    } finally {
      for (const shard of shards) await shard.storage.close();
    }
  });
});
