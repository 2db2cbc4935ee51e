// Settings from the environment (.env via dotenv). Missing required settings are reported as a
// list with how to get each one, never as a crash.
import { availableParallelism } from 'node:os';

export interface BotConfig {
  token: string;
  applicationId: string;
  /** Deploy commands to this guild only (instant, for testing); unset = global. */
  guildId: string | null;
  challengeTtlMs: number;
  turnTtlMs: number;
  /** Base URL of Discord's REST API (discord.js appends /v10); tests point it at a fake. */
  apiUrl: string;
  /** Pause before each of the bot's actions, so people can follow its turn. */
  botStepDelayMs: number;
  sweepIntervalMs: number;
  /** Worker threads drawing board pictures; 0 draws on the main thread. */
  renderThreads: number;
  logLevel: string;
}

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
  const config: BotConfig = {
    token: env.DISCORD_TOKEN?.trim() ?? '',
    applicationId: env.DISCORD_APPLICATION_ID?.trim() ?? '',
    guildId: env.GUILD_ID?.trim() || null,
    challengeTtlMs: number('CHALLENGE_TIMEOUT_MINUTES', 15, 60_000),
    turnTtlMs: number('TURN_TIMEOUT_MINUTES', 24 * 60, 60_000),
    apiUrl: env.DISCORD_API_URL?.trim() || DEFAULT_API_URL,
    botStepDelayMs: number('BOT_STEP_DELAY_MS', 750),
    sweepIntervalMs: number('SWEEP_INTERVAL_SECONDS', 30, 1000),
    // One per core: drawing is the main cost of a click (docs/performance.md).
    renderThreads: Math.floor(number('RENDER_THREADS', availableParallelism())),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
  };
  if (missing.length > 0 || invalid.length > 0) return { ok: false, missing, invalid };
  return { ok: true, config };
}

/** View Channel, Send Messages, Attach Files, Use Application Commands. */
export const INVITE_PERMISSIONS = (1n << 10n) | (1n << 11n) | (1n << 15n) | (1n << 31n);

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
      '  2. register /senet: npm run deploy-commands (set GUILD_ID first to see it at once in one server)',
      '  3. npm start',
    );
  }
  for (const problem of result.invalid) lines.push(`Invalid setting: ${problem}`);
  return lines.join('\n');
}
