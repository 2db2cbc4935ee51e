// Every catalog says the game's words as its glossary does (src/i18n/glossary/<locale>.json):
// wherever the English message uses a Senet term (a form of it in the English glossary), the same
// message in another language uses that language's word for it (one of its forms), unless that
// language's glossary names the message as an exception and says why. So a square, a throw or
// bearing off is called the same everywhere a player reads it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DISCORD_LANGUAGES, LOCALES, type Locale, catalog } from '../../src/i18n/index.js';
import { messageWords } from './messageWords.js';

interface Entry {
  /** The word, as the glossary's reader should write it. */
  term: string;
  /** Regular expressions (case-insensitive) that find the word in a message, inflected or not. */
  forms: string[];
  /** English only: where the seeds use the word. */
  source?: string;
  note?: string;
  /** Messages that may say it otherwise, each with the reason. */
  except?: Record<string, string>;
}

type Glossary = Record<string, Entry>;

const glossaryFile = (locale: Locale): string => `src/i18n/glossary/${locale}.json`;
const glossaryOf = (locale: Locale): Glossary => JSON.parse(readFileSync(glossaryFile(locale), 'utf8')) as Glossary;

const textOf = (locale: Locale, key: string): string => messageWords(catalog(locale)[key]!, locale);

const says = (text: string, forms: readonly string[]): boolean =>
  forms.some((form) => new RegExp(form, 'iu').test(text));

const english = glossaryOf('en');
const concepts = Object.keys(english).sort();
const keys = Object.keys(catalog('en'));

/** The messages whose English uses the concept's word, less the English exceptions. */
function keysUsing(concept: string): string[] {
  const entry = english[concept]!;
  return keys.filter((key) => !entry.except?.[key] && says(textOf('en', key), entry.forms));
}

describe('the glossaries', () => {
  it('exist for every written catalog, and only for Discord languages', () => {
    expect(LOCALES.filter((locale) => !existsSync(glossaryFile(locale)))).toEqual([]);
    const files = readdirSync('src/i18n/glossary').map((file) => file.replace(/\.json$/, ''));
    expect(files.filter((name) => !(DISCORD_LANGUAGES as readonly string[]).includes(name))).toEqual([]);
  });

  it('name in English where the seeds use each word, and each word is found in some message', () => {
    for (const concept of concepts) {
      expect(english[concept]!.source, concept).toBeTruthy();
      expect(keysUsing(concept), concept).not.toEqual([]);
    }
  });

  describe.each(LOCALES.map((locale) => [locale] as const))('%s', (locale) => {
    const glossary = existsSync(glossaryFile(locale)) ? glossaryOf(locale) : {};

    it('has a word for every English term, found by its own forms', () => {
      expect(Object.keys(glossary).sort()).toEqual(concepts);
      const unfound = Object.entries(glossary).filter(([, entry]) => !says(entry.term, entry.forms));
      expect(unfound.map(([concept]) => concept)).toEqual([]);
    });

    it('excepts only messages that exist, each with a reason', () => {
      for (const [concept, entry] of Object.entries(glossary))
        for (const [key, why] of Object.entries(entry.except ?? {})) {
          expect(keys, `${concept} excepts ${key}`).toContain(key);
          expect(why.trim(), `${concept} ${key}`).not.toBe('');
        }
    });

    it('says each term wherever English does', () => {
      const missing: string[] = [];
      for (const concept of concepts) {
        const entry = glossary[concept];
        if (!entry) continue;
        for (const key of keysUsing(concept))
          if (!entry.except?.[key] && !says(textOf(locale, key), entry.forms))
            missing.push(`${key}: "${entry.term}" (${concept})`);
      }
      expect(missing).toEqual([]);
    });
  });
});
