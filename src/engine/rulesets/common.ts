// Pieces the rule-set modules share: start boards, hieroglyphs and the squares two texts share.
import type { SquareInfo } from '../rules.js';
import type { Side } from '../types.js';

/** A 30-square start board with `count` pawns alternating from square 1, `first` on square 1. */
export function alternatingStart(first: Side, count: number): string {
  const second: Side = first === 'W' ? 'B' : 'W';
  let board = '';
  for (let s = 1; s <= 30; s++) board += s <= count ? (s % 2 === 1 ? first : second) : '.';
  return board;
}

/** Hieroglyphs used for the special squares (Unicode Egyptian Hieroglyphs block). */
export const GLYPH = {
  ankh: '\u{132F9}', // 𓋹 life: rebirth, second life
  nefer: '\u{13124}', // 𓄤 beauty, goodness, happiness
  water: '\u{13217}', // 𓈗 water
  stroke: '\u{133FA}', // 𓏺 a counting stroke (three judges, two judges)
  eye: '\u{13079}', // 𓁹 the eye (Re-Atoum)
  falcon: '\u{13143}', // 𓅃 Horus
  house: '\u{13250}', // 𓉐 a house: a refuge
  sun: '\u{131F3}', // 𓇳 Ra
} as const;

/** 15 where pawns fallen in the water come back (traditional; regency's variations). */
export const HOUSE_OF_REBIRTH: SquareInfo = {
  name: 'House of Rebirth',
  glyph: GLYPH.ankh,
  rule: 'Pawns that fall in the water come back here.',
};

/** 27 sending a pawn back to 15, or the nearest free square before it (traditional; regency's variations). */
export const HOUSE_OF_WATER: SquareInfo = {
  name: 'House of Water',
  glyph: GLYPH.water,
  rule: 'A pawn landing here goes back to 15 (or the nearest free square before it).',
  effect: { kind: 'sendTo', square: 15, search: 'down' },
};
