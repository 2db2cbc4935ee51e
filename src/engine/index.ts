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
  /** @internal */ setupGame,
  /** @internal */ toState,
  toPosition,
} from './game.js';
export type { ActionProblem, GameRecord, ReplayError, /** @internal */ Setup, Throwing } from './game.js';
export {
  RULESETS,
  RULESET_IDS,
  checkRules,
  defaultOptions,
  isRuleSetId,
  optionSpecs,
  /** @internal */ optionProblemWords,
  resolveRules,
} from './rulesets/index.js';
export type { AnyOptionSpec, OptionProblem, Variant } from './rulesets/index.js';
export type { Rules, SquareInfo } from './rules.js';
export { MAX_MOVES, Position } from './position.js';
export { moveFrom, moveTo, sideName } from './codes.js';
export {
  SeededSticks,
  /** @internal */ FixedSticks,
  throwDistribution,
  sticksFor,
  lightCount,
  /** @internal */ throwList,
  throwValue,
} from './throws.js';
export type { ThrowSource } from './throws.js';
// Keyed dice's secret (DiceSecret) is imported from './keyedDice.js' itself: the one module that
// uses node:crypto stays out of what imports only this index (a browser bundle of the engine).
