// Sample values for each kind of server setting, shared by the tests that walk the settings table
// (a new setting of a known kind needs nothing here).
import type { Variant } from '../../src/engine/index.js';
import type { SettingsChange } from '../../src/game/settings.js';
import { type DeclaredSetting, MINUTE_MS } from '../../src/game/settingSpecs.js';

const CHANNEL = '223456789012345678';
const REGENCY: Variant = { ruleset: 'regency', options: {} };

/** A number other than the default, within the range. */
const otherNumber = (spec: { default: number; range: { max: number } }): number =>
  spec.default + 1 <= spec.range.max ? spec.default + 1 : spec.default - 1;

/**
 * For each kind of setting: a `.env` text that is not the default, the value it means, the same
 * change as an admin makes it, and a text the setting refuses.
 */
export function samples(spec: DeclaredSetting): { text: string; value: unknown; change: SettingsChange; bad: string } {
  switch (spec.kind) {
    case 'flag':
      return {
        text: spec.default ? 'off' : 'on',
        value: !spec.default,
        change: { [spec.key]: !spec.default },
        bad: 'maybe',
      };
    case 'minutes':
      return {
        text: String(otherNumber(spec)),
        value: otherNumber(spec) * MINUTE_MS,
        change: { [spec.key]: otherNumber(spec) * MINUTE_MS },
        bad: String(spec.range.max + 1),
      };
    case 'count':
      return {
        text: String(otherNumber(spec)),
        value: otherNumber(spec),
        change: { [spec.key]: otherNumber(spec) },
        bad: String(spec.range.max + 1),
      };
    case 'language':
      return { text: 'de', value: 'de', change: { [spec.key]: 'de' }, bad: 'klingon' };
    case 'rules':
      return { text: 'regency', value: REGENCY, change: { [spec.key]: REGENCY }, bad: 'ludo' };
    case 'channels':
      return { text: CHANNEL, value: [CHANNEL], change: { [spec.key]: { add: CHANNEL } }, bad: '#games' };
  }
}
