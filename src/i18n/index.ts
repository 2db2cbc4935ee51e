// Every word a player reads comes from the message catalogs here: one JSON file per locale, each
// message in ICU MessageFormat (placeholders, plurals and selects), formatted by intl-messageformat.
// Code names a message by its key; the English catalog defines the keys (MessageKey), and
// test/i18n/catalogs.test.ts checks every other catalog has the same keys and placeholders.
import { readFileSync } from 'node:fs';
import { isArgumentElement, isLiteralElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import en from './catalogs/en.json' with { type: 'json' };
import { DEFAULT_LOCALE, type Locale, catalogUrl, isLocale } from './locales.js';
import { type UserText, escapeMarkdown } from './userText.js';

export {
  DEFAULT_LOCALE,
  /** @internal */ DISCORD_LANGUAGES,
  DISCORD_LOCALES,
  LANGUAGES,
  LOCALES,
  type Locale,
  type Script,
  isLocale,
  localeOf,
  scriptOf,
} from './locales.js';
export { type UserText, userText } from './userText.js';

export type MessageKey = keyof typeof en;

/**
 * A placeholder's value: our own words are strings, counts are numbers (plurals read them), and
 * words a user chose (names) are UserText, which every message shows as written (escaped for
 * Discord's markdown here, in the one place message text is put together).
 */
export type Params = Readonly<Record<string, string | number | UserText>>;

/** The values a compiled message is given: every UserText already escaped. */
type Filled = Readonly<Record<string, string | number>>;

/**
 * Something to say, not yet in any language: the service answers with these (refusals, notes)
 * and the adapter says them in the reader's locale. Plain data, so it crosses threads and tests.
 */
export interface Text {
  readonly key: MessageKey;
  readonly params?: Params;
}

export const text = (key: MessageKey, params?: Params): Text => (params ? { key, params } : { key });

type Catalog = Readonly<Record<string, string>>;

const catalogs = new Map<Locale, Catalog>([[DEFAULT_LOCALE, en]]);

/**
 * A language's messages, read from its file on first use: a bot whose games are all in one
 * language holds that catalog and English, not thirty. A language whose catalog is not written
 * (src/i18n/locales.ts) is English.
 */
export function catalog(locale: Locale): Catalog {
  let messages = catalogs.get(locale);
  if (!messages) {
    messages = isLocale(locale) ? (JSON.parse(readFileSync(catalogUrl(locale), 'utf8')) as Catalog) : en;
    catalogs.set(locale, messages);
  }
  return messages;
}

/** A compiled message: its placeholders' values in, the sentence out. */
type Formatter = (params: Filled | undefined) => string;

/** Compiled on first use, per locale. */
const compiled = new Map<Locale, Map<MessageKey, Formatter>>();

function formatterOf(locale: Locale, key: MessageKey): Formatter {
  let ofLocale = compiled.get(locale);
  if (!ofLocale) {
    // Not written yet: English, with English plurals too.
    if (!isLocale(locale)) return formatterOf(DEFAULT_LOCALE, key);
    compiled.set(locale, (ofLocale = new Map<MessageKey, Formatter>()));
  }
  let formatter = ofLocale.get(key);
  if (!formatter) {
    // A catalog missing a key (the tests forbid it) falls back to English rather than failing a click.
    const format = new IntlMessageFormat(catalog(locale)[key] ?? en[key], locale, undefined, { ignoreTag: true });
    formatter = plainFormatter(format) ?? ((params) => String(format.format(params)));
    ofLocale.set(key, formatter);
  }
  return formatter;
}

/**
 * Most messages are text and `{name}` placeholders only: those are joined directly. A full ICU
 * format builds parts arrays for every call, and a click says dozens of messages (the board's
 * words, its alt text), so the garbage added up to megabytes of a render thread's memory.
 */
function plainFormatter(format: IntlMessageFormat): Formatter | null {
  const ast = format.getAst();
  if (!ast.every((element) => isLiteralElement(element) || isArgumentElement(element))) return null;
  const pieces = ast.map((element) => ({ name: isArgumentElement(element), value: element.value }));
  return (params) => {
    let said = '';
    for (const piece of pieces) {
      if (!piece.name) said += piece.value;
      else {
        const value = params?.[piece.value];
        if (value === undefined) throw new Error(`the message needs a value for {${piece.value}}`);
        said += String(value);
      }
    }
    return said;
  };
}

/** The message `key` in `locale` for a Discord message, its placeholders filled in (words users chose escaped). */
export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  return formatterOf(locale, key)(params && filled(params, escapeMarkdown));
}

/**
 * The message `key` in `locale` for what is not markdown (a picture, its alt text, a thread's or
 * an event's name, an autocomplete choice): words users chose as they are.
 */
export function translatePlain(locale: Locale, key: MessageKey, params?: Params): string {
  return formatterOf(locale, key)(params && filled(params, asWritten));
}

const asWritten = (plain: string): string => plain;

/** The params with every UserText put as `shown`: the same object when there is none (most of a click's messages). */
function filled(params: Params, shown: (plain: string) => string): Filled {
  for (const name in params) {
    if (typeof params[name] !== 'object') continue;
    const entries = Object.entries(params);
    return Object.fromEntries(entries.map(([key, v]) => [key, typeof v === 'object' ? shown(v.plain) : v]));
  }
  return params as Filled;
}

/** A function that speaks one locale: what the renderer and the message builders are handed. */
export type Translate = (key: MessageKey, params?: Params) => string;

/** One Translate per locale for `say`, made once. */
function translatorsOf(say: typeof translate): (locale?: Locale) => Translate {
  const made = new Map<Locale, Translate>();
  return (locale = DEFAULT_LOCALE) => {
    let t = made.get(locale);
    if (!t) {
      t = (key, params) => say(locale, key, params);
      made.set(locale, t);
    }
    return t;
  };
}

/** Words for Discord messages (markdown): see translate. */
export const translator = translatorsOf(translate);

/** Words for what is not markdown (pictures, alt texts, names of threads and events): see translatePlain. */
export const plainTranslator = translatorsOf(translatePlain);

/** A Text said in a locale. */
export function say(locale: Locale, said: Text): string {
  return translate(locale, said.key, said.params);
}
