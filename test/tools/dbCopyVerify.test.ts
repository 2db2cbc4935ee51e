// Moving a played bot to PostgreSQL, as an operator would (docs/operators.md, "Moving to
// PostgreSQL"): a SQLite file filled through the real service (finished games, a live one, a game
// against the computer), `npm run db:copy` to a fresh PostgreSQL database, then `npm run db:verify`
// on both ends replays every game clean, and the bot's service plays on where the file stopped.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ANA,
  BOT,
  challengeIn,
  open,
  playFirstChoice,
  playToEnd,
  startGame,
  textOnlyRenderer,
} from '../game/harness.js';
import { freshPostgresDatabase } from '../support/postgres.js';

const folder = mkdtempSync(join(tmpdir(), 'senet-copy-verify-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const run = (tool: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', `src/tools/${tool}.ts`, ...args], {
    cwd: join(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });

describe('db:copy then db:verify', () => {
  it('moves a played SQLite file to PostgreSQL, and both ends replay every game clean', async () => {
    const file = join(folder, 'senet.db');
    const service = await open(file, { renderBoard: textOnlyRenderer() });
    for (const [i, ruleset] of (['kendall', 'dancers', 'regency'] as const).entries()) {
      await playToEnd(service, await startGame(service, `finished-${i}`, ruleset), i + 1);
    }
    const live = await playFirstChoice(service, await playFirstChoice(service, await startGame(service, 'live')));
    const made = await challengeIn(service, 'computer', ANA, BOT, 'pennsic', 'easy');
    if (made.kind !== 'game') throw new Error('expected a game against the computer');
    await playToEnd(service, made.game, 7);
    await service.storage.close();

    const url = await freshPostgresDatabase();
    const copied = await run('db-copy', '--from', `sqlite:${file}`, '--to', url);
    expect(copied.stdout).toContain('copied: every table matches');
    for (const where of [file, url]) {
      const verified = await run('db-verify', '--db', where);
      expect(verified.stdout).toMatch(/: 5 games checked, 0 differ\n$/);
    }
    // The bot's service plays on from PostgreSQL where the file stopped.
    const onPostgres = await open(url, { renderBoard: textOnlyRenderer() });
    try {
      const next = await playFirstChoice(onPostgres, live);
      expect(next.version).toBe(live.version + 1);
    } finally {
      await onPostgres.storage.close();
    }
  });
});
