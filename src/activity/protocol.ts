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
//   lobby  {}                          the lobby again (seats.ts)
//   start  { ruleset, strength }       a new game: strength null opens a table in the instance
//                                      for someone else to sit at; a strength plays the computer
//   sit    { host }                    take the other seat at `host`'s table: the game starts
//   rematch { gameId }                 a finished game again: a table for its other player
// Every frame has exactly its keys: one with more or fewer is malformed.
// Server → page: welcome, lobby, game, refused { seq, code, text? }, pong (ServerMessage).
import type { Action } from '../engine/index.js';
import type { LiveGame } from '../game/liveBoard.js';
import type { Player } from '../game/types.js';
import type { Result } from '../lib/result.js';
import { err, ok } from '../lib/result.js';
import type { BoardWords } from './boardWords.js';

export type PageMessage =
  | { type: 'hello'; seq: number; session: string }
  | { type: 'open'; seq: number; gameId: number }
  | { type: 'act'; seq: number; gameId: number; version: number; action: Action }
  | { type: 'resign'; seq: number; gameId: number }
  | { type: 'ping'; seq: number }
  | { type: 'lobby'; seq: number }
  | { type: 'start'; seq: number; ruleset: string; strength: string | null }
  | { type: 'sit'; seq: number; host: string }
  | { type: 'rematch'; seq: number; gameId: number };

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
  /** The lobby's and a game's buttons (src/activity/page/lobby.ts). */
  newTable: string;
  playComputer: string;
  /** Keeps `{name}`: the person waiting at the table. */
  sit: string;
  waiting: string;
  resign: string;
  rematch: string;
  liveOnly: string;
  /** Rich presence's state: "Playing Senet", and with the turn the user's. */
  presence: string;
  presenceTurn: string;
}

/** A choice the lobby offers: a rule set or the computer's strength, by id, named in the user's words. */
export interface Choice {
  id: string;
  name: string;
}

/**
 * A table of the lobby: someone in the instance waiting for a second player, with the rule set
 * they chose (`forId`: only that player may sit, a rematch's other player).
 */
export interface Table {
  host: Player;
  ruleset: string;
  forId: string | null;
  rematchOf: number | null;
}

/** The lobby: the channel's games, the instance's tables, and whether the bot can post here. */
export interface Lobby {
  games: LiveGame[];
  recent: LiveGame[];
  tables: Table[];
  /** The bot cannot post in this conversation: games started here are played on the live board only. */
  liveOnly: boolean;
}

export type ServerMessage =
  | { type: 'welcome'; userId: string; locale: string; words: Words; rules: Choice[]; strengths: Choice[] }
  | ({ type: 'lobby' } & Lobby)
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

/** Each message's keys, sorted: a frame with any other is not the page's. */
const KEYS: Record<PageMessage['type'], string> = {
  hello: 'seq,session,type',
  open: 'gameId,seq,type',
  act: 'action,gameId,seq,type,version',
  resign: 'gameId,seq,type',
  ping: 'seq,type',
  lobby: 'seq,type',
  start: 'ruleset,seq,strength,type',
  sit: 'host,seq,type',
  rematch: 'gameId,seq,type',
};

/** A short name of the engine's or the service's (a rule set, a strength): letters and dashes. */
const isName = (v: unknown): v is string => typeof v === 'string' && /^[a-z][a-z-]{0,31}$/.test(v);
/** A Discord user id. */
const isSnowflake = (v: unknown): v is string => typeof v === 'string' && /^\d{17,20}$/.test(v);

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
  if (typeof m.type !== 'string' || !Object.hasOwn(KEYS, m.type)) return err('unknown-type');
  if (Object.keys(m).sort().join(',') !== KEYS[m.type as PageMessage['type']]) return err('malformed');
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
    case 'rematch':
      return isId(m.gameId) ? ok({ type: 'rematch', seq, gameId: m.gameId }) : err('malformed');
    case 'start':
      return isName(m.ruleset) && (m.strength === null || isName(m.strength))
        ? ok({ type: 'start', seq, ruleset: m.ruleset, strength: m.strength })
        : err('malformed');
    case 'sit':
      return isSnowflake(m.host) ? ok({ type: 'sit', seq, host: m.host }) : err('malformed');
    case 'ping':
      return ok({ type: 'ping', seq });
    case 'lobby':
      return ok({ type: 'lobby', seq });
  }
  return err('unknown-type');
}
