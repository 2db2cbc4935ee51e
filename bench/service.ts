// `npm run bench -- service`: what the game service costs per click, with a real database file.
// A cycle is a throw and then the move it allows (just the throw when it passes), played through
// `act` exactly as button clicks are. Measured three ways:
//   - "db": the service with rendering swapped for a no-op: its own cost (engine + SQLite + views);
//   - "db normal-sync": the same with synchronous=NORMAL, to show how much of it is the fsync;
//   - "rendered": the service with the real renderer; each action's render is timed too, so the
//     service's own time (action minus its render) is measured on the same clicks.
// Target (issue "Game storage and the game service"): the service adds ≤ 1 ms p99 over the
// renderer, i.e. "service own time per action p99" ≤ 1 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiceSecret } from '../src/engine/keyedDice.js';
import { type GameService, openService } from '../src/game/service.js';
import type { BoardRenderer, GameView } from '../src/game/types.js';
import { renderBoard } from '../src/render/index.js';
import type { Report } from './run.js';
import { quantile, yieldToLoop } from './stats.js';
import { say } from '../src/i18n/index.js';
import { sqliteConnection } from '../src/db/sqlite.js';

const WARMUP_CYCLES = 30;
const CYCLES = 400;
const ANA = { id: '1', name: 'Ana' };
const BEN = { id: '2', name: 'Ben' };

const noRender: BoardRenderer = () => Promise.resolve({ image: Buffer.alloc(0), fileName: 'none', alt: '' });

interface Timings {
  cycles: number[];
  actions: number[];
  /** Per action: its time minus the time its board took to render (the service's own share). */
  own: number[];
  totalMs: number;
}

/** How long the last board took to draw; set by `timed` around whichever renderer is in use. */
let lastRenderMs = 0;
const renders: number[] = [];

const timed =
  (renderer: BoardRenderer): BoardRenderer =>
  async (state, view) => {
    const start = performance.now();
    const board = await renderer(state, view);
    lastRenderMs = performance.now() - start;
    return board;
  };

let games = 0; // a fresh server and channel per game: the one before may still be running, and
// one server's creation budget would refuse the eleventh game within 10 minutes

/** How each run's games begin: a challenge accepted, or a round of a tournament paired. */
type GameStart = (service: GameService) => Promise<GameView>;

async function startGame(service: GameService): Promise<GameView> {
  const n = games++;
  const made = await service.challenges.create({
    guildId: `g${n}`,
    channelId: `c${n}`,
    challenger: ANA,
    opponent: BEN,
    variant: { ruleset: 'kendall', options: {} },
  });
  if (!made.ok || made.value.kind !== 'challenge') throw new Error('could not challenge');
  const accepted = await service.challenges.accept({ challengeId: made.value.challenge.challengeId, userId: BEN.id });
  if (!accepted.ok) throw new Error(say('en', accepted.error.message));
  return accepted.value;
}

/** A game of a two-player knockout, started by its tournament's first round (no challenge). */
async function startTournamentGame(service: GameService): Promise<GameView> {
  const n = games++;
  const admin = { guildId: `t${n}`, userId: ANA.id, canManageServer: true };
  const variant = { ruleset: 'kendall', options: {} } as const;
  const spec = { name: `bench ${n}`, variant, format: 'knockout', rounds: 1, startInMinutes: 60 } as const;
  const made = await service.tournaments.create({
    ...admin,
    channelId: `tc${n}`,
    locale: 'en',
    spec: { ...spec, roundMinutes: 60, rated: false, maxPlayers: 2 },
  });
  if (!made.ok) throw new Error(say('en', made.error.message));
  const tournamentId = made.value.id;
  for (const player of [ANA, BEN]) {
    const joined = await service.tournaments.join({ tournamentId, guildId: admin.guildId, player });
    if (!joined.ok) throw new Error(say('en', joined.error.message));
  }
  const viewer = {
    userId: ANA.id,
    guildId: admin.guildId,
    channelId: `tc${n}`,
    alone: false,
    canViewChannel: () => true,
  };
  const started = await service.tournaments.start({ ...admin, viewer, tournamentId });
  if (!started.ok) throw new Error(say('en', started.error.message));
  const paired = await service.tournaments.advance(tournamentId);
  if (!paired.ok) throw new Error(say('en', paired.error.message));
  const game = paired.value.started[0];
  if (!game) throw new Error('the tournament started no game');
  return game;
}

async function click(service: GameService, view: GameView): Promise<GameView> {
  const action = view.choices[0]!.action;
  const done = await service.play.act({ gameId: view.gameId, userId: view.toAct!.id, version: view.version, action });
  if (!done.ok) throw new Error(say('en', done.error.message));
  return done.value;
}

/** Plays `count` throw-then-move cycles (starting new games as games end), timing each. */
async function cycles(service: GameService, count: number, newGame: GameStart = startGame): Promise<Timings> {
  let view = await newGame(service);
  const timings: Timings = { cycles: [], actions: [], own: [], totalMs: 0 };
  const began = performance.now();
  for (let i = 0; i < count; i++) {
    if (view.status === 'finished') view = await newGame(service);
    // Start the cycle at a throw (play the kendall opening and any rebirth first).
    while (view.status === 'active' && view.choices.at(-1)?.action.type !== 'throw') view = await click(service, view);
    if (view.status === 'finished') continue;
    const start = performance.now();
    let t = start;
    const step = async (from: GameView): Promise<GameView> => {
      const next = await click(service, from);
      const now = performance.now();
      timings.actions.push(now - t);
      timings.own.push(now - t - lastRenderMs);
      renders.push(lastRenderMs);
      t = now;
      return next;
    };
    view = await step(view); // the throw
    if (view.status === 'active' && view.state.phase === 'move') view = await step(view); // the move it allows
    timings.cycles.push(performance.now() - start);
    await yieldToLoop();
  }
  timings.totalMs = performance.now() - began;
  return timings;
}

function open(dir: string, name: string, renderer: BoardRenderer): GameService {
  return openService({
    dbPath: join(dir, `${name}.db`),
    botUserId: 'bot',
    renderBoard: timed(renderer),
    newDiceSecret: DiceSecret.counting(), // the same games on every run
  });
}

function reportTimings(report: Report, label: string, t: Timings): void {
  report(`service ${label} action p50`, quantile(t.actions, 0.5), 'ms');
  report(`service ${label} cycle p50`, quantile(t.cycles, 0.5), 'ms');
  report(`service ${label} cycle p99`, quantile(t.cycles, 0.99), 'ms');
  report(`service ${label} action p99`, quantile(t.actions, 0.99), 'ms');
  report(`service ${label} actions per second`, (t.actions.length / t.totalMs) * 1000, 'actions/s');
}

export async function run(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'senet-bench-'));
  try {
    for (const [label, sync] of [
      ['db', 'FULL'],
      ['db normal-sync', 'NORMAL'],
    ] as const) {
      const service = open(dir, sync, noRender);
      sqliteConnection(service.storage.db).pragma(`synchronous = ${sync}`);
      await cycles(service, WARMUP_CYCLES);
      reportTimings(report, label, await cycles(service, CYCLES));
      await service.storage.close();
    }

    // Clicks in tournament games against clicks in challenged games, alternated on one file each.
    const plain = open(dir, 'plain', noRender);
    const inTournaments = open(dir, 'tournament', noRender);
    await cycles(plain, WARMUP_CYCLES);
    await cycles(inTournaments, WARMUP_CYCLES, startTournamentGame);
    const both = { plain: [] as number[], tournament: [] as number[] };
    for (let round = 0; round < 4; round++) {
      both.plain.push(...(await cycles(plain, CYCLES / 4)).actions);
      both.tournament.push(...(await cycles(inTournaments, CYCLES / 4, startTournamentGame)).actions);
    }
    await plain.storage.close();
    await inTournaments.storage.close();
    for (const [label, actions] of Object.entries(both)) {
      report(`service db ${label} game action p50`, quantile(actions, 0.5), 'ms');
      report(`service db ${label} game action p99`, quantile(actions, 0.99), 'ms');
    }

    const service = open(dir, 'rendered', renderBoard);
    await cycles(service, WARMUP_CYCLES);
    renders.length = 0;
    const rendered = await cycles(service, CYCLES);
    await service.storage.close();
    reportTimings(report, 'rendered', rendered);
    report('service rendered: renderer alone per action p50', quantile(renders, 0.5), 'ms');
    report('service rendered: renderer alone per action p99', quantile(renders, 0.99), 'ms');
    report('service rendered: service own time per action p50', quantile(rendered.own, 0.5), 'ms');
    report('service rendered: service own time per action p99', quantile(rendered.own, 0.99), 'ms');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
