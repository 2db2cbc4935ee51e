// What the bot posts: message payloads built from the service's plain views. Pure (no I/O), so
// the same payload serves a reply, an in-place update and an edit by the deadline sweeper.
import { clip } from '../lib/format.js';
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { variantTitle } from '../i18n/gameWords.js';
import { type Text, type Translate, type UserText, text, translatePlain, translator, userText } from '../i18n/index.js';
import { shortCommitment } from '../engine/keyedDice.js';
import type { ChallengeView, Choice, DiceShown, GameResult, GameView, RenderedBoard } from '../game/types.js';
import { encodeButtonId } from './customIds.js';

/**
 * Discord's limits: 5 buttons a row, 5 rows a message, 1024 characters of alt text.
 * @internal
 */
export const BUTTONS_PER_ROW = 5;
/** @internal */
export const MAX_ROWS = 5;
const MAX_ALT = 1024;

export interface MessagePayload {
  content: string;
  files: AttachmentBuilder[];
  components: ActionRowBuilder<ButtonBuilder>[];
  /** Replaces every earlier attachment, so an edited board image is not stacked on the old one. */
  attachments: [];
  allowedMentions: { users: string[] };
}

/** Discord refuses a message whose content is longer than this. */
export const MAX_CONTENT = 2000;
/** How much of what a user typed an answer repeats back. */
const MAX_ECHO = 60;

/** What a user typed, quoted back short (an unknown rule name, an option value), shown as typed. */
export function echo(typed: string): UserText {
  return userText(`"${clip(typed, MAX_ECHO)}"`);
}

// ---- Games ------------------------------------------------------------------------------------

/**
 * A line a game's first board carries: why it is played in the channel rather than a thread, or,
 * in its new thread, the two players mentioned (which adds them to the thread and tells them).
 */
export interface BoardNote {
  /** Said in the game's language when the board is shown. */
  line: Text;
  mentions: string[];
}

/** What the bot's messages offer besides a game's or a challenge's own buttons. */
export interface Offered {
  /** The live board is set up (ACTIVITY_PORT): boards and open challenges carry its button. */
  liveBoard: boolean;
}

export function gameMessage(view: GameView, note: BoardNote | undefined, offered: Offered): MessagePayload {
  const t = translator(view.locale);
  const { W, B } = view.players;
  const lines = [t('game.heading', { title: titleOf(view), white: W.name, black: B.name })];
  if (note) lines.push(t(note.line.key, note.line.params));
  if (view.description) lines.push(view.description);
  lines.push(view.result ? resultLine(t, view.result) : promptLine(t, view));
  if (view.result?.ratings?.length) lines.push(ratingLine(t, view));
  if (view.dice) lines.push(diceLine(t, view.gameId, view.dice));
  return {
    content: lines.join('\n'),
    files: [boardFile(view.board)],
    components: withLiveBoard(t, view.result ? [finishedRow(t, view.gameId)] : choiceRows(view), offered),
    attachments: [],
    allowedMentions: { users: note?.mentions ?? [] },
  };
}

/** Discord's limit on a thread's name. */
const MAX_THREAD_NAME = 100;

/** "Senet · Ana vs Ben": what a game's thread is called. */
export function threadName(view: Pick<GameView, 'players' | 'locale'>): string {
  // A channel's name is plain text, not markdown: the names as they are.
  const name = translatePlain(view.locale, 'thread.name', { white: view.players.W.name, black: view.players.B.name });
  return clip(name, MAX_THREAD_NAME);
}

/**
 * The channel message a game's thread starts from (the challenge it was): who plays, where, and
 * once it is over who won. No buttons: the game is played in the thread.
 */
export function lobbyMessage(view: GameView): MessagePayload {
  const t = translator(view.locale);
  const { W, B } = view.players;
  const heading = t('lobby.heading', { title: titleOf(view), white: W.name, black: B.name });
  // Before its thread exists, the thread is about to open right under this message.
  const where = view.threadId ? `<#${view.threadId}>` : view.messageId ? messageLink(view) : t('lobby.threadBelow');
  const status =
    view.status === 'active'
      ? t('lobby.on', { where })
      : view.result
        ? t('lobby.over', { result: resultLine(t, view.result), where })
        : t('lobby.closed', { where });
  return {
    content: `${heading}\n${status}`,
    files: [],
    components: [],
    attachments: [],
    allowedMentions: { users: [] },
  };
}

/** A link that opens a message in Discord. */
export function messageLink(view: Pick<GameView, 'guildId' | 'channelId' | 'messageId'>): string {
  return `https://discord.com/channels/${view.guildId}/${view.channelId}/${view.messageId}`;
}

/** Whose turn it is and what to do, with the turn's deadline as a Discord timestamp (each reader's own time). */
function promptLine(t: Translate, view: GameView): string {
  if (!view.toAct) return t('game.closed');
  const name = view.toAct.name;
  if (view.botToAct) return t('game.thinking', { name });
  const deadline = view.turnDeadline ? `<t:${Math.ceil(view.turnDeadline / 1000)}:R>` : null;
  if (view.state.phase === 'move' && view.state.throw) {
    const value = view.state.throw.value;
    return deadline ? t('game.chooseMoveBy', { name, value, deadline }) : t('game.chooseMove', { name, value });
  }
  return deadline ? t('game.toThrowBy', { name, deadline }) : t('game.toThrow', { name });
}

/** How a game ended, in one line (said in the language of whoever reads it). */
export function resultText(result: GameResult): Text {
  const winner = result.winner.name;
  const loser = result.loser.name;
  switch (result.reason) {
    case 'won':
      return result.score === null
        ? text('result.won', { winner })
        : text('result.wonScoring', { winner, score: result.score });
    case 'resigned':
      return text('result.resigned', { winner, loser });
    case 'timeout':
      return text('result.timeout', { winner, loser });
  }
}

function resultLine(t: Translate, result: GameResult): string {
  const { key, params } = resultText(result);
  return t(key, params);
}

/** The commitment to the game's dice from its first board on; the secret, once the game is over. */
function diceLine(t: Translate, gameId: number, dice: DiceShown): string {
  const commitment = shortCommitment(dice.commitment);
  return dice.secret === null
    ? t('game.diceSealed', { commitment, gameId })
    : t('game.diceRevealed', { secret: dice.secret, commitment, gameId });
}

function ratingLine(t: Translate, view: GameView): string {
  const names = new Map([view.players.W, view.players.B].map((p) => [p.id, p.name]));
  const changes = (view.result?.ratings ?? []).map((r) => {
    const delta = r.after - r.before;
    const signed = `${delta >= 0 ? '+' : '−'}${Math.abs(delta)}`;
    return t('game.ratingChange', {
      name: names.get(r.userId) ?? r.userId,
      before: r.before,
      after: r.after,
      delta: signed,
    });
  });
  return t('game.ratings', { changes: changes.join(', ') });
}

/**
 * One button per choice in the service's order; moves are numbered like the board's markers.
 * @internal
 */
export function choiceRows(view: Pick<GameView, 'gameId' | 'version' | 'choices'>): ActionRowBuilder<ButtonBuilder>[] {
  const buttons = view.choices.map((choice) =>
    new ButtonBuilder()
      .setCustomId(encodeButtonId({ kind: 'act', gameId: view.gameId, version: view.version, action: choice.action }))
      .setLabel(choice.label)
      .setStyle(choiceStyle(choice)),
  );
  if (buttons.length > BUTTONS_PER_ROW * MAX_ROWS) {
    // Cannot happen (a pawn moves one way per throw: at most 7 moves + take + throw); fail loudly if it ever does.
    throw new Error(`${buttons.length} choices exceed Discord's ${BUTTONS_PER_ROW * MAX_ROWS} buttons`);
  }
  return rowsOf(buttons);
}

function choiceStyle(choice: Choice): ButtonStyle {
  if (choice.action.type === 'throw') return ButtonStyle.Primary;
  if (choice.action.type === 'take') return ButtonStyle.Success;
  return ButtonStyle.Secondary;
}

function finishedRow(t: Translate, gameId: number): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeButtonId({ kind: 'rematch', gameId }))
      .setLabel(t('button.rematch'))
      .setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeButtonId({ kind: 'replay', gameId }))
      .setLabel(t('button.replay'))
      .setStyle(ButtonStyle.Secondary),
  );
}

/**
 * The Open the live board button, in a row of its own under a message's other buttons, so a board's
 * moves keep their rows and numbering. Moves fill at most 2 rows (9 buttons), so a message then holds
 * at most 3 of Discord's 5; were the rows ever full, the moves would stay and this button would not.
 * @internal
 */
export function withLiveBoard(
  t: Translate,
  rows: ActionRowBuilder<ButtonBuilder>[],
  offered: Offered,
): ActionRowBuilder<ButtonBuilder>[] {
  if (!offered.liveBoard || rows.length >= MAX_ROWS) return rows;
  const open = new ButtonBuilder()
    .setCustomId(encodeButtonId({ kind: 'liveBoard' }))
    .setLabel(t('button.liveBoard'))
    .setStyle(ButtonStyle.Secondary);
  return [...rows, new ActionRowBuilder<ButtonBuilder>().addComponents(open)];
}

function rowsOf(buttons: ButtonBuilder[]): ActionRowBuilder<ButtonBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += BUTTONS_PER_ROW) {
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + BUTTONS_PER_ROW)));
  }
  return rows;
}

export function boardFile(board: RenderedBoard): AttachmentBuilder {
  return new AttachmentBuilder(board.image, { name: board.fileName, description: board.alt.slice(0, MAX_ALT) });
}

// ---- Challenges -------------------------------------------------------------------------------

export function challengeMessage(view: ChallengeView, offered: Offered): MessagePayload {
  const t = translator(view.locale);
  const open = view.status === 'pending';
  const words = {
    title: titleOf(view),
    challenger: view.challenger.name,
    opponent: view.opponent.name,
    opponentId: view.opponent.id,
    expires: `<t:${Math.ceil(view.expiresAt / 1000)}:R>`,
  };
  const buttons = open
    ? [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(encodeButtonId({ kind: 'accept', challengeId: view.challengeId }))
            .setLabel(t('button.accept'))
            .setStyle(ButtonStyle.Success),
          new ButtonBuilder()
            .setCustomId(encodeButtonId({ kind: 'decline', challengeId: view.challengeId }))
            .setLabel(t('button.decline'))
            .setStyle(ButtonStyle.Danger),
          new ButtonBuilder()
            .setCustomId(encodeButtonId({ kind: 'withdraw', challengeId: view.challengeId }))
            .setLabel(t('button.withdraw'))
            .setStyle(ButtonStyle.Secondary),
        ),
      ]
    : [];
  return {
    content: t(`challenge.${view.status}`, words),
    files: [],
    components: open ? withLiveBoard(t, buttons, offered) : [],
    attachments: [],
    allowedMentions: { users: open ? [view.opponent.id] : [] },
  };
}

/** The rules' title as the channel reads it. */
function titleOf(view: Pick<GameView, 'ruleset' | 'options' | 'locale'>): string {
  return variantTitle(translator(view.locale), view.ruleset, view.options);
}
