// The layer rules of lint/layers.js catch an import that crosses a layer the wrong way, and
// let the allowed ones through. Linted as text at a path inside each folder, with only the
// layer rules (the type-checked rules need files that exist in the project).
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { layers } from '../../lint/layers.js';

const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...layers],
});

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('the layer rules', () => {
  it.each([
    ['src/engine/rules.ts', "import { GameStore } from '../db/gameStore.js';", 'src/engine may not import src/db'],
    ['src/engine/rulesets/x.ts', "import { text } from '../../i18n/index.js';", 'src/engine may not import src/i18n'],
    ['src/lib/format.ts', "import type { Locale } from '../i18n/index.js';", 'src/lib may not import src/i18n'],
    ['src/render/draw.ts', "import type { Client } from 'discord.js';", 'src/render may not use this package'],
    ['src/render/draw.ts', "import { GameStore } from '../db/gameStore.js';", 'src/render may not import src/db'],
    [
      'src/commands/startAndResign.ts',
      "import { GameStore } from '../db/gameStore.js';",
      'src/commands may not import src/db',
    ],
    ['src/game/core.ts', "import type { Database } from 'better-sqlite3';", 'src/game may not use this package'],
    ['src/game/play.ts', "import { dispatch } from '../bot/dispatcher.js';", 'src/game may not import src/bot'],
    [
      'src/chat/replies.ts',
      "import type { CommandContext } from '../commands/commandContext.js';",
      'src/chat may not import src/commands',
    ],
    ['src/chat/messageSync.ts', "import { dispatch } from '../bot/dispatcher.js';", 'src/chat may not import src/bot'],
    ['src/chat/shown.ts', "import { GameStore } from '../db/gameStore.js';", 'src/chat may not import src/db'],
    ['src/engine/game.ts', "import { readFileSync } from 'node:fs';", 'src/engine may not use this package'],
    ['src/engine/game.ts', "import { createHmac } from 'node:crypto';", 'src/engine may not use this package'],
    ['src/engine/keyedDice.ts', "import { readFileSync } from 'node:fs';", 'src/engine may not use this package'],
    ['src/engine/keyedDice.ts', "import { GameStore } from '../db/gameStore.js';", 'src/engine may not import src/db'],
    ['src/activity/page/board.ts', "import { readFileSync } from 'node:fs';", 'src/activity may not use this package'],
    ['src/activity/page/board.ts', "import { createCanvas } from '@napi-rs/canvas';", 'may not use this package'],
    ['src/activity/page/board.ts', "import { GameStore } from '../../db/gameStore.js';", 'may not import src/db'],
  ])('refuses in %s: %s', async (file, source, expected) => {
    const found = await problems(file, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: /);
    expect(found[0]).toContain(expected);
  });

  it.each([
    ['src/engine/rulesets/x.ts', "import { hash } from '../../lib/hash.js';"],
    ['src/game/play.ts', "import { GameStore } from '../db/gameStore.js';"],
    ['src/commands/startAndResign.ts', "import { act } from '../game/play.js';"],
    ['src/commands/challengeButtons.ts', "import { answerWith } from '../chat/delivery.js';"],
    ['src/chat/replies.ts', "import type { ChallengeMade } from '../game/types.js';"],
    ['src/bot/client.ts', "import { MessageSync } from '../chat/messageSync.js';"],
    ['src/bot/client.ts', "import { Client } from 'discord.js';"],
    ['src/tools/demo.ts', "import { openDatabase } from '../db/sqliteConnection.js';"],
    ['src/engine/keyedDice.ts', "import { createHmac } from 'node:crypto';"],
    ['src/activity/page/board.ts', "import { COLOURS } from '../../render/theme.js';"],
  ])('allows in %s: %s', async (file, source) => {
    expect(await problems(file, source)).toEqual([]);
  });

  it('are part of the project lint config', async () => {
    const project = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
    const engine = (await project.calculateConfigForFile('src/engine/game.ts')) as Linter.Config;
    expect(JSON.stringify(engine.rules?.['no-restricted-imports'])).toContain('src/engine may not import src/db');
  });
});
