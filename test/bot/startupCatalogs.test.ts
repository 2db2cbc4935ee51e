// A running bot holds the catalogs of the languages it speaks, not all thirty: nothing a bot process
// loads to serve reads a catalog (the slash commands in every language are built only when
// deploy-commands asks for them; docs/performance.md has what reading them all cost).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The catalog files read while importing what `serve` in src/main.ts imports, English's aside: it
 * is imported with the code (src/i18n/index.ts), and on Node.js 24 that import shows up as a
 * readFileSync of its file too (the second runtime's run saw it), on Node.js 20 it does not.
 */
const PROBE = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const read = fs.readFileSync;
const catalogs = [];
fs.readFileSync = (file, ...rest) => {
  const name = /catalogs[\\\\/]([^\\\\/]+[.]json)$/.exec(String(file))?.[1];
  if (name && name !== 'en.json') catalogs.push(name);
  return read(file, ...rest);
};
syncBuiltinESMExports();
for (const module of ['bot/client', 'bot/collector', 'bot/aiThread', 'bot/renderPool', 'bot/replayThread', 'game/service'])
  await import('./src/' + module + '.ts');
console.log(JSON.stringify(catalogs));
`;

describe('a bot starting', () => {
  it('reads no catalog until it speaks a language (English is built in)', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([]);
  });
});
