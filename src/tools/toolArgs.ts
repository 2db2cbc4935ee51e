// Named arguments of the command-line tools (`--db <file>`), read with Node's parseArgs: an
// unknown option, a missing value or a stray word prints the tool's usage line and exits 2, so a
// path given the old positional way is never taken for something else.
import { parseArgs } from 'node:util';

/** The values of the named string options `names` (each optional), or the process exits with `usage`. */
export function namedArgs<N extends string>(
  names: readonly N[],
  usage: string,
  args: string[] = process.argv.slice(2),
): Partial<Record<N, string>> {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  try {
    const { values } = parseArgs({ args, options: { ...options, help: { type: 'boolean' } }, strict: true });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    return values as Partial<Record<N, string>>;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
