// The limits a server puts on challenges and games: where the bot plays (its admins' channel
// list), how many live games a player may have, and the anti-spam rules for challenges. Each check
// answers null (allowed) or the private refusal; the callers (challenges.ts) run them inside their
// transaction, so two clicks at once cannot both slip under a limit.
import type { ChallengeRecord } from '../db/records.js';
import type { ServiceCore } from './core.js';
import type { ServerSettings } from './settings.js';
import { type Outcome, fail } from './types.js';

/**
 * Challenges a player may have waiting for an answer at once, in one server.
 * @internal
 */
export const MAX_OPEN_CHALLENGES = 3;

/**
 * After a decline, how long before the same challenger may challenge the same player again.
 * @internal
 */
export const DECLINE_COOLDOWN_MS = 10 * 60_000;

/**
 * The creation budget: new games against the bot and new challenges (rematches included) one
 * player may start in one server (or outside servers) per window. Each opens a thread or posts a
 * message; without it, /senet play then /senet resign in a loop opened threads by the dozen.
 */
const CREATION_BUDGET = { max: 10, windowMs: 10 * 60_000 } as const;

type Refusal = Outcome<never> | null;

/** Who challenges whom, where. */
export interface ChallengePlace {
  guildId: string;
  /** The channel the server's list is checked against: a thread's parent, not the thread. */
  channelId: string;
  challengerId: string;
  opponentId: string;
}

/** Refuses a challenge (or a game against the bot) the server's settings or the anti-spam rules forbid. */
export async function challengeRefusal(core: ServiceCore, c: ChallengePlace): Promise<Refusal> {
  const settings = await core.settingsOf(c.guildId);
  return (
    channelRefusal(settings, c.channelId) ??
    (await gamesCapRefusal(core, settings, c.guildId, c.challengerId, 'challenge')) ??
    (await budgetRefusal(core, c.guildId, c.challengerId)) ??
    (c.opponentId === core.botUserId ? null : await spamRefusal(core, c))
  );
}

/** Over the creation budget: says when the oldest creation in the window leaves it. */
async function budgetRefusal(core: ServiceCore, guildId: string, userId: string): Promise<Refusal> {
  const { max, windowMs } = CREATION_BUDGET;
  const made = await core.server.creationsSince(guildId, userId, core.now() - windowMs, max);
  // The max-th newest creation in the window: none, and the budget is not spent.
  const oldest = made[max - 1];
  if (oldest === undefined) return null;
  const until = oldest + windowMs;
  const minutes = Math.round(windowMs / 60_000);
  return fail('limit', 'limit.creationBudget', { max, minutes, when: `<t:${Math.ceil(until / 1000)}:R>` });
}

/**
 * Refuses starting an accepted challenge's game: its channel (`listedChannelId`: a thread's parent)
 * may have been taken off the list, or a player be at the cap.
 */
export async function acceptRefusal(core: ServiceCore, c: ChallengeRecord, listedChannelId: string): Promise<Refusal> {
  const settings = await core.settingsOf(c.guildId);
  return (
    channelRefusal(settings, listedChannelId) ??
    (await gamesCapRefusal(core, settings, c.guildId, c.opponentId, 'accept')) ??
    (await gamesCapRefusal(core, settings, c.guildId, c.challengerId, 'accept'))
  );
}

/** Outside the server's channel list (empty: everywhere), naming where the bot does play. */
function channelRefusal(settings: ServerSettings, channelId: string): Refusal {
  if (settings.channels.length === 0 || settings.channels.includes(channelId)) return null;
  const where = settings.channels.map((id) => `<#${id}>`).join(', ');
  return fail('limit', 'limit.notThisChannel', { where });
}

async function gamesCapRefusal(
  core: ServiceCore,
  settings: ServerSettings,
  guildId: string,
  userId: string,
  when: 'challenge' | 'accept',
): Promise<Refusal> {
  // The computer player takes on every game anyone asks it for.
  if (userId === core.botUserId) return null;
  const max = settings.maxGamesPerPlayer;
  if ((await core.server.activeGamesOf(guildId, userId)) < max) return null;
  if (when === 'challenge') return fail('limit', 'limit.youAtCap', { max });
  return fail('limit', 'limit.playerAtCap', { name: (await core.playerOf(userId, guildId)).name, max });
}

async function spamRefusal(core: ServiceCore, c: ChallengePlace): Promise<Refusal> {
  const opponent = (await core.playerOf(c.opponentId, c.guildId)).name;
  if (await core.server.openChallengeBetween(c.guildId, c.challengerId, c.opponentId)) {
    return fail('limit', 'limit.openChallengeBetween', { name: opponent });
  }
  if ((await core.server.openChallengesBy(c.guildId, c.challengerId, core.now())) >= MAX_OPEN_CHALLENGES) {
    return fail('limit', 'limit.tooManyOpen', { max: MAX_OPEN_CHALLENGES });
  }
  const declined = await core.server.lastDecline(c.guildId, c.challengerId, c.opponentId);
  const until = declined === undefined ? 0 : declined + DECLINE_COOLDOWN_MS;
  if (until > core.now()) {
    return fail('limit', 'limit.declinedCooldown', { name: opponent, when: `<t:${Math.ceil(until / 1000)}:R>` });
  }
  return null;
}

// ---- tournaments ------------------------------------------------------------------------------

/**
 * Tournaments open for sign-up or running at once in one server.
 * @internal
 */
export const MAX_LIVE_TOURNAMENTS = 3;

/** What a tournament's creator may choose (the command's option ranges say the same). */
export const TOURNAMENT_LIMITS = {
  /** Players: a game needs two; 64 keeps the table and one round's threads within reason. */
  players: { min: 2, max: 64 },
  swissRounds: { min: 1, max: 12 },
  /** A round's time limit, in minutes: five minutes to a week. */
  roundMinutes: { min: 5, max: 7 * 24 * 60 },
  /** How long before it starts, in minutes: now to four weeks. */
  startInMinutes: { min: 0, max: 28 * 24 * 60 },
  nameLength: 60,
} as const;

/** Refuses a new tournament where the bot does not play, or when the server has enough running. */
export async function tournamentRefusal(core: ServiceCore, guildId: string, channelId: string): Promise<Refusal> {
  const refused = channelRefusal(await core.settingsOf(guildId), channelId);
  if (refused) return refused;
  if ((await core.tournaments.liveIn(guildId)) >= MAX_LIVE_TOURNAMENTS) {
    return fail('limit', 'tournament.tooMany', { max: MAX_LIVE_TOURNAMENTS });
  }
  return null;
}
