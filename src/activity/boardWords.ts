// The words the live board's page draws the board with, beside the few of protocol.ts, in its
// user's language and from the catalogs the chat's picture uses: the trays, the throw, the last
// move (for screen readers), the turn timer's label, and the special squares' names. A name is
// sent under its catalog key (`square.kendall.15`): the page finds a square's key with the same
// squareKey (src/i18n/gameWords.ts), bundled with it, so every rule set's names come at once.
import { DEFAULT_LOCALE, type Locale, type MessageKey, catalog, translatePlain } from '../i18n/index.js';

export interface BoardWords {
  trayStart: string;
  trayOff: string;
  /** "threw {value}" */
  threw: string;
  /** "Last move: {move}." */
  lastMove: string;
  turnTimeout: string;
  /** The special squares' names, by catalog key. */
  squares: Record<string, string>;
}

const SQUARE_KEYS = Object.keys(catalog(DEFAULT_LOCALE)).filter((key) => /^square\./.test(key)) as MessageKey[];

export function boardWordsIn(locale: Locale): BoardWords {
  const t = (key: MessageKey, params?: Record<string, string>): string => translatePlain(locale, key, params);
  return {
    trayStart: t('board.trayStart'),
    trayOff: t('board.trayOff'),
    threw: t('board.threw', { value: '{value}' }),
    lastMove: t('alt.lastMove', { move: '{move}' }),
    turnTimeout: t('settings.turnTimeout'),
    squares: Object.fromEntries(SQUARE_KEYS.map((key) => [key, t(key)])),
  };
}
