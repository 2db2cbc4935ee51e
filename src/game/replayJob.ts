// A replay as plain data in (the game's log, the names, how it ended) and pictures out: the
// animated replay, and with a win-chance estimate the review (chart, turning points, accuracy).
// Seconds of CPU for a long game, so the bot runs it on a worker thread (src/bot/replayThread.ts);
// plain data both ways so it crosses threads as it is.
import { winChance } from '../ai/index.js';
import { type GameRecord, type Rules, type Side, isRuleSetId, resolveRules, toPosition } from '../engine/index.js';
import { type SaidNames, drawnNames, sidePawns, variantTitle } from '../i18n/gameWords.js';
import { type Locale, type Translate, plainTranslator, translator } from '../i18n/index.js';
import { clip, percent } from '../lib/format.js';
import { type Result, err, ok } from '../lib/result.js';
import { ALT_TEXT_LIMIT, type RenderedBoard } from '../render/index.js';
import { type ChartPoint, renderChart } from '../render/chart.js';
import { renderReplay } from '../render/replay.js';
import { type Review, type WinChance, reviewGame, turningPointWords } from './review.js';

export interface ReplayJob {
  gameId: number;
  record: GameRecord;
  names: SaidNames;
  /** How the game ended when no move ended it ("Ana resigned: Ben wins."), else '': drawn, so plain words. */
  ending: string;
  /** "Ana wins!", "The game is still in progress.": a sentence for the alt text, plain words. */
  result: string;
  /** The language of every word drawn and written (the game's). */
  locale: Locale;
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
  // The review's words go into the message (names escaped); the pictures and their alt texts are not markdown.
  const t = translator(job.locale);
  const plain = plainTranslator(job.locale);
  const names = drawnNames(job.names);
  const rendered = renderReplay({ record: job.record, names, ending: job.ending, locale: job.locale });
  if (!rendered.ok) return rendered;
  const moves = job.record.actions.filter((a) => a.type === 'move').length;
  const reviewed = chance ? reviewGame(job.record, job.names, chance, t) : null;
  if (reviewed && !reviewed.ok) return err(reviewed.error);
  const review = reviewed?.value ?? null;
  const summary = review ? summarise(review) : null;
  const altSummary = review && summary ? { ...summary, turningPoints: turningPointWords(plain, review, names) } : null;
  const replay: RenderedBoard = {
    image: rendered.value.image,
    fileName: rendered.value.fileName,
    alt: replayAlt(plain, job, moves, altSummary),
  };
  const chart =
    review && altSummary
      ? {
          image: renderChart({
            names,
            points: chartPoints(review),
            extraThrows: hasExtraThrows(job.record),
            locale: job.locale,
          }),
          fileName: 'senet-win-chance.png',
          alt: chartAlt(plain, job, review, altSummary),
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

/**
 * Whether the game's rules ever give an extra throw (Kendall's do not).
 * @internal
 */
export function hasExtraThrows(record: GameRecord): boolean {
  const rules = resolveRules(record.ruleset, record.options);
  if (!rules.ok) return true;
  const { extraThrowOn, opening, squares }: Rules = rules.value;
  return (
    extraThrowOn.length > 0 ||
    opening?.earnsThrow === true ||
    Object.values(squares).some((square) => square.effect?.kind === 'extraThrow')
  );
}

/**
 * One chart point per position: the start, then after each action, with its marks.
 * @internal
 */
export function chartPoints(review: Review): ChartPoint[] {
  const turning = new Map(review.turningPoints.map((t, k) => [t.index, k + 1]));
  return review.chances.map((chance, i) => {
    const action = i === 0 ? null : (review.actions[i - 1] ?? null);
    return {
      chance,
      move: action?.move ?? 0,
      capture: action?.capture ?? false,
      extraThrow: action?.extraThrow ?? false,
      turningPoint: action ? (turning.get(action.index) ?? 0) : 0,
    };
  });
}

function title(t: Translate, job: ReplayJob): string {
  const { ruleset, options } = job.record;
  return isRuleSetId(ruleset) ? variantTitle(t, ruleset, options) : ruleset;
}

function replayAlt(t: Translate, job: ReplayJob, moves: number, summary: ReviewSummary | null): string {
  const { W, B } = job.names;
  const sentences = [
    t('replay.alt', {
      title: title(t, job),
      light: W,
      lightPawns: sidePawns(t, 'W'),
      dark: B,
      darkPawns: sidePawns(t, 'B'),
    }),
    job.result,
    t('replay.altCounts', { moves, actions: job.record.actions.length }),
    ...(job.ending ? [job.ending] : []),
    ...(summary ? [turningPointsWords(t, summary), accuracyWords(t, job.names, summary)] : []),
  ];
  return clip(sentences.join(' '), ALT_TEXT_LIMIT);
}

function turningPointsWords(t: Translate, summary: ReviewSummary): string {
  const [first, ...rest] = summary.turningPoints;
  if (first === undefined) return t('review.noTurningPoints');
  const points = rest.reduce((before, after) => t('review.joinPoints', { before, after }), first);
  return t('review.turningPoints', { points });
}

function chartAlt(t: Translate, job: ReplayJob, review: Review, summary: ReviewSummary): string {
  const chances = review.chances;
  const start = chances[0];
  if (start === undefined) throw new Error('a review has no chance for the start position');
  let [high, highest, low, lowest] = [0, start, 0, start];
  chances.forEach((c, i) => {
    if (c > highest) [high, highest] = [i, c];
    if (c < lowest) [low, lowest] = [i, c];
  });
  // Chance i is after action i - 1; the first is before any.
  const moveAt = (i: number): string => {
    const action = review.actions[i - 1];
    return action ? t('chart.atMove', { move: action.move }) : t('chart.atStart');
  };
  const sentences = [
    t('chart.altChances', {
      name: job.names.W,
      start: percent(start),
      end: percent(chances.at(-1) ?? start),
    }),
    t('chart.altExtremes', {
      high: percent(highest),
      highAt: moveAt(high),
      low: percent(lowest),
      lowAt: moveAt(low),
    }),
    t('chart.altMarks', {
      captures: review.actions.filter((a) => a.capture).length,
      extras: review.actions.filter((a) => a.extraThrow).length,
    }),
    turningPointsWords(t, summary),
  ];
  return clip(sentences.join(' '), ALT_TEXT_LIMIT);
}

/** Both players' accuracy in a sentence: "Accuracy (0-100, …): Ana 87, Ben no choice made." */
export function accuracyWords(t: Translate, names: SaidNames, summary: ReviewSummary): string {
  const of = (side: Side): string => {
    const score = summary.accuracy[side];
    return score === null
      ? t('review.noChoice', { name: names[side] })
      : t('review.accuracyOf', { name: names[side], score });
  };
  return t('review.accuracy', { light: of('W'), dark: of('B') });
}
