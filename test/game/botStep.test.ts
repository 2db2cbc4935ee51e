// The bot's move is chosen outside the write transaction (possibly on a worker thread) and applied
// only if the game has not moved on meanwhile.
import { describe, expect, it } from 'vitest';
import { type Strength, chooseAction } from '../../src/ai/index.js';
import type { Action, GameState } from '../../src/engine/index.js';
import type { GameService } from '../../src/game/service.js';
import type { GameView } from '../../src/game/types.js';
import { ANA, BOT, open, textOnlyRenderer, value, challengeIn, playFirstChoice } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

/** A game against hard whose chooser first awaits `meanwhile` (as a worker's answer would take time). */
async function botGame(meanwhile: (state: GameState, strength: Strength) => Promise<unknown>) {
  const service = await open(await tempDatabase(), {
    renderBoard: textOnlyRenderer(),
    chooseAction: (state, strength, seed): Promise<Action> =>
      meanwhile(state, strength).then(() => chooseAction(state, strength, seed)),
  });
  const made = await challengeIn(service, 'ch-bot', ANA, BOT, 'kendall', 'hard');
  if (made.kind !== 'game') throw new Error('a challenge to the bot starts a game');
  return { service, start: made.game };
}

/** Ana plays her first choice until the bot is to act. */
async function untilBotToAct(service: GameService, start: GameView): Promise<GameView> {
  let view = start;
  while (!view.botToAct) view = await playFirstChoice(service, view);
  return view;
}

describe('botStep', () => {
  it('asks the injected chooser once, with the state as read, and applies its action', async () => {
    const seen: GameState[] = [];
    const strengths: Strength[] = [];
    const { service, start } = await botGame((state, strength) => {
      seen.push(state);
      strengths.push(strength);
      return Promise.resolve();
    });
    // Ana throws if she is first; then the bot has a turn.
    const view = await untilBotToAct(service, start);
    const before = view.version;
    const after = value(await service.play.botStep(view.gameId));
    expect(seen).toHaveLength(1);
    expect(strengths).toEqual(['hard']); // the strength the game was made with
    expect(seen[0]!.ply).toBe(view.state.ply);
    expect(after.version).toBe(before + 1);
    await service.storage.close();
  });

  it('does not apply a choice made while the game moved on (the player resigned meanwhile)', async () => {
    let resign: () => Promise<unknown> = () => Promise.resolve();
    const { service, start } = await botGame(() => resign());
    const view = await untilBotToAct(service, start);
    resign = () => service.play.resign({ gameId: view.gameId, userId: ANA.id });
    const step = await service.play.botStep(view.gameId);
    expect(step).toMatchObject({ ok: false, error: { code: 'finished' } });
    const final = value(await service.play.view(view.gameId));
    expect(final.status).toBe('finished');
    expect(final.state.ply).toBe(view.state.ply); // the bot's action was not stored
    await service.storage.close();
  });
});
