// `npm run bench [-- group...]`: runs benchmark groups, each a file bench/<group>.ts exporting
// `run(report)`. Every figure is printed as one line `name: value unit`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Report = (name: string, value: number, unit: string) => void;

const report: Report = (name, value, unit) => {
  const shown = Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3));
  console.log(`${name}: ${shown} ${unit}`);
};

const here = import.meta.dirname;
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'stats.ts'].includes(f))
  .map((f) => f.slice(0, -3))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((g) => !available.includes(g));
if (unknown.length > 0) {
  console.error(`unknown benchmark group(s): ${unknown.join(', ')} (available: ${available.join(', ')})`);
  process.exit(2);
}
for (const group of wanted.length ? wanted : available) {
  const module = (await import(pathToFileURL(join(here, `${group}.ts`)).href)) as {
    run: (r: Report) => Promise<void> | void;
  };
  await module.run(report);
}
