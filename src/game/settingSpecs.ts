// The server settings, each declared once: its stored name, kind, default (in its unit), range,
// `.env` key, slash option(s) and catalog keys. Everything else is derived from this table: the
// type of a server's settings, the `.env` parsing and its checks (src/bot/config.ts), the
// /senet-admin settings options, how they are read and listed (src/commands/admin*.ts), and how
// a server's choices are checked, applied and stored (settings.ts). Adding a setting of a kind
// below is one entry here plus its words in the catalogs (test/game/settingSpecs.test.ts walks it).
import type { Variant } from '../engine/index.js';
import type { Locale, MessageKey } from '../i18n/index.js';

/** What a setting of each kind holds, as the service uses and stores it. */
export interface KindValues {
  /** On or off. */
  flag: boolean;
  /** A duration given in whole minutes, held in milliseconds. */
  minutes: number;
  /** A whole number of things. */
  count: number;
  /** A language, or null: each server's own Discord language. */
  language: Locale | null;
  /** A rule set with its options (the rule options of /senet). */
  rules: Variant;
  /** Channel ids; empty: every channel. */
  channels: readonly string[];
}

export type SettingKind = keyof KindValues;

export interface Range {
  readonly min: number;
  readonly max: number;
}

interface Common {
  /** Its name in the service and in the stored JSON (guild_settings.settings): never renamed. */
  readonly key: string;
  /** The `.env` key of its default for every server. */
  readonly env: string;
  /** Its name in the /senet-admin listing. */
  readonly label: MessageKey;
  /** Its name among the `reset` choices. */
  readonly resetLabel: MessageKey;
}

/** A setting with one slash option of its own. */
interface OneOption extends Common {
  readonly option: string;
  /** The option's description. */
  readonly description: MessageKey;
}

export type SettingSpec =
  | (OneOption & { readonly kind: 'flag'; readonly default: boolean })
  | (OneOption & {
      readonly kind: 'minutes';
      /** In minutes, as .env and the option give it. */
      readonly default: number;
      readonly range: Range;
      /** Said when a value is out of range: {min}, {max}, {value}. */
      readonly refusal: MessageKey;
      /** 0 turns it off (listed as "off"); otherwise the listing says the duration in this phrase ({duration}). */
      readonly zeroIsOff?: { readonly phrase: MessageKey };
    })
  | (OneOption & {
      readonly kind: 'count';
      readonly default: number;
      readonly range: Range;
      readonly refusal: MessageKey;
    })
  | (OneOption & { readonly kind: 'language'; readonly default: null })
  | (OneOption & { readonly kind: 'rules'; readonly default: Variant })
  | (Common & {
      readonly kind: 'channels';
      readonly default: readonly string[];
      /** Channels listed at most. */
      readonly max: number;
      /** Three options: add one, remove one, empty the list. */
      readonly options: { readonly add: string; readonly remove: string; readonly clear: string };
      readonly descriptions: { readonly add: MessageKey; readonly remove: MessageKey; readonly clear: MessageKey };
    });

/** The server settings, in the order /senet-admin offers and lists them. */
export const SERVER_SETTINGS = [
  {
    key: 'defaultVariant',
    kind: 'rules',
    env: 'DEFAULT_RULES',
    default: { ruleset: 'kendall', options: {} },
    option: 'rules',
    description: 'command.admin.settings.rules',
    label: 'settings.defaultRules',
    resetLabel: 'command.admin.reset.defaultVariant',
  },
  {
    key: 'threads',
    kind: 'flag',
    env: 'THREADS',
    default: true,
    option: 'threads',
    description: 'command.admin.settings.threads',
    label: 'settings.threads',
    resetLabel: 'command.admin.reset.threads',
  },
  {
    key: 'channels',
    kind: 'channels',
    env: 'ALLOWED_CHANNELS',
    default: [],
    max: 25,
    options: { add: 'add_channel', remove: 'remove_channel', clear: 'clear_channels' },
    descriptions: {
      add: 'command.admin.settings.addChannel',
      remove: 'command.admin.settings.removeChannel',
      clear: 'command.admin.settings.clearChannels',
    },
    label: 'settings.channels',
    resetLabel: 'command.admin.reset.channels',
  },
  {
    key: 'challengeTtlMs',
    kind: 'minutes',
    env: 'CHALLENGE_TIMEOUT_MINUTES',
    default: 15,
    range: { min: 1, max: 7 * 24 * 60 },
    option: 'challenge_timeout',
    description: 'command.admin.settings.challengeTimeout',
    refusal: 'settings.challengeTimeoutRange',
    label: 'settings.challengeTimeout',
    resetLabel: 'command.admin.reset.challengeTtlMs',
  },
  {
    key: 'turnTtlMs',
    kind: 'minutes',
    env: 'TURN_TIMEOUT_MINUTES',
    default: 24 * 60,
    range: { min: 1, max: 14 * 24 * 60 },
    option: 'turn_timeout',
    description: 'command.admin.settings.turnTimeout',
    refusal: 'settings.turnTimeoutRange',
    label: 'settings.turnTimeout',
    resetLabel: 'command.admin.reset.turnTtlMs',
  },
  {
    key: 'reminderDelayMs',
    kind: 'minutes',
    env: 'REMINDER_DELAY_MINUTES',
    default: 10,
    range: { min: 0, max: 7 * 24 * 60 },
    option: 'reminder_delay',
    description: 'command.admin.settings.reminderDelay',
    refusal: 'settings.reminderDelayRange',
    zeroIsOff: { phrase: 'settings.reminderAfter' },
    label: 'settings.turnReminder',
    resetLabel: 'command.admin.reset.reminderDelayMs',
  },
  {
    key: 'maxGamesPerPlayer',
    kind: 'count',
    env: 'MAX_GAMES_PER_PLAYER',
    default: 3,
    range: { min: 1, max: 25 },
    option: 'max_games',
    description: 'command.admin.settings.maxGames',
    refusal: 'settings.maxGamesRange',
    label: 'settings.maxGames',
    resetLabel: 'command.admin.reset.maxGamesPerPlayer',
  },
  {
    key: 'rated',
    kind: 'flag',
    env: 'RATED_GAMES',
    default: true,
    option: 'rated',
    description: 'command.admin.settings.rated',
    label: 'settings.rated',
    resetLabel: 'command.admin.reset.rated',
  },
  {
    key: 'language',
    kind: 'language',
    env: 'LANGUAGE',
    default: null,
    option: 'language',
    description: 'command.admin.settings.language',
    label: 'settings.language',
    resetLabel: 'command.admin.reset.language',
  },
] as const satisfies readonly SettingSpec[];

/** One entry of the table, as declared (its key and kind known). */
export type DeclaredSetting = (typeof SERVER_SETTINGS)[number];

export type SettingKey = DeclaredSetting['key'];

/** Where and how the bot plays on a server: one field per setting, of its kind's type. */
export type ServerSettings = { -readonly [S in DeclaredSetting as S['key']]: KindValues[S['kind']] };

/**
 * The one rule between settings: a turn reminder comes before the turn times out (a delay of 0:
 * no reminders). Every check of it goes through here: an admin's change (settings.ts) and the
 * `.env` defaults (src/bot/config.ts).
 */
export const REMINDER_BEFORE_TIMEOUT = {
  /** The settings it ties: the first must be shorter than the second. */
  keys: ['reminderDelayMs', 'turnTtlMs'],
  holds: (settings: Pick<ServerSettings, 'reminderDelayMs' | 'turnTtlMs'>): boolean =>
    settings.reminderDelayMs === 0 || settings.reminderDelayMs < settings.turnTtlMs,
} as const satisfies { keys: readonly [SettingKey, SettingKey]; holds: (settings: ServerSettings) => boolean };

/** The settings of one kind (their values share a type). */
export type SettingOfKind<K extends SettingKind> = Extract<DeclaredSetting, { kind: K }>;

/** How many milliseconds a minute holds: a `minutes` setting is given in minutes and held in milliseconds. */
export const MINUTE_MS = 60_000;
