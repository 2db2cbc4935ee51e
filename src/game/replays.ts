// Replays and reviews of stored games: which games a player can pick (for a replay, or to resign),
// and the job that draws one.
// Read-only: nothing here writes, so it needs no transaction.
import type { GameRecord } from '../db/records.js';
import type { Side } from '../engine/index.js';
import { variantTitle } from '../i18n/gameWords.js';
import { DEFAULT_LOCALE, type Locale, type Translate, plainTranslator, translator } from '../i18n/index.js';
import type { ServiceCore } from './core.js';
import { replayable } from './dice.js';
import type { ReplayJob, ReplayOutput } from './replayJob.js';
import { type GameChoiceEntry, type Outcome, type Player, fail, ok } from './types.js';
import { endDescription, namesOf, sideOf, storedResult } from './views.js';
import { notHere } from './refusals.js';
import { type Viewer, mayShowHere, mayView, showableHere, viewable } from './visibility.js';

/** Discord offers at most 25 choices in an autocomplete list. */
const MAX_CHOICES = 25;

/**
 * Replays drawn at once, in all: each takes a second or more of a core, and a button anyone in the
 * server may press must not let one player queue minutes of work. Each player has one at a time.
 */
const MAX_REPLAYS_DRAWING = 3;

export interface ReplayInput {
  /** Who asks, where: only a game they may see (and show here) is replayed (src/game/visibility.ts). */
  viewer: Viewer;
  /** The game to replay; without it, the player's last finished game here that they may show. */
  gameId?: number | null;
}

/** Who is typing in an autocomplete, and the language their list is in (default English). */
export interface ChoicesInput {
  userId: string;
  typed?: string;
  locale?: Locale;
}

export interface ReplayView extends ReplayOutput {
  gameId: number;
  players: Record<Side, Player>;
  /** "Senet · Kendall": the game's rules. */
  title: string;
  /** "Ana wins!", "Ana resigned: Ben wins.", "The game is still in progress.". */
  result: string;
  finished: boolean;
  /** The language of the words above and of the pictures (the game's). */
  locale: Locale;
}

/** The player's games here that they may still see, newest first, whose label or id contains `typed`. */
export async function recentGames(
  core: ServiceCore,
  input: ChoicesInput & { viewer: Viewer },
): Promise<GameChoiceEntry[]> {
  const { viewer } = input;
  const recent = await core.games.recentGames(
    viewer.guildId,
    input.userId,
    input.typed?.trim() ? 4 * MAX_CHOICES : MAX_CHOICES,
  );
  return await choicesOf(core, await viewable(viewer, recent), input);
}

/** An autocomplete list in the typing user's language: the games whose label contains what was typed, at most Discord's 25. */
export async function choicesOf(
  core: ServiceCore,
  games: GameRecord[],
  input: ChoicesInput,
): Promise<GameChoiceEntry[]> {
  // Discord shows a choice as plain text, not markdown.
  const t = plainTranslator(input.locale ?? DEFAULT_LOCALE);
  const wanted = (input.typed ?? '').trim().toLocaleLowerCase();
  const entries: GameChoiceEntry[] = [];
  for (const game of games) entries.push({ gameId: game.id, label: await choiceLabel(core, t, game, input.userId) });
  return entries.filter((entry) => !wanted || entry.label.toLocaleLowerCase().includes(wanted)).slice(0, MAX_CHOICES);
}

/** "#12 · Kendall · vs Ben · won": Discord shows at most 100 characters. */
async function choiceLabel(core: ServiceCore, t: Translate, game: GameRecord, userId: string): Promise<string> {
  const side = sideOf(game, userId);
  const opponent = await core.playerOf(side === 'W' ? game.seats.B : game.seats.W, game.guildId);
  const state =
    game.status === 'active'
      ? game.toActId === userId
        ? t('replay.yourTurn')
        : t('replay.inProgress')
      : game.winnerSide === null
        ? t('replay.closed')
        : game.winnerSide === side
          ? t('replay.won')
          : t('replay.lost');
  const title = variantTitle(t, game.ruleset, game.options);
  return t('replay.choice', { id: game.id, title, opponent: opponent.name, state }).slice(0, 100);
}

/** The replay (and review) of a game of this guild, drawn by the core's replay renderer. */
export async function draw(core: ServiceCore, input: ReplayInput): Promise<Outcome<ReplayView>> {
  const found = await gameToReplay(core, input);
  if (!found.ok) return found;
  const game = found.value;
  const actions = await core.games.actions(game.id);
  if (!actions.some((a) => a.type === 'move')) return fail('invalid', 'error.replayNoMoves');
  const players = await core.playersOf(game);
  const stored = storedResult(game, players);
  const t = translator(game.locale);
  // The same sentence for the message (names escaped) and for the pictures and alt texts (as written).
  const resultIn = (t: Translate): string =>
    stored
      ? endDescription(t, stored)
      : game.status === 'finished'
        ? t('replay.closedWithoutResult')
        : t('replay.stillInProgress');
  const plain = plainTranslator(game.locale);
  const job: ReplayJob = {
    gameId: game.id,
    record: replayable(game, actions),
    names: namesOf(players),
    // A finished game's last frame says how it ended; a win is already on the board.
    ending: stored && stored.reason !== 'won' ? endDescription(plain, stored) : '',
    result: resultIn(plain),
    locale: game.locale,
  };
  const drawing = core.replaysDrawing;
  const { userId } = input.viewer;
  if (drawing.has(userId)) return fail('busy', 'error.replayDrawing');
  if (drawing.size >= MAX_REPLAYS_DRAWING) return fail('busy', 'error.replaysBusy');
  drawing.add(userId);
  let output: ReplayOutput;
  try {
    output = await core.renderReplay(job);
  } finally {
    drawing.delete(userId);
  }
  return ok({
    ...output,
    gameId: game.id,
    players,
    title: t('replay.title', { title: variantTitle(t, game.ruleset, game.options) }),
    result: resultIn(t),
    finished: game.status === 'finished',
    locale: game.locale,
  });
}

async function gameToReplay(core: ServiceCore, input: ReplayInput): Promise<Outcome<GameRecord>> {
  const { viewer } = input;
  if (input.gameId === undefined || input.gameId === null) {
    const finished = (await core.games.recentGames(viewer.guildId, viewer.userId, MAX_CHOICES)).filter(
      (g) => g.status === 'finished',
    );
    const [last] = await showableHere(viewer, finished);
    return last ? ok(last) : fail('not-found', 'error.replayNoGames');
  }
  const game = await core.games.game(input.gameId);
  // A game the asker may not see gets the same answer as no game at all (refusals.ts).
  if (!game || !(await mayView(viewer, game))) return notHere('game', input.gameId);
  // Their own game from a private chat: not for this chat's other members.
  if (!(await mayShowHere(viewer, game))) return fail('forbidden', 'error.replayWherePlayed', { gameId: input.gameId });
  return ok(game);
}
