// The replay check catches a state that its log does not produce: a lost, doubled or altered action.
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { open, startGame, textOnlyRenderer, playFirstChoice } from './harness.js';
import { tempDatabase } from '../support/testDatabase.js';

async function gameWithActions(path: string, count: number) {
  const service = await open(path, { renderBoard: textOnlyRenderer() });
  let view = await startGame(service, 'c', 'traditional');
  for (let i = 0; i < count; i++) {
    view = await playFirstChoice(service, view);
  }
  return { service, view };
}

describe('replay check', () => {
  it('reports a stored state its log does not lead to', async () => {
    const { service, view } = await gameWithActions(await tempDatabase(), 6);
    expect((await service.storage.verify()).problems).toEqual([]);
    const tampered = { ...view.state, board: [...view.state.board].reverse().join('') };
    await service.storage.db.run('UPDATE games SET state = ? WHERE id = ?', [JSON.stringify(tampered), view.gameId]);
    expect((await service.storage.verify()).problems).toEqual([
      { gameId: view.gameId, problem: 'the stored state differs from the replayed one in board' },
    ]);
    await service.storage.close();
  });

  it('reports a log with an action missing, through npm run db:verify with exit code 1', async () => {
    const path = await tempDatabase();
    const { service, view } = await gameWithActions(path, 6);
    // Bypass the append-only guard to simulate a lost write: rebuild the log without its last action.
    await service.storage.db.run(
      service.storage.db.dialect === 'sqlite'
        ? 'DROP TRIGGER actions_no_delete'
        : 'ALTER TABLE actions DISABLE TRIGGER USER',
    );
    await service.storage.db.run('DELETE FROM actions WHERE game_id = ? AND seq = ?', [
      view.gameId,
      view.state.ply - 1,
    ]);
    await service.storage.close();
    let status = 0;
    let output = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/tools/db-verify.ts', '--db', path], {
        encoding: 'utf8',
      });
    } catch (error) {
      ({ status, stdout: output } = error as { status: number; stdout: string });
    }
    expect(status).toBe(1);
    expect(output).toContain(`game ${view.gameId}: the state is at ply 6 but the log holds 5 actions`);
    expect(output).toContain('1 game checked, 1 differs');
    // The old positional form is refused with the usage line, checking nothing.
    const refused = spawnSync(process.execPath, ['--import', 'tsx', 'src/tools/db-verify.ts', path], {
      encoding: 'utf8',
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^usage: npm run db:verify \[-- --db <database file or postgres:\/\/…>\]$/m);
  });
});
