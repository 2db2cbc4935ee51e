// Durations and shares as a language says them: durations through the catalogs (ICU plurals),
// shares through Intl.
import { describe, expect, it } from 'vitest';
import { translate, translator } from '../../src/i18n/index.js';
import { durationWords } from '../../src/i18n/durations.js';
import { durationParts, percent } from '../../src/lib/format.js';

const MINUTE = 60_000;

describe('durationWords', () => {
  it('says a duration in its largest whole unit, singular or plural', () => {
    const t = translator('en');
    expect(durationWords(2 * 1440 * MINUTE, t)).toBe('2 days');
    expect(durationWords(1440 * MINUTE, t)).toBe('1 day');
    expect(durationWords(3 * 60 * MINUTE, t)).toBe('3 hours');
    expect(durationWords(60 * MINUTE, t)).toBe('1 hour');
    expect(durationWords(90 * MINUTE, t)).toBe('90 minutes');
    expect(durationWords(MINUTE, t)).toBe('1 minute');
    expect(durationWords(0, t)).toBe('0 minutes');
  });

  it('says it in the translator’s language, from the catalog', () => {
    const parts = durationParts(3 * 60 * MINUTE);
    expect(parts).toEqual({ count: 3, unit: 'hour' });
    expect(durationWords(3 * 60 * MINUTE, translator('de'))).toBe(translate('de', 'duration.words', { ...parts }));
  });
});

describe('percent', () => {
  it('keeps the tools’ format without a locale, and writes the locale’s own with one', () => {
    expect(percent(0.503, 1)).toBe('50.3 %');
    expect(percent(0.5, 0, 'en')).toBe('50%');
    expect(percent(0.503, 1, 'de')).toBe('50,3\u00a0%');
    expect(percent(0.503, 1, 'fr')).toMatch(/^50,3\s%$/u);
  });
});
