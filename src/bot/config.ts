// Settings from the environment (.env via dotenv). Missing required settings are reported as a
// list with how to get each one, never as a crash.
import { LOCALES, type Locale, isLocale, say } from '../i18n/index.js';
import { availableParallelism } from 'node:os';
import { ONE_SHARD, type ShardScope, isShard } from '../game/service.js';
import { DEFAULT_SETTINGS, SETTING_RANGES, type ServerSettings, parseVariant } from '../game/settings.js';

export interface BotConfig {
  token: string;
  applicationId: string;
  /** Deploy commands to this guild only (instant, for testing); unset = global. */
  guildId: string | null;
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
  /** SHARDS: one process, or one per gateway shard under discord.js's ShardingManager. */
  sharding: Sharding;
  /** METRICS_PORT: serve /metrics and /healthz there (shard n on port + n); unset = off. */
  metricsPort?: number;
  /** METRICS_HOST: the address they listen on; loopback unless the operator opens it wider. */
  metricsHost: string;
}

/**
 * How this process serves Discord's gateway. `single`: one process, one shard (the default, and
 * SHARDS=1). `manager`: SHARDS=N or auto; the process opens nothing but the database check, and
 * spawns one bot process per shard, restarting any that dies. `shard`: one of those processes
 * (discord.js's manager sets SHARDING_MANAGER, SHARDS to the shard's id and SHARD_COUNT).
 */
export type Sharding =
  { role: 'single' } | { role: 'manager'; count: number | 'auto' } | { role: 'shard'; shard: ShardScope };

/** The most shards SHARDS may ask for: far past what one machine serves (docs/scaling.md). */
export const MAX_SHARDS = 64;

export type ConfigResult =
  { ok: true; config: BotConfig } | { ok: false; missing: MissingSetting[]; invalid: string[] };

export interface MissingSetting {
  name: string;
  howToGet: string;
}

export const DEFAULT_API_URL = 'https://discord.com/api';

const REQUIRED: MissingSetting[] = [
  {
    name: 'DISCORD_TOKEN',
    howToGet:
      'Discord developer portal (https://discord.com/developers/applications) → your application → Bot → Reset Token, then copy it.',
  },
  {
    name: 'DISCORD_APPLICATION_ID',
    howToGet: 'Discord developer portal → your application → General Information → Application ID.',
  },
];

export function loadConfig(env: NodeJS.ProcessEnv): ConfigResult {
  const missing = REQUIRED.filter((s) => !env[s.name]?.trim());
  const invalid: string[] = [];
  const number = (name: string, fallback: number, scale = 1): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback * scale;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) invalid.push(`${name} must be a number ≥ 0 (got "${raw}")`);
    return value * scale;
  };
  const whole = (name: string, fallback: number, range: { min: number; max: number }): number => {
    const value = number(name, fallback);
    // A value that is not a number at all was reported by number().
    if (Number.isFinite(value) && (!Number.isInteger(value) || value < range.min || value > range.max)) {
      invalid.push(`${name} must be a whole number from ${range.min} to ${range.max} (got "${env[name]}")`);
    }
    return value;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['on', 'true', 'yes', '1'].includes(raw)) return true;
    if (['off', 'false', 'no', '0'].includes(raw)) return false;
    invalid.push(`${name} must be on or off (got "${env[name]}")`);
    return fallback;
  };
  const variant = (): ServerSettings['defaultVariant'] => {
    const raw = env.DEFAULT_RULES?.trim();
    if (!raw) return DEFAULT_SETTINGS.defaultVariant;
    const parsed = parseVariant(raw);
    if (parsed.ok) return parsed.value;
    invalid.push(`DEFAULT_RULES: ${say('en', parsed.error.message)} (got "${raw}")`);
    return DEFAULT_SETTINGS.defaultVariant;
  };
  const language = (): Locale | null => {
    const raw = env.LANGUAGE?.trim();
    if (!raw || raw === 'auto') return DEFAULT_SETTINGS.language;
    if (isLocale(raw)) return raw;
    invalid.push(`LANGUAGE must be auto or one of ${LOCALES.join(', ')} (got "${raw}")`);
    return DEFAULT_SETTINGS.language;
  };
  const channels = (): string[] => {
    const ids = (env.ALLOWED_CHANNELS ?? '').split(/[\s,]+/).filter(Boolean);
    const bad = ids.filter((id) => !/^\d+$/.test(id));
    if (bad.length > 0)
      invalid.push(`ALLOWED_CHANNELS must list channel ids (numbers), separated by commas (got "${bad.join(', ')}")`);
    return ids;
  };
  const sharding = (): Sharding => {
    if (env.SHARDING_MANAGER) {
      const shard = { id: Number(env.SHARDS), count: Number(env.SHARD_COUNT) };
      if (isShard(shard)) return { role: 'shard', shard };
      invalid.push(
        `the sharding manager gave no valid shard (SHARDS "${env.SHARDS}", SHARD_COUNT "${env.SHARD_COUNT}")`,
      );
      return { role: 'single' };
    }
    const raw = env.SHARDS?.trim().toLowerCase();
    if (!raw || raw === '1') return { role: 'single' };
    if (raw === 'auto') return { role: 'manager', count: 'auto' };
    const count = Number(raw);
    if (Number.isInteger(count) && count >= 2 && count <= MAX_SHARDS) return { role: 'manager', count };
    invalid.push(`SHARDS must be auto or a whole number from 1 to ${MAX_SHARDS} (got "${env.SHARDS}")`);
    return { role: 'single' };
  };
  const metricsPort = (): { metricsPort?: number } => {
    const raw = env.METRICS_PORT?.trim();
    if (!raw) return {};
    const port = Number(raw);
    if (Number.isInteger(port) && port >= 1 && port <= 65535) return { metricsPort: port };
    invalid.push(`METRICS_PORT must be a port number from 1 to 65535, or empty for no metrics (got "${raw}")`);
    return {};
  };
  const minutes = 60_000;
  const shards = sharding();
  // The cores are shared by the shard processes on this machine.
  const processes = shards.role === 'shard' ? shards.shard.count : 1;
  const config: BotConfig = {
    token: env.DISCORD_TOKEN?.trim() ?? '',
    applicationId: env.DISCORD_APPLICATION_ID?.trim() ?? '',
    guildId: env.GUILD_ID?.trim() || null,
    serverDefaults: {
      defaultVariant: variant(),
      threads: flag('THREADS', DEFAULT_SETTINGS.threads),
      channels: channels(),
      challengeTtlMs:
        whole(
          'CHALLENGE_TIMEOUT_MINUTES',
          DEFAULT_SETTINGS.challengeTtlMs / minutes,
          SETTING_RANGES.challengeTimeoutMinutes,
        ) * minutes,
      turnTtlMs:
        whole('TURN_TIMEOUT_MINUTES', DEFAULT_SETTINGS.turnTtlMs / minutes, SETTING_RANGES.turnTimeoutMinutes) *
        minutes,
      reminderDelayMs:
        whole(
          'REMINDER_DELAY_MINUTES',
          DEFAULT_SETTINGS.reminderDelayMs / minutes,
          SETTING_RANGES.reminderDelayMinutes,
        ) * minutes,
      maxGamesPerPlayer: whole(
        'MAX_GAMES_PER_PLAYER',
        DEFAULT_SETTINGS.maxGamesPerPlayer,
        SETTING_RANGES.maxGamesPerPlayer,
      ),
      rated: flag('RATED_GAMES', DEFAULT_SETTINGS.rated),
      language: language(),
    },
    apiUrl: env.DISCORD_API_URL?.trim() || DEFAULT_API_URL,
    botStepDelayMs: number('BOT_STEP_DELAY_MS', 750),
    sweepIntervalMs: number('SWEEP_INTERVAL_SECONDS', 30, 1000),
    // One per core (per process's share of the cores): drawing is the main cost of a click (docs/performance.md).
    renderThreads: Math.floor(number('RENDER_THREADS', Math.max(1, Math.floor(availableParallelism() / processes)))),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    sharding: shards,
    ...metricsPort(),
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
  };
  const { reminderDelayMs, turnTtlMs } = config.serverDefaults;
  if (reminderDelayMs > 0 && reminderDelayMs >= turnTtlMs) {
    invalid.push('REMINDER_DELAY_MINUTES must be less than TURN_TIMEOUT_MINUTES (0 turns reminders off)');
  }
  if (missing.length > 0 || invalid.length > 0) return { ok: false, missing, invalid };
  return { ok: true, config };
}

/** The shard a bot process serves: its own under the manager, else the only one. */
export function shardOf(sharding: Sharding): ShardScope {
  return sharding.role === 'shard' ? sharding.shard : ONE_SHARD;
}

/**
 * View Channel, Send Messages, Attach Files, Use Application Commands, and for a thread per game
 * Create Public Threads and Send Messages in Threads (without them games are played in the channel).
 */
export const INVITE_PERMISSIONS = (1n << 10n) | (1n << 11n) | (1n << 15n) | (1n << 31n) | (1n << 35n) | (1n << 38n);

/** The link that adds the bot to a server with the permissions it needs. */
export function inviteUrl(applicationId: string): string {
  return `https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=bot+applications.commands&permissions=${INVITE_PERMISSIONS}`;
}

/** What to print when settings are missing: each one and where to find it. */
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
