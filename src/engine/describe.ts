// What happened, in words for the chat: "Black threw 3: 17 → 20, swapping with White".
import { resolveRules } from './rulesets/index.js';
import { type GameEvent, OFF, type RuleOptions, type RuleSetId, type Side, WAITING } from './types.js';

export type SideNames = Record<Side, string>;

export const DEFAULT_NAMES: SideNames = { W: 'White', B: 'Black' };

/** A square as players read it: its number, "off" past the end, "waiting" before the start. */
export function squareLabel(square: number): string {
  return square === OFF ? 'off' : square === WAITING ? 'waiting' : String(square);
}

/** One move as a button would show it: `17 → 20`, `28 → off`, `enter → 4`. */
export function moveLabel(from: number, to: number): string {
  return `${from === WAITING ? 'enter' : from} → ${squareLabel(to)}`;
}

/**
 * One sentence for a list of events (those of one action, or of a bot's whole turn). Clauses
 * for one throw are joined with ": " and ", "; successive throws with "; ".
 */
export function describeEvents(
  events: readonly GameEvent[],
  ruleset: RuleSetId,
  names: SideNames = DEFAULT_NAMES,
  options: RuleOptions = {},
): string {
  const rules = resolveRules(ruleset, options);
  const squareName = (square: number): string | undefined => (rules.ok ? rules.value.squares[square]?.name : undefined);
  const parts: string[] = [];
  const push = (text: string, joiner: string): void => {
    if (parts.length === 0) parts.push(text);
    else parts[parts.length - 1] += joiner + text;
  };
  for (const event of events) {
    const who = names[event.side];
    switch (event.type) {
      case 'throw':
        parts.push(`${who} threw ${event.throw.value}`);
        break;
      case 'take':
        parts.push(`${who} took the forfeited ${event.value}`);
        break;
      case 'move': {
        const sentence = moveSentence(event, names, squareName);
        // A move made without a throw (an opening, a rebirth) starts its own sentence.
        if (parts.length === 0) parts.push(`${who} ${event.from === 0 ? '' : 'moved '}${sentence}`);
        else push(sentence, ': ');
        break;
      }
      case 'pass':
        push('no legal move, the turn passes', ': ');
        break;
      case 'offer':
        push(`${who} may take that ${event.value} or throw`, '; ');
        break;
      case 'extraThrow':
        push('another throw', ', ');
        break;
      case 'win':
        push(
          `${who} wins${event.score === null ? '' : ` scoring ${event.score} point${event.score === 1 ? '' : 's'}`}!`,
          '. ',
        );
        break;
    }
  }
  return parts.join('; ');
}

type MoveEvent = Extract<GameEvent, { type: 'move' }>;

function moveSentence(event: MoveEvent, names: SideNames, squareName: (s: number) => string | undefined): string {
  let text = event.from === 0 ? `enters on ${event.to}` : moveLabel(event.from, event.to);
  if (event.backward) text += ' (backward)';
  if (event.captured) {
    const victim = names[event.captured.side];
    if (event.captured.to === 0) text += `, sending ${victim}'s pawn off the board`;
    else if (event.captured.to === event.from) text += `, swapping with ${victim}`;
    else
      text += `, throwing ${victim}'s pawn into the ${squareName(event.captured.to) ?? `square ${event.captured.to}`}`;
  }
  const place = squareName(event.to);
  switch (event.effect) {
    case 'water':
      text += `, into the ${place ?? 'water'}`;
      break;
    case 'drown':
      text += `, drowning in the ${place ?? 'water'}`;
      break;
    case 'sendTo':
      text += `, ${place ? `the ${place} sends it` : 'sent'} to ${event.end}`;
      break;
    case 'off':
      text += ', and off the board';
      break;
    case 'extraThrow':
    case null:
      break;
  }
  return text;
}
