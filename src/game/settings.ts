// A server's settings: where and how the bot plays there. Each setting is declared once in
// settingSpecs.ts; this file holds what the settings of a kind share: the defaults, how a
// server's stored choices are read back, how an admin's change is checked and applied, and how a
// `.env` value is read (src/bot/config.ts). An admin's choices (/senet-admin) override the
// defaults per server.
import { RULESET_IDS, type Variant, checkRules, isRuleSetId, optionSpecs } from '../engine/index.js';
import { durationParts } from '../lib/format.js';
import { type Result, err } from '../lib/result.js';
import { LOCALES, isLocale, say } from '../i18n/index.js';
import { optionRefusal } from './refusals.js';
import {
  type DeclaredSetting,
  type KindValues,
  MINUTE_MS,
  type Range,
  REMINDER_BEFORE_TIMEOUT,
  SERVER_SETTINGS,
  type ServerSettings,
  type SettingKey,
  type SettingKind,
  type SettingOfKind,
} from './settingSpecs.js';
import { type Outcome, fail, ok } from './types.js';

export type { ServerSettings, SettingKey } from './settingSpecs.js';

/** A value of some setting, as the service holds it (durations in milliseconds). */
type AnyValue = KindValues[SettingKind];

/** Writes one setting: the table pairs each key with its kind, and `value` was made for that kind. */
function put(target: SettingOverrides, key: SettingKey, value: AnyValue): void {
  (target as Record<SettingKey, AnyValue>)[key] = value;
}

/** A setting's default as declared, held as the service holds it (minutes → milliseconds). */
const declaredDefault = (spec: DeclaredSetting): AnyValue =>
  spec.kind === 'minutes' ? spec.default * MINUTE_MS : spec.default;

/** A whole set of settings, each setting's value made by `valueOf` from its spec. */
export function settingsFrom(valueOf: (spec: DeclaredSetting) => AnyValue): ServerSettings {
  const settings: SettingOverrides = {};
  for (const spec of SERVER_SETTINGS) put(settings, spec.key, valueOf(spec));
  // Every declared setting was just given a value.
  return settings as ServerSettings;
}

export const DEFAULT_SETTINGS: ServerSettings = settingsFrom(declaredDefault);

/** The settings in the order /senet-admin shows them. */
export const SETTING_KEYS: readonly SettingKey[] = SERVER_SETTINGS.map((spec) => spec.key);

/** A server's own choices: only the settings its admins set. */
export type SettingOverrides = Partial<ServerSettings>;

/** What an admin gives for a setting of each kind. */
interface ChangeValues extends Omit<KindValues, 'channels'> {
  /** Add one channel, remove one, or empty the list (then add). */
  channels: { add?: string; remove?: string; clear?: boolean };
}

/**
 * One /senet-admin settings call: each setting given changes it, its value as the service holds
 * it (durations in milliseconds). A language of null follows the server's Discord language again.
 */
export type SettingsChange = { [S in DeclaredSetting as S['key']]?: ChangeValues[S['kind']] } & {
  /** Back to the default (.env) for one setting, or for all of them. */
  reset?: SettingKey | 'all';
};

/** The settings in force: the server's own choices over the defaults. */
export function settingsWith(defaults: ServerSettings, own: SettingOverrides): ServerSettings {
  return { ...defaults, ...own };
}

/** A stored value read back, if it is still one a setting of this kind can hold. */
function storedValue(kind: SettingKind, raw: unknown): AnyValue | undefined {
  switch (kind) {
    case 'flag':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'minutes':
    case 'count':
      return typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 ? raw : undefined;
    case 'language':
      return raw === null || isLocale(raw) ? raw : undefined;
    case 'channels':
      return Array.isArray(raw) && raw.every((c) => typeof c === 'string') ? raw : undefined;
    case 'rules': {
      const variant = raw as { ruleset?: unknown; options?: unknown } | undefined;
      if (!variant || typeof variant.ruleset !== 'string' || typeof variant.options !== 'object' || !variant.options)
        return undefined;
      // checkRules accepted these options for this rule set, which is what Variant promises.
      return checkRules(variant.ruleset, variant.options as Record<string, unknown>).ok
        ? (variant as Variant)
        : undefined;
    }
  }
}

/**
 * A server's stored choices, read back. A value that no longer checks (a rule set or option
 * removed in a later version) is left out, so the default applies rather than a broken game.
 */
export function parseOverrides(json: string | undefined): SettingOverrides {
  if (json === undefined) return {};
  const raw = JSON.parse(json) as Record<string, unknown>;
  const own: SettingOverrides = {};
  for (const spec of SERVER_SETTINGS) {
    const value = Object.hasOwn(raw, spec.key) ? storedValue(spec.kind, raw[spec.key]) : undefined;
    if (value !== undefined) put(own, spec.key, value);
  }
  return own;
}

/** The server's new choices after a change, or why the change is refused (nothing is then changed). */
export function applyChange(
  defaults: ServerSettings,
  own: SettingOverrides,
  change: SettingsChange,
): Outcome<SettingOverrides> {
  const next: SettingOverrides = { ...own };
  if (change.reset === 'all') for (const key of SETTING_KEYS) delete next[key];
  else if (change.reset) delete next[change.reset];
  for (const spec of SERVER_SETTINGS) {
    const refused = applyOne(spec, change, defaults, next);
    if (refused) return refused;
  }
  const result = settingsWith(defaults, next);
  const timing = REMINDER_BEFORE_TIMEOUT.keys.some((key) => change[key] !== undefined);
  if (timing && !REMINDER_BEFORE_TIMEOUT.holds(result)) {
    const reminder = durationParts(result.reminderDelayMs);
    const turn = durationParts(result.turnTtlMs);
    return fail('invalid', 'settings.reminderNotShorter', {
      reminderCount: reminder.count,
      reminderUnit: reminder.unit,
      turnCount: turn.count,
      turnUnit: turn.unit,
    });
  }
  return ok(next);
}

/** Applies the part of `change` about one setting to `next`; why it is refused, or null. */
function applyOne(
  spec: DeclaredSetting,
  change: SettingsChange,
  defaults: ServerSettings,
  next: SettingOverrides,
): Outcome<never> | null {
  switch (spec.kind) {
    case 'flag':
    case 'rules': {
      const value = change[spec.key];
      if (value !== undefined) put(next, spec.key, value);
      return null;
    }
    case 'minutes':
    case 'count': {
      const value = change[spec.key];
      if (value === undefined) return null;
      const given = spec.kind === 'minutes' ? value / MINUTE_MS : value;
      if (!inRange(given, spec.range)) return fail('invalid', spec.refusal, { ...spec.range, value: given });
      put(next, spec.key, value);
      return null;
    }
    case 'language': {
      const value = change[spec.key];
      if (value === undefined) return null;
      // "The server's Discord language" when that is the default too: back to the default, shown
      // as the bot's. Over a default language (LANGUAGE=de) it is a choice of its own, kept.
      if (value === null && defaults[spec.key] === null) delete next[spec.key];
      else put(next, spec.key, value);
      return null;
    }
    case 'channels': {
      const value = change[spec.key];
      if (value === undefined) return null;
      const channels = changedChannels(spec, settingsWith(defaults, next)[spec.key], value);
      if (!channels.ok) return channels;
      put(next, spec.key, channels.value);
      return null;
    }
  }
}

/** The allowed channels after add/remove/clear. */
function changedChannels(
  spec: SettingOfKind<'channels'>,
  current: readonly string[],
  change: ChangeValues['channels'],
): Outcome<string[]> {
  let channels = change.clear ? [] : [...current];
  if (change.remove !== undefined) {
    if (!channels.includes(change.remove)) {
      return fail('invalid', 'settings.channelNotListed', { channel: `<#${change.remove}>` });
    }
    channels = channels.filter((c) => c !== change.remove);
  }
  if (change.add !== undefined && !channels.includes(change.add)) {
    if (channels.length >= spec.max) return fail('invalid', 'settings.tooManyChannels', { max: spec.max });
    channels.push(change.add);
  }
  return ok(channels);
}

const inRange = (value: number, range: Range): boolean =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/** A Discord id: a snowflake, 17 to 20 digits (ids from 2015 on). */
export const isSnowflake = (text: string): boolean => /^\d{17,20}$/.test(text);

/**
 * A setting's value read from `.env` text, or what is wrong with it, said after the setting's
 * name ("must be on or off"), in English for whoever runs the bot.
 */
export function settingFromText(spec: DeclaredSetting, raw: string): Result<AnyValue, string> {
  switch (spec.kind) {
    case 'flag': {
      const word = raw.toLowerCase();
      if (['on', 'true', 'yes', '1'].includes(word)) return ok(true);
      if (['off', 'false', 'no', '0'].includes(word)) return ok(false);
      return err('must be on or off');
    }
    case 'minutes':
    case 'count': {
      const value = Number(raw);
      if (!inRange(value, spec.range)) return err(`must be a whole number from ${spec.range.min} to ${spec.range.max}`);
      return ok(spec.kind === 'minutes' ? value * MINUTE_MS : value);
    }
    case 'language':
      if (raw === 'auto') return ok(null);
      return isLocale(raw) ? ok(raw) : err(`must be auto or one of ${LOCALES.join(', ')}`);
    case 'rules': {
      const variant = parseVariant(raw);
      return variant.ok ? variant : err(`must name a rule set and its options: ${say('en', variant.error.message)}`);
    }
    case 'channels': {
      const ids = raw.split(/[\s,]+/).filter(Boolean);
      if (!ids.every(isSnowflake)) return err('must list channel ids (numbers), separated by commas');
      if (ids.length > spec.max) return err(`may list at most ${spec.max} channels`);
      return ok([...new Set(ids)]);
    }
  }
}

/** A server's settings as /senet-admin shows them: in force, and which its admins chose. */
export interface SettingsView {
  settings: ServerSettings;
  own: SettingKey[];
}

/**
 * A rule set and options as written in .env (DEFAULT_RULES): "kendall", "kendall pawns=7
 * safe_pairs=off" (the options' names as in the slash commands). Options left out take the rule
 * set's defaults.
 * @internal
 */
export function parseVariant(text: string): Outcome<Variant> {
  const [id = '', ...pairs] = text.trim().split(/\s+/);
  if (!isRuleSetId(id)) return fail('invalid', 'refusal.unknownRuleset', { id, choices: RULESET_IDS.join(', ') });
  const specs = optionSpecs(id);
  const options: Record<string, boolean | number> = {};
  for (const pair of pairs) {
    const [slashName, value] = pair.split('=');
    const spec = specs.find(([, o]) => o.slashName === slashName);
    if (!spec || value === undefined) {
      const names = specs.map(([, o]) => o.slashName).join(', ') || 'none';
      return fail('invalid', 'settings.notAnOptionPair', { pair, ruleset: id, names });
    }
    options[spec[0]] =
      value === 'on' || value === 'true' ? true : value === 'off' || value === 'false' ? false : Number(value);
  }
  const rules = checkRules(id, options);
  // checkRules accepted these options for this rule set, which is what Variant promises.
  return rules.ok
    ? ok({ ruleset: id, options } as Variant)
    : err({ code: 'invalid', message: optionRefusal(id, rules.error) });
}
