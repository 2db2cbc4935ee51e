// A live game's dice secret reaches no log, no message, no request to Discord, no metric and no
// tool's output, whatever the players and onlookers do while the game is on (replays of the live
// game, /senet verify, /senet privacy, db:verify, the computer's search on its worker thread);
// once the game is over, its last board reveals it.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { OPTION, type RecordedRequest } from './fake/fakeDiscord.js';
import { actButtons, assertReplyOk, boardOf, harnessForFile, liveGameIn, pickButton } from './harness.js';

const h = harnessForFile({ metrics: true });

/** Everything a request carried: its path, its JSON, its files' names and bytes. */
const requestText = (r: RecordedRequest): string =>
  [r.method, r.path, JSON.stringify(r.body), ...r.files.map((f) => `${f.name} ${f.data.toString('latin1')}`)].join(' ');

describe("a live game's dice secret", () => {
  it('appears in no log, request, metric or tool output until the game ends, then on its last board', async () => {
    const started = await h.slash(h.ana, 'play', [
      { name: 'rules', type: OPTION.string, value: 'dancers' },
      { name: 'strength', type: OPTION.string, value: 'hard' }, // searched on the AI's worker thread
    ]);
    assertReplyOk(started, h);
    const board = boardOf(h, started.message!.id);
    const { gameId } = await liveGameIn(h, h.fake.channelId);
    const row = await h.service.storage.db.get<{ dice_secret: string }>('SELECT dice_secret FROM games WHERE id = ?', [
      gameId,
    ]);
    const secret = row!.dice_secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    // Any 16 digits of it in a row would be a leak, in either case.
    const pieces = Array.from({ length: 4 }, (_, k) => secret.slice(16 * k, 16 * k + 16));
    const leaksIn = (text: string): boolean => pieces.some((p) => text.toLowerCase().includes(p));

    const seen = { logs: 0, requests: 0 };
    const expectNoLeakSoFar = async (): Promise<void> => {
      const logs = h.logs.slice(seen.logs);
      const requests = h.fake.requests.slice(seen.requests);
      seen.logs += logs.length;
      seen.requests += requests.length;
      expect(logs.filter(leaksIn)).toEqual([]);
      expect(
        requests
          .map(requestText)
          .filter(leaksIn)
          .map((text) => text.slice(0, 200)),
      ).toEqual([]);
      const metrics = await (await fetch(`${h.metricsUrl!}/metrics`)).text();
      expect(leaksIn(metrics)).toBe(false);
    };

    let clicks = 0;
    while (actButtons(h, board).length > 0) {
      assertReplyOk(await h.click(h.ana, board, pickButton(actButtons(h, board)).custom_id!), h);
      if (++clicks === 6) {
        // Onlookers and tools while it is on: a replay of the game so far, its dice, the privacy listing.
        assertReplyOk(await h.slash(h.ben, 'replay', [{ name: 'game', type: OPTION.integer, value: gameId }]), h);
        const dice = await h.slash(h.ana, 'verify', [{ name: 'game', type: OPTION.integer, value: gameId }]);
        expect(String(dice.data?.content)).toContain('Commitment (SHA-256 of the secret)');
        await h.slash(h.ana, 'privacy');
        const verified = execFileSync(
          process.execPath,
          ['--import', 'tsx', 'src/tools/db-verify.ts', '--db', h.dbPath],
          { encoding: 'utf8' },
        );
        expect(leaksIn(verified)).toBe(false);
      }
      const view = await h.service.play.view(gameId);
      if (view.ok && view.value.status === 'active') await expectNoLeakSoFar();
    }
    expect(clicks).toBeGreaterThan(10);
    // Over: the last board reveals it, so the checks above would have seen it had it gone out before.
    expect(h.fake.messages.get(board)!.content).toContain(`Dice secret: \`${secret}\``);
    expect(h.fake.requests.slice(seen.requests).some((r) => leaksIn(requestText(r)))).toBe(true);
    expect(h.logs.filter(leaksIn)).toEqual([]); // and logs never hold it, even then
  });
});
