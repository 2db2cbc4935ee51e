// The games both PostgreSQL benches click: two players and `count` kendall games between them, in
// one transaction through the bot's own store, so the rows are exactly the bot's.
import { GameStore } from '../src/db/gameStore.js';
import type { Database } from '../src/db/database.js';
import { newGame } from '../src/engine/index.js';
import { DiceSecret } from '../src/engine/keyedDice.js';

export const ANA = '100000000000000001';
export const BEN = '100000000000000002';

/** Ana, Ben and `count` games between them, Ana to act (ids 1…, neighbours on the index pages). */
export async function seedGames(db: Database, count: number): Promise<void> {
  const started = newGame('kendall', {}, 'keyed');
  const secrets = DiceSecret.counting();
  if (!started.ok) throw new Error(started.error);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const games = new GameStore(tx);
    for (const player of [ANA, BEN]) await games.savePlayer(player, player, now);
    for (let n = 0; n < count; n++) {
      await games.insertGame({
        guildId: '200000000000000000',
        channelId: `3${String(n).padStart(17, '0')}`,
        messageId: null,
        lobbyMessageId: null,
        ruleset: 'kendall',
        options: {},
        seed: 0,
        diceSecret: secrets(),
        state: started.value,
        seats: { W: ANA, B: BEN },
        toActId: ANA,
        botStrength: null,
        rated: false,
        locale: 'en',
        turnDeadline: null,
        createdAt: now,
      });
    }
  });
}
