// The alt text states what a player needs without seeing the picture, within Discord's limit.
import { unwrap } from '../../src/lib/result.js';
import { describe, expect, it } from 'vitest';
import { newGame, setupGame } from '../../src/engine/index.js';
import { ALT_TEXT_LIMIT, altText } from '../../src/render/index.js';
import { LOCALES, translator } from '../../src/i18n/index.js';
import { NAMES, sample, samples } from './positions.js';

describe('altText', () => {
  it('says whose turn it is, the throw, where every pawn stands and the numbered moves', () => {
    const { state, view } = sample('kendall-mid');
    const alt = altText(state, view);
    expect(alt).toContain('Kendall rules');
    expect(alt).toContain('Nefertari (light reels) against Senenmut (dark cones)');
    expect(alt).toContain('Nefertari to move, threw 2');
    expect(alt).toContain('Nefertari: on 3, 8, 11, 14, 22; 0 off.');
    expect(alt).toContain('Senenmut: on 5, 9, 13, 17, 25; 0 off.');
    expect(alt).toContain('Moves: 1: 3 → 5, 2: 8 → 10, 3: 11 → 13, 4: 14 → 16, 5: 22 → 24.');
  });

  it('explains the picture’s words (reels, cones, off) in every language, within the limit', () => {
    for (const locale of LOCALES) {
      for (const { state, view } of samples) {
        const alt = altText(state, { ...view, locale });
        expect(alt, `${locale}`).toContain(translator(locale)('alt.pieces'));
        expect(alt.length).toBeLessThanOrEqual(ALT_TEXT_LIMIT);
      }
    }
    expect(altText(sample('kendall-mid').state, sample('kendall-mid').view)).toContain(
      'Reels are spool-shaped pawns, cones cone-shaped ones; “off” counts the pawns borne off past square 30.',
    );
  });

  it('numbers the moves in the order given, which is the button order', () => {
    const { state, view } = sample('kendall-mid');
    const reversed = altText(state, { ...view, moves: [...(view.moves ?? [])].reverse() });
    expect(reversed).toContain('Moves: 1: 22 → 24, 2: 14 → 16,');
  });

  it('tells the last move and where a captured pawn went', () => {
    expect(altText(sample('kendall-mid').state, sample('kendall-mid').view)).toContain(
      "Last move: Senenmut 14 → 17; Nefertari's pawn went 17 → 14.",
    );
    expect(altText(sample('dancers-mid').state, sample('dancers-mid').view)).toContain(
      "Last move: Nefertari 4 → 6; Senenmut's pawn went from 6 off the board.",
    );
  });

  it('counts pawns waiting to enter and borne off, and names entering and bearing-off moves', () => {
    const dancers = sample('dancers-mid');
    const alt = altText(dancers.state, dancers.view);
    expect(alt).toContain('Senenmut: on 14, 22; 2 to enter; 1 off.');
    expect(alt).toContain('1: enter → 4');
    const end = sample('traditional-end');
    expect(altText(end.state, end.view)).toContain('2: 28 → off');
  });

  it('words a forfeited throw on offer', () => {
    const { state, view } = sample('kendall-offer');
    expect(state.offer).toBe(4);
    expect(altText(state, view)).toContain("Senenmut may take Nefertari's forfeited 4.");
  });

  it('names the winner and the score of a finished game', () => {
    const { state, view } = sample('regency-over');
    const alt = altText(state, view);
    expect(alt).toContain('Nefertari wins, scoring');
    expect(alt).toContain(`scoring ${state.score} points`);
    expect(alt).not.toContain('Moves:');
  });

  it('lists the special squares by the rule set’s own names', () => {
    const { state, view } = sample('kendall-start');
    expect(altText(state, view)).toContain('27 House of Death');
    const regency = sample('regency-start');
    expect(altText(regency.state, regency.view)).toContain('26 Refuge');
  });

  it('stays within the 1024 characters of a Discord description, dropping the special squares first', () => {
    const state = unwrap(
      setupGame({
        ruleset: 'kendall',
        options: { pawns: 7 },
        board: 'WBWBWBWBWBWBWB................',
        toMove: 'W',
        throw: 1,
      }),
    );
    const long = { W: 'W'.repeat(32), B: 'B'.repeat(32) };
    const moves = Array.from({ length: 7 }, (_, i) => ({ from: 2 * i + 1, to: 2 * i + 2 }));
    const alt = altText(state, { names: long, moves });
    expect(alt.length).toBeLessThanOrEqual(ALT_TEXT_LIMIT);
    expect(alt).toContain('7: 13 → 14');
    const huge = { W: 'W'.repeat(600), B: 'B'.repeat(600) };
    expect(altText(state, { names: huge, moves }).length).toBeLessThanOrEqual(ALT_TEXT_LIMIT);
  });

  it('says when a move is made instead of throwing (the opening, a rebirth from the water)', () => {
    const { state, view } = sample('pennsic-waters');
    expect(altText(state, view)).toContain('Nefertari to throw');
    expect(altText(state, view)).toContain('Instead of throwing: 1: 27 → 15.');
  });

  it('says when the only choice is a move before throwing (the fixed opening)', () => {
    const { state, view } = sample('kendall-start');
    expect(altText(state, view)).toContain('Nefertari to move, a move comes before the throw.');
    expect(altText(state, view)).toContain('Moves before throwing: 1: 10 → 15.');
  });

  it('reads a start position before any throw', () => {
    const state = unwrap(newGame('dancers', {}, 1));
    const alt = altText(state, { names: { ...NAMES } });
    expect(alt).toContain('Nefertari to throw, no throw yet.');
    expect(alt).toContain('Nefertari: no pawn on the board; 5 to enter; 0 off.');
  });
});
