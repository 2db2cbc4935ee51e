// What a replay shows, frame by frame, before anything is drawn: the start, then one frame per
// pawn move. Actions that move no pawn (a throw with no legal move, a throw before its move, a
// taken offer) are folded into the caption of the next frame that does. Pure: no canvas.
import { type Action, type GameEvent, type GameRecord, type GameState, replaySteps } from '../engine/index.js';
import { describeEvents, withSentence } from '../i18n/describe.js';
import { type SideNames, variantTitle } from '../i18n/gameWords.js';
import type { Translate } from '../i18n/index.js';
import { type Result, err, ok } from '../lib/result.js';
import { replayErrorText } from '../i18n/actionProblems.js';

type FrameKind = 'start' | 'move' | 'capture' | 'final';

export interface ReplayFrame {
  state: GameState;
  /** Pawn moves played so far: 0 on the start frame, n on the frame of the n-th move. */
  move: number;
  /** What happened since the previous frame, in words. */
  caption: string;
  /** How long it is shown: a capture and the final frame longer. */
  kind: FrameKind;
}

/** The replay of a game's log in `t`'s words, with `ending` (a resignation, a timeout) added to the last frame. */
export function replayFrames(
  t: Translate,
  record: GameRecord,
  names: SideNames,
  ending = '',
): Result<ReplayFrame[], string> {
  const walked = replaySteps(record);
  if (!walked.ok) return err(replayErrorText(walked.error));
  let state = walked.value.start;
  const title = t('replay.startCaption', {
    light: names.W,
    dark: names.B,
    title: variantTitle(t, state.ruleset, state.options),
  });
  const frames: ReplayFrame[] = [{ state, move: 0, caption: title, kind: 'start' }];
  let pending: GameEvent[] = [];
  let moves = 0;
  for (const { action, after, events } of walked.value.steps) {
    state = after;
    pending.push(...events);
    if (!movesAPawn(action)) continue;
    moves++;
    const captured = pending.some((e) => e.type === 'move' && e.captured !== null);
    frames.push({
      state,
      move: moves,
      caption: caption(t, pending, state, names),
      kind: captured ? 'capture' : 'move',
    });
    pending = [];
  }
  // Throws after the last move (a pass, or the throw still to be played) end on a frame of their own.
  if (pending.length > 0) frames.push({ state, move: moves, caption: caption(t, pending, state, names), kind: 'move' });
  const last = frames[frames.length - 1]!;
  if (last.kind !== 'start' && (state.phase === 'over' || ending)) {
    last.kind = 'final';
    if (ending) last.caption = withSentence(t, last.caption, ending);
  }
  return ok(frames);
}

const movesAPawn = (action: Action): boolean => action.type === 'move';

function caption(t: Translate, events: readonly GameEvent[], state: GameState, names: SideNames): string {
  return describeEvents(t, events, state.ruleset, names, state.options);
}
