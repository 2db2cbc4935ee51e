// A running bot holds the catalogs of the languages it speaks, not all thirty: nothing a bot process
// loads to serve reads a catalog (the slash commands in every language are built only when
// deploy-commands asks for them; docs/performance.md has what reading them all cost).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The catalog files read while importing what `serve` in src/main.ts imports. */
const PROBE = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const read = fs.readFileSync;
const catalogs = [];
fs.readFileSync = (file, ...rest) => {
  if (/catalogs[\\\\/][^\\\\/]+[.]json$/.test(String(file))) catalogs.push(String(file).split(/[\\\\/]/).pop());
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
