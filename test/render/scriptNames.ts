// A player's name in each script the picture draws beyond Latin, with a language written in that
// script: the golden board of each script and the font tests name Dark's player so, so that a
// name needs the script's font even where the rest of the picture would not.
import type { Locale, Script } from '../../src/i18n/index.js';

export interface ScriptName {
  /** A language of the script: its catalog, fonts and Intl rules are used. */
  locale: Locale;
  /** Dark's player, named in the script. */
  name: string;
}

export const SCRIPT_NAMES: Readonly<Record<Exclude<Script, 'latin'>, ScriptName>> = {
  cyrillic: { locale: 'ru', name: 'Борис' },
  greek: { locale: 'el', name: 'Νίκος' },
  devanagari: { locale: 'hi', name: 'अनु' },
  thai: { locale: 'th', name: 'สมชาย' },
  japanese: { locale: 'ja', name: '山田' },
  korean: { locale: 'ko', name: '민수' },
  'simplified-chinese': { locale: 'zh-CN', name: '王伟' },
  'traditional-chinese': { locale: 'zh-TW', name: '王偉' },
};
