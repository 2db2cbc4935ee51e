// The check a player runs without the bot's database: `npm run dice` on a finished game's revealed
// secret gives the commitment and every throw the game showed, and the few lines of plain Node in
// docs/players.md print exactly what it prints.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../../src/engine/index.js';
import { open, playToEnd, startGame, textOnlyRenderer } from '../game/harness.js';
import { tempDbPath } from '../game/tempDb.js';

const diceTool = (args: string[]): string =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/tools/dice.ts', ...args], { encoding: 'utf8' });

/** The script docs/players.md gives, as a player would save it. */
function documentedScript(): string {
  const docs = readFileSync('docs/players.md', 'utf8');
  const code = /```js\n(\/\/ check-dice\.mjs[\s\S]*?)```/.exec(docs)?.[1];
  if (!code) throw new Error('docs/players.md has no check-dice.mjs');
  const path = join(mkdtempSync(join(tmpdir(), 'senet-dice-')), 'check-dice.mjs');
  writeFileSync(path, code);
  return path;
}

describe('npm run dice', () => {
  it("prints a finished game's commitment and the throws it showed, from its secret alone", async () => {
    const service = await open(tempDbPath(), { renderBoard: textOnlyRenderer() });
    const { view } = await playToEnd(service, await startGame(service, 'c', 'dancers'), 4);
    const secret = view.dice!.secret!;
    const logged = await service.storage.db.all<{ action: string; throw_value: number }>(
      'SELECT action, throw_value FROM actions WHERE game_id = ? ORDER BY seq',
      [view.gameId],
    );
    await service.storage.close();
    const shown = logged.filter((row) => (JSON.parse(row.action) as { type: string }).type === 'throw');

    const printed = diceTool(['--secret', secret, '--throws', String(shown.length), '--rules', 'dancers']);
    const [commitment, ...throws] = printed.trimEnd().split('\n');
    expect(commitment).toBe(`commitment ${view.dice!.commitment}`);
    expect(throws.map((line) => Number(/moves (\d)$/.exec(line)?.[1]))).toEqual(shown.map((row) => row.throw_value));
    expect(throws[0]).toMatch(/^throw {3}1: [0-9a-f] {2}[0-4] light {2}moves \d$/);

    // The documented script, for every rule set's table, and without one.
    const script = documentedScript();
    for (const rules of [...RULESET_IDS, null]) {
      const args = ['--secret', secret, '--throws', '40', ...(rules ? ['--rules', rules] : [])];
      const plain = execFileSync(process.execPath, [script, secret, '40', ...(rules ? [rules] : [])], {
        encoding: 'utf8',
      });
      expect(plain).toBe(diceTool(args));
    }
  });

  it('refuses a secret that is not one, saying how it is used', () => {
    let status = 0;
    let stderr = '';
    try {
      diceTool(['--secret', 'not-hex', '--throws', '3']);
    } catch (error) {
      ({ status, stderr } = error as { status: number; stderr: string });
    }
    expect(status).toBe(2);
    expect(stderr).toMatch(/^--secret must be the 64 hex digits the game revealed\nusage: npm run dice -- /);
  });
});
