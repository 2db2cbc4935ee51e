// How the core encodes sides and moves: side codes on the internal board, and a move as one
// number (from * 32 + to) so move lists are plain integer buffers.
import type { SideCode } from './rules.js';
import type { Side } from './types.js';

export const sideCode = (side: Side): SideCode => (side === 'W' ? 1 : 2);
export const sideName = (code: number): Side => (code === 1 ? 'W' : 'B');

export const encodeMove = (from: number, to: number): number => (from << 5) | to;
export const moveFrom = (code: number): number => code >> 5;
export const moveTo = (code: number): number => code & 31;
