// Button custom ids. Every button carries everything needed to handle a click, so clicks work
// after a restart without in-memory collectors; anything that does not parse is treated as forged.
import { type Action, OFF } from '../engine/index.js';

export type ButtonId =
  | { kind: 'act'; gameId: number; version: number; action: Action }
  | { kind: 'accept'; challengeId: number }
  | { kind: 'decline'; challengeId: number }
  | { kind: 'withdraw'; challengeId: number }
  | { kind: 'rematch'; gameId: number }
  | { kind: 'replay'; gameId: number }
  | { kind: 'privacy'; step: ConfirmStep; userId: string }
  | { kind: 'serverData'; step: ConfirmStep; guildId: string }
  | { kind: 'join'; tournamentId: number }
  | { kind: 'leave'; tournamentId: number }
  /** Open the live board (the Activity): the same for every message, it needs nothing else. */
  | { kind: 'liveBoard' };

/** The id of one kind of button. */
export type ButtonOf<K extends ButtonId['kind']> = Extract<ButtonId, { kind: K }>;

/** The steps of deleting data: asked to delete (shown what goes), confirmed, or called off. */
export type ConfirmStep = 'ask' | 'yes' | 'no';
const CONFIRM_STEPS: readonly string[] = ['ask', 'yes', 'no'] satisfies ConfirmStep[];

const PREFIX = 'senet';

/** Discord allows at most 100 characters; ours stay well under 40. */
export function encodeButtonId(id: ButtonId): string {
  switch (id.kind) {
    case 'act':
      return `${PREFIX}:act:${id.gameId}:${id.version}:${encodeAction(id.action)}`;
    case 'accept':
    case 'decline':
    case 'withdraw':
      return `${PREFIX}:${id.kind}:${id.challengeId}`;
    case 'rematch':
    case 'replay':
      return `${PREFIX}:${id.kind}:${id.gameId}`;
    // The person or server is in the id, so a click is checked against who clicks where.
    case 'privacy':
      return `${PREFIX}:privacy:${id.step}:${id.userId}`;
    case 'serverData':
      return `${PREFIX}:serverdata:${id.step}:${id.guildId}`;
    case 'join':
    case 'leave':
      return `${PREFIX}:${id.kind}:${id.tournamentId}`;
    case 'liveBoard':
      return `${PREFIX}:liveboard`;
  }
}

/** The button a custom id names, or null for anything malformed. */
export function decodeButtonId(customId: string): ButtonId | null {
  const parts = customId.split(':');
  if (parts[0] !== PREFIX) return null;
  const [, kind, first, second, third] = parts;
  if ((kind === 'privacy' || kind === 'serverdata') && parts.length === 4) return confirmStep(kind, first, second);
  if (kind === 'liveboard' && parts.length === 2) return { kind: 'liveBoard' };
  const a = toId(first);
  if (a === null) return null;
  if ((kind === 'accept' || kind === 'decline' || kind === 'withdraw') && parts.length === 3) {
    return { kind, challengeId: a };
  }
  if ((kind === 'rematch' || kind === 'replay') && parts.length === 3) return { kind, gameId: a };
  if ((kind === 'join' || kind === 'leave') && parts.length === 3) return { kind, tournamentId: a };
  if (kind === 'act' && parts.length === 5) {
    const version = toId(second, 0);
    const action = decodeAction(third ?? '');
    if (version !== null && action) return { kind, gameId: a, version, action };
  }
  return null;
}

function confirmStep(kind: 'privacy' | 'serverdata', step = '', snowflake = ''): ButtonId | null {
  if (!CONFIRM_STEPS.includes(step) || !/^\d{1,20}$/.test(snowflake)) return null;
  const s = step as ConfirmStep;
  return kind === 'privacy'
    ? { kind, step: s, userId: snowflake }
    : { kind: 'serverData', step: s, guildId: snowflake };
}

/** `t` throw, `k` take, `m<from>-<to>` a pawn move. */
function encodeAction(action: Action): string {
  switch (action.type) {
    case 'throw':
      return 't';
    case 'take':
      return 'k';
    case 'move':
      return `m${action.from}-${action.to}`;
  }
}

function decodeAction(text: string): Action | null {
  if (text === 't') return { type: 'throw' };
  if (text === 'k') return { type: 'take' };
  const move = /^m(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!move) return null;
  const from = Number(move[1]);
  const to = Number(move[2]);
  return from <= OFF && to <= OFF ? { type: 'move', from, to } : null;
}

/** A positive whole number (or at least `min`) written in plain digits, else null. */
function toId(text: string | undefined, min = 1): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const value = Number(text);
  return value >= min ? value : null;
}
