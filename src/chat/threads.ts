// Where a new game is played: in a public thread of its own, started from its challenge (or, against
// the bot, from the reply to /senet play), so any number of games share a channel; or in the channel
// itself, with a one-line note saying why, when threads are off in the server, the bot lacks the
// permissions, or the channel cannot hold threads. Only Discord facts are read here: the service
// records where the game went.
import { type MessageKey, text } from '../i18n/index.js';
import { ChannelType, PermissionFlagsBits, type RepliableInteraction } from 'discord.js';
import type { GameView } from '../game/types.js';
import type { ChatContext } from './chatContext.js';
import { botTokenReaches } from './interactionPlace.js';
import { DISCORD } from './discordErrors.js';
import { type BoardNote, threadName } from './messages.js';
import { boardShown } from './shown.js';

export type ThreadPlan = { ownThread: true } | { ownThread: false; note: BoardNote | undefined };

/** What the one-line note says when the bot lacks one or both of the permissions a game's thread needs. */
function lackingNote(create: boolean, send: boolean): MessageKey | null {
  if (create && send) return 'note.lacksThreadPermissions';
  if (create) return 'note.lacksCreateThreads';
  return send ? 'note.lacksSendInThreads' : null;
}

/** Channels a public thread can be started in from a message. */
const HOLDS_THREADS: ReadonlySet<ChannelType> = new Set([ChannelType.GuildText, ChannelType.GuildAnnouncement]);

/** Whether a game started by this interaction gets a thread of its own (`threadsOn`: the server's setting). */
export function threadPlan(interaction: RepliableInteraction, threadsOn: boolean): ThreadPlan {
  // Outside a server that installed the bot there are no threads of its own: played where asked.
  if (!interaction.inGuild() || !botTokenReaches(interaction)) return { ownThread: false, note: undefined };
  const channel = interaction.channel;
  // Already in a thread (a rematch asked in a finished game's thread): the game stays in it.
  if (channel?.isThread()) return { ownThread: false, note: undefined };
  const lacking = lackingNote(
    !interaction.appPermissions.has(PermissionFlagsBits.CreatePublicThreads),
    !interaction.appPermissions.has(PermissionFlagsBits.SendMessagesInThreads),
  );
  // A channel not in the cache is tried: Discord refuses a thread where none can be, and the game
  // is then played in the channel after all.
  const why = !threadsOn
    ? 'note.threadsOff'
    : channel && !HOLDS_THREADS.has(channel.type)
      ? 'note.noThreadsHere'
      : lacking;
  return why === null ? { ownThread: true } : { ownThread: false, note: inChannel(why) };
}

/** The one line a game played in its channel carries, saying why it has no thread. */
function inChannel(why: MessageKey): BoardNote {
  return { line: text(why), mentions: [] };
}

/** The channel a thread belongs to, when the interaction comes from one (the server's channel list names channels). */
export function parentChannel(interaction: RepliableInteraction): { parentChannelId?: string } {
  const channel = interaction.channel;
  return channel?.isThread() && channel.parentId ? { parentChannelId: channel.parentId } : {};
}

/** A game as placed: where it is now, and the line its first board carries. */
export interface Placed {
  view: GameView;
  note: BoardNote | undefined;
}

/** Places a game just started: in a thread of its own if so planned (opened now), else where it is, with the plan's note. */
export function placeStarted(view: GameView, plan: ThreadPlan, ctx: ChatContext): Promise<Placed> {
  return plan.ownThread ? openGameThread(view, ctx) : Promise.resolve({ view, note: plan.note });
}

/**
 * Opens the thread of a game just started with `ownThread`, from its lobby message; if Discord
 * refuses, the game is played in the channel after all (its lobby message becomes the board).
 */
async function openGameThread(view: GameView, ctx: ChatContext): Promise<Placed> {
  const lobby = view.lobbyMessageId;
  if (!lobby) return { view, note: undefined };
  const opened = await ctx.messages.openThread(view.homeChannelId, lobby, threadName(view));
  const placed = opened.ok
    ? await ctx.service.chat.setThread(view.gameId, opened.value)
    : await ctx.service.chat.playInChannel(view.gameId);
  // Placed already (cannot happen: the game was made a moment ago): shown as stored.
  if (!placed.ok) return { view, note: undefined };
  const moved = { ...view, ...placed.value };
  if (opened.ok) return { view: moved, note: playersHere(moved, ctx.botUser.id) };
  return { view: moved, note: inChannel(refusalReason(opened.error)) };
}

/** Opens the game's thread and posts its first board there (or, refused, shows the board in the lobby's place). */
export async function moveIntoThread(view: GameView, ctx: ChatContext): Promise<void> {
  const placed = await openGameThread(view, ctx);
  if (placed.view.threadId) await ctx.messages.postBoard(placed.view, placed.note);
  else await ctx.messages.show(boardShown(placed.view, placed.note));
}

/**
 * Posts a game that started with no challenge message to become its board (a tournament's, or
 * one started on the live board): a line in its channel and, from it, a thread of its own with
 * the board, both players mentioned; where the server keeps games in their channels, the board
 * in the channel.
 */
export async function postNewGame(view: GameView, ctx: ChatContext): Promise<void> {
  if (!(await ctx.service.servers.settings(view.guildId)).threads) {
    await ctx.messages.post({ kind: 'game', game: view });
    return;
  }
  const lobby = await ctx.messages.postLobby(view);
  if (lobby.ok) await moveIntoThread({ ...view, lobbyMessageId: lobby.value }, ctx);
}

/** The players mentioned in their new thread: it adds them to it and tells them where to play. */
function playersHere(view: GameView, botUserId: string): BoardNote {
  const mentions = [view.players.W.id, view.players.B.id].filter((id) => id !== botUserId);
  return { line: text('note.playersHere', { mentions: mentions.map((id) => `<@${id}>`).join(' ') }), mentions };
}

function refusalReason(code: number | null): MessageKey {
  if (code === DISCORD.missingPermissions || code === DISCORD.missingAccess) return 'note.lacksThreadPermissions';
  return 'note.threadRefused';
}
