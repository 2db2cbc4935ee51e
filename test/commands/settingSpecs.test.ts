// The settings tables, walked entry by entry: every server setting declared in
// src/game/settingSpecs.ts reaches the `.env` parsing (and its checks), the /senet-admin command's
// JSON, the listing and the database; every process setting is checked. So adding a setting is
// its entry and its words in the catalogs, and a setting that one of those misses fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROCESS_SETTINGS, loadConfig, problemLines } from '../../src/bot/config.js';
import { REST_PROXY_ENV } from '../../src/bot/restProxy.js';
import { settingsText } from '../../src/commands/admin.js';
import { adminCommand, resetChoices } from '../../src/commands/adminDefinition.js';
import type { GameService } from '../../src/game/service.js';
import { DEFAULT_SETTINGS } from '../../src/game/settings.js';
import { type DeclaredSetting, SERVER_SETTINGS } from '../../src/game/settingSpecs.js';
import { samples } from './settingSamples.js';
import { type MessageKey, say, translate } from '../../src/i18n/index.js';
import { GUILD, open, value } from '../game/harness.js';
import { tempDatabase } from '../support/testDatabase.js';

const REQUIRED = { DISCORD_TOKEN: 'a-token', DISCORD_APPLICATION_ID: '123456789012345678' };
type Json = { name: string; description?: string; min_value?: number; max_value?: number; options?: Json[] };
const settingsOptions = (): Json[] =>
  ((adminCommand().toJSON().options ?? []) as Json[]).find((o) => o.name === 'settings')!.options ?? [];

/** The slash options a setting declares, with their descriptions' catalog keys. */
function declaredOptions(spec: DeclaredSetting): [string, MessageKey][] {
  if (spec.kind === 'channels')
    return (['add', 'remove', 'clear'] as const).map((part) => [spec.options[part], spec.descriptions[part]]);
  return [[spec.option, spec.description]];
}

let service: GameService | undefined;
afterEach(() => service?.storage.close());

describe.each(SERVER_SETTINGS.map((spec) => [spec.key, spec] as const))('the server setting %s', (_, spec) => {
  const sample = samples(spec);

  it(`is read from ${spec.env} in .env, and a bad value is one line naming it`, async () => {
    const read = loadConfig({ ...REQUIRED, [spec.env]: sample.text });
    expect(read.ok && read.config.serverDefaults[spec.key]).toEqual(sample.value);
    expect(sample.value).not.toEqual(DEFAULT_SETTINGS[spec.key]);
    const unset = loadConfig(REQUIRED);
    expect(unset.ok && unset.config.serverDefaults[spec.key]).toEqual(DEFAULT_SETTINGS[spec.key]);

    const bad = loadConfig({ ...REQUIRED, [spec.env]: sample.bad });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(problemLines(bad)).toEqual([
      expect.stringMatching(new RegExp(`^Invalid setting: ${spec.env} .*"${sample.bad}"`)),
    ]);
    expect(bad.demo).toBeNull();
  });

  it('is an option of /senet-admin settings, described in the catalogs, and can be reset', async () => {
    const options = settingsOptions();
    for (const [name, description] of declaredOptions(spec)) {
      const option = options.find((o) => o.name === name);
      expect(option, name).toBeDefined();
      expect(option!.description).toBe(translate('en', description));
      if (spec.kind === 'minutes' || spec.kind === 'count')
        expect([option!.min_value, option!.max_value]).toEqual([spec.range.min, spec.range.max]);
    }
    expect(resetChoices().find((c) => c.value === spec.key)?.name).toBe(translate('en', spec.resetLabel));
  });

  it('is listed under its label, marked when the server chose it', async () => {
    const listing = (own: boolean): string =>
      say('en', settingsText({ settings: DEFAULT_SETTINGS, own: own ? [spec.key] : [] }, false, 'en'));
    const label = translate('en', spec.label);
    expect(listing(false)).toMatch(new RegExp(`^• ${label}: \\*\\*[^\\n]+\\*\\*$`, 'm'));
    expect(listing(true)).toMatch(new RegExp(`^• ${label}: \\*\\*[^\\n]+\\*\\* \\(set here\\)$`, 'm'));
  });

  it('is changed by an admin and kept in the database', async () => {
    const path = await tempDatabase();
    const admin = { guildId: GUILD, userId: 'admin', canManageServer: true };
    service = await open(path);
    value(await service.admin.changeSettings({ ...admin, change: sample.change }));
    await service.storage.close();
    service = await open(path);
    const shown = value(await service.admin.showSettings(admin));
    expect(shown.settings[spec.key]).toEqual(sample.value);
    expect(shown.own).toEqual([spec.key]);
  });
});

describe('the server settings table', () => {
  it('gives every setting its own key, .env key and options', async () => {
    const unique = (names: string[]) => expect(new Set(names).size).toBe(names.length);
    unique(SERVER_SETTINGS.map((s) => s.key));
    unique(SERVER_SETTINGS.map((s) => s.env));
    unique(SERVER_SETTINGS.flatMap((s) => declaredOptions(s).map(([name]) => name)));
  });
});

/** A value each process setting refuses; null: any text is accepted (a path). */
const BAD_PROCESS_VALUES: Record<keyof typeof PROCESS_SETTINGS, string | null> = {
  token: 'two words',
  applicationId: '42',
  guildId: 'my-server',
  databasePath: null,
  databaseUrl: 'mysql://db.example/senet',
  databasePoolSize: '0',
  apiUrl: 'discord.com/api',
  botStepDelayMs: 'soon',
  sweepIntervalMs: '0',
  renderThreads: '-1',
  logLevel: 'verbose',
  startupRetryMs: 'forever',
  metricsPort: '70000',
  metricsHost: 'local host',
  restProxySecret: 'too short',
  shards: '0',
  shardCount: 'two',
  shardIds: '1..3',
  demoOutputDir: null,
  backupDir: null,
  backupKeepDaily: '0',
  backupKeepWeekly: 'many',
  activityPort: '0',
  activityHost: 'the web',
  clientSecret: 'secret with spaces',
  activityMockSignIn: 'yes',
};

describe.each(Object.entries(BAD_PROCESS_VALUES))('the process setting %s', (key, bad) => {
  const { env } = PROCESS_SETTINGS[key as keyof typeof PROCESS_SETTINGS];
  if (bad === null) {
    it(`takes any text for ${env} (a path)`, async () => {
      expect(loadConfig({ ...REQUIRED, [env]: './a folder/with spaces' }).ok).toBe(true);
    });
    return;
  }
  it(`refuses a bad ${env} with one line naming it, and plays no demo`, async () => {
    const result = loadConfig({ ...REQUIRED, [env]: bad });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(problemLines(result)).toEqual([expect.stringMatching(new RegExp(`^Invalid setting: ${env} must `))]);
    expect(result.demo).toBeNull();
  });
});

describe('.env.example', () => {
  it("lists every setting of both tables and the REST proxy's", async () => {
    const example = readFileSync(join(import.meta.dirname, '../../.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]));
    const declared = [...[...Object.values(PROCESS_SETTINGS), ...SERVER_SETTINGS].map((s) => s.env), ...REST_PROXY_ENV];
    expect(declared.filter((env) => !listed.has(env))).toEqual([]);
  });

  it("states each number's range as the code checks it", async () => {
    const example = readFileSync(join(import.meta.dirname, '../../.env.example'), 'utf8').split('\n');
    /** The lines about a setting: its paragraph, from the blank line above it down to its own line. */
    const paragraph = (env: string): string => {
      const at = example.findIndex((line) => line.startsWith(`${env}=`));
      const start = example.slice(0, at).findLastIndex((line) => line.trim() === '') + 1;
      return example.slice(start, at + 1).join('\n');
    };
    const ranges = [
      ...Object.values(PROCESS_SETTINGS).flatMap((s) => ('range' in s.parse ? [{ env: s.env, ...s.parse.range }] : [])),
      ...SERVER_SETTINGS.flatMap((s) => ('range' in s ? [{ env: s.env, ...s.range }] : [])),
    ];
    expect(ranges.length).toBeGreaterThan(10);
    const stated = ranges.filter(({ env, min, max }) => !paragraph(env).includes(`${min}-${max}`));
    expect(stated).toEqual([]);
  });
});

describe('start-up', () => {
  it('lists every problem once, each naming its setting; a bad turn timeout does not blame the reminder', async () => {
    const result = loadConfig({
      ...REQUIRED,
      TURN_TIMEOUT_MINUTES: '0',
      LOG_LEVEL: 'verbose',
      SWEEP_INTERVAL_SECONDS: '0',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(problemLines(result).map((line) => line.split(' ')[2])).toEqual([
      'TURN_TIMEOUT_MINUTES',
      'SWEEP_INTERVAL_SECONDS',
      'LOG_LEVEL',
    ]);
  });

  it('plays the demo only when no token is set at all and nothing is invalid', async () => {
    const demo = (env: Record<string, string>) => {
      const result = loadConfig(env);
      return result.ok ? 'started' : result.demo ? 'demo' : 'exit';
    };
    expect(demo({})).toBe('demo');
    expect(demo({ DISCORD_TOKEN: '  ' })).toBe('demo');
    expect(demo({ DEMO_OUTPUT_DIR: '/tmp/pictures' })).toBe('demo');
    expect(demo({ LOG_LEVEL: 'verbose' })).toBe('exit');
    expect(demo({ DISCORD_TOKEN: 'a-token' })).toBe('exit'); // no application id
    expect(demo({ ...REQUIRED, TURN_TIMEOUT_MINUTES: '0' })).toBe('exit');
    expect(demo(REQUIRED)).toBe('started');
  });

  it('reads the metrics server settings: off by default, on loopback unless told otherwise', async () => {
    const off = loadConfig(REQUIRED);
    expect(off.ok && [off.config.metricsPort, off.config.metricsHost]).toEqual([undefined, '127.0.0.1']);
    const on = loadConfig({ ...REQUIRED, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
    expect(on.ok && [on.config.metricsPort, on.config.metricsHost]).toEqual([9464, '0.0.0.0']);
  });
});
