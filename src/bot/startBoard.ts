// The picture of a rule set's start position, for /senet rules. Lives at the composition root
// (not in the command handlers) because it calls the renderer directly: no game, no service.
import { RULESETS, isError, newGame, type RuleSetId } from '../engine/index.js';
import type { RenderedBoard } from '../game/types.js';
import { renderBoard } from '../render/index.js';

const cache = new Map<RuleSetId, Promise<RenderedBoard>>();

export function startBoard(ruleset: RuleSetId): Promise<RenderedBoard> {
  let board = cache.get(ruleset);
  if (!board) {
    const state = newGame(ruleset, RULESETS[ruleset].defaults, 1);
    if (isError(state)) return Promise.reject(new Error(state.error));
    board = renderBoard(state, { names: { W: 'Light', B: 'Dark' } });
    cache.set(ruleset, board);
  }
  return board;
}
