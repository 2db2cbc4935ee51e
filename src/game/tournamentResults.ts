// A tournament game's end, recorded on its board inside the transaction that ended the game, so a
// result is never lost between the game and the table. The round moves on in the tournament runner
// (tournamentRounds.ts), told after the commit, so a click pays only for these two writes.
import type { GameRecord } from '../db/records.js';
import type { ServiceCore } from './core.js';

/** Records who won a finished game on its tournament board, if it is a tournament game not decided yet. */
export async function recordTournamentGame(core: ServiceCore, game: GameRecord): Promise<void> {
  if (game.status !== 'finished' || !game.winnerSide) return;
  const pairing = await core.tournaments.pairingOfGame(game.id);
  if (!pairing) return;
  if (await core.tournaments.decide(pairing, game.seats[game.winnerSide], 'game')) {
    await core.tournamentChanged(pairing.tournamentId);
  }
}
