// Live games in memory (src/game/liveGames.ts, movesFromMemory.ts): two services on one database,
// as two bot processes on one PostgreSQL (or two on one SQLite file), clicking in the same games.
// A process decides a click from the game it keeps in memory; whatever another process changed
// meanwhile (a move, the server's settings, a deletion) must fail its write, never be written over.
import { describe, expect, it } from 'vitest';
import type { WriteTiming } from '../../src/db/database.js';
import { LiveGames } from '../../src/game/liveGames.js';
import type { GameRecord } from '../../src/db/records.js';
import type { GameService } from '../../src/game/service.js';
import type { GameView } from '../../src/game/types.js';
import {
  ANA,
  BEN,
  GUILD,
  challengeIn,
  open,
  playFirstChoice,
  startGame,
  testClock,
  textOnlyRenderer,
  value,
} from './harness.js';
import { onPostgres, tempDatabase } from '../support/testDatabase.js';

const MINUTE = 60_000;
const ADMIN = { guildId: GUILD, userId: '1001', canManageServer: true };

/** Two services on one new database, each its own connection(s) and memory, on one clock. */
async function twoProcesses(): Promise<[GameService, GameService]> {
  const where = await tempDatabase();
  const clock = testClock();
  const a = await open(where, { renderBoard: textOnlyRenderer(), now: clock.now });
  const b = await open(where, { renderBoard: textOnlyRenderer(), now: clock.now });
  return [a, b];
}

/** The board's first choice, clicked by the player to act, through `service`. */
const click = (service: GameService, view: GameView) =>
  service.play.act({
    gameId: view.gameId,
    userId: view.toAct!.id,
    version: view.version,
    action: view.choices[0]!.action,
  });

interface Stored {
  version: number;
  logged: number;
  turn_deadline: number | null;
  remind_at: number | null;
}

async function stored(service: GameService, gameId: number): Promise<Stored> {
  const row = await service.storage.db.get<Omit<Stored, 'logged'>>(
    'SELECT version, turn_deadline, remind_at FROM games WHERE id = ?',
    [gameId],
  );
  const log = await service.storage.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM actions WHERE game_id = ?', [
    gameId,
  ]);
  return { ...row!, logged: log!.n };
}

describe('live games kept in memory, checked by the write', () => {
  it('never writes over a move another process made to a game it keeps', async () => {
    const [a, b] = await twoProcesses();
    const start = await startGame(a, 'live-1');
    const first = await playFirstChoice(a, start); // a keeps the game, at version 1
    // The same board's button again, routed to the other process: b applies it.
    const byB = value(await click(b, first));
    // Now that click's double arrives at a, whose memory still holds version 1 with that player to
    // act: a decides it from memory, and its write must find the game moved on.
    const byA = await click(a, first);
    expect(byA.ok ? 'applied' : byA.error.code).toBe('stale');
    const after = await stored(a, start.gameId);
    expect(after).toMatchObject({ version: byB.version, logged: byB.version });
    expect(await a.storage.verify([start.gameId])).toEqual({ checked: 1, problems: [] });
    // And a plays on from the database: its next click (on b's board) is applied.
    const next = value(await click(a, byB));
    expect(next.version).toBe(byB.version + 1);
  });

  it("applies an admin's new turn timeout from the next click, whichever process changed it", async () => {
    const [a, b] = await twoProcesses();
    const start = await startGame(a, 'live-2');
    const first = await playFirstChoice(a, start); // a keeps the game
    const kept = value(await click(a, first)); // decided from memory: a keeps the server's settings too
    value(await b.admin.changeSettings({ ...ADMIN, change: { turnTtlMs: 30 * MINUTE, reminderDelayMs: 5 * MINUTE } }));
    const second = value(await click(a, kept));
    const row = await stored(a, second.gameId);
    const now = (await a.storage.db.get<{ at: number }>('SELECT MAX(at) AS at FROM actions WHERE game_id = ?', [
      second.gameId,
    ]))!.at;
    expect(row.turn_deadline).toBe(now + 30 * MINUTE);
    expect(row.remind_at).toBe(now + 5 * MINUTE);
  });

  it("schedules each new turn's reminder with the move, even two moves in the same millisecond", async () => {
    const [a] = await twoProcesses();
    let view = await playFirstChoice(a, await startGame(a, 'live-5'));
    for (let i = 0; i < 3; i++) {
      view = value(await click(a, view)); // from memory, on a clock that does not move
      const row = await stored(a, view.gameId);
      expect(row.remind_at).toBe(row.turn_deadline! - 24 * 60 * MINUTE + 10 * MINUTE); // the defaults
    }
  });

  it('answers a click in a game another process deleted as a missing game, and writes nothing', async () => {
    const [a, b] = await twoProcesses();
    const start = await startGame(a, 'live-3');
    const first = await playFirstChoice(a, start);
    value(await b.privacy.deleteServerData(ADMIN));
    const byA = await click(a, first);
    expect(byA.ok ? 'applied' : byA.error.code).toBe('not-found');
    expect(await a.storage.db.get('SELECT id FROM games WHERE id = ?', [start.gameId])).toBeUndefined();
  });

  it('refuses a crowd of clicks on one board as stale from memory, without a transaction each', async () => {
    const [a] = await twoProcesses();
    const start = await startGame(a, 'live-8'); // kept as the accept wrote it
    const writes: WriteTiming[] = [];
    a.storage.observeWrites((timing) => writes.push(timing));
    const crowd = await Promise.all(Array.from({ length: 20 }, () => click(a, start)));
    expect(crowd.map((c) => (c.ok ? 'applied' : c.error.code)).sort()).toEqual([
      'applied',
      ...Array.from({ length: 19 }, () => 'stale'),
    ]);
    // Each click queued its guarded write before the winner was kept. On PostgreSQL the nineteen
    // found it kept when their turns came and sent nothing; on SQLite each is still a transaction
    // in the process's one line (no round trip). None ran the move's transaction afterwards, and a
    // click once the winner is kept writes nothing.
    expect(writes).toHaveLength(onPostgres ? 1 : 20);
    if (onPostgres) expect(writes[0]!.roundTrips).toBe(1);
    const late = await click(a, start);
    expect(late.ok ? 'applied' : late.error.code).toBe('stale');
    expect(writes).toHaveLength(onPostgres ? 1 : 20);
    expect((await stored(a, start.gameId)).version).toBe(start.version + 1);
  });

  it.skipIf(!onPostgres)('makes a move kept in memory in one round trip to PostgreSQL', async () => {
    const [a, b] = await twoProcesses();
    const start = await startGame(b, 'live-4'); // started by the other process: not in a's memory
    const moves: WriteTiming[] = [];
    a.storage.observeWrites((timing) => timing.kind === 'move' && moves.push(timing));
    let view = await playFirstChoice(a, start); // read from the database, then kept
    for (let i = 0; i < 6 && view.status === 'active'; i++) view = value(await click(a, view));
    expect(moves.map((m) => m.roundTrips).slice(1)).toEqual(moves.slice(1).map(() => 1));
    expect(moves[0]!.roundTrips).toBeGreaterThan(2); // the transaction: BEGIN, reads, writes, COMMIT
  });

  it.skipIf(!onPostgres)('makes the first move of a game it started in one round trip too', async () => {
    const [a] = await twoProcesses();
    const moves: WriteTiming[] = [];
    a.storage.observeWrites((timing) => timing.kind === 'move' && moves.push(timing));
    let view = await startGame(a, 'live-6'); // kept as the accept wrote it
    for (let i = 0; i < 4 && view.status === 'active'; i++) view = value(await click(a, view));
    expect(moves.map((m) => m.roundTrips)).toEqual(moves.map(() => 1));
  });

  it.skipIf(!onPostgres)('makes the first move in the thread a game was placed in in one round trip', async () => {
    const [a] = await twoProcesses();
    const made = await challengeIn(a, 'live-7', ANA, BEN, 'kendall');
    if (made.kind !== 'challenge') throw new Error('expected a challenge');
    value(await a.chat.setMessage('challenge', made.challenge.challengeId, 'm7'));
    const started = value(
      await a.challenges.accept({ challengeId: made.challenge.challengeId, userId: BEN.id, ownThread: true }),
    );
    value(await a.chat.setThread(started.gameId, 'm7')); // kept as placed: the thread is what the click checks
    const moves: WriteTiming[] = [];
    a.storage.observeWrites((timing) => timing.kind === 'move' && moves.push(timing));
    const action = started.choices[0]!.action;
    value(
      await a.play.act({
        gameId: started.gameId,
        userId: started.toAct!.id,
        version: started.version,
        action,
        where: 'm7',
      }),
    );
    expect(moves.map((m) => m.roundTrips)).toEqual([1]);
  });
});

describe('LiveGames', () => {
  const game = (id: number, status: GameRecord['status'] = 'active') => ({ id, status, guildId: 'g' }) as GameRecord;

  it('keeps the most recently played live games, up to its capacity, and forgets ended ones', () => {
    const live = new LiveGames(2);
    live.keep(game(1));
    live.keep(game(2));
    live.keep(game(1)); // played again: now the most recent
    live.keep(game(3));
    expect([1, 2, 3].map((id) => live.game(id)?.id)).toEqual([1, undefined, 3]);
    live.keep(game(3, 'finished'));
    expect(live.game(3)).toBeUndefined();
    live.forgetServer('g');
    expect(live.size).toBe(0);
  });
});
