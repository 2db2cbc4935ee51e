// The engine's public surface: what the service, renderer, AI and tests import.
export * from './types.js';
export { newGame, legalActions, legalMoves, applyAction, replay, setupGame, toState, toPosition } from './game.js';
export type { Applied, GameRecord, Setup } from './game.js';
export { describeEvents, moveLabel, squareLabel, DEFAULT_NAMES } from './describe.js';
export type { SideNames } from './describe.js';
export { RULESETS, resolveRules, isRuleSetId } from './rulesets/index.js';
export type { Rules, RuleSet, SquareInfo, SquareEffect } from './rules.js';
export { MAX_MOVES, Position } from './position.js';
export { encodeMove, moveFrom, moveTo, sideCode, sideName } from './codes.js';
export { SeededSticks, FixedSticks, throwDistribution, sticksFor, lightCount } from './throws.js';
export type { ThrowSource, ThrowTable } from './throws.js';
