// Draws one board picture per language named on the command line, in a process of its own, and
// prints after each the font families registered and the process's memory, as one JSON line:
//   node --import tsx test/support/drawLanguages.ts <here|pool> de ja …
// `pool` draws on a render worker thread as the bot does, `here` on this thread. Used by
// test/render/scriptFonts.test.ts and the `fonts` benchmark (a fresh process each, as a bot starts).
import { GlobalFonts } from '@napi-rs/canvas';
import { RenderPool } from '../../src/bot/renderPool.js';
import { DISCORD_LANGUAGES, type Locale, scriptOf } from '../../src/i18n/index.js';
import { renderBoard } from '../../src/render/index.js';
import { sample } from '../render/positions.js';
import { SCRIPT_NAMES } from '../render/scriptNames.js';

const [where, ...asked] = process.argv.slice(2);
const locales = asked.filter((locale): locale is Locale => (DISCORD_LANGUAGES as readonly string[]).includes(locale));
if ((where !== 'here' && where !== 'pool') || locales.length !== asked.length) {
  console.error(`usage: drawLanguages.ts <here|pool> <locale>... (locales: ${DISCORD_LANGUAGES.join(', ')})`);
  process.exit(2);
}
const pool = where === 'pool' ? new RenderPool(1) : null;
const { state, view } = sample('kendall-mid');
for (const locale of locales) {
  // Dark's player is named in the picture's script.
  const script = scriptOf(locale);
  const drawn = { ...view, names: { W: 'Ana', B: script === 'latin' ? 'Ben' : SCRIPT_NAMES[script].name }, locale };
  await (pool ? pool.render(state, drawn) : renderBoard(state, drawn));
  const fonts = GlobalFonts.families.map((f) => f.family).filter((family) => family.startsWith('Senet '));
  console.log(
    JSON.stringify({ locale, fonts: [...new Set(fonts)].sort(), rssMb: process.memoryUsage().rss / 2 ** 20 }),
  );
}
await pool?.close();
