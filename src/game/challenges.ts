// Challenges: made, accepted (a game starts), declined, withdrawn. Against the bot a challenge
// starts the game at once.
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.js';
import type { ChallengeRecord } from '../db/records.js';
import { SIDES, type Variant, checkRules, opponentOf } from '../engine/index.js';
import { err } from '../lib/result.js';
import { notHere, optionRefusal } from './refusals.js';
import type { ServiceCore } from './core.js';
import { startGame } from './lifecycle.js';
import { acceptRefusal, challengeRefusal } from './limits.js';
import { DEFAULT_STRENGTH, type Strength, offeredStrength, strengthOf } from './strengths.js';
import {
  type ChallengeMade,
  type ChallengeView,
  type GameView,
  type KnownPlayer,
  type Outcome,
  type SeenPlayer,
  fail,
  ok,
} from './types.js';
import { type GameSnapshot, startDescription } from './views.js';
import { isHere } from './visibility.js';

export interface ChallengeInput {
  guildId: string;
  channelId: string;
  /** As the interaction shows them (their names are recorded), or by id alone when not seen (a rematch). */
  challenger: SeenPlayer | KnownPlayer;
  opponent: SeenPlayer | KnownPlayer;
  /** Default: the server's default rule set and options. */
  variant?: Variant;
  /** Only for games against the bot; default medium. */
  strength?: Strength;
  /** When made in a thread: the channel it belongs to (the server's channel list names channels). */
  parentChannelId?: string;
  /** The language of its public messages (the server's: src/chat/locale.ts), kept by the game it starts; default English. */
  locale?: Locale;
}

export interface ChallengeAnswer {
  challengeId: number;
  userId: string;
  /**
   * Where the button was clicked (its message's channel): a button for a challenge made elsewhere
   * gets the answer a missing challenge gets (refusals.ts), whoever clicks. Every click gives it;
   * the service's own callers (tests, tools) may leave it out.
   */
  where?: string;
}

export interface AcceptInput extends ChallengeAnswer {
  /**
   * Whether the game gets a thread of its own, started from the challenge message (which then
   * points to it); otherwise the challenge message becomes the board, in the channel itself.
   */
  ownThread?: boolean;
  /** The challenge's message, as clicked: a fast click can come before its id is recorded. */
  messageId?: string;
  /** When the challenge is in a thread: the channel it belongs to (the server's channel list names channels). */
  parentChannelId?: string;
}

/** A challenge made in a channel (against the bot: the game starts at once). */
export async function create(core: ServiceCore, input: ChallengeInput): Promise<Outcome<ChallengeMade>> {
  const { guildId, channelId, challenger, opponent } = input;
  if (challenger.id === opponent.id) return fail('invalid', 'refusal.challengeYourself');
  if (challenger.id === core.botUserId) return fail('invalid', 'refusal.botChallenges');
  const variant = input.variant ?? (await core.settingsOf(guildId)).defaultVariant;
  const rules = checkRules(variant.ruleset, variant.options);
  if (!rules.ok) return err({ code: 'invalid', message: optionRefusal(variant.ruleset, rules.error) });
  const { id: ruleset, options } = rules.value;
  const strength = offeredStrength(input.strength ?? DEFAULT_STRENGTH);
  if (!strength) return fail('invalid', 'refusal.unknownStrength', { strength: String(input.strength) });
  const vsBot = opponent.id === core.botUserId;
  const locale = input.locale ?? DEFAULT_LOCALE;

  const made = await core.transact<ChallengeMade | GameSnapshot>(async (core) => {
    const now = core.now();
    for (const seen of [challenger, opponent]) if (seen.name !== undefined) await core.savePlayer(guildId, seen);
    const refused = await challengeRefusal(core, {
      guildId,
      channelId: input.parentChannelId ?? channelId,
      challengerId: challenger.id,
      opponentId: opponent.id,
    });
    if (refused) return refused;
    if (vsBot) {
      const place = { guildId, channelId, messageId: null, lobbyMessageId: null, ruleset, options, locale };
      const game = await startGame(core, place, challenger.id, opponent.id, strength);
      return ok(await core.snapshot(game, startDescription));
    }
    const made = await core.games.insertChallenge({
      guildId,
      channelId,
      challengerId: challenger.id,
      opponentId: opponent.id,
      ruleset,
      options,
      createdAt: now,
      expiresAt: now + (await core.settingsOf(guildId)).challengeTtlMs,
      locale,
    });
    return ok({ kind: 'challenge', challenge: await core.challengeViewOf(made) });
  });
  if (!made.ok) return made;
  if ('kind' in made.value) return ok(made.value);
  core.live.keep(made.value.game); // as accept() keeps a game it starts
  return ok({ kind: 'game', game: await core.viewCommitted(made.value) });
}

export async function accept(core: ServiceCore, input: AcceptInput): Promise<Outcome<GameView>> {
  const started = await core.transact(async (core) => {
    const open = await openChallenge(core, input);
    if (!open.ok) return open;
    const c = open.value;
    if (input.userId !== c.opponentId) return await notYours(core, c, input.userId, 'accept');
    const messageId = input.messageId ?? c.messageId;
    const place = input.ownThread
      ? { ...c, messageId: null, lobbyMessageId: messageId }
      : { ...c, messageId, lobbyMessageId: null };
    const refused = await acceptRefusal(core, c, input.parentChannelId ?? c.channelId);
    if (refused) return refused;
    const game = await startGame(core, place, c.challengerId, c.opponentId, null);
    await core.games.resolveChallenge(c.id, 'accepted', core.now(), game.id);
    return ok(await core.snapshot(game, startDescription));
  });
  if (!started.ok) return started;
  // Kept as written, so its first click is a move from memory too (liveGames.ts).
  core.live.keep(started.value.game);
  return ok(await core.viewCommitted(started.value));
}

export interface RematchInput {
  gameId: number;
  userId: string;
  /**
   * Where the rematch is asked for: its button, in the finished game's channel or thread. A game
   * elsewhere is not the clicker's to know (refusals.ts).
   */
  channelId: string;
  /** When asked in a thread: the channel it belongs to. */
  parentChannelId?: string;
}

/** A new challenge between the same players with the same rules, from the player who asks. */
export async function rematch(core: ServiceCore, input: RematchInput): Promise<Outcome<ChallengeMade>> {
  const game = await core.games.game(input.gameId);
  if (!game || !isHere(input.channelId, game)) return notHere('game', input.gameId);
  const me = SIDES.find((side) => game.seats[side] === input.userId);
  if (!me) return fail('forbidden', 'refusal.rematchNotPlayer');
  return create(core, {
    guildId: game.guildId,
    channelId: input.channelId,
    // Both are stored already, by the names the game was made with.
    challenger: { id: input.userId },
    opponent: { id: game.seats[opponentOf(me)] },
    // Stored options were checked when the game was made; challenge() checks them again.
    variant: { ruleset: game.ruleset, options: game.options } as Variant,
    locale: game.locale,
    ...(input.parentChannelId ? { parentChannelId: input.parentChannelId } : {}),
    ...(game.botStrength ? { strength: strengthOf(game.botStrength) ?? DEFAULT_STRENGTH } : {}),
  });
}

/** The challenged player says no. */
export async function decline(core: ServiceCore, input: ChallengeAnswer): Promise<Outcome<ChallengeView>> {
  return await close(core, input, 'decline');
}

/** The challenger takes the challenge back (its Withdraw button). */
export async function withdraw(core: ServiceCore, input: ChallengeAnswer): Promise<Outcome<ChallengeView>> {
  return await close(core, input, 'withdraw');
}

type Answer = 'accept' | 'decline' | 'withdraw';

async function close(
  core: ServiceCore,
  input: ChallengeAnswer,
  answer: 'decline' | 'withdraw',
): Promise<Outcome<ChallengeView>> {
  return core.transact(async (core) => {
    const open = await openChallenge(core, input);
    if (!open.ok) return open;
    const c = open.value;
    const allowed = answer === 'decline' ? c.opponentId : c.challengerId;
    if (input.userId !== allowed) return await notYours(core, c, input.userId, answer);
    const closed = await core.games.resolveChallenge(c.id, answer === 'decline' ? 'declined' : 'cancelled', core.now());
    // Unreachable: openChallenge read it pending in this transaction, which no other may change meanwhile.
    if (!closed) throw new Error(`challenge ${c.id} changed inside its own transaction`);
    return ok(await core.challengeViewOf(closed));
  });
}

/**
 * A challenge that can still be answered, where its button was clicked. One past its expiry counts
 * as expired even before the sweep marks it.
 */
async function openChallenge(core: ServiceCore, input: ChallengeAnswer): Promise<Outcome<ChallengeRecord>> {
  const c = await core.games.challenge(input.challengeId);
  if (!c || (input.where !== undefined && !isHere(input.where, c))) return notHere('challenge', input.challengeId);
  if (c.status === 'cancelled') return fail('finished', 'error.challengeWithdrawn');
  if (c.status !== 'pending') return fail('finished', 'error.challengeAnswered', { status: c.status });
  if (c.expiresAt <= core.now()) return fail('finished', 'error.challengeExpired');
  return ok(c);
}

/** Who may press that button, and what the clicking player can do instead (a button they have). */
async function notYours(
  core: ServiceCore,
  c: ChallengeRecord,
  userId: string,
  answer: Answer,
): Promise<Outcome<never>> {
  if (answer === 'withdraw') {
    const name = (await core.playerOf(c.challengerId, c.guildId)).name;
    return fail('forbidden', userId === c.opponentId ? 'refusal.onlyWithdrawOpponent' : 'refusal.onlyWithdraw', {
      name,
    });
  }
  const name = (await core.playerOf(c.opponentId, c.guildId)).name;
  return fail('forbidden', userId === c.challengerId ? 'refusal.onlyAnswerChallenger' : 'refusal.onlyAnswer', {
    name,
    answer,
  });
}

/** A challenge as stored now (to redraw its message). */
export async function stored(core: ServiceCore, challengeId: number): Promise<Outcome<ChallengeView>> {
  const c = await core.games.challenge(challengeId);
  return c ? ok(await core.challengeViewOf(c)) : fail('not-found', 'error.noSuchChallenge');
}
