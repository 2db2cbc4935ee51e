// Settings and logs: what is missing is named with where to get it; the token never reaches a log.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PermissionFlagsBits } from 'discord.js';
import { DEFAULT_API_URL, explainMissing, inviteUrl, loadConfig } from '../../src/bot/config.js';
import { createLogger } from '../../src/bot/logger.js';
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
    const result = loadConfig({ DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: '42', TURN_TIMEOUT_MINUTES: '2' });
    expect(result).toMatchObject({
      ok: true,
      config: { token: 'abc', applicationId: '42', guildId: null, turnTtlMs: 120_000, apiUrl: DEFAULT_API_URL },
    });
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
