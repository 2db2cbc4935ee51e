// A server's settings: where and how the bot plays there. The defaults come from the bot's
// environment (.env, src/bot/config.ts); an admin's choices (/senet-admin) override them per server.
import { RULESET_IDS, type Variant, checkRules, isRuleSetId, optionSpecs } from '../engine/index.js';
import { durationParts } from '../lib/format.js';
import { err } from '../lib/result.js';
import { type Locale, type MessageKey, isLocale } from '../i18n/index.js';
import { optionRefusal } from './refusals.js';
import { type Outcome, fail, ok } from './types.js';

export interface ServerSettings {
  /** What a challenge plays when it names no rules. */
  defaultVariant: Variant;
  /** Each game in a thread of its own; off: in the channel itself. */
  threads: boolean;
  /** The channels the bot plays in; empty: every channel. */
  channels: readonly string[];
  /** How long a challenge waits for an answer. */
  challengeTtlMs: number;
  /** How long a player may take to act before forfeiting. */
  turnTtlMs: number;
  /** How long a turn waits before its player is reminded; 0: never. */
  reminderDelayMs: number;
  /** The most live games one player may have at once in the server. */
  maxGamesPerPlayer: number;
  /** Whether games between people change ratings. */
  rated: boolean;
  /** The language of the bot's public messages here; null: the server's own Discord language. */
  language: Locale | null;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  defaultVariant: { ruleset: 'kendall', options: {} },
  threads: true,
  channels: [],
  challengeTtlMs: 15 * 60_000,
  turnTtlMs: 24 * 3_600_000,
  reminderDelayMs: 10 * 60_000,
  maxGamesPerPlayer: 3,
  rated: true,
  language: null,
};

export type SettingKey = keyof ServerSettings;

/** The settings in the order /senet-admin shows them. */
export const SETTING_KEYS: readonly SettingKey[] = [
  'defaultVariant',
  'threads',
  'channels',
  'challengeTtlMs',
  'turnTtlMs',
  'reminderDelayMs',
  'maxGamesPerPlayer',
  'rated',
  'language',
];

/** A server's own choices: only the settings its admins set. */
export type SettingOverrides = Partial<ServerSettings>;

const MINUTE = 60_000;

/** What an admin may choose, in minutes (reminders: 0 is off) and games; wider values are refused. */
export const SETTING_RANGES = {
  challengeTimeoutMinutes: { min: 1, max: 7 * 24 * 60 },
  turnTimeoutMinutes: { min: 1, max: 14 * 24 * 60 },
  reminderDelayMinutes: { min: 0, max: 7 * 24 * 60 },
  maxGamesPerPlayer: { min: 1, max: 25 },
  /** Allowed channels listed at most. */
  channels: { min: 0, max: 25 },
} as const;

/** One /senet-admin settings call: each field given changes that setting. */
export interface SettingsChange {
  variant?: Variant;
  threads?: boolean;
  addChannel?: string;
  removeChannel?: string;
  clearChannels?: boolean;
  challengeTimeoutMinutes?: number;
  turnTimeoutMinutes?: number;
  reminderDelayMinutes?: number;
  maxGamesPerPlayer?: number;
  rated?: boolean;
  /** A language for public messages, or null to follow the server's Discord language again. */
  language?: Locale | null;
  /** Back to the default (.env) for one setting, or for all of them. */
  reset?: SettingKey | 'all';
}

/** The settings in force: the server's own choices over the defaults. */
export function settingsWith(defaults: ServerSettings, own: SettingOverrides): ServerSettings {
  return { ...defaults, ...own };
}

/**
 * A server's stored choices, read back. A value that no longer checks (a rule set or option
 * removed in a later version) is left out, so the default applies rather than a broken game.
 */
export function parseOverrides(json: string | undefined): SettingOverrides {
  if (json === undefined) return {};
  const raw = JSON.parse(json) as Record<string, unknown>;
  const own: SettingOverrides = {};
  const variant = raw.defaultVariant as { ruleset?: unknown; options?: unknown } | undefined;
  if (variant && typeof variant.ruleset === 'string' && typeof variant.options === 'object' && variant.options) {
    // checkRules accepted these options for this rule set, which is what Variant promises.
    if (checkRules(variant.ruleset, variant.options as Record<string, unknown>).ok)
      own.defaultVariant = variant as Variant;
  }
  if (typeof raw.threads === 'boolean') own.threads = raw.threads;
  if (typeof raw.rated === 'boolean') own.rated = raw.rated;
  if (isLocale(raw.language)) own.language = raw.language;
  if (Array.isArray(raw.channels) && raw.channels.every((c) => typeof c === 'string')) own.channels = raw.channels;
  for (const key of ['challengeTtlMs', 'turnTtlMs', 'reminderDelayMs', 'maxGamesPerPlayer'] as const) {
    const value = raw[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) own[key] = value;
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
  if (change.variant) next.defaultVariant = change.variant;
  if (change.threads !== undefined) next.threads = change.threads;
  if (change.rated !== undefined) next.rated = change.rated;
  if (change.language === null) delete next.language;
  else if (change.language !== undefined) next.language = change.language;
  const minutes = [
    ['challengeTimeoutMinutes', 'challengeTtlMs', 'settings.challengeTimeoutRange'],
    ['turnTimeoutMinutes', 'turnTtlMs', 'settings.turnTimeoutRange'],
    ['reminderDelayMinutes', 'reminderDelayMs', 'settings.reminderDelayRange'],
  ] as const;
  for (const [field, key, refusal] of minutes) {
    const value = change[field];
    if (value === undefined) continue;
    const refused = outOfRange(value, SETTING_RANGES[field], refusal);
    if (refused) return refused;
    next[key] = value * MINUTE;
  }
  if (change.maxGamesPerPlayer !== undefined) {
    const refused = outOfRange(change.maxGamesPerPlayer, SETTING_RANGES.maxGamesPerPlayer, 'settings.maxGamesRange');
    if (refused) return refused;
    next.maxGamesPerPlayer = change.maxGamesPerPlayer;
  }
  const channels = changedChannels(settingsWith(defaults, next).channels, change);
  if (!channels.ok) return channels;
  if (channels.value) next.channels = channels.value;
  const result = settingsWith(defaults, next);
  const timing = change.turnTimeoutMinutes !== undefined || change.reminderDelayMinutes !== undefined;
  if (timing && result.reminderDelayMs > 0 && result.reminderDelayMs >= result.turnTtlMs) {
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

/** The allowed channels after add/remove/clear, null if the change names none of them. */
function changedChannels(current: readonly string[], change: SettingsChange): Outcome<string[] | null> {
  if (change.clearChannels === undefined && change.addChannel === undefined && change.removeChannel === undefined) {
    return ok(null);
  }
  let channels = change.clearChannels ? [] : [...current];
  if (change.removeChannel !== undefined) {
    if (!channels.includes(change.removeChannel)) {
      return fail('invalid', 'settings.channelNotListed', { channel: `<#${change.removeChannel}>` });
    }
    channels = channels.filter((c) => c !== change.removeChannel);
  }
  if (change.addChannel !== undefined && !channels.includes(change.addChannel)) {
    if (channels.length >= SETTING_RANGES.channels.max) {
      return fail('invalid', 'settings.tooManyChannels', { max: SETTING_RANGES.channels.max });
    }
    channels.push(change.addChannel);
  }
  return ok(channels);
}

function outOfRange(value: number, range: { min: number; max: number }, refusal: MessageKey): Outcome<never> | null {
  if (Number.isInteger(value) && value >= range.min && value <= range.max) return null;
  return fail('invalid', refusal, { min: range.min, max: range.max, value });
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
