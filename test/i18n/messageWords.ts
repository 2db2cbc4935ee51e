// A message's words as a reader sees them: its literal text in every branch of its plurals and
// selects, each placeholder left out (a space in its place), and its code left out too (`/senet
// verify`, a text to hash: never translated). Read by the glossary and glyph tests.
import { type MessageFormatElement, isLiteralElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '../../src/i18n/index.js';

function literalText(elements: readonly MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (isLiteralElement(element)) return element.value;
      if ('options' in element)
        return Object.values(element.options as Record<string, { value: MessageFormatElement[] }>)
          .map((option) => literalText(option.value))
          .join(' ');
      return ' ';
    })
    .join('');
}

export const messageWords = (message: string, locale: Locale): string =>
  literalText(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst()).replace(/`[^`]*`/g, ' ');
