// Logs never hold a game's dice secret: not a game record that carries it (it prints as
// `[dice secret]`), nor PostgreSQL's detail of a broken constraint, which lists every value of the
// failing row, the secret of a game being played among them.
import { describe, expect, it } from 'vitest';
import { GameStore } from '../../src/db/gameStore.js';
import { openPostgres } from '../../src/db/postgres.js';
import { newGame } from '../../src/engine/index.js';
import { DiceSecret } from '../../src/engine/keyedDice.js';
import { unwrap } from '../../src/lib/result.js';
import { loggerInto } from '../support/loggerInto.js';
import { freshPostgresDatabase } from '../support/postgres.js';

describe('logs', () => {
  it("never contain a live game's dice secret, from its record or from PostgreSQL's failing row", async () => {
    const db = await openPostgres(await freshPostgresDatabase());
    const secret = DiceSecret.random();
    const games = new GameStore(db);
    await games.savePlayer('1', 'Ana', 0);
    await games.savePlayer('2', 'Ben', 0);
    const { id } = await games.insertGame({
      guildId: 'g',
      channelId: 'c',
      messageId: null,
      lobbyMessageId: null,
      ruleset: 'kendall',
      options: {},
      seed: 0,
      diceSecret: secret,
      state: unwrap(newGame('kendall', {}, 'keyed')),
      seats: { W: '1', B: '2' },
      toActId: '1',
      botStrength: null,
      rated: false,
      locale: 'en',
      turnDeadline: null,
      createdAt: 0,
    });
    const game = await games.game(id);
    let failure: unknown;
    try {
      await db.run('UPDATE games SET rated = 2 WHERE id = ?', [id]); // breaks the CHECK on rated
    } catch (error) {
      failure = error;
    }
    await db.close();
    // What PostgreSQL answers: the whole row, the secret in it.
    expect((failure as { detail?: string }).detail).toContain(secret.hex());

    const lines: string[] = [];
    const log = loggerInto(lines, { level: 'debug' });
    log.error({ err: failure, game }, 'a write failed');
    log.debug({ game }, 'the game');
    const written = lines.join('');
    expect(written).not.toContain(secret.hex());
    expect(written).toContain('Failing row contains [redacted]');
    expect(written).toContain('"diceSecret":"[dice secret]"');
  });
});
