// `npm run bench -- service`: what the game service costs per click, with a real database file.
// A cycle is a throw and then the move it allows (just the throw when it passes), played through
// `act` exactly as button clicks are. Measured three ways:
//   - "db": the service with rendering swapped for a no-op: its own cost (engine + SQLite + views);
//   - "db normal-sync": the same with synchronous=NORMAL, to show how much of it is the fsync;
//   - "rendered": the service with the real renderer, next to the renderer alone on the same states.
// Target (issue "Game storage and the game service"): the service adds ≤ 1 ms p99 over the renderer,
// i.e. "service db action p99" ≤ 1 ms. (Subtracting the renderer's own p99 from the rendered
// p99 is too noisy on a shared machine to mean anything: the renderer's spread is larger.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameState } from '../src/engine/index.js';
import { type GameService, openService } from '../src/game/service.js';
import type { BoardRenderer, BoardView, GameView } from '../src/game/types.js';
import { renderBoard } from '../src/render/index.js';
import type { Report } from './run.js';
import { quantile, yieldToLoop } from './stats.js';

const WARMUP_CYCLES = 30;
const CYCLES = 400;
const ANA = { id: '1', name: 'Ana' };
const BEN = { id: '2', name: 'Ben' };

const noRender: BoardRenderer = async () => ({ image: Buffer.alloc(0), fileName: 'none', alt: '' });

interface Timings {
  cycles: number[];
  actions: number[];
  totalMs: number;
}

let channels = 0; // a fresh channel per game: the one before may still be running

async function startGame(service: GameService): Promise<GameView> {
  const made = await service.challenge({ guildId: 'g', channelId: `c${channels++}`, challenger: ANA, opponent: BEN, ruleset: 'kendall' });
  if (!made.ok || made.value.kind !== 'challenge') throw new Error('could not challenge');
  const accepted = await service.accept({ challengeId: made.value.challenge.challengeId, userId: BEN.id });
  if (!accepted.ok) throw new Error(accepted.message);
  return accepted.value;
}

async function click(service: GameService, view: GameView): Promise<GameView> {
  const action = view.choices[0]!.action;
  const done = await service.act({ gameId: view.gameId, userId: view.toAct!.id, version: view.version, action });
  if (!done.ok) throw new Error(done.message);
  return done.value;
}

/** Plays `count` throw-then-move cycles (starting new games as games end), timing each. */
async function cycles(service: GameService, count: number): Promise<Timings> {
  let view = await startGame(service);
  const timings: Timings = { cycles: [], actions: [], totalMs: 0 };
  const began = performance.now();
  for (let i = 0; i < count; i++) {
    if (view.status === 'finished') view = await startGame(service);
    // Start the cycle at a throw (play the kendall opening and any rebirth first).
    while (view.status === 'active' && view.choices.at(-1)?.action.type !== 'throw') view = await click(service, view);
    if (view.status === 'finished') continue;
    const start = performance.now();
    let t = start;
    const step = async (): Promise<void> => {
      view = await click(service, view);
      const now = performance.now();
      timings.actions.push(now - t);
      t = now;
    };
    await step(); // the throw
    if (view.status === 'active' && view.state.phase === 'move') await step(); // the move it allows
    timings.cycles.push(performance.now() - start);
    await yieldToLoop();
  }
  timings.totalMs = performance.now() - began;
  return timings;
}

function open(dir: string, name: string, renderer: BoardRenderer): GameService {
  let seed = 1; // the same games on every run
  return openService({ dbPath: join(dir, `${name}.db`), botUserId: 'bot', renderBoard: renderer, newSeed: () => seed++ });
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
    for (const [label, sync] of [['db', 'FULL'], ['db normal-sync', 'NORMAL']] as const) {
      const service = open(dir, sync, noRender);
      service.db.pragma(`synchronous = ${sync}`);
      await cycles(service, WARMUP_CYCLES);
      reportTimings(report, label, await cycles(service, CYCLES));
      service.close();
    }

    // The real renderer, recording what it drew so the renderer alone can redraw the same boards.
    const drawn: { state: GameState; view: BoardView }[] = [];
    const recording: BoardRenderer = (state, view) => {
      drawn.push({ state, view });
      return renderBoard(state, view);
    };
    const service = open(dir, 'rendered', recording);
    await cycles(service, WARMUP_CYCLES);
    drawn.length = 0;
    const rendered = await cycles(service, CYCLES);
    service.close();
    reportTimings(report, 'rendered', rendered);

    const renderOnly: number[] = [];
    for (const { state, view } of drawn) {
      const start = performance.now();
      await renderBoard(state, view);
      renderOnly.push(performance.now() - start);
      await yieldToLoop();
    }
    report('service renderer alone per action p50', quantile(renderOnly, 0.5), 'ms');
    report('service renderer alone per action p99', quantile(renderOnly, 0.99), 'ms');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
