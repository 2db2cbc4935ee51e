// Settings from the environment (.env via dotenv), each read and checked from one table: the
// process's own settings here (PROCESS_SETTINGS), the defaults of the server settings from their
// spec (src/game/settingSpecs.ts). Every problem is listed once, on a line naming its setting;
// missing required settings are named with how to get each one, never as a crash.
import { pino } from 'pino';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { type Result, err, ok } from '../lib/result.js';
import { ONE_SHARD, type ShardScope, isShard } from '../game/service.js';
import { REMINDER_BEFORE_TIMEOUT, SERVER_SETTINGS, type ServerSettings } from '../game/settingSpecs.js';
import { DEFAULT_SETTINGS, isSnowflake, settingFromText, settingsFrom } from '../game/settings.js';

export interface BotConfig {
  token: string;
  applicationId: string;
  /** Deploy commands to this guild only (instant, for testing); unset = global. */
  guildId: string | null;
  /** The SQLite file; null: the database's own default (src/db/sqliteConnection.ts). */
  databasePath: string | null;
  /** A PostgreSQL server instead of the SQLite file (postgres:// or postgresql://); null: SQLite. */
  databaseUrl: string | null;
  /** Connections to PostgreSQL this process keeps; null: the driver's default (src/db/postgres.ts). */
  databasePoolSize: number | null;
  /** What every server plays with until its admins change it (/senet-admin settings). */
  serverDefaults: ServerSettings;
  /** Base URL of Discord's REST API (discord.js appends /v10); tests point it at a fake. */
  apiUrl: string;
  /** Pause before each of the bot's actions, so people can follow its turn. */
  botStepDelayMs: number;
  sweepIntervalMs: number;
  /** Worker threads drawing board pictures; 0 draws on the main thread. */
  renderThreads: number;
  logLevel: string;
  /** How long start-up keeps trying to reach Discord when the network fails; 0: one try. */
  startupRetryMs: number;
  /** The health and metrics HTTP server's port; unset: no server. */
  metricsPort?: number;
  /** The address it listens on (loopback unless told otherwise). */
  metricsHost: string;
  /** The REST proxy's shared secret, sent with every request to DISCORD_API_URL; null: no proxy. */
  restProxySecret: string | null;
  /**
   * SHARDS, or SHARD_COUNT and SHARD_IDS: one process, or one per gateway shard of this machine
   * under discord.js's ShardingManager.
   */
  sharding: Sharding;
  /**
   * Where backups go (null: `backups` beside the database file) and how many `npm run db:backup`
   * keeps: the newest of each of the last `keepDaily` days and `keepWeekly` weeks. The bot itself
   * writes there only the copy it takes before migrating a SQLite file.
   */
  backups: { dir: string | null; keepDaily: number; keepWeekly: number };
  /** The live board (docs/activity.md); null: off (ACTIVITY_PORT unset). */
  activity: ActivityConfig | null;
}

/** The live board's server: where it listens, and how it signs people in. */
export interface ActivityConfig {
  port: number;
  host: string;
  /** The OAuth2 client secret for the code exchange; null only with the mock sign-in. */
  clientSecret: string | null;
  /** Tests only: the page names its user and no OAuth2 takes place. Refused against Discord itself. */
  mockSignIn: boolean;
}

/**
 * How this process serves Discord's gateway. `single`: one process, one shard (the default, and
 * SHARDS=1). `manager`: SHARDS=N or auto (every shard on this machine), or SHARD_COUNT=N with
 * SHARD_IDS naming this machine's share of them (`ids`; null: all N); the process opens nothing but
 * the database check, and spawns one bot process per shard, restarting any that dies. `shard`:
 * one of those processes (discord.js's manager sets SHARDING_MANAGER, SHARDS to the shard's id and
 * SHARD_COUNT to the total, over the operator's own SHARDS and SHARD_COUNT).
 */
export type Sharding =
  | { role: 'single' }
  | { role: 'manager'; count: number | 'auto'; ids: readonly number[] | null }
  | { role: 'shard'; shard: ShardScope };

/**
 * The most shards SHARDS (or SHARD_IDS) may run on one machine: far past what one serves (docs/scaling.md).
 * @internal
 */
export const MAX_SHARDS = 64;
/**
 * The most shards SHARD_COUNT may name across every machine: some 4 million servers at 1,000 a shard.
 * @internal
 */
export const MAX_SHARD_COUNT = 4096;

export type ConfigResult =
  | { ok: true; config: BotConfig }
  | {
      ok: false;
      missing: MissingSetting[];
      /** One line per problem, each starting with its setting's name. */
      invalid: string[];
      /** A fresh checkout (no token at all, nothing invalid): the offline demo may run. */
      demo: { outDir: string } | null;
    };

interface MissingSetting {
  name: string;
  howToGet: string;
}

/** What reading settings found wrong: the required ones missing, and one line per bad value. */
export interface SettingProblems {
  missing: MissingSetting[];
  /** One line per problem, each starting with its setting's name. */
  invalid: string[];
}

export const DEFAULT_API_URL = 'https://discord.com/api';

/** A setting's value read from its text, or what is wrong with it, said after its name. */
export type Parse<T> = (raw: string) => Result<T, string>;

/** A process setting: its `.env` key, how its text is read, and its value when unset or empty. */
export interface ProcessSetting<T> {
  env: string;
  parse: Parse<T>;
  fallback: T;
  /** Required: how to get it (it has no usable fallback). */
  howToGet?: string;
  /** Holds a password: a bad value is not repeated in the problem line. */
  secret?: true;
}

const text: Parse<string> = (raw) => ok(raw);

const snowflake: Parse<string> = (raw) =>
  isSnowflake(raw) ? ok(raw) : err('must be a Discord id (a snowflake: 17 to 20 digits)');

/** A whole number from `min` to `max` (times `scale`); the range is kept, so .env.example can be checked against it. */
export const whole = (min: number, max: number, scale = 1): Parse<number> & { range: { min: number; max: number } } =>
  Object.assign(
    (raw: string) => {
      const value = Number(raw);
      return Number.isInteger(value) && value >= min && value <= max
        ? ok(value * scale)
        : err(`must be a whole number from ${min} to ${max}`);
    },
    { range: { min, max } },
  );

const oneOf =
  <T extends string>(choices: readonly T[]): Parse<T> =>
  (raw) =>
    (choices as readonly string[]).includes(raw) ? ok(raw as T) : err(`must be one of ${choices.join(', ')}`);

export const httpUrl: Parse<string> = (raw) =>
  URL.canParse(raw) && /^https?:$/.test(new URL(raw).protocol) ? ok(raw) : err('must be an http(s) URL');

/** An address to listen on: an IP address or a host name. */
export const host: Parse<string> = (raw) =>
  isIP(raw) !== 0 || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(raw)
    ? ok(raw)
    : err('must be an IP address or a host name');

/** A PostgreSQL connection URL, with a host to reach (the password, if any, stays inside it). */
const postgresUrl: Parse<string> = (raw) =>
  URL.canParse(raw) && /^postgres(ql)?:$/.test(new URL(raw).protocol) && new URL(raw).hostname !== ''
    ? ok(raw)
    : err('must be a postgres:// or postgresql:// URL with a host (postgres://user:password@host:5432/senet)');

const shardCount = Object.assign(
  (raw: string): Result<number | 'auto', string> => {
    if (raw.toLowerCase() === 'auto') return ok('auto');
    const count = whole(1, MAX_SHARDS)(raw);
    return count.ok ? count : err(`must be auto or a whole number from 1 to ${MAX_SHARDS}`);
  },
  { range: { min: 1, max: MAX_SHARDS } },
);

/**
 * SHARD_IDS: shard ids and ranges, comma-separated (`0-3`, `4,5,6-7`), each id once; sorted. Whether
 * they are below SHARD_COUNT is checked with it (machineSharding).
 */
const shardIdList: Parse<readonly number[]> = (raw) => {
  const ids: number[] = [];
  for (const part of raw.split(',').map((p) => p.trim())) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    const [from, to] = range ? [Number(range[1]), Number(range[2] ?? range[1])] : [NaN, NaN];
    if (!(from <= to)) return err('must list shard ids and ranges, such as 0-3 or 4,5,6-7');
    // Bounded before the range is spelt out: ids past every allowed count are refused anyway.
    if (to >= MAX_SHARD_COUNT) return err(`must name shards below ${MAX_SHARD_COUNT}`);
    for (let id = from; id <= to; id++) ids.push(id);
  }
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) return err(`must name each shard once (${twice} is named twice)`);
  if (ids.length > MAX_SHARDS) return err(`must name at most ${MAX_SHARDS} shards (one machine's processes)`);
  return ok(ids.sort((a, b) => a - b));
};

/**
 * The REST proxy's shared secret (docs/scaling.md): sent in a header, so printable ASCII without
 * spaces, and long enough not to be guessed.
 */
const proxySecret: Parse<string> = (raw) =>
  /^[\x21-\x7e]{32,256}$/.test(raw)
    ? ok(raw)
    : err('must be 32 to 256 characters, letters, digits and punctuation without spaces (openssl rand -hex 32)');

/** An OAuth2 client secret as the developer portal shows it: letters, digits, - and _. */
const clientSecret: Parse<string> = (raw) =>
  /^[\w-]{16,128}$/.test(raw) ? ok(raw) : err('must be the client secret alone (OAuth2 → Client Secret in the portal)');

const yesNo: Parse<boolean> = (raw) =>
  raw === 'true' || raw === 'false' ? ok(raw === 'true') : err('must be true or false');

/** pino's levels, and silent. */
const LOG_LEVELS = [...Object.keys(pino.levels.values), 'silent'];

/**
 * The process's own settings (the server settings' defaults are read from their spec). A table of
 * their own: they hold the process's secrets, paths and resources, which the service and the
 * admin command never see, and no server can change them.
 */
export const PROCESS_SETTINGS = {
  token: {
    env: 'DISCORD_TOKEN',
    parse: (raw) => (/\s/.test(raw) ? err('must be the token alone (it contains a space)') : ok(raw)),
    fallback: '',
    howToGet:
      'Discord developer portal (https://discord.com/developers/applications) → your application → Bot → Reset Token, then copy it.',
  },
  applicationId: {
    env: 'DISCORD_APPLICATION_ID',
    parse: snowflake,
    fallback: '',
    howToGet: 'Discord developer portal → your application → General Information → Application ID.',
  },
  guildId: { env: 'GUILD_ID', parse: snowflake, fallback: null },
  databasePath: { env: 'DATABASE_PATH', parse: text, fallback: null },
  databaseUrl: { env: 'DATABASE_URL', parse: postgresUrl, fallback: null, secret: true },
  databasePoolSize: { env: 'DATABASE_POOL_SIZE', parse: whole(1, 100), fallback: null },
  apiUrl: { env: 'DISCORD_API_URL', parse: httpUrl, fallback: DEFAULT_API_URL },
  botStepDelayMs: { env: 'BOT_STEP_DELAY_MS', parse: whole(0, 60_000), fallback: 750 },
  // At least a second: 0 would silently stop expiries, forfeits, reminders and archiving.
  sweepIntervalMs: { env: 'SWEEP_INTERVAL_SECONDS', parse: whole(1, 3600, 1000), fallback: 30_000 },
  // null: one per core (per process's share of them), decided once SHARDS is known.
  renderThreads: { env: 'RENDER_THREADS', parse: whole(0, 64), fallback: null },
  logLevel: { env: 'LOG_LEVEL', parse: oneOf(LOG_LEVELS), fallback: 'info' },
  startupRetryMs: { env: 'STARTUP_RETRY_SECONDS', parse: whole(0, 3600, 1000), fallback: 60_000 },
  metricsPort: { env: 'METRICS_PORT', parse: whole(1, 65_535), fallback: undefined },
  metricsHost: { env: 'METRICS_HOST', parse: host, fallback: '127.0.0.1' },
  // Read by the bot (sent to the proxy at DISCORD_API_URL) and by the proxy (src/bot/restProxy.ts).
  restProxySecret: { env: 'REST_PROXY_SECRET', parse: proxySecret, fallback: null, secret: true },
  shards: { env: 'SHARDS', parse: shardCount, fallback: 1 },
  // Shards on several machines: the total, and this machine's share (docs/scaling.md).
  shardCount: { env: 'SHARD_COUNT', parse: whole(1, MAX_SHARD_COUNT), fallback: null },
  shardIds: { env: 'SHARD_IDS', parse: shardIdList, fallback: null as readonly number[] | null },
  demoOutputDir: { env: 'DEMO_OUTPUT_DIR', parse: text, fallback: 'demo-output' },
  // Backups (npm run db:backup, and the copy the bot takes before it migrates a SQLite file).
  backupDir: { env: 'BACKUP_DIR', parse: text, fallback: null },
  backupKeepDaily: { env: 'BACKUP_KEEP_DAILY', parse: whole(1, 366), fallback: 7 },
  backupKeepWeekly: { env: 'BACKUP_KEEP_WEEKLY', parse: whole(0, 520), fallback: 4 },
  // The live board (docs/activity.md): off unless ACTIVITY_PORT is set.
  activityPort: { env: 'ACTIVITY_PORT', parse: whole(1, 65_535), fallback: undefined },
  activityHost: { env: 'ACTIVITY_HOST', parse: host, fallback: '127.0.0.1' },
  clientSecret: { env: 'DISCORD_CLIENT_SECRET', parse: clientSecret, fallback: null, secret: true },
  activityMockSignIn: { env: 'ACTIVITY_MOCK_SIGN_IN', parse: yesNo, fallback: false },
} satisfies Record<string, ProcessSetting<unknown>>;

type ProcessSettings = typeof PROCESS_SETTINGS;
type ProcessValue<K extends keyof ProcessSettings> = ProcessSettings[K]['fallback'] | ParsedOf<ProcessSettings[K]>;
type ParsedOf<S> = S extends { parse: Parse<infer T> } ? T : never;

/**
 * Reads settings from `env` as their specs say. A problem is noted in `problems` (a required setting
 * missing, a value its spec refuses) and the fallback used instead, so the next one is found too.
 */
export function settingReader(env: NodeJS.ProcessEnv, problems: SettingProblems) {
  const given = (name: string): string | undefined => env[name]?.trim() || undefined;
  const read = <T>(name: string, parse: Parse<T>, fallback: T, secret = false): T => {
    const raw = given(name);
    if (raw === undefined) return fallback;
    const parsed = parse(raw);
    if (parsed.ok) return parsed.value;
    problems.invalid.push(
      `${name} ${parsed.error} (got ${secret ? `${raw.length} characters, not shown` : `"${raw}"`})`,
    );
    return fallback;
  };
  const setting = <T>(spec: ProcessSetting<T>): T => {
    if (spec.howToGet && given(spec.env) === undefined)
      problems.missing.push({ name: spec.env, howToGet: spec.howToGet });
    return read(spec.env, spec.parse, spec.fallback, spec.secret);
  };
  return { given, read, setting };
}

/**
 * Some process settings read alone, for a tool that needs no token (npm run db:backup): their
 * values, or one problem line each (the lines the bot prints at start-up).
 */
export function processSettings<K extends keyof ProcessSettings>(
  env: NodeJS.ProcessEnv,
  keys: readonly K[],
): Result<{ [P in K]: ProcessValue<P> }, string[]> {
  const problems: SettingProblems = { missing: [], invalid: [] };
  const { read } = settingReader(env, problems);
  const values: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    const spec: ProcessSetting<unknown> = PROCESS_SETTINGS[key];
    values[key] = read(spec.env, spec.parse, spec.fallback, spec.secret);
  }
  return problems.invalid.length > 0 ? err(problems.invalid) : ok(values as { [P in K]: ProcessValue<P> });
}

export function loadConfig(env: NodeJS.ProcessEnv): ConfigResult {
  const problems: SettingProblems = { missing: [], invalid: [] };
  const { missing, invalid } = problems;
  const { given, read, setting: readSetting } = settingReader(env, problems);
  const setting = <K extends keyof ProcessSettings>(key: K): ProcessValue<K> =>
    readSetting<ProcessValue<K>>(PROCESS_SETTINGS[key]);

  const token = setting('token');
  const applicationId = setting('applicationId');
  // A shard process is told its shard by the manager, in SHARDS and SHARD_COUNT (see Sharding);
  // the operator's SHARD_IDS, which it inherits, says how many shard processes share this machine.
  const sharding = env.SHARDING_MANAGER
    ? shardFromManager(env, invalid)
    : machineSharding(
        { shards: setting('shards'), count: setting('shardCount'), ids: setting('shardIds') },
        given(PROCESS_SETTINGS.shards.env) !== undefined,
        invalid,
      );
  // The cores are shared by the shard processes on this machine.
  const processes = sharding.role === 'shard' ? processesHere(sharding.shard, given(PROCESS_SETTINGS.shardIds.env)) : 1;
  const metricsPort = setting('metricsPort');
  const config: BotConfig = {
    token,
    applicationId,
    guildId: setting('guildId'),
    databasePath: setting('databasePath'),
    databaseUrl: setting('databaseUrl'),
    databasePoolSize: setting('databasePoolSize'),
    serverDefaults: serverDefaults(read, invalid),
    apiUrl: setting('apiUrl'),
    botStepDelayMs: setting('botStepDelayMs'),
    sweepIntervalMs: setting('sweepIntervalMs'),
    // One per core: drawing is the main cost of a click (docs/performance.md).
    renderThreads: setting('renderThreads') ?? Math.max(1, Math.floor(availableParallelism() / processes)),
    logLevel: setting('logLevel'),
    startupRetryMs: setting('startupRetryMs'),
    ...(metricsPort !== undefined ? { metricsPort } : {}),
    metricsHost: setting('metricsHost'),
    restProxySecret: setting('restProxySecret'),
    sharding,
    backups: {
      dir: setting('backupDir'),
      keepDaily: setting('backupKeepDaily'),
      keepWeekly: setting('backupKeepWeekly'),
    },
    activity: null,
  };
  config.activity = activityConfig(
    {
      port: setting('activityPort'),
      host: setting('activityHost'),
      clientSecret: setting('clientSecret'),
      mockSignIn: setting('activityMockSignIn'),
    },
    config.apiUrl,
    invalid,
  );
  // The secret is for the proxy: sent to Discord itself it would only leak.
  if (config.restProxySecret !== null && config.apiUrl === DEFAULT_API_URL)
    invalid.push(
      'REST_PROXY_SECRET is sent to the REST proxy at DISCORD_API_URL, which is Discord itself here: set DISCORD_API_URL to the proxy, or leave REST_PROXY_SECRET empty',
    );
  const demoOutputDir = setting('demoOutputDir');
  if (missing.length > 0 || invalid.length > 0) {
    const fresh = given(PROCESS_SETTINGS.token.env) === undefined && invalid.length === 0;
    return { ok: false, missing, invalid, demo: fresh ? { outDir: demoOutputDir } : null };
  }
  return { ok: true, config };
}

/**
 * The live board's settings, or null when ACTIVITY_PORT is unset. It signs people in with the
 * client secret; the mock sign-in lets a page name any user, so it is refused against Discord
 * itself (DISCORD_API_URL unset): only a test against a fake Discord may turn it on.
 */
function activityConfig(
  given: { port: number | undefined; host: string; clientSecret: string | null; mockSignIn: boolean },
  apiUrl: string,
  invalid: string[],
): ActivityConfig | null {
  if (given.mockSignIn && apiUrl === DEFAULT_API_URL)
    invalid.push(
      'ACTIVITY_MOCK_SIGN_IN lets any page sign in as anyone: it is for tests against a fake Discord, and refused with DISCORD_API_URL unset (Discord itself)',
    );
  if (given.port === undefined) return null;
  if (given.clientSecret === null && !given.mockSignIn)
    invalid.push(
      'DISCORD_CLIENT_SECRET is needed with ACTIVITY_PORT (developer portal → your application → OAuth2 → Client Secret)',
    );
  return { port: given.port, host: given.host, clientSecret: given.clientSecret, mockSignIn: given.mockSignIn };
}

/** Every server setting's default from `.env`, each read as its spec says. */
function serverDefaults(read: <T>(name: string, parse: Parse<T>, fallback: T) => T, invalid: string[]): ServerSettings {
  const refused = new Set<string>();
  const settings = settingsFrom((spec) => {
    const before = invalid.length;
    const value = read(spec.env, (raw) => settingFromText(spec, raw), DEFAULT_SETTINGS[spec.key]);
    if (invalid.length > before) refused.add(spec.key);
    return value;
  });
  // Checked only when both are valid: a bad turn timeout is not also blamed on the reminder delay.
  const { keys, holds } = REMINDER_BEFORE_TIMEOUT;
  if (keys.every((key) => !refused.has(key)) && !holds(settings)) {
    const [shorter, longer] = keys.map((key) => SERVER_SETTINGS.find((spec) => spec.key === key)?.env);
    invalid.push(`${shorter} must be less than ${longer} (0 turns reminders off)`);
  }
  return settings;
}

/**
 * The shards this machine runs: SHARDS alone (all N, or auto), or SHARD_COUNT with SHARD_IDS (its
 * share; SHARD_COUNT alone: all of them). SHARDS beside them must say the same total. A problem
 * is noted in `invalid`, one line each.
 */
function machineSharding(
  settings: { shards: number | 'auto'; count: number | null; ids: readonly number[] | null },
  shardsGiven: boolean,
  invalid: string[],
): Sharding {
  const { shards, ids } = settings;
  if (settings.count === null) {
    if (ids !== null) invalid.push('SHARD_IDS needs SHARD_COUNT, the number of shards across every machine');
    return processesFor(shards, null);
  }
  const count = settings.count;
  if (shardsGiven && shards !== count)
    invalid.push(`SHARDS (${shards}) contradicts SHARD_COUNT (${count}): set SHARD_COUNT and SHARD_IDS only`);
  const past = ids?.find((id) => id >= count);
  if (past !== undefined)
    invalid.push(`SHARD_IDS names shard ${past}, past SHARD_COUNT (ids run from 0 to ${count - 1})`);
  return processesFor(count, ids);
}

/** One process for the only shard; else a manager of `ids` (null: every shard) of `count`. */
const processesFor = (count: number | 'auto', ids: readonly number[] | null): Sharding =>
  count === 1 ? { role: 'single' } : { role: 'manager', count, ids: ids?.length === count ? null : ids };

/** How many shard processes this machine runs: its SHARD_IDS (inherited from the manager), else every shard. */
function processesHere(shard: ShardScope, shardIds: string | undefined): number {
  const ids = shardIds === undefined ? null : shardIdList(shardIds);
  return ids?.ok ? ids.value.length : shard.count;
}

/** The shard discord.js's sharding manager gave this process. */
function shardFromManager(env: NodeJS.ProcessEnv, invalid: string[]): Sharding {
  const shard = { id: Number(env.SHARDS), count: Number(env.SHARD_COUNT) };
  if (isShard(shard)) return { role: 'shard', shard };
  invalid.push(`the sharding manager gave no valid shard (SHARDS "${env.SHARDS}", SHARD_COUNT "${env.SHARD_COUNT}")`);
  return { role: 'single' };
}

/** The shard a bot process serves: its own under the manager, else the only one. */
export function shardOf(sharding: Sharding): ShardScope {
  return sharding.role === 'shard' ? sharding.shard : ONE_SHARD;
}

/**
 * View Channel, Send Messages, Attach Files, Use Application Commands, and for a thread per game
 * Create Public Threads and Send Messages in Threads (without them games are played in the channel).
 */
const INVITE_PERMISSIONS = (1n << 10n) | (1n << 11n) | (1n << 15n) | (1n << 31n) | (1n << 35n) | (1n << 38n);

/** The link that adds the bot to a server with the permissions it needs. */
export function inviteUrl(applicationId: string): string {
  return `https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=bot+applications.commands&permissions=${INVITE_PERMISSIONS}`;
}

/** One line per problem, each naming its setting: what a start with bad settings prints before it exits. */
export function problemLines(result: SettingProblems): string[] {
  return [
    ...result.missing.map((m) => `Missing setting: ${m.name}. ${m.howToGet}`),
    ...result.invalid.map((problem) => `Invalid setting: ${problem}`),
  ];
}

/** What a fresh checkout prints: each missing setting, where to find it, and the next steps. */
export function explainMissing(result: Extract<ConfigResult, { ok: false }>): string {
  const lines: string[] = [];
  if (result.missing.length > 0) {
    lines.push(`Missing settings: ${result.missing.map((m) => m.name).join(', ')}.`);
    for (const m of result.missing) lines.push(`  ${m.name}: ${m.howToGet}`);
    lines.push(
      'Put them in a .env file next to package.json (see .env.example), or in the environment. Then:',
      `  1. invite the bot: ${inviteUrl('<DISCORD_APPLICATION_ID>')}`,
      '  2. register /senet and /senet-admin: npm run deploy-commands (set GUILD_ID first to see it at once in one server)',
      '  3. npm start',
    );
  }
  for (const problem of result.invalid) lines.push(`Invalid setting: ${problem}`);
  return lines.join('\n');
}
