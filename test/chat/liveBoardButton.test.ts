// The Open the live board button under the most buttons a board can show: nine choices (seven
// pawns' moves, taking a forfeited throw and the throw; buttons.test.ts shows no position has more),
// built by the real builders. The moves keep their two rows and their order; the button takes a
// row of its own, so the message stays within Discord's 5 rows of 5.
import { describe, expect, it } from 'vitest';
import { decodeButtonId, encodeButtonId } from '../../src/chat/customIds.js';
import { BUTTONS_PER_ROW, MAX_ROWS, choiceRows, withLiveBoard } from '../../src/chat/messages.js';
import type { Choice } from '../../src/game/types.js';
import { translator } from '../../src/i18n/index.js';

const MOST: Choice[] = [
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => ({ label: `${n}`, action: { type: 'move' as const, from: n, to: n + 3 } })),
  { label: 'take', action: { type: 'take' } },
  { label: 'throw', action: { type: 'throw' } },
];

const idsOf = (rows: ReturnType<typeof choiceRows>): string[][] =>
  rows.map((row) => row.components.map((b) => (b.toJSON() as { custom_id: string }).custom_id));

describe('the Open the live board button', () => {
  it('has a row of its own under the most moves a board shows, within 5 rows of 5', () => {
    const moves = choiceRows({ gameId: 7, version: 12, choices: MOST });
    const rows = withLiveBoard(translator('en'), moves, { liveBoard: true });
    expect(rows.length).toBeLessThanOrEqual(MAX_ROWS);
    for (const row of rows) expect(row.components.length).toBeLessThanOrEqual(BUTTONS_PER_ROW);
    const ids = idsOf(rows);
    expect(ids.slice(0, -1)).toEqual(idsOf(moves));
    expect(ids.at(-1)).toEqual(['senet:liveboard']);
    expect(rows.at(-1)!.components[0]!.toJSON()).toMatchObject({ label: 'Open the live board' });
  });

  it('is not there where the live board is not set up', () => {
    const moves = choiceRows({ gameId: 7, version: 12, choices: MOST });
    expect(idsOf(withLiveBoard(translator('en'), moves, { liveBoard: false }))).toEqual(idsOf(moves));
  });

  it('never pushes a row of moves off a full message', () => {
    const full = choiceRows({ gameId: 7, version: 12, choices: [...MOST, ...MOST, ...MOST.slice(0, 7)] });
    expect(full).toHaveLength(MAX_ROWS);
    expect(idsOf(withLiveBoard(translator('en'), full, { liveBoard: true }))).toEqual(idsOf(full));
  });

  it('says what it is in its custom id, which needs nothing remembered to decode', () => {
    const id = encodeButtonId({ kind: 'liveBoard' });
    expect(id).toBe('senet:liveboard');
    expect(decodeButtonId(id)).toEqual({ kind: 'liveBoard' });
    expect(decodeButtonId('senet:liveboard:1')).toBeNull();
  });
});
