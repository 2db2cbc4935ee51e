// The live board's socket protocol: JSON text frames. Everything a page sends is read here, into
// one of a few shapes or a refusal: the server acts only on what parses, and decides who the
// sender is from its session, never from the message.
//
// Page → server, each with `seq`, a whole number larger than the connection's last one (a frame
// sent again, or one from another connection replayed, is refused and changes nothing):
//   hello  { session }                 first, once: the session from POST /api/session
//   open   { gameId }                  show this game (and its changes) on this page
//   act    { gameId, version, action } a move, on the version the page shows (the click's guard)
//   resign { gameId }
//   ping   {}
// Server → page: welcome, lobby, game, refused { seq, code, text? }, pong (ServerMessage).
import type { Action } from '../engine/index.js';
import type { LiveGame } from '../game/liveBoard.js';
import type { Result } from '../lib/result.js';
import { err, ok } from '../lib/result.js';
import type { BoardWords } from './boardWords.js';

export type PageMessage =
  | { type: 'hello'; seq: number; session: string }
  | { type: 'open'; seq: number; gameId: number }
  | { type: 'act'; seq: number; gameId: number; version: number; action: Action }
  | { type: 'resign'; seq: number; gameId: number }
  | { type: 'ping'; seq: number };

/**
 * The few words a page shows, in its user's Discord language, from the catalogs the chat uses:
 * the page carries no catalog of its own. `move` keeps its `{from}` and `{to}` for the page to fill;
 * the board's own words are boardWords.ts's.
 */
export interface Words extends BoardWords {
  throw: string;
  take: string;
  move: string;
  off: string;
  enter: string;
  lightPawns: string;
  darkPawns: string;
  yourTurn: string;
}

export type ServerMessage =
  | { type: 'welcome'; userId: string; locale: string; words: Words }
  | { type: 'lobby'; games: LiveGame[] }
  | { type: 'game'; game: LiveGame }
  | { type: 'refused'; seq: number | null; code: string; text?: string }
  | { type: 'pong'; seq: number };

/** Why a frame was not read: the page's bug or a forgery, so it gets a code and no words. */
export type Unreadable = 'malformed' | 'unknown-type';

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** An engine action, exactly: no other fields, squares as whole numbers. */
function actionOf(v: unknown): Action | null {
  if (typeof v !== 'object' || v === null) return null;
  const a = v as Record<string, unknown>;
  const keys = Object.keys(a).sort().join(',');
  if ((a.type === 'throw' || a.type === 'take') && keys === 'type') return { type: a.type };
  if (a.type === 'move' && keys === 'from,to,type' && isCount(a.from) && isCount(a.to))
    return { type: 'move', from: a.from, to: a.to };
  return null;
}

/** A frame's text read as a page message, or why not. */
export function readPageMessage(raw: string): Result<PageMessage, Unreadable> {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return err('malformed');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return err('malformed');
  const m = data as Record<string, unknown>;
  if (!isId(m.seq)) return err('malformed');
  const seq = m.seq;
  switch (m.type) {
    case 'hello':
      return typeof m.session === 'string' && m.session.length <= 200
        ? ok({ type: 'hello', seq, session: m.session })
        : err('malformed');
    case 'open':
      return isId(m.gameId) ? ok({ type: 'open', seq, gameId: m.gameId }) : err('malformed');
    case 'act': {
      const action = actionOf(m.action);
      return isId(m.gameId) && isCount(m.version) && action
        ? ok({ type: 'act', seq, gameId: m.gameId, version: m.version, action })
        : err('malformed');
    }
    case 'resign':
      return isId(m.gameId) ? ok({ type: 'resign', seq, gameId: m.gameId }) : err('malformed');
    case 'ping':
      return ok({ type: 'ping', seq });
    default:
      return err('unknown-type');
  }
}
