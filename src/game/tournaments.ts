// Tournaments, as the service offers them: created by a server's admins, joined and left by
// players, started early, cancelled, or a player removed by admins, each call one transaction whose
// every refusal says why, privately (src/commands answers it ephemerally); looked up; moved on by
// the bot's runner (src/bot/tournaments.ts), which posts and redraws their messages. The changes that
// start or end games carry those games' views, for the bot to post the new boards and redraw the
// ended ones. Rounds and pairings: tournamentRounds.ts and tournament/.
import { type Variant, checkRules, opponentOf } from '../engine/index.js';
import type { Locale } from '../i18n/index.js';
import { err } from '../lib/result.js';
import type { TournamentFormat, TournamentRecord } from '../db/tournamentStore.js';
import type { ServiceCore } from './core.js';
import { endGame } from './lifecycle.js';
import { TOURNAMENT_LIMITS, tournamentRefusal } from './limits.js';
import { view } from './play.js';
import { type AdminInput, notHere, optionRefusal, requireManager } from './refusals.js';
import { MINUTE_MS } from './settingSpecs.js';
import { advanceTournament } from './tournamentRounds.js';
import { type TournamentView, tournamentView } from './tournamentViews.js';
import { type GameView, type Outcome, type SeenPlayer, fail, ok } from './types.js';
import type { GameSnapshot } from './views.js';
import { type Viewer, mayView, viewable } from './visibility.js';

/** What an admin chose for a new tournament. */
export interface TournamentSpec {
  name: string;
  variant: Variant;
  format: TournamentFormat;
  /** Swiss only: how many rounds (a knockout takes as many as its field needs). */
  rounds: number;
  startInMinutes: number;
  roundMinutes: number;
  rated: boolean;
  maxPlayers: number;
}

export interface CreateTournamentInput extends AdminInput {
  /** Where its message is posted and its games' threads are opened (the server's channel list names channels). */
  channelId: string;
  /** The language of its public messages (the server's). */
  locale: Locale;
  spec: TournamentSpec;
}

/** A player's click on Join or Leave, from the server it was clicked in. */
export interface EntryInput {
  tournamentId: number;
  guildId: string;
  player: SeenPlayer;
  /**
   * The message the button was clicked on. A tournament's buttons act only on its own message (the
   * one the change redraws): any other gets the answer a missing tournament gets (refusals.ts),
   * whoever clicks. Every click gives it; the service's own callers (tests, tools) may leave it out.
   */
  messageId?: string;
}

/** A tournament as it stands after a change, and the games a departure forfeited (to show). */
export interface EntryChange {
  tournament: TournamentView;
  forfeited: GameSnapshot[];
}

export async function create(core: ServiceCore, input: CreateTournamentInput): Promise<Outcome<TournamentView>> {
  const refused = requireManager(input) ?? specRefusal(input.spec);
  if (refused) return refused;
  const { spec } = input;
  const rules = checkRules(spec.variant.ruleset, spec.variant.options);
  if (!rules.ok) return err({ code: 'invalid', message: optionRefusal(spec.variant.ruleset, rules.error) });
  return core.transact(async (core) => {
    const limited = await tournamentRefusal(core, input.guildId, input.channelId);
    if (limited) return limited;
    const now = core.now();
    const id = await core.tournaments.insert({
      guildId: input.guildId,
      channelId: input.channelId,
      name: spec.name.trim(),
      ruleset: rules.value.id,
      options: rules.value.options,
      format: spec.format,
      rounds: spec.format === 'swiss' ? spec.rounds : 1,
      startsAt: now + spec.startInMinutes * MINUTE_MS,
      roundMs: spec.roundMinutes * MINUTE_MS,
      rated: spec.rated,
      maxPlayers: spec.maxPlayers,
      createdBy: input.userId,
      createdAt: now,
      locale: input.locale,
    });
    return ok(await changedView(core, id));
  });
}

/** The spec's numbers within the limits (the command's ranges say the same; this guards other callers). */
function specRefusal(spec: TournamentSpec): Outcome<never> | null {
  const L = TOURNAMENT_LIMITS;
  const within = (value: number, range: { min: number; max: number }) =>
    Number.isInteger(value) && value >= range.min && value <= range.max;
  const name = spec.name.trim();
  if (name.length === 0 || name.length > L.nameLength)
    return fail('invalid', 'tournament.badName', { max: L.nameLength });
  if (!within(spec.maxPlayers, L.players)) return fail('invalid', 'tournament.badNumbers');
  if (spec.format === 'swiss' && !within(spec.rounds, L.swissRounds)) return fail('invalid', 'tournament.badNumbers');
  if (!within(spec.roundMinutes, L.roundMinutes) || !within(spec.startInMinutes, L.startInMinutes)) {
    return fail('invalid', 'tournament.badNumbers');
  }
  return null;
}

export async function join(core: ServiceCore, input: EntryInput): Promise<Outcome<TournamentView>> {
  return core.transact(async (core) => {
    const found = await tournamentClicked(core, input);
    if (!found.ok) return found;
    const t = found.value;
    if (t.status !== 'open') return fail('finished', t.status === 'running' ? 'tournament.started' : 'tournament.over');
    const entrants = await core.tournaments.entrants(t.id);
    if (entrants.some((e) => e.userId === input.player.id)) return fail('invalid', 'tournament.alreadyIn');
    if (entrants.length >= t.maxPlayers) {
      return fail('limit', 'tournament.full', { max: t.maxPlayers });
    }
    const now = core.now();
    await core.savePlayer(t.guildId, input.player);
    await core.tournaments.addEntrant(t.id, input.player.id, now);
    return ok(await changedView(core, t.id));
  });
}

async function leaveTournament(core: ServiceCore, input: EntryInput): Promise<Outcome<EntryChange>> {
  return core.transact(async (core) => {
    const found = await tournamentClicked(core, input);
    if (!found.ok) return found;
    return await departure(core, found.value, input.player.id, 'tournament.notIn');
  });
}

export interface TournamentAdminInput extends AdminInput {
  tournamentId: number;
  /** Who asks, where: a tournament held where they may not look is not theirs to know (visibility.ts). */
  viewer: Viewer;
}

/** Starts an open tournament now, instead of at its start time (the runner pairs round one). */
export async function start(core: ServiceCore, input: TournamentAdminInput): Promise<Outcome<TournamentView>> {
  return asManager(core, input, async (core, t) => {
    if (t.status !== 'open') return fail('finished', t.status === 'running' ? 'tournament.started' : 'tournament.over');
    const players = (await core.tournaments.entrants(t.id)).length;
    if (players < TOURNAMENT_LIMITS.players.min) {
      return fail('invalid', 'tournament.tooFew', { min: TOURNAMENT_LIMITS.players.min });
    }
    await core.tournaments.startAt(t.id, core.now());
    return ok(await changedView(core, t.id));
  });
}

/**
 * Cancels a tournament, open or running. Games already under way are played out as ordinary games
 * (their players may still want them); the tournament pairs nothing more.
 */
export async function cancel(core: ServiceCore, input: TournamentAdminInput): Promise<Outcome<TournamentView>> {
  return asManager(core, input, async (core, t) => {
    if (!(await core.tournaments.cancel(t.id, core.now()))) return fail('finished', 'tournament.over');
    return ok(await changedView(core, t.id));
  });
}

/** An admin takes a player out: as if they had left (a running game of theirs is forfeited). */
async function removeFromTournament(
  core: ServiceCore,
  input: TournamentAdminInput & { playerId: string },
): Promise<Outcome<EntryChange>> {
  return asManager(core, input, (core, t) => departure(core, t, input.playerId, 'tournament.playerNotIn'));
}

/**
 * An admin's change to a tournament of their server held where they may look: Manage Server
 * checked, then `change` in one transaction with the tournament as stored. Where it is held is
 * asked before the transaction (the answer may take a request to Discord; a tournament never moves).
 */
async function asManager<T>(
  core: ServiceCore,
  input: TournamentAdminInput,
  change: (core: ServiceCore, t: TournamentRecord) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const refused = requireManager(input);
  if (refused) return refused;
  const asked = await core.tournaments.tournament(input.tournamentId);
  if (!asked || !(await mayView(input.viewer, asked))) return notHere('tournament', input.tournamentId);
  return core.transact(async (core) => {
    const t = await core.tournaments.tournament(input.tournamentId);
    return t ? await change(core, t) : notHere('tournament', input.tournamentId);
  });
}

/** A tournament the running transaction changed: marked so, and its view as it now stands. */
async function changedView(core: ServiceCore, tournamentId: number): Promise<TournamentView> {
  return tournamentView(core, await core.tournamentChanged(tournamentId));
}

/** The tournament whose button was clicked, on its own message in its server; any other is not here. */
async function tournamentClicked(core: ServiceCore, input: EntryInput): Promise<Outcome<TournamentRecord>> {
  const t = await core.tournaments.tournament(input.tournamentId);
  const elsewhere = input.messageId !== undefined && t?.messageId !== input.messageId;
  if (!t || t.guildId !== input.guildId || elsewhere) return notHere('tournament', input.tournamentId);
  return ok(t);
}

/**
 * A player leaves (or is removed). Before the start they are simply off the list; once it runs they
 * are paired no more, and their game in the current round, if still going, is lost by resignation.
 */
async function departure(
  core: ServiceCore,
  t: TournamentRecord,
  userId: string,
  notIn: 'tournament.notIn' | 'tournament.playerNotIn',
): Promise<Outcome<EntryChange>> {
  if (t.status === 'finished' || t.status === 'cancelled') return fail('finished', 'tournament.over');
  const forfeited: GameSnapshot[] = [];
  if (t.status === 'open') {
    if (!(await core.tournaments.removeEntrant(t.id, userId))) return fail('invalid', notIn);
  } else {
    if (!(await core.tournaments.withdraw(t.id, userId, t.round))) return fail('invalid', notIn);
    for (const p of await core.tournaments.pairings(t.id)) {
      if (p.round !== t.round || p.winnerId !== null || (p.firstId !== userId && p.secondId !== userId)) continue;
      const opponentId = p.firstId === userId ? p.secondId : p.firstId;
      const game = p.gameId === null ? undefined : await core.games.game(p.gameId);
      if (game?.status === 'active') {
        const side = game.seats.W === userId ? 'W' : 'B';
        forfeited.push(await endGame(core, game, game.state, opponentOf(side), 'resigned', null));
      } else if (opponentId !== null) {
        await core.tournaments.decide(p, opponentId, 'forfeit');
      }
    }
  }
  return ok({ tournament: await changedView(core, t.id), forfeited });
}

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
    const game = await view(core, id);
    if (game.ok) started.push(game.value);
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
  // Read after the step's commit: a server's data deleted meanwhile takes its tournaments with it.
  const t = await core.tournaments.tournament(tournamentId);
  if (!t) return fail('not-found', 'tournament.notFound');
  const { started, ended, closed } = step.value;
  return ok(await changeOf(core, await tournamentView(core, t), started, ended, closed));
}

/** A tournament the asker may see (held where they may look: visibility.ts), as it stands. */
export async function seen(
  core: ServiceCore,
  input: { viewer: Viewer; tournamentId: number },
): Promise<Outcome<TournamentView>> {
  const t = await core.tournaments.tournament(input.tournamentId);
  if (!t || !(await mayView(input.viewer, t))) return notHere('tournament', input.tournamentId);
  return ok(await tournamentView(core, t));
}

/** A tournament by its id alone, for the runner of the process whose shard holds its server. */
export async function stored(core: ServiceCore, tournamentId: number): Promise<Outcome<TournamentView>> {
  const t = await core.tournaments.tournament(tournamentId);
  return t ? ok(await tournamentView(core, t)) : fail('not-found', 'tournament.notFound');
}

/** How many of a server's latest tournaments /senet tournament looks through for those the asker may see. */
const LOOKED_THROUGH = 100;

/** The latest tournaments of the asker's server that they may see, newest first. */
export async function listSeen(core: ServiceCore, viewer: Viewer, limit = 10): Promise<TournamentView[]> {
  const recent = await core.tournaments.recentIn(viewer.guildId, LOOKED_THROUGH);
  const views: TournamentView[] = [];
  for (const t of (await viewable(viewer, recent)).slice(0, limit)) views.push(await tournamentView(core, t));
  return views;
}

export async function setMessage(core: ServiceCore, tournamentId: number, messageId: string): Promise<boolean> {
  return await core.tournaments.setMessage(tournamentId, messageId);
}

export async function setEvent(core: ServiceCore, tournamentId: number, eventId: string): Promise<boolean> {
  return await core.tournaments.setEvent(tournamentId, eventId);
}

/** Records that the tournament's message shows `version`. */
export async function recordShown(core: ServiceCore, tournamentId: number, version: number): Promise<void> {
  await core.tournaments.recordShown(tournamentId, version);
}

/** This process's tournaments with work due now: a start, a round over or out of time. */
export async function due(core: ServiceCore): Promise<number[]> {
  return await core.tournaments.due(core.now());
}

/** This process's tournaments whose message is behind the database. */
export async function behind(core: ServiceCore): Promise<number[]> {
  return await core.tournaments.behind();
}

/** Tells `listener` of every tournament a committed change touched (the bot's runner moves it on). */
export function onChange(core: ServiceCore, listener: (tournamentId: number) => void): void {
  core.onTournamentChange = listener;
}
