// Turning stored records into the views the chat shows.
import type { ChallengeRecord, GameRecord } from '../db/records.js';
import { type Action, type Side, SIDES, legalActions, opponentOf } from '../engine/index.js';
import { drawnNames } from '../i18n/gameWords.js';
import { type Translate, type UserText, translator } from '../i18n/index.js';
import { choicesFor, markedMoves } from './choices.js';
import type { BoardRenderer, ChallengeView, DiceShown, GamePlacement, GameResult, GameView, Player } from './types.js';

/** A game as one transaction left it, with what to tell the chat; rendered after the commit. */
export interface GameSnapshot {
  game: GameRecord;
  players: Record<Side, Player>;
  description: string;
  result?: GameResult;
  /** The legal actions, when the transaction already has them (else computed once when rendering). */
  legal?: Action[];
}

/** The players' names for sentences (UserText: a message shows them as written; drawnNames for a picture). */
export const namesOf = (players: Record<Side, Player>): Record<Side, UserText> => ({
  W: players.W.name,
  B: players.B.name,
});

export function sideOf(game: GameRecord, userId: string): Side | null {
  return SIDES.find((side) => game.seats[side] === userId) ?? null;
}

/** The result of a finished game as stored (ratings are added by the transaction that ended it). */
export function storedResult(game: GameRecord, players: Record<Side, Player>): GameResult | undefined {
  if (game.status !== 'finished' || !game.winnerSide || !game.endReason) return undefined;
  return {
    winner: players[game.winnerSide],
    loser: players[opponentOf(game.winnerSide)],
    score: game.score,
    reason: game.endReason,
  };
}

/** "Ana (light) against Ben (dark): Ana begins.", in the game's language. */
export function startDescription(game: GameRecord, players: Record<Side, Player>): string {
  const first = game.toActId === players.W.id ? players.W : players.B;
  return translator(game.locale)('board.start', { light: players.W.name, dark: players.B.name, first: first.name });
}

/** A line for a game looked up without a fresh action, in the game's language. */
export function statusDescription(game: GameRecord, players: Record<Side, Player>): string {
  const result = storedResult(game, players);
  if (result) return endDescription(translator(game.locale), result);
  const t = translator(game.locale);
  const name = (game.toActId === players.W.id ? players.W : players.B).name;
  return game.state.phase === 'move' ? t('board.statusMove', { name }) : t('board.statusPlay', { name });
}

/** How a game ended, in `t`'s words: "Ana resigned: Ben wins." */
export function endDescription(t: Translate, result: GameResult): string {
  const names = { winner: result.winner.name, loser: result.loser.name };
  switch (result.reason) {
    case 'resigned':
      return t('board.endResigned', names);
    case 'timeout':
      return t('board.endTimeout', names);
    case 'won':
      return t('board.endWon', names);
  }
}

export async function renderView(snapshot: GameSnapshot, botUserId: string, render: BoardRenderer): Promise<GameView> {
  const { game, players, description, result } = snapshot;
  const active = game.status === 'active';
  const toAct = active ? (SIDES.map((s) => players[s]).find((p) => p.id === game.toActId) ?? null) : null;
  const botToAct = toAct !== null && toAct.id === botUserId;
  const legal = active ? (snapshot.legal ?? legalActions(game.state)) : [];
  const choices = choicesFor(translator(game.locale), game.state, legal);
  const board = await render(game.state, {
    names: drawnNames(namesOf(players)),
    moves: markedMoves(choices),
    locale: game.locale,
  });
  return {
    gameId: game.id,
    version: game.version,
    status: game.status,
    guildId: game.guildId,
    locale: game.locale,
    ruleset: game.ruleset,
    options: game.options,
    players,
    state: game.state,
    toAct,
    botToAct,
    description,
    choices: botToAct ? [] : choices,
    board,
    ...(result ? { result } : {}),
    turnDeadline: game.turnDeadline,
    ...placementOf(game),
    dice: diceShown(game),
  };
}

/** The commitment to a game's dice, and once the game is over (never before) the secret. */
function diceShown(game: Pick<GameRecord, 'diceSecret' | 'status'>): DiceShown | null {
  const secret = game.diceSecret;
  if (!secret) return null;
  return { commitment: secret.commitment(), secret: game.status === 'finished' ? secret.hex() : null };
}

/** Where a stored game is shown: its board in its thread (or the channel), its lobby message in the channel. */
export function placementOf(
  game: Pick<GameRecord, 'channelId' | 'threadId' | 'messageId' | 'lobbyMessageId'>,
): GamePlacement {
  return {
    channelId: game.threadId ?? game.channelId,
    messageId: game.messageId,
    homeChannelId: game.channelId,
    threadId: game.threadId,
    lobbyMessageId: game.lobbyMessageId,
  };
}

export function challengeView(c: ChallengeRecord, challenger: Player, opponent: Player): ChallengeView {
  return {
    challengeId: c.id,
    guildId: c.guildId,
    channelId: c.channelId,
    messageId: c.messageId,
    challenger,
    opponent,
    ruleset: c.ruleset,
    options: c.options,
    status: c.status,
    expiresAt: c.expiresAt,
    gameId: c.gameId,
    locale: c.locale,
  };
}
