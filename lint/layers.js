// The layers the README promises, as lint rules: each folder of src/ names the folders of ours it
// may import and the packages it must not. `npm run lint` fails on an import that crosses a layer
// the wrong way; test/lint/layers.test.ts shows it does.
//
//   bot → commands → chat → game → engine, db, render, ai, i18n → lib
//   bot → activity → game   (the live board's server: a second front door, beside commands)
//
// chat/ delivers a game's change to Discord (answers, board edits, threads); commands decide and
// call it; the bot wires both.
//
// tools/, main.ts, bench/ and test/ stand outside the layers: they assemble the whole.

/** Every folder of src/ that is a layer. */
const LAYERS = ['lib', 'engine', 'ai', 'i18n', 'render', 'db', 'game', 'chat', 'commands', 'activity', 'bot', 'tools'];

const DISCORD = ['discord.js', '@discordjs/*'];
const SQL = ['better-sqlite3', 'better-sqlite3-13', 'pg'];
const CANVAS = ['@napi-rs/canvas'];
/** Metrics are the running bot's plumbing (src/bot/metrics.ts). */
const METRICS = ['prom-client'];

/**
 * What each layer may import of ours, and the packages that belong to another layer's job:
 * Discord to chat, commands and bot, SQL to db, drawing to render, metrics to bot. The engine is pure (no I/O, no
 * clock), so it takes nothing from Node either.
 */
const RULES = {
  lib: { ours: [], packages: [...DISCORD, ...SQL, ...CANVAS, 'pino', ...METRICS] },
  engine: { ours: ['lib'], packages: [...DISCORD, ...SQL, ...CANVAS, 'pino', 'node:*', ...METRICS] },
  ai: { ours: ['engine', 'lib'], packages: [...DISCORD, ...SQL, ...CANVAS, 'pino', ...METRICS] },
  i18n: { ours: ['engine', 'lib'], packages: [...DISCORD, ...SQL, ...CANVAS, ...METRICS] },
  render: { ours: ['engine', 'i18n', 'lib'], packages: [...DISCORD, ...SQL, ...METRICS] },
  db: { ours: ['engine', 'i18n', 'lib'], packages: [...DISCORD, ...CANVAS, ...METRICS] },
  game: {
    ours: ['engine', 'db', 'render', 'ai', 'i18n', 'lib'],
    packages: [...DISCORD, ...SQL, ...CANVAS, ...METRICS],
  },
  chat: { ours: ['game', 'engine', 'i18n', 'lib'], packages: [...SQL, ...CANVAS, ...METRICS] },
  commands: { ours: ['chat', 'game', 'engine', 'i18n', 'lib'], packages: [...SQL, ...CANVAS, ...METRICS] },
  // The live board's server speaks HTTP to Discord itself (OAuth2, activity instances), not discord.js.
  activity: { ours: ['game', 'engine', 'i18n', 'lib'], packages: [...DISCORD, ...SQL, ...CANVAS, ...METRICS] },
  bot: {
    ours: ['commands', 'chat', 'activity', 'game', 'engine', 'render', 'ai', 'i18n', 'lib'],
    packages: [...SQL],
  },
};

/** A relative import that climbs out of the file's folder into `layer` (`../db/x.js`, `../../db/x.js`). */
const into = (layer) => `^(\\.\\./)+${layer}/`;

function rule(layer, { ours, packages }, files = [`src/${layer}/**/*.ts`]) {
  const forbidden = LAYERS.filter((other) => other !== layer && !ours.includes(other));
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden.map((other) => ({
              regex: into(other),
              message: `src/${layer} may not import src/${other} (layers: lint/layers.js).`,
            })),
            { group: packages, message: `src/${layer} may not use this package (layers: lint/layers.js).` },
          ],
        },
      ],
    },
  };
}

/**
 * The one engine module that may take something from Node: keyed dice use node:crypto (HMAC-SHA-256
 * and the secret's random bytes). Kept to one small file so a browser bundle of the engine leaves it out.
 */
const ENGINE_CRYPTO = 'src/engine/keyedDice.ts';
const engineCrypto = rule('engine', { ...RULES.engine, packages: [...RULES.engine.packages, '!node:crypto'] }, [
  ENGINE_CRYPTO,
]);

/**
 * The live board's page runs in a browser, bundled with what it imports: it draws with the
 * picture's colours and geometry (render's theme.ts and layout.ts, plain data) and the engine,
 * and may take nothing from Node, the database or the canvas (the bundle would not build).
 */
const activityPage = rule(
  'activity',
  {
    ours: ['activity', 'game', 'engine', 'render', 'i18n', 'lib'],
    packages: [...RULES.activity.packages, 'pino', 'node:*', 'ws', 'esbuild'],
  },
  ['src/activity/page/**/*.ts'],
);

export const layers = [
  ...Object.entries(RULES).map(([layer, allowed]) => rule(layer, allowed)),
  engineCrypto,
  activityPage,
];
