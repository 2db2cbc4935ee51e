// PostgreSQL's own crash, as players and the bot live it: the bot (its own process, as `npm start`
// runs it) serves games against the fake Discord while the test SIGKILLs the postmaster and every
// process it started, several times, each outage a few seconds, and starts the server again on the
// same data (it recovers from its WAL). The bot must never exit; every click is answered in time,
// through the outage too; no board in the chat ever shows an older version than it showed before;
// and once the server is back, the edits and computer turns the outage stopped resume by
// themselves (the sweep is an hour away here), with nothing lost or applied twice.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeButtonId } from '../../src/chat/customIds.js';
import { openService } from '../../src/game/service.js';
import { openTestDatabase } from '../support/databaseAt.js';
import { type Cluster, freePort, startCluster } from '../support/postgresCluster.js';
import { onPostgres } from '../support/testDatabase.js';
import { startBotProcess, startGameIn, stopBotProcess, until, type BotProcess } from './botProcess.js';
import { FakeDiscord, type FakeUser, type RawComponentRow } from './fake/fakeDiscord.js';
import { actButtons, pickButton, toActName } from './players.js';

/** Kills of the server during play, and how long each outage lasts (a crash and an automatic restart). */
const KILLS = 4;
const OUTAGE_MS = 3_000;
/** How long to wait for the bot to do something: starting a process takes seconds on a busy machine. */
const WAIT_MS = 60_000;

/** The game version a message's buttons carry (the highest, one per move button), or null when it has none. */
function versionShown(components: RawComponentRow[]): number | null {
  let version: number | null = null;
  for (const row of components)
    for (const button of row.components) {
      const id = decodeButtonId(button.custom_id ?? '');
      if (id?.kind === 'act') version = Math.max(version ?? 0, id.version);
    }
  return version;
}

let cluster: Cluster | undefined;
let fake: FakeDiscord | undefined;
let bot: BotProcess | undefined;
afterAll(async () => {
  await stopBotProcess(bot);
  await fake?.stop();
  await cluster?.stop();
});

describe.runIf(onPostgres)("PostgreSQL's postmaster and all its processes killed during play", () => {
  it('the bot never exits, no board goes back, and the work the outage stopped resumes on its return', async () => {
    // A server of its own: the run's shared one serves the other test files meanwhile.
    cluster = await startCluster({ port: await freePort() });
    const admin = new pg.Client(cluster.url('postgres'));
    await admin.connect();
    await admin.query('CREATE DATABASE crashes');
    await admin.end();
    const url = cluster.url('crashes');
    const discord = await FakeDiscord.start();
    fake = discord;
    // Discord's deadline for a first answer (interactions/receiving-and-responding.mdx): a click
    // not answered within 3 s, the database away or not, fails the test.
    discord.answerPatienceMs = 3_000;
    const guild = discord.addGuild({ shard: 0, count: 1 });
    // The sweep an hour away: whatever comes back after an outage, the sweep did not bring it.
    bot = await startBotProcess(discord, url, { env: { SWEEP_INTERVAL_SECONDS: '3600' } });
    const running = bot;
    const [ana, ben] = [discord.newUser('Ana'), discord.newUser('Ben')];
    const players = new Map<string, FakeUser>([
      [ana.global_name, ana],
      [ben.global_name, ben],
    ]);
    // Two games between people and two against the computer, whose turns follow each move.
    const boards = [
      await startGameIn(discord, guild, ana, ben),
      await startGameIn(discord, guild, ana, ben),
      await startGameIn(discord, guild, ana, discord.botUser),
      await startGameIn(discord, guild, ben, discord.botUser),
    ];

    const answers = { moved: 0, refused: 0 };
    /** A move on every board whose player to act is a person (the computer plays its own). */
    const playRound = async (): Promise<void> => {
      await Promise.all(
        boards.map(async (board) => {
          const player = players.get(toActName(discord.messages.get(board)!.content) ?? '');
          const buttons = actButtons(discord, board);
          if (!player || buttons.length === 0) return;
          // Unanswered within 3 s rejects, and fails the test.
          const reply = await discord.click(player, board, pickButton(buttons).custom_id!);
          if (reply.type === 7 || reply.type === 6) answers.moved++;
          else answers.refused++;
        }),
      );
    };
    for (let round = 0; round < 2; round++) await playRound();

    for (let kill = 0; kill < KILLS; kill++) {
      // The server dies in the middle of a round of clicks (and the computer's turns after them).
      const round = playRound();
      await sleep(50 * kill);
      await cluster.crash();
      await round;
      // Clicks while the server is away are answered (busy), within Discord's deadline.
      const outageEnds = Date.now() + OUTAGE_MS;
      while (Date.now() < outageEnds) await playRound();
      await cluster.restart();
      // No click now: what the outage stopped must come back by itself.
      await until(
        () => running.lines.filter((line) => line.includes('the database answers again')).length > kill,
        'the bot to notice the database is back',
        WAIT_MS,
      );
      for (let round = 0; round < 2; round++) await playRound();
    }
    expect(answers.refused).toBeGreaterThan(0);

    // The last outage is over, and nobody clicks: every board comes to its game's version, and
    // every game against the computer to a person's turn, with no sweep (an hour away) to do it.
    const db = await openTestDatabase(url);
    const standing = () =>
      db.all<{ messageId: string; version: number; shown: number | null; actions: number; botToAct: number }>(
        `SELECT message_id AS "messageId", version, shown_version AS shown,
                (SELECT COUNT(*) FROM actions WHERE game_id = games.id) AS actions,
                (status = 'active' AND to_act_id = ?) AS "botToAct"
           FROM games ORDER BY id`,
        [discord.botUser.id],
      );
    const caughtUp = async (): Promise<boolean> =>
      (await standing()).every(
        (game) => game.shown === game.version && game.botToAct === 0 && versionOf(game.messageId) === game.version,
      );
    const versionOf = (messageId: string) => versionShown(discord.messages.get(messageId)!.components);
    for (const started = Date.now(); !(await caughtUp()); await sleep(100))
      if (Date.now() - started > WAIT_MS) {
        const inChat = (await standing()).map((game) => ({
          ...game,
          inChat: discord.messages.get(game.messageId)!.history.map(versionShown),
        }));
        throw new Error(`not caught up: ${JSON.stringify(inChat)}\n${running.lines.slice(-60).join('\n')}`);
      }

    // The bot never exited.
    expect(running.child.exitCode).toBeNull();
    expect(running.child.signalCode).toBeNull();
    // Discord never failed: no line may say it did (a record the database did not take is not that).
    expect(running.lines.filter((line) => line.includes('did not reach Discord'))).toEqual([]);
    // No board ever went back: the versions each message showed, in order, never decrease.
    for (const board of boards) {
      const shown = discord.messages
        .get(board)!
        .history.map(versionShown)
        .filter((v) => v !== null);
      expect(shown, `board ${board}`).toEqual([...shown].sort((a, b) => a - b));
    }
    // Nothing applied twice: each game's log has exactly one action per version, and every game replays.
    for (const game of await standing()) expect(game.actions).toBe(game.version);
    const service = openService({ db, botUserId: discord.botUser.id });
    try {
      expect((await service.storage.verify()).problems).toEqual([]);
    } finally {
      await service.storage.close();
    }
    expect(answers.moved).toBeGreaterThan(KILLS * 2);
  }, 300_000);
});
