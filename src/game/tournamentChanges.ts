// Tournaments as the chat shows them after a look-up or a change: the changes that start or end
// games carry those games' views, for the bot to post the new boards and redraw the ended ones.
import type { ServiceCore } from './core.js';
import { gameView } from './play.js';
import {
  type EntryInput,
  type TournamentAdminInput,
  leaveTournament,
  removeFromTournament,
} from './tournamentEntry.js';
import { advanceTournament } from './tournamentRounds.js';
import { type TournamentView, tournamentView } from './tournamentViews.js';
import { type GameView, type Outcome, fail, ok } from './types.js';
import type { GameSnapshot } from './views.js';
import { notHere } from './refusals.js';
import { type Viewer, mayView, viewable } from './visibility.js';

/** A tournament after a change, with the games the change started or ended (each to post or show). */
export interface TournamentChange {
  tournament: TournamentView;
  started: GameView[];
  ended: GameView[];
  closed: 'finished' | 'cancelled' | null;
}

async function changeOf(
  core: ServiceCore,
  tournament: TournamentView,
  startedIds: readonly number[],
  ended: readonly GameSnapshot[],
  closed: TournamentChange['closed'],
): Promise<TournamentChange> {
  const started: GameView[] = [];
  for (const id of startedIds) {
    const view = await gameView(core, id);
    if (view.ok) started.push(view.value);
  }
  const endedViews: GameView[] = [];
  for (const snapshot of ended) endedViews.push(await core.view(snapshot));
  return { tournament, started, ended: endedViews, closed };
}

/** A player leaves; the game they were playing is forfeited. */
export async function leave(core: ServiceCore, input: EntryInput): Promise<Outcome<TournamentChange>> {
  const left = await leaveTournament(core, input);
  return left.ok ? ok(await changeOf(core, left.value.tournament, [], left.value.forfeited, null)) : left;
}

/** An admin removes a player; the game they were playing is forfeited. */
export async function remove(
  core: ServiceCore,
  input: TournamentAdminInput & { playerId: string },
): Promise<Outcome<TournamentChange>> {
  const removed = await removeFromTournament(core, input);
  return removed.ok ? ok(await changeOf(core, removed.value.tournament, [], removed.value.forfeited, null)) : removed;
}

/** Does what is due in a tournament; the games it started are to be posted, those it ended shown. */
export async function advance(core: ServiceCore, tournamentId: number): Promise<Outcome<TournamentChange>> {
  const step = await advanceTournament(core, tournamentId);
  if (!step.ok) return step;
  const t = (await core.tournaments.tournament(tournamentId))!;
  const { started, ended, closed } = step.value;
  return ok(await changeOf(core, await tournamentView(core, t), started, ended, closed));
}

/** A tournament the asker may see (held where they may look: visibility.ts), as it stands. */
export async function tournamentSeen(
  core: ServiceCore,
  input: { viewer: Viewer; tournamentId: number },
): Promise<Outcome<TournamentView>> {
  const t = await core.tournaments.tournament(input.tournamentId);
  if (!t || !(await mayView(input.viewer, t))) return notHere('tournament', input.tournamentId);
  return ok(await tournamentView(core, t));
}

/** A tournament by its id alone, for the runner of the process whose shard holds its server. */
export async function storedTournament(core: ServiceCore, tournamentId: number): Promise<Outcome<TournamentView>> {
  const t = await core.tournaments.tournament(tournamentId);
  return t ? ok(await tournamentView(core, t)) : fail('not-found', 'tournament.notFound');
}

/** How many of a server's latest tournaments /senet tournament looks through for those the asker may see. */
const LOOKED_THROUGH = 100;

/** The latest tournaments of the asker's server that they may see, newest first. */
export async function tournamentsSeen(core: ServiceCore, viewer: Viewer, limit = 10): Promise<TournamentView[]> {
  const recent = await core.tournaments.recentIn(viewer.guildId, LOOKED_THROUGH);
  const views: TournamentView[] = [];
  for (const t of (await viewable(viewer, recent)).slice(0, limit)) views.push(await tournamentView(core, t));
  return views;
}
