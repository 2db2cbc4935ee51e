// A damaged file stops the bot instead of being served from, and `npm run db:backup` copies the
// database while it is in use.
import { execFile } from 'node:child_process';
import { closeSync, existsSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteDatabase } from '../../src/db/sqliteDriver.js';
import { describe, expect, it } from 'vitest';
import { DamagedDatabaseError, openDatabase } from '../../src/db/sqliteConnection.js';
import { open, startGame, testClock, textOnlyRenderer, value } from '../game/harness.js';
import { tempDbPath } from '../game/tempDb.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** Ana and Ben play 21 games at once here: above the default cap of live games per player. */
const MANY_GAMES = { renderBoard: textOnlyRenderer(), config: { maxGamesPerPlayer: 25 } };

/** A file with a few games, closed (its log checkpointed into it). */
async function fileWithGames(): Promise<string> {
  const path = tempDbPath();
  // A minute between games: the creation budget allows 10 in 10 minutes.
  const clock = testClock();
  const service = await open(path, { ...MANY_GAMES, now: clock.now });
  for (let i = 0; i < 20; i++) {
    await startGame(service, `channel-${i}`);
    clock.advance(60_000);
  }
  await service.storage.close();
  return path;
}

describe('a damaged database', () => {
  it('is refused at start-up with a clear message', async () => {
    const path = await fileWithGames();
    const raw = new SqliteDatabase(path, { readonly: true });
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    raw.close();
    const fd = openSync(path, 'r+');
    const page = Buffer.alloc(pageSize);
    // The last page holds rows of a table or an index: scribble over its header and cells.
    const size = fstatSync(fd).size;
    readSync(fd, page, 0, pageSize, size - pageSize);
    page.fill(0xa5, 0, pageSize / 2);
    writeSync(fd, page, 0, pageSize, size - pageSize);
    closeSync(fd);
    expect(() => openDatabase(path)).toThrow(DamagedDatabaseError);
    expect(() => openDatabase(path)).toThrow(/is damaged[\s\S]*restore the latest backup/);
  });

  it('a file that is not a database at all is refused the same way', async () => {
    const path = tempDbPath();
    openDatabase(path).close();
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.from('this is not an SQLite file, just text'), 0, 37, 0);
    closeSync(fd);
    expect(() => openDatabase(path)).toThrow(DamagedDatabaseError);
  });
});

describe('npm run db:backup', () => {
  it('copies the database while the bot has it open and is writing, and the copy opens and checks out', async () => {
    const path = await fileWithGames();
    const service = await open(path, MANY_GAMES);
    const game = await startGame(service, 'live');
    // A write not yet checkpointed (it is in the WAL only): the backup must include it.
    value(
      await service.play.act({
        gameId: game.gameId,
        userId: game.toAct!.id,
        version: 0,
        action: game.choices[0]!.action,
      }),
    );
    const target = join(dirname(path), 'copy', 'backup.db');
    try {
      const { stdout } = await run(TSX, ['src/tools/db-backup.ts', '--out', target], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_PATH: path },
      });
      expect(stdout).toMatch(/backed up .* \(21 games\)/);
    } finally {
      await service.storage.close();
    }
    expect(existsSync(target)).toBe(true);
    const restored = await open(target, { renderBoard: textOnlyRenderer() });
    expect(value(await restored.play.view(game.gameId)).version).toBe(1);
    expect((await restored.storage.verify()).problems).toEqual([]);
    await restored.storage.close();
  });

  it('names its arguments: --db and --out; anything else prints the usage line and copies nothing', async () => {
    const path = await fileWithGames();
    const target = join(dirname(path), 'named', 'backup.db');
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    const { stdout } = await run(TSX, ['src/tools/db-backup.ts', '--db', path, '--out', target], { cwd: ROOT, env });
    expect(stdout).toMatch(/backed up .* \(20 games\)/);
    // The old positional form, and an unknown option: refused with the usage, exit 2.
    for (const args of [[target], ['--to', target], ['--db']]) {
      const refused = await run(TSX, ['src/tools/db-backup.ts', ...args], { cwd: ROOT, env }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toMatch(
        /^usage: npm run db:backup \[-- --db <database file or postgres:\/\/…>\] \[--dir <folder> \| --out <file>\]$/m,
      );
    }
  });
});
