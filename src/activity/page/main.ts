// The live board's page. Inside Discord (the URL has `frame_id`) it talks to the client through
// the Embedded App SDK; outside (tests, development) it runs on the SDK's own DiscordSDKMock, its
// user and instance given in the URL, and signs in with a mock code the server accepts only under
// ACTIVITY_MOCK_SIGN_IN. It keeps its session and access token in memory only, and reconnects
// (signing in again when the server no longer knows it) until the page is closed.
import { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';
import type { Action } from '../../engine/index.js';
import type { LiveGame } from '../../game/liveBoard.js';
import type { ServerMessage, Words } from '../protocol.js';
import { type Picking, drawBoard } from './board.js';

const params = new URLSearchParams(location.search);
const clientId = document.querySelector<HTMLMetaElement>('meta[name="client-id"]')?.content ?? '';
const inDiscord = params.has('frame_id');

interface SignedIn {
  session: string;
  instanceId: string;
}

/** Signs in: Discord's authorize and authenticate, or the mock's code outside Discord. */
async function signIn(): Promise<SignedIn> {
  if (inDiscord) {
    const sdk = new DiscordSDK(clientId);
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId,
      response_type: 'code',
      state: '',
      prompt: 'none',
      scope: ['identify'],
    });
    const signed = await postSession(code, sdk.instanceId);
    if (signed.accessToken) await sdk.commands.authenticate({ access_token: signed.accessToken });
    return { session: signed.session, instanceId: sdk.instanceId };
  }
  const user = params.get('user') ?? '';
  const locale = params.get('locale') ?? 'en-US';
  const instanceId = params.get('instance') ?? '';
  const sdk = new DiscordSDKMock(clientId, null, params.get('channel'), null);
  sdk._updateCommandMocks({ authorize: () => Promise.resolve({ code: `mock:${user}:${locale}` }) });
  const { code } = await sdk.commands.authorize({ client_id: clientId, response_type: 'code', state: '', scope: [] });
  return { session: (await postSession(code, instanceId)).session, instanceId };
}

async function postSession(code: string, instanceId: string): Promise<{ session: string; accessToken: string | null }> {
  const res = await fetch(apiUrl('/api/session'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, instanceId }),
  });
  if (!res.ok) throw new Error(`sign-in refused (${res.status})`);
  return (await res.json()) as { session: string; accessToken: string | null };
}

/** Inside Discord every request goes through its proxy, at the app's own discordsays.com host. */
function apiUrl(path: string): string {
  return inDiscord ? `https://${clientId}.discordsays.com/.proxy${path}` : path;
}

function socketUrl(): string {
  if (inDiscord) return `wss://${clientId}.discordsays.com/.proxy/live`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/live`;
}

const status = document.getElementById('status')!;
const boardRoot = document.getElementById('board')!;
const lobbyRoot = document.getElementById('lobby')!;

let words: Words | null = null;
let me = '';
let shown: LiveGame | null = null;
let picking: Picking = { from: null };
let socket: WebSocket | null = null;
let seq = 0;
let signedIn: SignedIn | null = null;

function send(message: Record<string, unknown>): void {
  socket?.send(JSON.stringify({ ...message, seq: ++seq }));
}

function render(): void {
  if (!shown || !words) return;
  const game = shown;
  // The players, their pawns and whose turn it is are drawn above the board; this says what happened.
  const turn = game.status === 'active' && game.toActId === me ? words.yourTurn : '';
  const said = [turn, game.description].filter(Boolean).join(' — ');
  // Only a change is said again (the board is drawn again for every pick).
  if (status.textContent !== said) status.textContent = said;
  document.body.dataset.version = String(game.version);
  document.body.dataset.status = game.status;
  document.body.dataset.toAct = game.toActId ?? '';
  drawBoard(
    boardRoot,
    game,
    me,
    words,
    picking,
    (action: Action) => {
      picking = { from: null };
      send({ type: 'act', gameId: game.gameId, version: game.version, action });
    },
    (from) => {
      picking = { from };
      render();
    },
  );
}

function receive(message: ServerMessage): void {
  switch (message.type) {
    case 'welcome':
      me = message.userId;
      document.body.dataset.welcomes = String(Number(document.body.dataset.welcomes ?? 0) + 1);
      words = message.words;
      document.documentElement.lang = message.locale;
      break;
    case 'lobby':
      lobbyRoot.replaceChildren(
        ...message.games.map((game) => {
          const b = document.createElement('button');
          b.textContent = `#${game.gameId} · ${game.players.W.name.plain} · ${game.players.B.name.plain}`;
          b.onclick = () => send({ type: 'open', gameId: game.gameId });
          return b;
        }),
      );
      // The game shown before a reconnect, else the newest here.
      if (shown) send({ type: 'open', gameId: shown.gameId });
      else if (message.games[0]) send({ type: 'open', gameId: message.games[0].gameId });
      break;
    case 'game':
      if (shown && message.game.gameId === shown.gameId && message.game.version < shown.version) return;
      if (!shown || shown.version !== message.game.version) picking = { from: null };
      shown = message.game;
      render();
      break;
    case 'refused':
      document.body.dataset.refused = message.code;
      if (message.text) status.textContent = message.text;
      break;
    case 'pong':
      break;
  }
}

async function connect(): Promise<void> {
  signedIn ??= await signIn();
  const ws = new WebSocket(socketUrl());
  socket = ws;
  seq = 0;
  ws.onopen = () => send({ type: 'hello', session: signedIn!.session });
  ws.onmessage = (event) => receive(JSON.parse(String(event.data)) as ServerMessage);
  ws.onclose = (event) => {
    // Signed out (the server restarted, or the session ended): sign in again before reconnecting.
    if (event.code === 4001) signedIn = null;
    if (event.code !== 4003) setTimeout(() => void connect().catch(retry), 500);
  };
}

function retry(): void {
  signedIn = null;
  setTimeout(() => void connect().catch(retry), 1000);
}

void connect().catch(retry);
