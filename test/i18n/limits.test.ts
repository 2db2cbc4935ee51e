// Discord's limits, checked for every catalog rather than trusted to translators: a button's
// label is at most 80 characters (Discord refuses the whole message otherwise). The command
// JSON's limits (descriptions and choice names at most 100, a command's texts at most 8,000 at
// their longest localization) are checked on the built commands in test/bot/config.test.ts,
// which carry every written catalog.
import { describe, expect, it } from 'vitest';
import { OFF } from '../../src/engine/index.js';
import { moveLabel } from '../../src/i18n/gameWords.js';
import {
  LOCALES,
  type Locale,
  type MessageKey,
  type Params,
  catalog,
  translate,
  translator,
} from '../../src/i18n/index.js';

/** Discord's longest button label (message components reference, "Button Structure"). */
const MAX_LABEL = 80;

/** The messages buttons are labelled with (src/chat/messages.ts; src/commands: confirmSteps.ts, tournamentMessages.ts; src/game/choices.ts). */
const LABELS = Object.keys(catalog('en')).filter(
  (key) =>
    /^(button|choice)\./.test(key) ||
    /^(admin\.data|privacy)\.\w+Button$/.test(key) ||
    /^tournament\.(join|leave)$/.test(key),
) as MessageKey[];

/** The longest values a label's placeholders take: the ninth move, bearing off from 28, a throw of 5. */
const longest = (locale: Locale): Params => ({ number: 9, move: moveLabel(translator(locale), 28, OFF), value: 5 });

describe('button labels', () => {
  it('are the messages the code labels buttons with', () => {
    expect(LABELS).toEqual(
      expect.arrayContaining(['button.accept', 'choice.move', 'privacy.deleteButton', 'tournament.join']),
    );
  });

  it.each(LOCALES.map((locale) => [locale] as const))('fit in %s', (locale) => {
    const long = LABELS.map((key) => [key, translate(locale, key, longest(locale))] as const).filter(
      ([, label]) => label.length > MAX_LABEL,
    );
    expect(long).toEqual([]);
  });
});
