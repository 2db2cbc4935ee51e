// What a tournament looks like in the chat: its message (settings, players or table, the current
// round's boards, Join / Leave), the post at its end with the podium, and the answer to
// /senet tournament. Pure; in the tournament's language; always within Discord's 2,000 characters
// (the table and the boards are cut, saying how many more /senet tournament shows).
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { BoardView, TournamentView } from '../game/tournamentViews.js';
import { variantTitle } from '../i18n/gameWords.js';
import { type Translate, translator, userText } from '../i18n/index.js';
import { durationWords } from '../i18n/durations.js';
import { clip } from '../lib/format.js';
import { encodeButtonId } from '../chat/customIds.js';
import { MAX_CONTENT, type MessagePayload } from '../chat/messages.js';

/** The widest a name is shown in the table's fixed-width columns. */
const NAME_WIDTH = 16;
const MEDALS = ['🥇', '🥈', '🥉'] as const;

/** The tournament's own message: updated as players join and games end. */
export function tournamentMessage(view: TournamentView): MessagePayload {
  const t = translator(view.locale);
  const buttons: ButtonBuilder[] = [];
  if (view.status === 'open') {
    buttons.push(
      button(t('tournament.join'), encodeButtonId({ kind: 'join', tournamentId: view.id }), ButtonStyle.Success),
    );
  }
  if (view.status === 'open' || view.status === 'running') {
    buttons.push(
      button(t('tournament.leave'), encodeButtonId({ kind: 'leave', tournamentId: view.id }), ButtonStyle.Secondary),
    );
  }
  return {
    content: fitted(t, view, [heading(t, view), statusLine(t, view)], currentRound(view)),
    files: [],
    components: buttons.length ? [new ActionRowBuilder<ButtonBuilder>().addComponents(...buttons)] : [],
    attachments: [],
    allowedMentions: { users: [] },
  };
}

/** The post at the end: the podium, then the final table. */
export function finalPost(view: TournamentView): MessagePayload {
  const t = translator(view.locale);
  const podium = view.table
    .slice(0, MEDALS.length)
    .map((row, i) => t('tournament.podiumPlace', { medal: MEDALS[i]!, name: row.player.name }))
    .join(' · ');
  return {
    content: fitted(t, view, [t('tournament.finalPost', { name: view.name }), podium], []),
    files: [],
    components: [],
    attachments: [],
    allowedMentions: { users: [] },
  };
}

/** /senet tournament: the table and every round's boards (as many as fit). */
export function tournamentDetails(view: TournamentView, t: Translate): string {
  const rounds = [...new Set(view.boards.map((b) => b.round))].sort((a, b) => b - a);
  const boardLines = rounds.flatMap((round) => [
    t('tournament.roundHeading', { round }),
    ...view.boards.filter((b) => b.round === round).map((b) => boardLine(t, b)),
  ]);
  return fitted(t, view, [heading(t, view), statusLine(t, view)], boardLines);
}

/** The lines of the list /senet tournament gives without a number. */
export function tournamentList(views: readonly TournamentView[], t: Translate): string {
  if (views.length === 0) return t('tournament.none');
  const lines = views.map((v) => t('tournament.listLine', { id: v.id, name: v.name, status: v.status }));
  return clip([t('tournament.listHeading'), ...lines].join('\n'), MAX_CONTENT);
}

function button(label: string, customId: string, style: ButtonStyle): ButtonBuilder {
  return new ButtonBuilder().setCustomId(customId).setLabel(label).setStyle(style);
}

function heading(t: Translate, view: TournamentView): string {
  const format =
    view.format === 'swiss' ? t('tournament.formatSwiss', { rounds: view.rounds }) : t('tournament.formatKnockout');
  return t('tournament.heading', {
    id: view.id,
    name: view.name,
    format,
    rules: variantTitle(t, view.ruleset, view.options),
    rated: view.rated ? 'yes' : 'no',
  });
}

function statusLine(t: Translate, view: TournamentView): string {
  const at = (ms: number) => `<t:${Math.ceil(ms / 1000)}:R>`;
  switch (view.status) {
    case 'open':
      return t('tournament.openStatus', {
        start: at(view.startsAt),
        roundTime: durationWords(view.roundMs, t),
        count: view.entrants.length,
        max: view.maxPlayers,
      });
    case 'running':
      return t('tournament.roundStatus', {
        round: view.round,
        rounds: view.rounds,
        end: at(view.roundEndsAt ?? view.startsAt),
      });
    case 'finished':
      return t('tournament.finishedStatus');
    case 'cancelled':
      return t('tournament.cancelledStatus');
  }
}

function currentRound(view: TournamentView): string[] {
  if (view.status !== 'running') return [];
  return view.boards.filter((b) => b.round === view.round).map((b) => boardLine(translator(view.locale), b));
}

function boardLine(t: Translate, b: BoardView): string {
  if (b.second === null) return t('tournament.byeLine', { board: b.board, name: b.first.name });
  const where = b.threadId ? `<#${b.threadId}>` : b.gameId ? `#${b.gameId}` : '';
  const result =
    b.winner === null
      ? where
      : t('tournament.wonLine', {
          name: b.winner.name,
          how: b.decidedBy === 'round-time' ? 'time' : (b.decidedBy ?? 'game'),
          where,
        });
  return t('tournament.boardLine', { board: b.board, first: b.first.name, second: b.second.name, result });
}

/**
 * The message: its head lines, the players (open) or the table, then `tail` lines, cut from the
 * bottom of the table and of the tail until it fits Discord's limit.
 */
function fitted(t: Translate, view: TournamentView, head: string[], tail: string[]): string {
  const body = view.status === 'open' ? [playersLine(t, view)] : [];
  let rows = view.table.length;
  let tailLines = tail.length;
  for (;;) {
    const table = view.table.length ? tableBlock(t, view, rows) : [];
    const more =
      rows < view.table.length ? [t('tournament.moreRows', { count: view.table.length - rows, id: view.id })] : [];
    const content = [...head, ...body, ...table, ...more, ...tail.slice(0, tailLines)].join('\n');
    if (content.length <= MAX_CONTENT) return content;
    if (tailLines > 0) tailLines--;
    else if (rows > 1) rows--;
    else return clip(content, MAX_CONTENT);
  }
}

function playersLine(t: Translate, view: TournamentView): string {
  if (view.entrants.length === 0) return t('tournament.noPlayers');
  const names = userText(view.entrants.map((e) => e.player.name.plain).join(', '));
  return clip(t('tournament.players', { names }), 1200);
}

/** The table in a code block, so its columns line up on every client (each as wide as its heading). */
function tableBlock(t: Translate, view: TournamentView, rows: number): string[] {
  const headings =
    view.format === 'swiss'
      ? [t('tournament.colPoints'), 'Buchholz', 'SB']
      : [t('tournament.colWins'), t('tournament.colOut')];
  const widths = headings.map((h) => Math.max(h.length, 3));
  const line = (rank: string, name: string, cells: string[]) =>
    [rank.padStart(2), pad(name, NAME_WIDTH), ...cells.map((c, i) => c.padStart(widths[i]!))].join(' ');
  const body = view.table.slice(0, rows).map((row) => {
    const name = codeSafe(row.player.name.plain) + (row.left ? ` ${t('tournament.leftMark')}` : '');
    const cells =
      row.format === 'swiss'
        ? [row.score, row.buchholz, row.sonnebornBerger].map(String)
        : [String(row.wins), row.outIn === null ? '-' : t('tournament.roundShort', { round: row.outIn })];
    return line(String(row.rank), name, cells);
  });
  return ['```', line('#', t('tournament.colPlayer'), headings), ...body, '```'];
}

/** A name inside a code block, where markdown is not read (so no escapes) but a backquote would end the block. */
const codeSafe = (name: string): string => name.replaceAll('`', "'");

function pad(text: string, width: number): string {
  return clip(text, width).padEnd(width);
}
