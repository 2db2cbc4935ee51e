// The AI thread chooses exactly what chooseAction chooses on the main thread, starts with the first
// search and ends itself once searches stop coming.
import { unwrap } from '../../src/lib/result.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AiThread } from '../../src/bot/aiThread.js';
import { STRENGTHS, chooseAction } from '../../src/ai/index.js';
import { type GameState, applyAction, legalActions, newGame } from '../../src/engine/index.js';

const thread = new AiThread();
afterAll(() => thread.close());

/** States along a game of easy choices, every fifth one. */
function states(): GameState[] {
  let state = unwrap(newGame('kendall', {}, 11));
  const out: GameState[] = [];
  for (let ply = 0; ply < 60 && state.phase !== 'over'; ply++) {
    if (ply % 5 === 0 && legalActions(state).length > 1) out.push(state);
    const next = unwrap(applyAction(state, chooseAction(state, 'easy', ply)));
    state = next.state;
  }
  return out;
}

describe('AiThread', () => {
  it('answers every strength with the main thread’s action, for many jobs at once', async () => {
    const jobs = states().flatMap((state, i) => STRENGTHS.map((strength) => ({ state, strength, seed: i })));
    expect(jobs.length).toBeGreaterThan(8);
    const actions = await Promise.all(jobs.map((j) => thread.choose(j.state, j.strength, j.seed)));
    expect(actions).toEqual(jobs.map((j) => chooseAction(j.state, j.strength, j.seed)));
  });

  it('rejects a finished game (no legal action) and keeps working', async () => {
    const [state] = states();
    await expect(thread.choose({ ...state!, phase: 'over' }, 'expert', 1)).rejects.toThrow(/ai worker/);
    expect(await thread.choose(state!, 'expert', 1)).toEqual(chooseAction(state!, 'expert', 1));
  });

  it('starts with the first search, not for easy choices, and ends when idle', async () => {
    const idle = new AiThread(50);
    const [state] = states();
    expect(idle.running).toBe(false);
    expect(await idle.choose(state!, 'easy', 1)).toEqual(chooseAction(state!, 'easy', 1));
    expect(idle.running).toBe(false);
    expect(await idle.choose(state!, 'hard', 1)).toEqual(chooseAction(state!, 'hard', 1));
    expect(idle.running).toBe(true);
    await vi.waitFor(() => expect(idle.running).toBe(false), { timeout: 5000 });
    expect(await idle.choose(state!, 'expert', 2)).toEqual(chooseAction(state!, 'expert', 2));
    await idle.close();
    expect(idle.running).toBe(false);
  });
});
