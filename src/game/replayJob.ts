// A replay as plain data in (the game's log, the names, how it ended) and pictures out: the
// animated replay, and with a win-chance estimate the review (chart, turning points, accuracy).
// Seconds of CPU for a long game, so the bot runs it on a worker thread (src/bot/replayThread.ts);
// plain data both ways so it crosses threads as it is.
import { winChance } from '../ai/index.js';
import { type GameRecord, type Side, type SideNames, resolveRules, toPosition, variantTitle } from '../engine/index.js';
import { clip, percent } from '../lib/format.js';
import { type Result, err, ok } from '../lib/result.js';
import { ALT_TEXT_LIMIT, type RenderedBoard } from '../render/index.js';
import { type ChartPoint, renderChart } from '../render/chart.js';
import { renderReplay } from '../render/replay.js';
import { type Review, type WinChance, reviewGame } from './review.js';

export interface ReplayJob {
  gameId: number;
  record: GameRecord;
  names: SideNames;
  /** How the game ended when no move ended it ("Ana resigned: Ben wins."), else ''. */
  ending: string;
  /** "Ana won", "in progress": for the alt text. */
  result: string;
}

/** The review's findings in words and numbers, for the message and the alt text. */
export interface ReviewSummary {
  turningPoints: string[];
  /** 0..100, rounded; null for a player who had no choice to make. */
  accuracy: Record<Side, number | null>;
}

export interface ReplayOutput {
  replay: RenderedBoard;
  /** The win-chance chart, when a win-chance estimate was given. */
  chart: RenderedBoard | null;
  review: ReviewSummary | null;
  /** Pawn moves in the game (frames after the start). */
  moves: number;
}

export type ReplayRenderer = (job: ReplayJob) => Promise<ReplayOutput>;

/** The learned model's chance that W wins (src/ai/winChance.ts), for a stored state. */
export const modelChance: WinChance = (state) => {
  const pos = toPosition(state);
  if (!pos.ok) throw new Error(`win chance of an invalid state: ${pos.error}`);
  return winChance(pos.value);
};

export function produceReplay(job: ReplayJob, chance: WinChance | null): Result<ReplayOutput, string> {
  const rendered = renderReplay({ record: job.record, names: job.names, ending: job.ending });
  if (!rendered.ok) return rendered;
  const moves = job.record.actions.filter((a) => a.type === 'move').length;
  const reviewed = chance ? reviewGame(job.record, job.names, chance) : null;
  if (reviewed && !reviewed.ok) return err(reviewed.error);
  const review = reviewed?.value ?? null;
  const summary = review ? summarise(review) : null;
  const replay: RenderedBoard = {
    image: rendered.value.image,
    fileName: rendered.value.fileName,
    alt: replayAlt(job, moves, summary),
  };
  const chart = review
    ? {
        image: renderChart({ names: job.names, points: chartPoints(review) }),
        fileName: 'senet-win-chance.png',
        alt: chartAlt(job, review, summary!),
      }
    : null;
  return ok({ replay, chart, review: summary, moves });
}

function summarise(review: Review): ReviewSummary {
  const rounded = (value: number | null): number | null => (value === null ? null : Math.round(value));
  return {
    turningPoints: review.turningPoints.map((t) => t.words),
    accuracy: { W: rounded(review.accuracy.W), B: rounded(review.accuracy.B) },
  };
}

/** One chart point per position: the start, then after each action, with its marks. */
export function chartPoints(review: Review): ChartPoint[] {
  const turning = new Map(review.turningPoints.map((t, k) => [t.index, k + 1]));
  return review.chances.map((chance, i) => {
    const action = i === 0 ? null : review.actions[i - 1]!;
    return {
      chance,
      move: action?.move ?? 0,
      capture: action?.capture ?? false,
      extraThrow: action?.extraThrow ?? false,
      turningPoint: action ? (turning.get(action.index) ?? 0) : 0,
    };
  });
}

function title(job: ReplayJob): string {
  const rules = resolveRules(job.record.ruleset, job.record.options);
  return rules.ok ? variantTitle(rules.value.id, job.record.options) : job.record.ruleset;
}

function replayAlt(job: ReplayJob, moves: number, summary: ReviewSummary | null): string {
  const { W, B } = job.names;
  const sentences = [
    `Animated replay of a Senet game, ${title(job)} rules: ${W} (light reels) against ${B} (dark cones).`,
    `${job.result}; ${moves} moves, ${job.record.actions.length} actions in all, one frame per move.`,
    ...(job.ending ? [job.ending] : []),
    ...(summary ? [`Turning points: ${summary.turningPoints.join('. ')}.`, accuracyWords(job.names, summary)] : []),
  ];
  return clip(sentences.join(' '), ALT_TEXT_LIMIT);
}

function chartAlt(job: ReplayJob, review: Review, summary: ReviewSummary): string {
  const { W } = job.names;
  const chances = review.chances;
  let high = 0;
  let low = 0;
  chances.forEach((c, i) => {
    if (c > chances[high]!) high = i;
    if (c < chances[low]!) low = i;
  });
  const moveAt = (i: number): string => (i === 0 ? 'the start' : `move ${review.actions[i - 1]!.move}`);
  const captures = review.actions.filter((a) => a.capture).length;
  const extras = review.actions.filter((a) => a.extraThrow).length;
  const sentences = [
    `Chart of ${W}'s chance to win after every action: ${percent(chances[0]!)} at the start, ${percent(chances[chances.length - 1]!)} at the end;`,
    `highest ${percent(chances[high]!)} at ${moveAt(high)}, lowest ${percent(chances[low]!)} at ${moveAt(low)}.`,
    `${captures} captures and ${extras} extra throws are marked.`,
    `Turning points: ${summary.turningPoints.join('. ')}.`,
  ];
  return clip(sentences.join(' '), ALT_TEXT_LIMIT);
}

export function accuracyWords(names: SideNames, summary: ReviewSummary): string {
  const of = (side: Side): string => `${names[side]} ${summary.accuracy[side] ?? 'no choice made'}`;
  return `Accuracy (0-100, how close each player's choices came to the best): ${of('W')}, ${of('B')}.`;
}
