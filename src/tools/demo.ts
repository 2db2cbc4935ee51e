// The offline demo: two computer players play one whole game through the real game service,
// database and renderer, and the first board pictures and the winning one are written to a folder.
// Runs when no Discord token is configured, so `npm start` shows something useful on a fresh checkout.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chooseAction } from '../ai/index.js';
import type { RuleSetId } from '../engine/index.js';
import { DiceSecret } from '../engine/keyedDice.js';
import { openService } from '../game/service.js';
import type { BoardRenderer, GameView, RenderedBoard } from '../game/types.js';
import { say } from '../i18n/index.js';

export interface DemoOptions {
  outDir: string;
  ruleset?: RuleSetId;
  /** Pictures of the first this many positions are written, then only the winning one. */
  pictures?: number;
}

export interface DemoResult {
  files: string[];
  /** The picture of the final position, with the winner. */
  winningPicture: string;
  actions: number;
  lastLine: string;
}

/** Far more than any game takes (a few hundred actions): reaching it means the game is stuck. */
const MOST_ACTIONS = 5000;

/** A board with no picture, for the positions the demo does not write. */
const UNDRAWN: RenderedBoard = { image: Buffer.alloc(0), fileName: '', alt: '' };

const BOT = { id: 'demo-bot', name: 'Senet bot' };
const GUEST = { id: 'demo-guest', name: 'Guest' };

export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const outDir = resolve(options.outDir);
  mkdirSync(outDir, { recursive: true });
  const dbDir = mkdtempSync(join(tmpdir(), 'senet-demo-'));
  // Drawing every one of a game's few hundred positions would take most of the demo's time;
  // only the positions written are drawn, by the real renderer.
  let drawing = true;
  const renderBoard: BoardRenderer = async (state, view) =>
    drawing ? (await import('../render/index.js')).renderBoard(state, view) : UNDRAWN;
  const service = openService({
    dbPath: join(dbDir, 'demo.db'),
    botUserId: BOT.id,
    newDiceSecret: DiceSecret.counting(20260), // the same game every time
    renderBoard,
  });
  try {
    const made = await service.challenges.create({
      guildId: 'demo',
      channelId: 'demo',
      challenger: GUEST,
      opponent: BOT,
      variant: { ruleset: options.ruleset ?? 'kendall', options: {} },
      strength: 'easy',
    });
    if (!made.ok || made.value.kind !== 'game')
      throw new Error(`the demo game did not start: ${made.ok ? made.value.kind : say('en', made.error.message)}`);
    let view = made.value.game;
    const files: string[] = [];
    const write = (v: GameView, index: number): void => {
      const file = join(outDir, `demo-${String(index).padStart(3, '0')}.${v.board.fileName.split('.').pop()}`);
      writeFileSync(file, v.board.image);
      files.push(file);
    };
    const pictures = options.pictures ?? 8;
    let actions = 0;
    write(view, 0);
    while (view.status === 'active') {
      if (actions === MOST_ACTIONS) throw new Error(`the demo game did not end in ${MOST_ACTIONS} actions`);
      drawing = actions + 1 < pictures;
      const next = view.botToAct
        ? await service.play.botStep(view.gameId)
        : await service.play.act({
            gameId: view.gameId,
            userId: GUEST.id,
            version: view.version,
            action: chooseAction(view.state, 'easy', actions),
          });
      if (!next.ok) throw new Error(`the demo game stopped: ${say('en', next.error.message)}`);
      view = next.value;
      actions++;
      if (drawing) write(view, actions);
    }
    drawing = true;
    const final = await service.play.view(view.gameId);
    if (!final.ok) throw new Error(`the demo game is gone: ${say('en', final.error.message)}`);
    if (actions >= pictures) write(final.value, actions);
    return { files, winningPicture: files[files.length - 1]!, actions, lastLine: view.description };
  } finally {
    await service.storage.close();
    rmSync(dbDir, { recursive: true, force: true });
  }
}
