// Plurals and numbers as each language says them: every plural in a catalog uses only the
// categories its language has (Intl.PluralRules: Russian one/few/many/other, Japanese only
// other) and every category a whole count can fall in, so no count ever reads "2 игр"; and
// the numbers in counts and durations are written by Intl in the catalog's language.
import {
  type MessageFormatElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { durationWords } from '../../src/i18n/durations.js';
import { LOCALES, type Locale, catalog, translate, translator } from '../../src/i18n/index.js';

interface Plural {
  ordinal: boolean;
  categories: string[];
}

/** Every plural of a message, with the categories it names (`=2` exact matches left out). */
function pluralsOf(elements: readonly MessageFormatElement[], into: Plural[] = []): Plural[] {
  for (const element of elements) {
    if (isPluralElement(element)) {
      const categories = Object.keys(element.options).filter((name) => !name.startsWith('='));
      into.push({ ordinal: element.pluralType === 'ordinal', categories });
    }
    if (isPluralElement(element) || isSelectElement(element))
      for (const option of Object.values(element.options)) pluralsOf(option.value, into);
    if (isTagElement(element)) pluralsOf(element.children, into);
  }
  return into;
}

/** The categories whole counts from 0 to 1,000 fall in: each must be written. */
function categoriesOfCounts(locale: Locale, type: Intl.PluralRuleType): Set<string> {
  const rules = new Intl.PluralRules(locale, { type });
  return new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
}

describe.each(LOCALES.map((locale) => [locale] as const))('plurals in %s', (locale) => {
  it('use only the categories the language has, and every one a count reaches', () => {
    const wrong: string[] = [];
    for (const [key, message] of Object.entries(catalog(locale))) {
      for (const plural of pluralsOf(new IntlMessageFormat(message, locale).getAst())) {
        const type = plural.ordinal ? 'ordinal' : 'cardinal';
        const has = new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories as string[];
        const needed = [...categoriesOfCounts(locale, type), 'other'];
        const unknown = plural.categories.filter((category) => !has.includes(category));
        const missing = needed.filter((category) => !plural.categories.includes(category));
        if (unknown.length) wrong.push(`${key}: ${unknown.join(', ')} is no ${type} category of ${locale}`);
        if (missing.length) wrong.push(`${key}: no ${missing.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('write counts as Intl does in the language', () => {
    const number = new Intl.NumberFormat(locale);
    for (const count of [1, 2, 5, 21, 12345])
      expect(translate(locale, 'board.extraThrows', { count })).toContain(number.format(count));
  });

  it('say durations with the number Intl writes', () => {
    const t = translator(locale);
    const number = new Intl.NumberFormat(locale);
    for (const [ms, count] of [
      [2 * 86_400_000, 2],
      [21 * 3_600_000, 21],
      [1_501 * 60_000, 1_501],
    ] as const)
      expect(durationWords(ms, t)).toContain(number.format(count));
  });
});

describe('the plural check', () => {
  it('knows a language with more categories than English', () => {
    expect(categoriesOfCounts('ru', 'cardinal')).toEqual(new Set(['one', 'few', 'many']));
    expect(categoriesOfCounts('ja', 'cardinal')).toEqual(new Set(['other']));
    const englishForm = '{count, plural, one {# игра} other {# игры}}';
    const plural = pluralsOf(new IntlMessageFormat(englishForm, 'ru').getAst())[0]!;
    const missing = [...categoriesOfCounts('ru', 'cardinal')].filter((c) => !plural.categories.includes(c));
    expect(missing.sort()).toEqual(['few', 'many']);
  });
});
