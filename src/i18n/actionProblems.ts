// The engine's refusals in English, for logs, the developer tools and the replay check: the engine
// answers with codes (ActionProblem) and says no words itself. Players never read these: a refused
// click gets the catalogs' line in their language, and moves are named by gameWords.ts.
import { type ActionProblem, OFF, type ReplayError, WAITING } from '../engine/index.js';

/** A square as these messages name it: its number, "off" past the end, "waiting" before the start. */
function squareLabel(square: number): string {
  return square === OFF ? 'off' : square === WAITING ? 'waiting' : String(square);
}

/** One move as these messages name it: `17 → 20`, `28 → off`, `enter → 4`. */
function moveLabel(from: number, to: number): string {
  return `${from === WAITING ? 'enter' : from} → ${squareLabel(to)}`;
}

/** Why an action was refused: "2 → 30 is not a legal move (legal: 1 → 3, enter → 2)". */
export function actionProblemText(problem: ActionProblem): string {
  switch (problem.code) {
    case 'game-over':
      return 'the game is over';
    case 'move-first':
      return 'the throw must be played first';
    case 'opening-first':
      return 'the opening move comes before any throw';
    case 'nothing-to-take':
      return 'there is no forfeited throw to take';
    case 'illegal-move': {
      const legal = problem.legal.map((m) => moveLabel(m.from, m.to));
      const allowed = legal.length > 0 ? ` (legal: ${legal.join(', ')})` : '';
      return `${moveLabel(problem.move.from, problem.move.to)} is not a legal move${allowed}`;
    }
    case 'no-action':
      return 'no action';
    case 'unknown-action':
      return 'unknown action';
    case 'bad-state':
    case 'bad-rules':
      return problem.detail;
  }
}

/** Why a log does not replay: "action 4: there is no forfeited throw to take". */
export function replayErrorText(error: ReplayError): string {
  const text = actionProblemText(error.problem);
  return error.index < 0 ? text : `action ${error.index}: ${text}`;
}
