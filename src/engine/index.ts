// The engine's public surface: what the service, renderer, AI and tests import.
export * from './types.js';
export {
  newGame,
  rulesOf,
  legalActions,
  legalMoves,
  applyAction,
  replay,
  replaySteps,
  setupGame,
  toState,
  toPosition,
} from './game.js';
export type { Applied, GameRecord, ReplayError, ReplayStep, Setup } from './game.js';
export { moveLabel, squareLabel } from './describe.js';
export {
  RULESETS,
  RULESET_IDS,
  checkRules,
  defaultOptions,
  isRuleSetId,
  optionSpecs,
  optionProblemWords,
  resolveRules,
} from './rulesets/index.js';
export type { AnyOptionSpec, OptionProblem, OptionsById, Variant } from './rulesets/index.js';
export type { Rules, RuleSet, SquareInfo, SquareEffect } from './rules.js';
export { MAX_MOVES, Position } from './position.js';
export { encodeMove, moveFrom, moveTo, sideCode, sideName } from './codes.js';
export { SeededSticks, FixedSticks, throwDistribution, sticksFor, lightCount } from './throws.js';
export type { ThrowSource, ThrowTable } from './throws.js';
