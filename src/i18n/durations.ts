// Durations in words: the unit is chosen in lib (plain arithmetic), the words come from the catalogs.
import { durationParts } from '../lib/format.js';
import type { Translate } from './index.js';

/** A duration as people say it in `t`'s language: "2 days", "3 hours", "90 minutes". */
export function durationWords(ms: number, t: Translate): string {
  const { count, unit } = durationParts(ms);
  return t('duration.words', { count, unit });
}
