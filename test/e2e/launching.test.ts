// Launching the live board from Discord (docs/activity.md), through the real discord.js client
// against the fake Discord: `npm run deploy-commands` registers the Entry Point command with
// /senet and /senet-admin in one bulk overwrite, where Discord takes it; the Entry Point command
// and the Open the live board button answer LAUNCH_ACTIVITY as their first answer, within
// Discord's 3 s; the button shows only where the live board is set up, under the moves, and works
// after a restart.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../src/commands/adminDefinition.js';
import { senetCommand } from '../../src/commands/definition.js';
import { entryPointCommand } from '../../src/commands/entryPointDefinition.js';
import { DISCORD_LOCALES, translate } from '../../src/i18n/index.js';
import { FakeDiscord, LAUNCH_ACTIVITY, type RawComponentRow, snowflake } from './fake/fakeDiscord.js';
import {
  TOKEN,
  actButtons,
  boardOf,
  challengeAs,
  harnessForFile,
  pickButton,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const LIVE_BOARD_ID = 'senet:liveboard';

interface Registered {
  name: string;
  type?: number;
  handler?: number;
  integration_types?: number[];
  contexts?: number[];
  name_localizations?: Record<string, string>;
  description_localizations?: Record<string, string>;
}

/** `npm run deploy-commands` against `fake` with these settings (no .env of the machine's). */
async function deploy(
  fake: FakeDiscord,
  settings: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DISCORD_TOKEN: 'deploy-test-token',
    DISCORD_APPLICATION_ID: fake.applicationId,
    DISCORD_API_URL: fake.apiUrl,
    GUILD_ID: '',
    ACTIVITY_PORT: '',
    DISCORD_CLIENT_SECRET: '',
    ...settings,
  };
  try {
    const { stdout, stderr } = await run(TSX, ['src/tools/deploy-commands.ts'], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const LIVE_BOARD = { ACTIVITY_PORT: '4010', DISCORD_CLIENT_SECRET: 'deploy-test-secret' };

describe('npm run deploy-commands with the live board', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await FakeDiscord.start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it('registers the Entry Point command with /senet and /senet-admin in one bulk overwrite', async () => {
    fake.enableActivities(); // Discord adds its "Launch" command, which ours replaces
    const { code, stdout } = await deploy(fake, LIVE_BOARD);
    expect(code).toBe(0);
    expect(stdout).toContain(
      'Registered 3 commands (/senet, /senet-admin, the Entry Point command "Open the live board") globally',
    );
    const puts = fake.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path)).toEqual([`/applications/${fake.applicationId}/commands`]);
    const saved = fake.commands.get('global') as Registered[];
    expect(saved.map((c) => [c.name, c.type ?? 1])).toEqual([
      ['senet', 1],
      ['senet-admin', 1],
      ['Open the live board', 4],
    ]);
    const [senet, , entry] = saved as [Registered, Registered, Registered];
    expect(entry.handler).toBe(1); // APP_HANDLER: the bot answers it
    // Wherever /senet is: both installs; servers, the DM with the bot, DMs and group DMs.
    expect(entry.integration_types).toEqual([0, 1]);
    expect(entry.contexts).toEqual([0, 1, 2]);
    expect([entry.integration_types, entry.contexts]).toEqual([senet.integration_types, senet.contexts]);
    // Named and described in every language the bot speaks (the fake refuses one past Discord's limits).
    const codes = Object.values(DISCORD_LOCALES).flat().sort();
    expect(Object.keys(entry.name_localizations ?? {}).sort()).toEqual(codes);
    expect(Object.keys(entry.description_localizations ?? {}).sort()).toEqual(codes);
    expect(entry.name_localizations?.de).toBe(translate('de', 'button.liveBoard'));
  });

  it('leaves it out for one guild, where Discord takes none, and says so', async () => {
    const { code, stdout } = await deploy(fake, { ...LIVE_BOARD, GUILD_ID: fake.guildId });
    expect(code).toBe(0);
    expect(stdout).toContain(`Registered 2 commands (/senet, /senet-admin) in guild ${fake.guildId}`);
    expect(stdout).toContain("The live board's Entry Point command is global only");
    expect((fake.commands.get(fake.guildId) as Registered[]).map((c) => c.type ?? 1)).toEqual([1, 1]);
  });

  it('without the live board, says why Discord refuses a list without the Entry Point command', async () => {
    const { code, stderr } = await deploy(fake);
    expect(code).toBe(1);
    expect(stderr).toContain("You cannot remove this app's Entry Point command");
    expect(stderr).toContain('set up the live board (ACTIVITY_PORT and DISCORD_CLIENT_SECRET, docs/activity.md)');
    expect((fake.commands.get('global') as Registered[]).at(-1)?.type).toBe(4); // kept
  });

  it('on an app without Activities, registers /senet alone without the live board, and explains the refusal with it', async () => {
    const plain = await FakeDiscord.start();
    try {
      const without = await deploy(plain);
      expect(without.code).toBe(0);
      expect(without.stdout).toContain('Registered 2 commands (/senet, /senet-admin) globally');
      const refused = await deploy(plain, LIVE_BOARD);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Activities → Settings');
      expect((plain.commands.get('global') as Registered[]).map((c) => c.name)).toEqual(['senet', 'senet-admin']);
    } finally {
      await plain.stop();
    }
  });
});

const h = harnessForFile({ liveBoard: true });

beforeAll(async () => {
  // Discord's deadline for a first answer (interactions/receiving-and-responding.mdx): later is a failure.
  h.fake.answerPatienceMs = 3_000;
  h.fake.enableActivities();
  // What deploy-commands registers with the live board set up.
  const body = [senetCommand().toJSON(), adminCommand().toJSON(), entryPointCommand()];
  await new REST({ api: h.fake.apiUrl })
    .setToken(TOKEN)
    .put(Routes.applicationCommands(h.fake.applicationId), { body });
});

const rowsOf = (messageId: string): string[][] =>
  (h.fake.messages.get(messageId)?.components ?? []).map((row: RawComponentRow) =>
    row.components.map((b) => b.custom_id ?? ''),
  );

describe('the Entry Point command', () => {
  it('launches the live board where it is run, joining the instance running there', async () => {
    const reply = await h.fake.useEntryPoint(h.ana);
    expect(reply.refused).toBeUndefined();
    expect(reply.type).toBe(LAUNCH_ACTIVITY);
    const launched = h.fake.launches.at(-1)!;
    expect(launched).toMatchObject({ userId: h.ana.id, channelId: h.fake.channelId });
    expect((await h.fake.useEntryPoint(h.ben)).type).toBe(LAUNCH_ACTIVITY);
    expect(h.fake.launches.at(-1)).toMatchObject({ userId: h.ben.id, instanceId: launched.instanceId });
    expect(h.fake.activityInstances.get(launched.instanceId)?.users).toEqual(new Set([h.ana.id, h.ben.id]));
  });

  it('launches it in a group DM too, where /senet is used', async () => {
    const channelId = h.fake.goTo({ kind: 'privateChannel', group: true });
    expect((await h.fake.useEntryPoint(h.ana)).type).toBe(LAUNCH_ACTIVITY);
    expect(h.fake.launches.at(-1)).toMatchObject({ userId: h.ana.id, channelId });
  });
});

describe('the Open the live board button', () => {
  it('is under an open challenge and under every board, in a row of its own after the moves, and launches', async () => {
    const challenge = await challengeAs(h, h.ana, h.ben);
    const challengeId = challenge.message!.id;
    expect(rowsOf(challengeId).at(-1)).toEqual([LIVE_BOARD_ID]);
    const launched = await h.click(h.ben, challengeId, LIVE_BOARD_ID);
    expect(launched.type).toBe(LAUNCH_ACTIVITY);
    expect(h.fake.launches.at(-1)).toMatchObject({ userId: h.ben.id, channelId: h.fake.channelId });

    const accept = h.fake.buttons(challengeId)[0]!.custom_id!;
    await h.click(h.ben, challengeId, accept);
    const board = boardOf(h, challengeId);
    for (let move = 0; move < 8; move++) {
      const rows = rowsOf(board);
      expect(rows.length).toBeLessThanOrEqual(5);
      expect(rows.at(-1)).toEqual([LIVE_BOARD_ID]);
      expect(
        rows
          .slice(0, -1)
          .flat()
          .every((id) => id.startsWith('senet:act:')),
      ).toBe(true);
      const toAct = userNamed(h, toActName(h.fake.messages.get(board)!.content)!);
      await h.click(toAct, board, pickButton(actButtons(h, board)).custom_id!);
    }
    const fromBoard = await h.click(h.ana, board, LIVE_BOARD_ID);
    expect(fromBoard.type).toBe(LAUNCH_ACTIVITY);
  });

  it('works after a restart, and is offered only while the live board is set up', async () => {
    const board = await startHumanGame(h);
    await h.restart();
    expect((await h.click(h.ana, board, LIVE_BOARD_ID)).type).toBe(LAUNCH_ACTIVITY);

    const launches = h.fake.launches.length;
    await h.restart({ liveBoard: false });
    try {
      // A button left on an older message, and the command left registered: not this bot's any more.
      const left = await h.click(h.ana, board, LIVE_BOARD_ID);
      expect(left.ephemeral).toBe(true);
      expect(left.data?.content).toBe(translate('en', 'bot.notMine'));
      expect((await h.fake.useEntryPoint(h.ben)).ephemeral).toBe(true);
      expect(h.fake.launches).toHaveLength(launches);
      h.fake.channelId = snowflake(); // one game per channel
      const challenge = await challengeAs(h, h.ana, h.ben);
      expect(rowsOf(challenge.message!.id).flat()).not.toContain(LIVE_BOARD_ID);
    } finally {
      await h.restart({ liveBoard: true });
    }
  });

  it('is refused by Discord where the app has no Activities: nothing launches, the user is told', async () => {
    const board = await startHumanGame(h);
    h.fake.activitiesEnabled = false;
    try {
      const reply = await h.click(h.ana, board, LIVE_BOARD_ID);
      expect(reply.refused?.code).toBe(50035);
      expect(h.fake.launches.some((l) => l.userId === h.ana.id)).toBe(false);
      expect(h.logs.some((line) => line.includes('Discord refused to launch the live board'))).toBe(true);
    } finally {
      h.fake.activitiesEnabled = true;
    }
  });
});
