// The offline demo: two computer players play a short game through the real game service,
// database and renderer, and the board pictures are written to a folder. Runs when no Discord
// token is configured, so `npm start` shows something useful on a fresh checkout.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chooseAction } from '../ai/index.js';
import type { RuleSetId } from '../engine/index.js';
import { openService } from '../game/service.js';
import type { GameView } from '../game/types.js';
import { say } from '../i18n/index.js';

export interface DemoOptions {
  outDir: string;
  ruleset?: RuleSetId;
  /** Pictures of the first this many positions are written, then only the last one. */
  pictures?: number;
  /** The game stops here if nobody has won yet (a demo, not a marathon). */
  maxActions?: number;
  seed?: number;
}

export interface DemoResult {
  files: string[];
  actions: number;
  finished: boolean;
  lastLine: string;
}

const BOT = { id: 'demo-bot', name: 'Senet bot' };
const GUEST = { id: 'demo-guest', name: 'Guest' };

export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const outDir = resolve(options.outDir);
  mkdirSync(outDir, { recursive: true });
  const dbDir = mkdtempSync(join(tmpdir(), 'senet-demo-'));
  let seed = options.seed ?? 20260;
  const service = openService({ dbPath: join(dbDir, 'demo.db'), botUserId: BOT.id, newSeed: () => seed++ });
  try {
    const made = await service.challenge({
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
    const maxActions = options.maxActions ?? 150;
    let actions = 0;
    write(view, 0);
    while (view.status === 'active' && actions < maxActions) {
      const next = view.botToAct
        ? await service.botStep(view.gameId)
        : await service.act({
            gameId: view.gameId,
            userId: GUEST.id,
            version: view.version,
            action: chooseAction(view.state, 'easy', actions),
          });
      if (!next.ok) throw new Error(`the demo game stopped: ${say('en', next.error.message)}`);
      view = next.value;
      actions++;
      if (actions < pictures) write(view, actions);
    }
    if (actions >= pictures) write(view, actions);
    return { files, actions, finished: view.status === 'finished', lastLine: view.description };
  } finally {
    service.close();
    rmSync(dbDir, { recursive: true, force: true });
  }
}
