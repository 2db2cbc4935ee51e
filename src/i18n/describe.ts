// What happened, in words for the chat and the replay's captions: "Black threw 3: 17 → 20,
// swapping with White". Each clause is a catalog message; how clauses join (": ", ", ", "; ",
// ". ") is a message too, so a language can punctuate its own way.
import { type GameEvent, type RuleOptions, type RuleSetId, type Rules, resolveRules } from '../engine/index.js';
import { type SaidNames, moveLabel, sideName, squareName } from './gameWords.js';
import type { MessageKey, Translate } from './index.js';

type Joiner = Extract<MessageKey, `describe.join${string}`>;

/**
 * One sentence for a list of events (those of one action, or of a bot's whole turn). Clauses for
 * one throw are joined with ": " and ", "; successive throws with "; ".
 */
export function describeEvents(
  t: Translate,
  events: readonly GameEvent[],
  ruleset: RuleSetId,
  names: SaidNames = { W: sideName(t, 'W'), B: sideName(t, 'B') },
  options: RuleOptions = {},
): string {
  const resolved = resolveRules(ruleset, options);
  const rules = resolved.ok ? resolved.value : null;
  const parts: string[] = [];
  const push = (clause: string, joiner: Joiner): void => {
    if (parts.length === 0) parts.push(clause);
    else parts[parts.length - 1] = t(joiner, { before: parts[parts.length - 1]!, after: clause });
  };
  for (const event of events) {
    const name = names[event.side];
    switch (event.type) {
      case 'throw':
        parts.push(t('describe.threw', { name, value: event.throw.value }));
        break;
      case 'take':
        parts.push(t('describe.took', { name, value: event.value }));
        break;
      case 'move': {
        const move = moveWords(t, event, names, rules);
        // A move made without a throw (an opening, a rebirth) starts its own sentence.
        if (parts.length === 0) parts.push(t(event.from === 0 ? 'describe.who' : 'describe.whoMoved', { name, move }));
        else push(move, 'describe.joinThrow');
        break;
      }
      case 'pass':
        push(t('describe.pass'), 'describe.joinThrow');
        break;
      case 'offer':
        push(t('describe.offer', { name, value: event.value }), 'describe.joinNext');
        break;
      case 'extraThrow':
        push(t('describe.extraThrow'), 'describe.joinAlso');
        break;
      case 'win':
        push(
          event.score === null ? t('describe.wins', { name }) : t('describe.winsScoring', { name, score: event.score }),
          'describe.joinSentence',
        );
        break;
    }
  }
  return parts.length === 0 ? '' : parts.reduce((before, after) => t('describe.joinNext', { before, after }));
}

/** Ends a description with another sentence ("…. Ana resigned: Ben wins."). */
export function withSentence(t: Translate, before: string, after: string): string {
  return before ? t('describe.joinSentence', { before, after }) : after;
}

type MoveEvent = Extract<GameEvent, { type: 'move' }>;

function moveWords(t: Translate, event: MoveEvent, names: SaidNames, rules: Rules | null): string {
  const place = (square: number): string =>
    (rules && squareName(t, rules, square)) ?? t('describe.square', { number: square });
  let move = event.from === 0 ? t('describe.enters', { square: event.to }) : moveLabel(t, event.from, event.to);
  if (event.backward) move = t('describe.backward', { move });
  if (event.captured) {
    const victim = names[event.captured.side];
    if (event.captured.to === 0) move = t('describe.sendingOff', { move, victim });
    else if (event.captured.to === event.from) move = t('describe.swapping', { move, victim });
    else move = t('describe.throwingInto', { move, victim, square: place(event.captured.to) });
  }
  switch (event.effect) {
    case 'water':
      return t('describe.intoWater', { move, square: place(event.to) });
    case 'drown':
      return t('describe.drowning', { move, square: place(event.to) });
    case 'sendTo':
      return t('describe.sentBy', { move, square: place(event.to), end: event.end });
    case 'off':
      return t('describe.offBoard', { move });
    case 'extraThrow':
    case null:
      return move;
  }
}
