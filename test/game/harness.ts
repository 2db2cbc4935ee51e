// Shared set-up for the service tests: a real database (a SQLite file in a temp folder, or a
// fresh PostgreSQL database in the "postgres" project: test/support/testDatabase.ts), a clock the test
// moves, seeds that repeat, and a loop that plays a game to its end through the service.
import type { Viewer } from '../../src/game/visibility.js';
import { type RuleSetId, type Variant } from '../../src/engine/index.js';
import { DiceSecret } from '../../src/engine/keyedDice.js';
import { type GameService, type ServiceSettings, openService } from '../../src/game/service.js';
import { mix32 } from '../../src/lib/hash.js';
import type { Strength } from '../../src/game/strengths.js';
import type {
  BoardRenderer,
  BoardView,
  ChallengeMade,
  GameView,
  Outcome,
  SeenPlayer,
  ServiceError,
} from '../../src/game/types.js';
import { say } from '../../src/i18n/index.js';
import type { Result } from '../../src/lib/result.js';
import { altText } from '../../src/render/index.js';
import { openTestDatabase } from '../support/databaseAt.js';
import type { GameState } from '../../src/engine/index.js';

export const ANA: SeenPlayer = { id: '1001', name: 'Ana' };
export const BEN: SeenPlayer = { id: '1002', name: 'Ben' };
export const CLEO: SeenPlayer = { id: '1003', name: 'Cleo' };
export const BOT: SeenPlayer = { id: '9999', name: 'Senet Bot' };
export const GUILD = 'guild-1';

/** A clock the test moves by hand. */
export function testClock(start = Date.UTC(2026, 0, 1)): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

/** The service on the database at `where` (a path or URL from tempDatabase()). */
export async function open(where: string, extra: Partial<ServiceSettings> = {}): Promise<GameService> {
  const busy = extra.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: extra.busyTimeoutMs };
  const db = await openTestDatabase(where, busy);
  return openService({ db, botUserId: BOT.id, newDiceSecret: DiceSecret.counting(), ...extra });
}

/** The value of a successful outcome; fails the test with the message otherwise. */
export function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.code}: ${say('en', outcome.error.message)}`);
  return outcome.value;
}

/** An outcome with its refusal said in English, as a player with an English Discord reads it. */
export function inEnglish<T>(outcome: Outcome<T>): Result<T, { code: ServiceError['code']; message: string }> {
  return outcome.ok ? outcome : { ok: false, error: { ...outcome.error, message: say('en', outcome.error.message) } };
}

/** A challenge (or, against the bot, a started game) with a rule set's default options, in GUILD. */
export async function challengeIn(
  service: GameService,
  channelId: string,
  challenger: SeenPlayer,
  opponent: SeenPlayer,
  ruleset: RuleSetId,
  strength?: Strength,
): Promise<ChallengeMade> {
  const variant = { ruleset, options: {} } as Variant;
  return value(
    await service.challenges.create({
      guildId: GUILD,
      channelId,
      challenger,
      opponent,
      variant,
      ...(strength ? { strength } : {}),
    }),
  );
}

/** The player to act presses the first button (the first move, or Throw): the view after it. */
export async function playFirstChoice(service: GameService, view: GameView): Promise<GameView> {
  const action = view.choices[0]!.action;
  return value(await service.play.act({ gameId: view.gameId, userId: view.toAct!.id, version: view.version, action }));
}

/** Starts a human game between Ana and Ben in `channelId`. */
export async function startGame(
  service: GameService,
  channelId: string,
  ruleset: RuleSetId = 'kendall',
): Promise<GameView> {
  const made = await challengeIn(service, channelId, ANA, BEN, ruleset);
  if (made.kind !== 'challenge') throw new Error('expected a challenge');
  return value(await service.challenges.accept({ challengeId: made.challenge.challengeId, userId: BEN.id }));
}

/**
 * Plays until the game ends: the bot through botStep, people by a choice picked from a seeded
 * sequence. Returns the final view and how many actions were taken.
 */
export async function playToEnd(
  service: GameService,
  start: GameView,
  seed: number,
  maxActions = 5000,
): Promise<{ view: GameView; actions: number }> {
  let view = start;
  let actions = 0;
  while (view.status === 'active') {
    if (++actions > maxActions) throw new Error(`game ${view.gameId} did not end in ${maxActions} actions`);
    if (view.botToAct) {
      view = value(await service.play.botStep(view.gameId));
      continue;
    }
    const pick = view.choices[(mix32(seed, actions) >>> 0) % view.choices.length]!;
    view = value(
      await service.play.act({
        gameId: view.gameId,
        userId: view.toAct!.id,
        version: view.version,
        action: pick.action,
      }),
    );
  }
  return { view, actions };
}

/**
 * For long loops only: the renderer's real alt text without drawing and encoding the picture
 * (~16-30 ms each, which would make a few thousand actions take minutes). Records what the
 * service asked for, so tests can check the numbered moves it passes. Other tests use the real
 * renderer.
 */
export function textOnlyRenderer(): BoardRenderer & { calls: { state: GameState; view: BoardView }[] } {
  const calls: { state: GameState; view: BoardView }[] = [];
  const render = (state: GameState, view: BoardView) => {
    calls.push({ state, view });
    return Promise.resolve({ image: Buffer.alloc(0), fileName: 'senet-board.txt', alt: altText(state, view) });
  };
  return Object.assign(render, { calls });
}

/**
 * Someone asking in a server's channel who may view all of its channels (or, for '', outside
 * servers in their DM with the bot): the widest view the visibility rule allows.
 */
export function member(guildId: string, userId = 'asker'): Viewer {
  return { userId, guildId, channelId: 'here', alone: guildId === '', canViewChannel: () => true };
}
