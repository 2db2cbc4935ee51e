// The lobby as the page draws it, under the board: the shown game's own buttons (Resign while the
// user plays it, Rematch once it is over), a new game (a table for someone here to sit at, or the
// computer, with the rule set and the strength /senet offers), the tables of the instance, and the
// channel's live and recent games. Every button sends a frame; the server decides (seats.ts).
import type { LiveGame } from '../../game/liveBoard.js';
import type { Choice, Lobby, Table, Words } from '../protocol.js';

interface LobbyView {
  lobby: Lobby;
  /** The game on the board, if any. */
  shown: LiveGame | null;
  me: string;
  words: Words;
  rules: readonly Choice[];
  strengths: readonly Choice[];
}

/** Sends a frame to the server (main.ts numbers it). */
type Send = (message: Record<string, unknown>) => void;

/** What the lobby's buttons do: send a frame, or show a game (main.ts asks for it and shows it when it comes). */
interface LobbyActions {
  send: Send;
  open: (gameId: number) => void;
}

/** What the user picked, kept while the lobby is drawn again. */
const picked = { ruleset: '', strength: '' };

export function drawLobby(root: HTMLElement, view: LobbyView, { send, open }: LobbyActions): void {
  const { lobby, words, me } = view;
  const parts: HTMLElement[] = [...gameButtons(view, send)];

  const rules = choose('rules', view.rules, 'ruleset');
  const strength = choose('strength', view.strengths, 'strength');
  parts.push(
    row(
      rules,
      button(words.newTable, { id: 'new-table' }, () => send({ type: 'start', ruleset: rules.value, strength: null })),
      strength,
      button(words.playComputer, { id: 'play-computer' }, () =>
        send({ type: 'start', ruleset: rules.value, strength: strength.value }),
      ),
    ),
  );

  for (const table of lobby.tables) {
    const title = view.rules.find((r) => r.id === table.ruleset)?.name ?? table.ruleset;
    if (table.host.id === me) parts.push(line(`${words.waiting} · ${title}`, 'waiting'));
    else if (table.forId === null || table.forId === me) parts.push(sitButton(table, title, words, send));
  }
  for (const game of [...lobby.games, ...lobby.recent]) {
    const mark = game.status === 'finished' ? ' ✓' : '';
    const label = `#${game.gameId} · ${game.players.W.name.plain} · ${game.players.B.name.plain}${mark}`;
    parts.push(button(label, { game: String(game.gameId) }, () => open(game.gameId)));
  }
  if (lobby.liveOnly) parts.push(line(words.liveOnly, 'live-only'));
  root.replaceChildren(...parts);
}

/** Resign while the user plays the shown game; Rematch once it is over. */
function gameButtons({ shown, me, words }: LobbyView, send: Send): HTMLElement[] {
  if (!shown || (shown.players.W.id !== me && shown.players.B.id !== me)) return [];
  const gameId = shown.gameId;
  if (shown.status === 'active')
    return [button(words.resign, { id: 'resign' }, () => send({ type: 'resign', gameId }))];
  return [button(words.rematch, { id: 'rematch' }, () => send({ type: 'rematch', gameId }))];
}

function sitButton(table: Table, title: string, words: Words, send: Send): HTMLElement {
  const label = `${words.sit.replaceAll('{name}', table.host.name.plain)} · ${title}`;
  return button(label, { host: table.host.id }, () => send({ type: 'sit', host: table.host.id }));
}

function choose(id: string, choices: readonly Choice[], keep: keyof typeof picked): HTMLSelectElement {
  const select = document.createElement('select');
  select.id = id;
  for (const choice of choices) select.append(new Option(choice.name, choice.id));
  if (picked[keep] !== '') select.value = picked[keep];
  select.onchange = () => (picked[keep] = select.value);
  return select;
}

function button(label: string, data: Record<string, string>, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = label;
  if (data.id !== undefined) b.id = data.id;
  for (const [key, value] of Object.entries(data)) if (key !== 'id') b.dataset[key] = value;
  b.onclick = onClick;
  return b;
}

function row(...children: HTMLElement[]): HTMLElement {
  const div = document.createElement('div');
  div.className = 'row';
  div.append(...children);
  return div;
}

function line(text: string, id: string): HTMLElement {
  const p = document.createElement('p');
  p.id = id;
  p.textContent = text;
  return p;
}
