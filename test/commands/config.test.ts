// Settings and logs: what is missing is named with where to get it; the token never reaches a log.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PermissionFlagsBits } from 'discord.js';
import { DEFAULT_API_URL, explainMissing, inviteUrl, loadConfig } from '../../src/bot/config.js';
import { createLogger } from '../../src/bot/logger.js';
import { adminCommand } from '../../src/commands/adminDefinition.js';
import { senetCommand } from '../../src/commands/definition.js';

describe('configuration', () => {
  it('names each missing setting and how to get it', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = explainMissing(result);
    expect(text).toMatch(/Missing settings: DISCORD_TOKEN, DISCORD_APPLICATION_ID/);
    expect(text).toMatch(/developer portal/);
    expect(text).toMatch(/npm run deploy-commands/);
  });

  it('invites the bot with View Channel, Send Messages, Attach Files and Use Application Commands', () => {
    const url = new URL(inviteUrl('123'));
    expect(url.searchParams.get('scope')).toBe('bot applications.commands');
    const bits = BigInt(url.searchParams.get('permissions')!);
    for (const flag of [
      PermissionFlagsBits.ViewChannel,
      PermissionFlagsBits.SendMessages,
      PermissionFlagsBits.AttachFiles,
      PermissionFlagsBits.UseApplicationCommands,
    ]) {
      expect(bits & flag).toBe(flag);
    }
    expect(bits & PermissionFlagsBits.Administrator).toBe(0n);
  });

  it('reads the environment, with defaults', () => {
    const result = loadConfig({ DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: '42', TURN_TIMEOUT_MINUTES: '120' });
    expect(result).toMatchObject({
      ok: true,
      config: {
        token: 'abc',
        applicationId: '42',
        guildId: null,
        serverDefaults: {
          defaultVariant: { ruleset: 'kendall', options: {} },
          threads: true,
          channels: [],
          turnTtlMs: 120 * 60_000,
          challengeTtlMs: 15 * 60_000,
          reminderDelayMs: 10 * 60_000,
          maxGamesPerPlayer: 3,
          rated: true,
        },
        apiUrl: DEFAULT_API_URL,
      },
    });
  });

  it('reads every server setting default', () => {
    const result = loadConfig({
      DISCORD_TOKEN: 'abc',
      DISCORD_APPLICATION_ID: '42',
      THREADS: 'off',
      REMINDER_DELAY_MINUTES: '0',
      MAX_GAMES_PER_PLAYER: '5',
      RATED_GAMES: 'no',
      DEFAULT_RULES: ' kendall pawns=7 safe_pairs=off ',
      ALLOWED_CHANNELS: '111, 222',
      CHALLENGE_TIMEOUT_MINUTES: '30',
    });
    expect(result).toMatchObject({
      ok: true,
      config: {
        serverDefaults: {
          defaultVariant: { ruleset: 'kendall', options: { pawns: 7, safePairs: false } },
          threads: false,
          channels: ['111', '222'],
          challengeTtlMs: 30 * 60_000,
          reminderDelayMs: 0,
          maxGamesPerPlayer: 5,
          rated: false,
        },
      },
    });
  });

  it('names each server setting default it cannot use', () => {
    const result = loadConfig({
      DISCORD_TOKEN: 'abc',
      DISCORD_APPLICATION_ID: '42',
      THREADS: 'maybe',
      MAX_GAMES_PER_PLAYER: '0',
      DEFAULT_RULES: 'ludo',
      ALLOWED_CHANNELS: '#games',
      TURN_TIMEOUT_MINUTES: '5',
      REMINDER_DELAY_MINUTES: '5',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = explainMissing(result);
    expect(text).toMatch(/THREADS must be on or off/);
    expect(text).toMatch(/MAX_GAMES_PER_PLAYER must be a whole number from 1 to 25/);
    expect(text).toMatch(/DEFAULT_RULES: unknown rule set "ludo"/i);
    expect(text).toMatch(/ALLOWED_CHANNELS must list channel ids/);
    expect(text).toMatch(/REMINDER_DELAY_MINUTES must be less than TURN_TIMEOUT_MINUTES/);
  });

  it('rejects numbers that are not numbers', () => {
    const result = loadConfig({ DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: '42', BOT_STEP_DELAY_MS: 'soon' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(explainMissing(result)).toMatch(/BOT_STEP_DELAY_MS must be a number/);
  });
});

describe('logs', () => {
  it('never contain the token, in a field, a message or a stack', () => {
    const token = 'MTIzNDU2Nzg5.secret.token-value';
    const lines: string[] = [];
    const log = createLogger({
      level: 'info',
      secrets: [token],
      destination: new Writable({
        write(chunk: Buffer, _e, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    });
    log.info({ token, config: { token } }, 'starting');
    log.error({ err: new Error(`login failed for ${token}`) }, `bad token ${token}`);
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain(token);
    expect(lines.join('')).toContain('[redacted]');
  });
});

/** Discord's limit on one command: names, descriptions and choices (names and values) together. */
const MAX_COMMAND_CHARACTERS = 8000;

/** What Discord counts against that limit, each field at its longest localization. */
function commandCharacters(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + commandCharacters(item), 0);
  if (node === null || typeof node !== 'object') return 0;
  const o = node as Record<string, unknown>;
  const longest = (field: string): number => {
    const localized = Object.values((o[`${field}_localizations`] ?? {}) as Record<string, string>);
    const text = o[field];
    return Math.max(typeof text === 'string' ? text.length : 0, ...localized.map((t) => t.length));
  };
  const own = 'name' in o ? longest('name') + longest('description') + ('value' in o ? String(o.value).length : 0) : 0;
  return own + commandCharacters(o.options ?? []) + commandCharacters(o.choices ?? []);
}

describe('both commands', () => {
  it.each([
    ['/senet', senetCommand],
    ['/senet-admin', adminCommand],
  ])('%s stays within the 8,000 characters Discord allows a command', (_, command) => {
    const used = commandCharacters(command.toJSON());
    expect(used).toBeGreaterThan(1000);
    expect(used).toBeLessThanOrEqual(MAX_COMMAND_CHARACTERS);
  });
});

describe('the /senet-admin command', () => {
  it('is for Manage Server by default, with descriptions within Discord’s limits', () => {
    const json = adminCommand.toJSON();
    expect(json.default_member_permissions).toBe(PermissionFlagsBits.ManageGuild.toString());
    for (const sub of json.options ?? []) {
      expect(sub.description.length).toBeLessThanOrEqual(100);
      const options = 'options' in sub ? (sub.options ?? []) : [];
      expect(options.length).toBeLessThanOrEqual(25);
      for (const o of options) expect(o.description.length).toBeLessThanOrEqual(100);
    }
  });
});

describe('the /senet command', () => {
  it('has every subcommand, with descriptions, within Discord’s limits', () => {
    const json = senetCommand.toJSON();
    const subs = (json.options ?? []).map((o) => o.name);
    expect(subs).toEqual([
      'challenge',
      'play',
      'rules',
      'leaderboard',
      'stats',
      'history',
      'resign',
      'replay',
      'settings',
      'help',
    ]);
    for (const sub of json.options ?? []) {
      expect(sub.description.length).toBeGreaterThan(5);
      for (const o of 'options' in sub ? (sub.options ?? []) : []) {
        expect(o.description.length).toBeLessThanOrEqual(100);
      }
    }
  });
});
