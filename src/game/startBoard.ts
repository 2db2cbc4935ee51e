// The picture of a rule set's start position (for /senet rules): the same for everyone, so drawn
// once per rule set and renderer, then served from memory.
import { type RuleSetId, defaultOptions, newGame } from '../engine/index.js';
import type { ServiceCore } from './core.js';
import type { BoardRenderer, RenderedBoard } from './types.js';

const drawn = new WeakMap<BoardRenderer, Map<RuleSetId, Promise<RenderedBoard>>>();

export function startBoard(core: ServiceCore, ruleset: RuleSetId): Promise<RenderedBoard> {
  let boards = drawn.get(core.render);
  if (!boards) {
    boards = new Map<RuleSetId, Promise<RenderedBoard>>();
    drawn.set(core.render, boards);
  }
  let board = boards.get(ruleset);
  if (!board) {
    const state = newGame(ruleset, defaultOptions(ruleset), 1);
    if (!state.ok) return Promise.reject(new Error(state.error));
    board = core.render(state.value, { names: { W: 'Light', B: 'Dark' } });
    boards.set(ruleset, board);
  }
  return board;
}
