// Settings and logs: what is missing is named with where to get it; the token never reaches a log.
import { describe, expect, it } from 'vitest';
import { PermissionFlagsBits } from 'discord.js';
import { availableParallelism } from 'node:os';
import {
  DEFAULT_API_URL,
  MAX_SHARDS,
  MAX_SHARD_COUNT,
  explainMissing,
  inviteUrl,
  loadConfig,
  shardOf,
} from '../../src/bot/config.js';
import { loggerInto } from '../support/loggerInto.js';
import { Locale as DiscordLocale } from 'discord.js';
import { adminCommand } from '../../src/commands/adminDefinition.js';
import {
  RULE_OPTIONS,
  ruleOptionDescription,
  ruleOptionKeys,
  senetCommand,
  strengthName,
} from '../../src/commands/definition.js';
import { localizations } from '../../src/commands/localizations.js';
import { RULESETS } from '../../src/engine/index.js';
import { OFFERED_STRENGTHS } from '../../src/game/strengths.js';
import { DISCORD_LOCALES, type Locale, translate, translator } from '../../src/i18n/index.js';

/** Discord ids (snowflakes), as the settings require. */
const APP_ID = '123456789012345678';
const CHANNEL_A = '223456789012345678';
const CHANNEL_B = '323456789012345678';

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
    const result = loadConfig({ DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID, TURN_TIMEOUT_MINUTES: '120' });
    expect(result).toMatchObject({
      ok: true,
      config: {
        token: 'abc',
        applicationId: APP_ID,
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
      DISCORD_APPLICATION_ID: APP_ID,
      THREADS: 'off',
      REMINDER_DELAY_MINUTES: '0',
      MAX_GAMES_PER_PLAYER: '5',
      RATED_GAMES: 'no',
      DEFAULT_RULES: ' kendall pawns=7 safe_pairs=off ',
      ALLOWED_CHANNELS: `${CHANNEL_A}, ${CHANNEL_B}`,
      CHALLENGE_TIMEOUT_MINUTES: '30',
    });
    expect(result).toMatchObject({
      ok: true,
      config: {
        serverDefaults: {
          defaultVariant: { ruleset: 'kendall', options: { pawns: 7, safePairs: false } },
          threads: false,
          channels: [CHANNEL_A, CHANNEL_B],
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
      DISCORD_APPLICATION_ID: APP_ID,
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
    expect(text).toMatch(/DEFAULT_RULES must name a rule set and its options: unknown rule set "ludo"/i);
    expect(text).toMatch(/ALLOWED_CHANNELS must list channel ids/);
    expect(text).toMatch(/REMINDER_DELAY_MINUTES must be less than TURN_TIMEOUT_MINUTES/);
  });

  it('reads SHARDS: one process by default, else a manager of N or auto shard processes, each told its shard', () => {
    const base = { DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID };
    const sharding = (env: Record<string, string>) => {
      const result = loadConfig({ ...base, ...env });
      return result.ok ? result.config.sharding : result.invalid;
    };
    expect(sharding({})).toEqual({ role: 'single' });
    expect(sharding({ SHARDS: '1' })).toEqual({ role: 'single' });
    expect(sharding({ SHARDS: '2' })).toEqual({ role: 'manager', count: 2, ids: null });
    expect(sharding({ SHARDS: 'auto' })).toEqual({ role: 'manager', count: 'auto', ids: null });
    for (const bad of ['0', '1.5', 'many', String(MAX_SHARDS + 1)]) {
      expect(sharding({ SHARDS: bad })).toEqual([expect.stringMatching(/^SHARDS must be auto or a whole number/)]);
    }
    // A process the sharding manager spawned: discord.js sets these three.
    const child = { SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '2' };
    expect(sharding(child)).toEqual({ role: 'shard', shard: { id: 1, count: 2 } });
    expect(sharding({ ...child, SHARDS: '2' })).toEqual([expect.stringMatching(/no valid shard/)]);
    expect(shardOf({ role: 'shard', shard: { id: 1, count: 2 } })).toEqual({ id: 1, count: 2 });
    expect(shardOf({ role: 'single' })).toEqual({ id: 0, count: 1 });
  });

  it('reads SHARD_COUNT and SHARD_IDS: this machine runs its share of the shards', () => {
    const base = { DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID };
    const sharding = (env: Record<string, string>) => {
      const result = loadConfig({ ...base, ...env });
      return result.ok ? result.config.sharding : result.invalid;
    };
    const manager = (count: number, ids: number[] | null) => ({ role: 'manager', count, ids });
    expect(sharding({ SHARD_COUNT: '8', SHARD_IDS: '0-3' })).toEqual(manager(8, [0, 1, 2, 3]));
    expect(sharding({ SHARD_COUNT: '8', SHARD_IDS: '6-7, 4,5' })).toEqual(manager(8, [4, 5, 6, 7]));
    expect(sharding({ SHARD_COUNT: '2', SHARD_IDS: '1' })).toEqual(manager(2, [1]));
    // One machine's share may be a single shard of several: still a manager, whose child is shard 0 of 2.
    expect(sharding({ SHARD_COUNT: '2', SHARD_IDS: '0' })).toEqual(manager(2, [0]));
    // Every shard here is what SHARDS=N means; SHARDS may say the same total.
    expect(sharding({ SHARD_COUNT: '4' })).toEqual(manager(4, null));
    expect(sharding({ SHARD_COUNT: '4', SHARD_IDS: '0-3' })).toEqual(manager(4, null));
    expect(sharding({ SHARDS: '4', SHARD_COUNT: '4', SHARD_IDS: '2-3' })).toEqual(manager(4, [2, 3]));
    expect(sharding({ SHARD_COUNT: '1', SHARD_IDS: '0' })).toEqual({ role: 'single' });

    // One line per problem, each naming its setting.
    expect(sharding({ SHARD_IDS: '0-1' })).toEqual([expect.stringMatching(/^SHARD_IDS needs SHARD_COUNT/)]);
    expect(sharding({ SHARD_COUNT: '4', SHARD_IDS: '2-5' })).toEqual([
      'SHARD_IDS names shard 4, past SHARD_COUNT (ids run from 0 to 3)',
    ]);
    expect(sharding({ SHARD_COUNT: '4', SHARD_IDS: '0-2,2' })).toEqual([
      'SHARD_IDS must name each shard once (2 is named twice) (got "0-2,2")',
    ]);
    for (const bad of ['a', '3-1', '1-', '-1', '1,,2', '0 - 1x']) {
      expect(sharding({ SHARD_COUNT: '4', SHARD_IDS: bad })).toEqual([
        expect.stringMatching(/^SHARD_IDS must list shard ids and ranges, such as 0-3 or 4,5,6-7/),
      ]);
    }
    expect(sharding({ SHARD_COUNT: '8000', SHARD_IDS: `0-${MAX_SHARDS}` })).toEqual([
      expect.stringMatching(/^SHARD_COUNT must be a whole number from 1 to 4096/),
      expect.stringMatching(new RegExp(`^SHARD_IDS must name at most ${MAX_SHARDS} shards`)),
    ]);
    expect(sharding({ SHARD_COUNT: '8', SHARD_IDS: `0-${MAX_SHARD_COUNT}` })).toEqual([
      expect.stringMatching(new RegExp(`^SHARD_IDS must name shards below ${MAX_SHARD_COUNT}`)),
    ]);
    expect(sharding({ SHARDS: '2', SHARD_COUNT: '4', SHARD_IDS: '0-1' })).toEqual([
      'SHARDS (2) contradicts SHARD_COUNT (4): set SHARD_COUNT and SHARD_IDS only',
    ]);
    expect(sharding({ SHARDS: 'auto', SHARD_COUNT: '4' })).toEqual([
      'SHARDS (auto) contradicts SHARD_COUNT (4): set SHARD_COUNT and SHARD_IDS only',
    ]);

    // A shard process inherits the operator's SHARD_COUNT and SHARD_IDS, but discord.js sets SHARDS
    // and SHARD_COUNT over them: it is the shard the manager gave it, whatever this machine's share.
    const child = { SHARDING_MANAGER: 'true', SHARDS: '5', SHARD_COUNT: '8', SHARD_IDS: '4-7' };
    expect(sharding(child)).toEqual({ role: 'shard', shard: { id: 5, count: 8 } });
  });

  it('splits the cores between shard processes for drawing', () => {
    const base = { DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID };
    const threads = (env: Record<string, string>) => {
      const result = loadConfig({ ...base, ...env });
      return result.ok ? result.config.renderThreads : -1;
    };
    const cores = availableParallelism();
    expect(threads({})).toBe(cores);
    expect(threads({ SHARDING_MANAGER: 'true', SHARDS: '0', SHARD_COUNT: String(cores * 2) })).toBe(1);
    expect(threads({ SHARDING_MANAGER: 'true', SHARDS: '0', SHARD_COUNT: '2', RENDER_THREADS: '3' })).toBe(3);
    // Shards on several machines: the cores are shared by this machine's shards (SHARD_IDS), not all of them.
    const here = { SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: String(cores * 8) };
    expect(threads({ ...here, SHARD_IDS: '1' })).toBe(cores);
    expect(threads({ ...here, SHARD_IDS: `0-${2 * cores - 1}` })).toBe(1);
  });

  it('reads DATABASE_URL (PostgreSQL instead of the SQLite file) and its pool size; SQLite without it', () => {
    const required = { DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID };
    expect(loadConfig(required)).toMatchObject({ config: { databaseUrl: null, databasePoolSize: null } });
    for (const url of ['postgres://bot:pw@db.example:5432/senet', 'postgresql://db.example/senet']) {
      const result = loadConfig({ ...required, DATABASE_URL: url, DATABASE_POOL_SIZE: '20' });
      expect(result).toMatchObject({ ok: true, config: { databaseUrl: url, databasePoolSize: 20 } });
    }
  });

  it('refuses a DATABASE_URL that is no PostgreSQL URL without repeating it (it may hold a password)', () => {
    for (const url of ['mysql://bot:s3cret@db/senet', 'postgres://bot:s3cret@/senet', 'bot:s3cret@db/senet']) {
      const result = loadConfig({ DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID, DATABASE_URL: url });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.invalid).toEqual([
        expect.stringMatching(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\//),
      ]);
      expect(result.invalid.join('\n')).not.toContain('s3cret');
    }
  });

  it('reads REST_PROXY_SECRET for a proxy at DISCORD_API_URL; refuses it for Discord itself, never repeating it', () => {
    const secret = 'b7c1e0f4a9d2c3b8e5f6a1d0c9b8a7e6';
    const required = { DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID };
    expect(loadConfig(required)).toMatchObject({ config: { restProxySecret: null } });
    const proxied = { ...required, DISCORD_API_URL: 'http://127.0.0.1:8080/api', REST_PROXY_SECRET: secret };
    expect(loadConfig(proxied)).toMatchObject({ ok: true, config: { restProxySecret: secret } });
    for (const env of [
      { ...required, REST_PROXY_SECRET: secret },
      { ...proxied, REST_PROXY_SECRET: `${secret.slice(0, 12)} ${secret.slice(12)}` },
    ]) {
      const result = loadConfig(env);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.invalid).toEqual([expect.stringMatching(/^REST_PROXY_SECRET /)]);
      expect(result.invalid.join('\n')).not.toContain(secret.slice(12));
    }
  });

  it('turns the live board on with ACTIVITY_PORT and the client secret; refuses the mock sign-in against Discord itself', () => {
    const required = { DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID };
    const secret = 'Xy7_abcdefghijklmnopqrstuvwx-012';
    expect(loadConfig(required)).toMatchObject({ ok: true, config: { activity: null } });
    expect(loadConfig({ ...required, ACTIVITY_PORT: '8443', DISCORD_CLIENT_SECRET: secret })).toMatchObject({
      ok: true,
      config: { activity: { port: 8443, host: '127.0.0.1', clientSecret: secret, mockSignIn: false } },
    });
    const fake = { ...required, DISCORD_API_URL: 'http://127.0.0.1:9/api' };
    expect(loadConfig({ ...fake, ACTIVITY_PORT: '8443', ACTIVITY_MOCK_SIGN_IN: 'true' })).toMatchObject({
      ok: true,
      config: { activity: { clientSecret: null, mockSignIn: true } },
    });
    const refused = (env: Record<string, string>): string[] => {
      const result = loadConfig(env);
      return result.ok ? [] : result.invalid;
    };
    // One line each: the mock sign-in in production, a port with no way to sign in, a secret that is not one.
    expect(refused({ ...required, ACTIVITY_MOCK_SIGN_IN: 'true' })).toEqual([
      expect.stringMatching(/^ACTIVITY_MOCK_SIGN_IN .*refused with DISCORD_API_URL unset/),
    ]);
    expect(refused({ ...required, ACTIVITY_PORT: '8443' })).toEqual([expect.stringMatching(/^DISCORD_CLIENT_SECRET /)]);
    const bad = refused({ ...required, ACTIVITY_PORT: '8443', DISCORD_CLIENT_SECRET: `${secret} x` });
    expect(bad[0]).toMatch(/^DISCORD_CLIENT_SECRET must be/);
    expect(bad.join('\n')).not.toContain(secret);
  });

  it('rejects numbers that are not numbers', () => {
    const result = loadConfig({ DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: APP_ID, BOT_STEP_DELAY_MS: 'soon' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(explainMissing(result)).toMatch(/BOT_STEP_DELAY_MS must be a whole number from 0 to 60000/);
  });
});

describe('logs', () => {
  it("never contain a player's OAuth2 access token, nor the client secret", () => {
    const access = 'Zm9vYmFyYmF6.access-token_value';
    const clientSecret = 'Xy7_abcdefghijklmnopqrstuvwx-012';
    const lines: string[] = [];
    const log = loggerInto(lines, { secrets: [clientSecret] });
    log.info({ headers: { Authorization: `Bearer ${access}` } }, 'asked /users/@me');
    log.warn({ body: JSON.stringify({ access_token: access, refresh_token: access }) }, 'odd answer');
    log.error({ err: new Error(`exchange failed for ${clientSecret}`) }, `code refused (Bearer ${access})`);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(access);
      expect(line).not.toContain(clientSecret);
    }
  });

  it('never contain the token, in a field, a message or a stack', () => {
    const token = 'MTIzNDU2Nzg5.secret.token-value';
    const lines: string[] = [];
    const log = loggerInto(lines, { secrets: [token] });
    log.info({ token, config: { token } }, 'starting');
    log.error({ err: new Error(`login failed for ${token}`) }, `bad token ${token}`);
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain(token);
    expect(lines.join('')).toContain('[redacted]');
  });
});

/** Discord's limit on one command: names, descriptions and choices (names and values) together. */
const MAX_COMMAND_CHARACTERS = 8000;

type Json = Record<string, unknown>;

/** What Discord counts against that limit, each field at its longest localization. */
function commandCharacters(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + commandCharacters(item), 0);
  if (node === null || typeof node !== 'object') return 0;
  const o = node as Json;
  const longest = (field: string): number => {
    const localized = Object.values((o[`${field}_localizations`] ?? {}) as Record<string, string>);
    const text = o[field];
    return Math.max(typeof text === 'string' ? text.length : 0, ...localized.map((t) => t.length));
  };
  const own = 'name' in o ? longest('name') + longest('description') + ('value' in o ? String(o.value).length : 0) : 0;
  return own + commandCharacters(o.options ?? []) + commandCharacters(o.choices ?? []);
}

/** Every node of a command's JSON (the command, its subcommands, options and choices) with its kind. */
function* nodes(node: Json, kind: 'command' | 'option' | 'choice' = 'command'): Generator<[Json, string]> {
  yield [node, kind];
  for (const option of (node.options ?? []) as Json[]) yield* nodes(option, 'option');
  for (const choice of (node.choices ?? []) as Json[]) yield* nodes(choice, 'choice');
}

/** A field's text in English and in every localization it carries. */
function everyLocale(node: Json, field: 'name' | 'description'): [string, string][] {
  const localized = (node[`${field}_localizations`] ?? {}) as Record<string, string>;
  return [['en-US', String(node[field])], ...Object.entries(localized)];
}

/** Where a command breaks Discord's limits, in any locale; empty when it is fine. */
function limitsBroken(command: Json): string[] {
  const broken: string[] = [];
  const accepted = new Set<string>(Object.values(DiscordLocale));
  for (const [node, kind] of nodes(command)) {
    const at = `${kind} ${String(node.name)}`;
    for (const field of ['name', 'description'] as const)
      for (const code of Object.keys(node[`${field}_localizations`] ?? {}))
        if (!accepted.has(code)) broken.push(`${at}: ${field} localized under ${code}, not a Discord locale`);
    for (const [code, name] of everyLocale(node, 'name')) {
      if (kind !== 'choice' && !/^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u.test(name))
        broken.push(`${at}: name ${code} "${name}"`);
      if (kind === 'choice' && (name.length < 1 || name.length > 100)) broken.push(`${at}: choice name ${code}`);
    }
    if (kind !== 'choice')
      for (const [code, description] of everyLocale(node, 'description'))
        if (description.length < 1 || description.length > 100)
          broken.push(`${at}: description ${code} has ${description.length} characters`);
    for (const list of ['options', 'choices'])
      if (((node[list] ?? []) as unknown[]).length > 25) broken.push(`${at}: more than 25 ${list}`);
  }
  if (commandCharacters(command) > MAX_COMMAND_CHARACTERS)
    broken.push(`more than ${MAX_COMMAND_CHARACTERS} characters`);
  return broken;
}

const COMMANDS = [
  ['/senet', senetCommand()],
  ['/senet-admin', adminCommand()],
] as const;

const jsonOf = (command: (typeof COMMANDS)[number][1]): Json => command.toJSON() as unknown as Json;

describe('both commands', () => {
  it.each(COMMANDS)('%s stays within the 8,000 characters Discord allows a command', (_, command) => {
    const used = commandCharacters(jsonOf(command));
    expect(used).toBeGreaterThan(1000);
    expect(used).toBeLessThanOrEqual(MAX_COMMAND_CHARACTERS);
  });

  it.each(COMMANDS)('%s stays within Discord’s limits in every locale', (_, command) => {
    expect(limitsBroken(jsonOf(command))).toEqual([]);
  });

  it.each(COMMANDS)('%s describes every command, option and choice in every language the bot speaks', (_, command) => {
    const codes = Object.values(DISCORD_LOCALES).flat().sort();
    for (const [node, kind] of nodes(jsonOf(command))) {
      const field = kind === 'choice' ? 'name_localizations' : 'description_localizations';
      expect(Object.keys(node[field] ?? {}).sort(), `${kind} ${String(node.name)}`).toEqual(codes);
    }
  });

  it('counts each field at its longest localization, so a too long translation fails', () => {
    const json = jsonOf(senetCommand());
    const before = commandCharacters(json);
    const sub = (json.options as Json[])[0]!;
    const longest = Math.max(...everyLocale(sub, 'description').map(([, text]) => text.length));
    const longer = 'x'.repeat(101);
    const withLong = {
      ...json,
      options: [{ ...sub, description_localizations: { de: longer } }, ...(json.options as Json[]).slice(1)],
    };
    expect(commandCharacters(withLong)).toBe(before - longest + longer.length);
    expect(limitsBroken(withLong)).toEqual([`option challenge: description de has ${longer.length} characters`]);

    const huge = { ...json, description_localizations: { fr: 'x'.repeat(MAX_COMMAND_CHARACTERS) } };
    expect(limitsBroken(huge)).toContain(`more than ${MAX_COMMAND_CHARACTERS} characters`);
    const choice = { name: 'on', name_localizations: { 'pt-BR': 'ligado' }, value: 'on' };
    expect(commandCharacters(choice)).toBe('ligado'.length + 'on'.length);
  });

  it('refuses a localization under a code Discord does not know, and names that are not lowercase', () => {
    const json = jsonOf(senetCommand());
    expect(limitsBroken({ ...json, description_localizations: { es: 'Jugar' } })).toEqual([
      'command senet: description localized under es, not a Discord locale',
    ]);
    expect(limitsBroken({ ...json, name_localizations: { de: 'Senet' } })).toEqual(['command senet: name de "Senet"']);
  });
});

describe('the localizations', () => {
  it('carry each catalog under each Discord code it serves, English being the default text', () => {
    const said = localizations((t) => t('command.description'));
    expect(Object.keys(said).sort()).toEqual(Object.values(DISCORD_LOCALES).flat().sort());
    for (const [locale, codes] of Object.entries(DISCORD_LOCALES))
      for (const code of codes)
        expect(said[code as DiscordLocale]).toBe(translate(locale as Locale, 'command.description'));
  });

  it('describe each rule option with its rule set and its default, in English', () => {
    const t = translator('en');
    for (const { ruleset, name, spec } of RULE_OPTIONS) {
      const byDefault = spec.kind === 'flag' ? (spec.default ? 'on' : 'off') : String(spec.default);
      const said = ruleOptionDescription(t, ruleset, name, spec);
      expect(said.startsWith(`${RULESETS[ruleset].title} only: `), said).toBe(true);
      expect(said.endsWith(`; default ${byDefault}`), said).toBe(true);
      expect(said.length, said).toBeGreaterThan(`${RULESETS[ruleset].title} only: ; default ${byDefault}`.length);
      if (spec.kind === 'number')
        for (const value of spec.choices)
          expect(t(ruleOptionKeys(ruleset, name).choice, { value })).toBe(spec.words(value));
    }
  });

  it('name every offered strength', () => {
    for (const strength of OFFERED_STRENGTHS) expect(strengthName(translator('en'), strength)).toBe(strength);
  });
});
describe('the /senet-admin command', () => {
  it('is for Manage Server by default, with descriptions within Discord’s limits', () => {
    const json = adminCommand().toJSON();
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
    const json = senetCommand().toJSON();
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
      'verify',
      'settings',
      'privacy',
      'tournament',
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
