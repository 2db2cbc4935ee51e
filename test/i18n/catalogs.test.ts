// The catalogs agree with each other and with the code: every locale has exactly English's keys,
// each message with the same placeholders; every key the code names exists, and every key exists
// for a reason (named in the code, literally or as one of a family built from a template).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Locale as DiscordLocale } from 'discord.js';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  DISCORD_LANGUAGES,
  LANGUAGES,
  LOCALES,
  type Locale,
  catalog,
  localeOf,
  translate,
} from '../../src/i18n/index.js';

type Ast = ReturnType<IntlMessageFormat['getAst']>;

/** Discord's languages whose catalog is not written yet. */
const UNWRITTEN: readonly Locale[] = DISCORD_LANGUAGES.filter((locale) => !LOCALES.includes(locale));

/** Each placeholder as `name:kind` (kind: argument, number, date, time, select, plural). */
function placeholders(ast: Ast, into = new Set<string>()): Set<string> {
  const kinds: Record<number, string> = { 1: 'argument', 2: 'number', 3: 'date', 4: 'time', 5: 'select', 6: 'plural' };
  for (const element of ast) {
    const kind = kinds[element.type];
    if (kind && 'value' in element) into.add(`${String(element.value)}:${kind}`);
    if ('options' in element && element.options && typeof element.options === 'object')
      for (const option of Object.values(element.options as Record<string, { value: Ast }>))
        placeholders(option.value, into);
  }
  return into;
}

const english = catalog('en');
const keys = Object.keys(english).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const source = sourceFiles('src')
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const namespaces = [...new Set(keys.map((key) => key.split('.')[0]!))];
const keyPattern = new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[\\w.-]*)(\\$\\{)?`, 'g');

/** Keys named in the code as literals, and the heads of keys built from templates (`square.${…}`). */
function keysInCode(): { literal: Set<string>; families: string[] } {
  const literal = new Set<string>();
  const families: string[] = [];
  for (const match of source.matchAll(keyPattern)) {
    if (match[2]) families.push(match[1]!);
    else literal.add(match[1]!.replace(/\.$/, ''));
  }
  return { literal, families };
}

describe('message catalogs', () => {
  it.each(LOCALES)('%s parses as ICU messages', (locale) => {
    const broken = Object.entries(catalog(locale)).filter(([, message]) => {
      try {
        new IntlMessageFormat(message, locale);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it("list exactly Discord's locales, each code once", () => {
    const codes = DISCORD_LANGUAGES.flatMap((locale) => LANGUAGES[locale].discord);
    expect([...codes].sort()).toEqual(Object.values(DiscordLocale).sort());
  });

  it("are filed under the code of one of Discord's languages", () => {
    const files = readdirSync('src/i18n/catalogs').map((file) => file.replace(/\.json$/, ''));
    expect(files.filter((name) => !(DISCORD_LANGUAGES as readonly string[]).includes(name))).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the English keys', (locale: Locale) => {
    const theirs = Object.keys(catalog(locale)).sort();
    expect(
      keys.filter((key) => !theirs.includes(key)),
      'missing',
    ).toEqual([]);
    expect(
      theirs.filter((key) => !keys.includes(key)),
      'not in English',
    ).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s uses the same placeholders', (locale: Locale) => {
    const differing = keys.filter((key) => {
      const theirs = catalog(locale)[key];
      if (theirs === undefined) return false;
      const want = [...placeholders(new IntlMessageFormat(english[key]!, 'en').getAst())].sort();
      const got = [...placeholders(new IntlMessageFormat(theirs, locale).getAst())].sort();
      return want.join() !== got.join();
    });
    expect(differing).toEqual([]);
  });

  it('define every key the code names', () => {
    const { literal } = keysInCode();
    expect([...literal].filter((key) => !(key in english))).toEqual([]);
  });

  it('hold no key the code never names', () => {
    const { literal, families } = keysInCode();
    const unused = keys.filter((key) => !literal.has(key) && !families.some((head) => key.startsWith(head)));
    expect(unused).toEqual([]);
  });
});

// Each language Discord offers whose catalog is not written yet is named here (vitest lists them as
// "todo"), with the file a translator adds: until then its users read English.
describe('languages still to translate', () => {
  for (const locale of UNWRITTEN)
    it.todo(
      `${locale} (${LANGUAGES[locale].name}, Discord's ${LANGUAGES[locale].discord.join(', ')}): src/i18n/catalogs/${locale}.json`,
    );

  it.skipIf(UNWRITTEN.length === 0)('are spoken as English, with English plurals', () => {
    const locale = UNWRITTEN[0]!;
    expect(localeOf(LANGUAGES[locale].discord[0])).toBeUndefined();
    for (const count of [1, 2, 5, 21])
      expect(translate(locale, 'board.extraThrows', { count })).toBe(translate('en', 'board.extraThrows', { count }));
  });
});
