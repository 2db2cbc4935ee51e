// What the bot posts: message payloads built from the service's plain views. Pure (no I/O), so
// the same payload serves a reply, an in-place update and an edit by the deadline sweeper.
import { clip } from '../lib/format.js';
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { type Side, variantTitle } from '../engine/index.js';
import type { ChallengeView, Choice, GameResult, GameView, RenderedBoard } from '../game/types.js';
import { encodeButtonId } from './customIds.js';

/** Discord's limits: 5 buttons a row, 5 rows a message, 1024 characters of alt text. */
export const BUTTONS_PER_ROW = 5;
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

/** What a user typed, quoted back short (an unknown rule name, an option value). */
export function echo(userText: string): string {
  return `"${clip(userText, MAX_ECHO)}"`;
}

const SIDE_WORD: Record<Side, string> = { W: 'light', B: 'dark' };

// ---- Games ------------------------------------------------------------------------------------

/**
 * A line a game's first board carries: why it is played in the channel rather than a thread, or,
 * in its new thread, the two players mentioned (which adds them to the thread and tells them).
 */
export interface BoardNote {
  line: string;
  mentions: string[];
}

export function gameMessage(view: GameView, note?: BoardNote): MessagePayload {
  const { W, B } = view.players;
  const lines = [
    `**Senet · ${variantTitle(view.ruleset, view.options)}** · ${W.name} (${SIDE_WORD.W}) vs ${B.name} (${SIDE_WORD.B})`,
  ];
  if (note) lines.push(note.line);
  if (view.description) lines.push(view.description);
  lines.push(view.result ? resultLine(view.result) : promptLine(view));
  if (view.result?.ratings?.length) lines.push(ratingLine(view));
  return {
    content: lines.join('\n'),
    files: [boardFile(view.board)],
    components: view.result ? [finishedRow(view.gameId)] : choiceRows(view),
    attachments: [],
    allowedMentions: { users: note?.mentions ?? [] },
  };
}

/** Discord's limit on a thread's name. */
const MAX_THREAD_NAME = 100;

/** "Senet · Ana vs Ben": what a game's thread is called. */
export function threadName(view: Pick<GameView, 'players'>): string {
  return clip(`Senet · ${view.players.W.name} vs ${view.players.B.name}`, MAX_THREAD_NAME);
}

/**
 * The channel message a game's thread starts from (the challenge it was): who plays, where, and
 * once it is over who won. No buttons: the game is played in the thread.
 */
export function lobbyMessage(view: GameView): MessagePayload {
  const { W, B } = view.players;
  const heading = `**Senet · ${variantTitle(view.ruleset, view.options)}** · ${W.name} vs ${B.name}`;
  // Before its thread exists, the thread is about to open right under this message.
  const where = view.threadId ? `<#${view.threadId}>` : view.messageId ? messageLink(view) : 'its thread, below';
  const status =
    view.status === 'active'
      ? `The game is on in ${where}.`
      : view.result
        ? `${resultLine(view.result)} The game: ${where}.`
        : `The game was closed without a result. ${where}`;
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

function promptLine(view: GameView): string {
  const who = view.toAct ? `**${view.toAct.name}**` : 'Nobody';
  const deadline =
    view.turnDeadline && !view.botToAct ? ` (turn ends <t:${Math.ceil(view.turnDeadline / 1000)}:R>)` : '';
  if (view.botToAct) return `${who} is thinking…`;
  if (view.state.phase === 'move' && view.state.throw)
    return `${who}: choose a move for your ${view.state.throw.value}.${deadline}`;
  return `${who} to throw.${deadline}`;
}

export function resultLine(result: GameResult): string {
  const points = result.score === null ? '' : ` (${result.score} point${result.score === 1 ? '' : 's'})`;
  switch (result.reason) {
    case 'won':
      return `🏆 Winner: **${result.winner.name}**${points}.`;
    case 'resigned':
      return `🏳️ ${result.loser.name} resigned: **${result.winner.name}** wins.`;
    case 'timeout':
      return `⌛ ${result.loser.name} ran out of time: **${result.winner.name}** wins by forfeit.`;
  }
}

function ratingLine(view: GameView): string {
  const names = new Map([view.players.W, view.players.B].map((p) => [p.id, p.name]));
  const changes = (view.result?.ratings ?? []).map((r) => {
    const delta = r.after - r.before;
    return `${names.get(r.userId) ?? r.userId} ${r.before} → ${r.after} (${delta >= 0 ? '+' : '−'}${Math.abs(delta)})`;
  });
  return `Ratings: ${changes.join(', ')}`;
}

/** One button per choice in the service's order; moves are numbered like the board's markers. */
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

function finishedRow(gameId: number): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeButtonId({ kind: 'rematch', gameId }))
      .setLabel('Rematch')
      .setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(encodeButtonId({ kind: 'replay', gameId }))
      .setLabel('Replay')
      .setStyle(ButtonStyle.Secondary),
  );
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

export function challengeMessage(view: ChallengeView): MessagePayload {
  const game = `Senet · ${variantTitle(view.ruleset, view.options)}`;
  const open = view.status === 'pending';
  const text: Record<ChallengeView['status'], string> = {
    pending: `<@${view.opponent.id}>, **${view.challenger.name}** challenges you to **${game}**. Accept or decline (${view.challenger.name} can withdraw it); it expires <t:${Math.ceil(view.expiresAt / 1000)}:R>.`,
    accepted: `**${view.opponent.name}** accepted **${view.challenger.name}**'s challenge to ${game}.`,
    declined: `**${view.opponent.name}** declined **${view.challenger.name}**'s challenge to ${game}.`,
    cancelled: `**${view.challenger.name}** withdrew the challenge to ${game}.`,
    expired: `**${view.challenger.name}**'s challenge to **${view.opponent.name}** (${game}) expired without an answer.`,
  };
  const buttons = open
    ? [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(encodeButtonId({ kind: 'accept', challengeId: view.challengeId }))
            .setLabel('Accept')
            .setStyle(ButtonStyle.Success),
          new ButtonBuilder()
            .setCustomId(encodeButtonId({ kind: 'decline', challengeId: view.challengeId }))
            .setLabel('Decline')
            .setStyle(ButtonStyle.Danger),
          new ButtonBuilder()
            .setCustomId(encodeButtonId({ kind: 'withdraw', challengeId: view.challengeId }))
            .setLabel('Withdraw')
            .setStyle(ButtonStyle.Secondary),
        ),
      ]
    : [];
  return {
    content: text[view.status],
    files: [],
    components: buttons,
    attachments: [],
    allowedMentions: { users: open ? [view.opponent.id] : [] },
  };
}
