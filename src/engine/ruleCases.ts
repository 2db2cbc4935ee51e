// Checking the engine against rule cases (../shared/rule-cases/FORMAT.md): a position, a throw,
// and what the rules say must follow. Pure: the CLI reads the files and prints.
import { type Setup, positionFromSetup } from './game.js';
import { encodeMove, moveFrom, moveTo, sideName } from './codes.js';
import { boardString } from './board.js';
import type { Move, Side } from './types.js';

/** A case: a set-up position (see game.ts `Setup`) and what must follow. */
export interface RuleCase extends Setup {
  id: string;
  why?: string;
  moves?: Move[];
  play?: Move;
  after?: {
    board: string;
    waiting?: Partial<Record<Side, number>>;
    next: Side | null;
    winner: Side | null;
    score?: number;
  };
}

/** A case file that does not follow the format: the CLI exits 2 on these. */
export class InvalidCaseFile extends Error {}

const isMove = (m: unknown): m is Move =>
  typeof m === 'object' && m !== null && Number.isInteger((m as Move).from) && Number.isInteger((m as Move).to);

/** Checks the shape of a parsed case file and returns its cases, or throws InvalidCaseFile. */
export function parseCaseFile(data: unknown): RuleCase[] {
  if (!Array.isArray(data)) throw new InvalidCaseFile('a case file is a JSON array of cases');
  data.forEach((entry: unknown, i) => {
    const c = (typeof entry === 'object' && entry !== null ? entry : {}) as Partial<RuleCase>;
    const where = `case ${i}${typeof c.id === 'string' ? ` (${c.id})` : ''}`;
    const bad = (what: string): never => {
      throw new InvalidCaseFile(`${where}: ${what}`);
    };
    if (typeof entry !== 'object' || entry === null) bad('not an object');
    if (typeof c.id !== 'string') bad('needs a string id');
    if (typeof c.ruleset !== 'string') bad('needs a ruleset');
    if (typeof c.board !== 'string') bad('needs a board');
    if (c.toMove !== 'W' && c.toMove !== 'B') bad('toMove must be W or B');
    if (c.throw !== null && !Number.isInteger(c.throw)) bad('throw must be a number or null');
    if (c.moves === undefined && c.after === undefined) bad('gives neither moves nor after');
    if (c.moves !== undefined && !(Array.isArray(c.moves) && c.moves.every(isMove)))
      bad('moves must be {from, to} pairs');
    if ((c.play === undefined) !== (c.after === undefined)) bad('play and after go together');
    if (c.play !== undefined && !isMove(c.play)) bad('play must be a {from, to} pair');
    if (c.after !== undefined && typeof c.after.board !== 'string') bad('after needs a board');
  });
  return data as RuleCase[];
}

/** Checks one case; returns what differed, or null when the engine agrees. */
export function checkCase(c: RuleCase): string | null {
  const found = positionFromSetup(c);
  if (!found.ok) return `position rejected: ${found.error}`;
  const pos = found.value;
  if (c.throw !== null) pos.startMove(c.throw, false);
  const legal = pos.moves([]);
  if (c.moves) {
    const expected = c.moves.map((m) => encodeMove(m.from, m.to)).sort((a, b) => a - b);
    const actual = [...legal].sort((a, b) => a - b);
    if (expected.join() !== actual.join()) return `moves: expected ${listMoves(expected)}, got ${listMoves(actual)}`;
  }
  if (!c.play || !c.after) return null;
  const code = encodeMove(c.play.from, c.play.to);
  if (!legal.includes(code)) return `play ${listMoves([code])} is not legal here (legal: ${listMoves(legal)})`;
  pos.play(code);
  const differences: string[] = [];
  const board = boardString(pos.board);
  if (board !== c.after.board) differences.push(`board: expected ${c.after.board}, got ${board}`);
  const waiting = { W: pos.waiting[1], B: pos.waiting[2] };
  const expectedWaiting = { W: c.after.waiting?.W ?? 0, B: c.after.waiting?.B ?? 0 };
  if (waiting.W !== expectedWaiting.W || waiting.B !== expectedWaiting.B) {
    differences.push(`waiting: expected ${JSON.stringify(expectedWaiting)}, got ${JSON.stringify(waiting)}`);
  }
  const next = pos.phase === 'over' ? null : sideName(pos.turn);
  if (next !== c.after.next) differences.push(`next: expected ${c.after.next}, got ${next}`);
  const winner = pos.winner ? sideName(pos.winner) : null;
  if (winner !== c.after.winner) differences.push(`winner: expected ${c.after.winner}, got ${winner}`);
  if (c.after.score !== undefined && pos.score !== c.after.score) {
    differences.push(`score: expected ${c.after.score}, got ${pos.score}`);
  }
  return differences.length ? differences.join('; ') : null;
}

function listMoves(codes: readonly number[]): string {
  return `[${codes.map((c) => `${moveFrom(c)}→${moveTo(c)}`).join(', ')}]`;
}
