// `npm run bench [-- group... [--option value...]]`: runs benchmark groups, each a file
// bench/<group>.ts exporting `run(report, options)`. Every figure is printed as one line
// `name: value unit`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Report = (name: string, value: number, unit: string) => void;

/** `--name value` pairs after the groups (e.g. `-- e2e --shards 2`), for the groups that read them. */
export type BenchOptions = Readonly<Record<string, string>>;

const report: Report = (name, value, unit) => {
  const shown = Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3));
  console.log(`${name}: ${shown} ${unit}`);
};

const here = import.meta.dirname;
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'stats.ts'].includes(f))
  .map((f) => f.slice(0, -3))
  .sort();
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(`npm run bench [-- group... [--option value...]]
groups: ${available.join(', ')} (none named: all of them)
each group's options and figures: docs/performance.md, "How to measure"
  e.g. npm run bench -- activity --where inside (or beside; --db postgres)`);
  process.exit(0);
}
const flagAt = args.findIndex((a) => a.startsWith('--'));
const wanted = flagAt < 0 ? args : args.slice(0, flagAt);
const options: Record<string, string> = {};
for (let i = flagAt; flagAt >= 0 && i < args.length; i += 2) {
  const name = args[i]!;
  const value = args[i + 1];
  if (!name.startsWith('--') || value === undefined) {
    console.error(`options come as --name value after the groups (got "${args.slice(flagAt).join(' ')}")`);
    process.exit(2);
  }
  options[name.slice(2)] = value;
}
const unknown = wanted.filter((g) => !available.includes(g));
if (unknown.length > 0) {
  console.error(`unknown benchmark group(s): ${unknown.join(', ')} (available: ${available.join(', ')})`);
  process.exit(2);
}
for (const group of wanted.length ? wanted : available) {
  const module = (await import(pathToFileURL(join(here, `${group}.ts`)).href)) as {
    run: (r: Report, o: BenchOptions) => Promise<void> | void;
  };
  await module.run(report, options);
}
