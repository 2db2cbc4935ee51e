// Which of src/'s files a move click runs code in: V8's precise coverage of this process around
// clicks in a game between two people (issue 38: "A move click runs code in fewer files than
// today"; the counts and what was cut are in docs/performance.md). Board pictures are drawn on a
// render thread, which this does not see. To see the lists:
//   CLICK_FILES_OUT=/tmp/click-files.txt npx vitest run --project sqlite test/e2e/clickFiles.test.ts
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import {
  actButtons,
  assertReplyOk,
  harnessForFile,
  pickButton,
  startHumanGame,
  toActName,
  userNamed,
} from './harness.js';

const h = harnessForFile();

/** Run by the fake Discord, which shares this process, not by the bot (it checks routes the bot may use). */
const THE_FAKES = new Set(['src/bot/restProxyRoutes.ts']);

/** The files of src/ with a named function run since the last call (V8 resets the counts at each take). */
async function filesRun(session: Session): Promise<string[]> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  return result
    .filter((script) => /\/src\//.test(script.url) && !script.url.includes('node_modules'))
    .filter((script) => script.functions.some((f) => f.functionName !== '' && f.ranges[0]!.count > 0))
    .map((script) => script.url.replace(/^.*?\/src\//, 'src/'))
    .filter((file) => !THE_FAKES.has(file))
    .sort();
}

it("a person's move click runs none of the computer player's code", async () => {
  const board = await startHumanGame(h);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const clicks: string[][] = [];
  try {
    // The first click decides from the database, the next ones from the game kept in memory.
    for (let n = 0; n < 3; n++) {
      const mover = userNamed(h, toActName(h.fake.messages.get(board)!.content)!);
      await filesRun(session); // counts from here
      assertReplyOk(await h.fake.click(mover, board, pickButton(actButtons(h, board)).custom_id!), h);
      // The bot's writes after its answer take milliseconds; nothing of the harness's runs meanwhile.
      await sleep(500);
      clicks.push(await filesRun(session));
      expect(h.bot.busy(), 'the click was still being handled: wait longer').toBe(false);
      await h.settle();
    }
  } finally {
    await session.post('Profiler.stopPreciseCoverage');
    session.disconnect();
  }
  const out = process.env.CLICK_FILES_OUT;
  if (out)
    writeFileSync(
      out,
      clicks.map((files, n) => `click ${n}: ${files.length} files\n  ${files.join('\n  ')}\n`).join(''),
    );
  for (const files of clicks) expect(files.filter((file) => file.startsWith('src/ai/'))).toEqual([]);
  await h.slash(h.ana, 'resign');
});
