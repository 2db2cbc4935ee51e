// translate() says every message as intl-messageformat would: the plain messages (text and
// {name} placeholders only) take a shorter path, which must not change a single character.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { catalog, LOCALES, type MessageKey, translate } from '../../src/i18n/index.js';

/** A value for every placeholder a message names (numbers where plurals and selects could read them). */
function valuesFor(message: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [, name] of message.matchAll(/\{\s*(\w+)\s*(,[^{}]*)?/g)) values[name!] = name === 'closed' ? 'no' : 2;
  return values;
}

describe('translate', () => {
  it.each(LOCALES)('says every %s message as intl-messageformat does', (locale) => {
    for (const [key, message] of Object.entries(catalog(locale))) {
      const values = valuesFor(message);
      const expected = String(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).format(values));
      expect(translate(locale, key as MessageKey, values), `${locale} ${key}`).toBe(expected);
    }
  });

  it('refuses a plain message without the value of one of its placeholders', () => {
    expect(() => translate('en', 'thread.name', { white: 'Ana' })).toThrow(/black/);
  });
});
