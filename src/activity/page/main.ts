// The live board's page. Inside Discord (the URL has `frame_id`) it talks to the client through
// the Embedded App SDK; outside (tests, development) it runs on the SDK's own DiscordSDKMock, its
// user and instance given in the URL, and signs in with a mock code the server accepts only under
// ACTIVITY_MOCK_SIGN_IN. It keeps its session and access token in memory only, and reconnects
// (signing in again when the server no longer knows it) until the page is closed. The lobby is
// drawn by lobby.ts, rich presence set by presence.ts.
import { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';
import type { Action } from '../../engine/index.js';
import type { LiveGame } from '../../game/liveBoard.js';
import type { Choice, Lobby, ServerMessage, Words } from '../protocol.js';
import { type Picking, drawBoard } from './board.js';
import { drawLobby } from './lobby.js';
import { Presence } from './presence.js';

const params = new URLSearchParams(location.search);
const clientId = document.querySelector<HTMLMetaElement>('meta[name="client-id"]')?.content ?? '';
const inDiscord = params.has('frame_id');

interface SignedIn {
  session: string;
  instanceId: string;
}

/** The SDK: Discord's inside Discord, else its mock with the user, channel and instance from the URL. */
const sdk: DiscordSDK | DiscordSDKMock = inDiscord
  ? new DiscordSDK(clientId)
  : new DiscordSDKMock(clientId, null, params.get('channel'), null);
const presence = new Presence(sdk);

/** Signs in: Discord's authorize and authenticate, or the mock's code outside Discord. */
async function signIn(): Promise<SignedIn> {
  if (sdk instanceof DiscordSDK) {
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId,
      response_type: 'code',
      state: '',
      prompt: 'none',
      // rpc.activities.write: rich presence (presence.ts), where the user grants it.
      scope: ['identify', 'rpc.activities.write'],
    });
    const signed = await postSession(code, sdk.instanceId);
    if (signed.accessToken) await sdk.commands.authenticate({ access_token: signed.accessToken });
    return { session: signed.session, instanceId: sdk.instanceId };
  }
  const user = params.get('user') ?? '';
  const locale = params.get('locale') ?? 'en-US';
  const instanceId = params.get('instance') ?? '';
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
let choices: { rules: Choice[]; strengths: Choice[] } = { rules: [], strengths: [] };
let lobby: Lobby | null = null;
let me = '';
let shown: LiveGame | null = null;
/** Games this page was sent: a game new to it (opened, or just started here) is shown; others only update. */
const seen = new Set<number>();
/** The game asked for (a lobby button), shown when it comes. */
let wanted: number | null = null;
/** Welcomed and not yet sent a lobby: the game shown before a reconnect (or the newest) is opened again. */
let reopen = false;
let picking: Picking = { from: null };
let socket: WebSocket | null = null;
let seq = 0;
let signedIn: SignedIn | null = null;

function send(message: Record<string, unknown>): void {
  socket?.send(JSON.stringify({ ...message, seq: ++seq }));
}

function render(): void {
  if (!words) return;
  if (lobby) drawLobby(lobbyRoot, { lobby, shown, me, words, ...choices }, { send, open: openGame });
  const mine = shown?.status === 'active' && shown.toActId === me;
  presence.show(mine ? words.presenceTurn : words.presence);
  if (!shown) return;
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
      choices = { rules: message.rules, strengths: message.strengths };
      document.documentElement.lang = message.locale;
      reopen = true;
      seen.clear();
      break;
    case 'lobby': {
      const { type: _type, ...now } = message;
      lobby = now;
      // After a welcome: the game shown before a reconnect, else the newest here.
      const first = shown?.gameId ?? message.games[0]?.gameId;
      if (reopen && first !== undefined) openGame(first);
      reopen = false;
      render();
      break;
    }
    case 'game': {
      const { game } = message;
      const isNew = !seen.has(game.gameId);
      seen.add(game.gameId);
      if (shown && game.gameId === shown.gameId && game.version < shown.version) return;
      if (shown && game.gameId !== shown.gameId && game.gameId !== wanted && !isNew) return;
      if (game.gameId === wanted) wanted = null;
      if (!shown || shown.gameId !== game.gameId || shown.version !== game.version) picking = { from: null };
      shown = game;
      render();
      break;
    }
    case 'refused':
      document.body.dataset.refused = message.code;
      if (message.text) status.textContent = message.text;
      break;
    case 'pong':
      break;
  }
}

function openGame(gameId: number): void {
  wanted = gameId;
  send({ type: 'open', gameId });
}

async function connect(): Promise<void> {
  signedIn ??= await signIn();
  void presence.start();
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
