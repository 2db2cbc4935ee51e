// Starting one of the bot's worker threads (board pictures, the computer player's search).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Compiled (`npm start` runs dist/), the worker `name` is name.js beside this file: a plain file
 * worker. Run as TypeScript (tsx, vitest), loader hooks of the parent do not reach worker threads:
 * a small bootstrap registers tsx in the worker, then loads the .ts. (tsx costs memory and
 * start-up time in each worker, so production does without it.)
 */
const COMPILED = import.meta.url.endsWith('.js');

export function newWorker(name: string): Worker {
  if (COMPILED) return new Worker(new URL(`./${name}.js`, import.meta.url), { execArgv: [] });
  // (tsx's ESM entry: resolving it from here gives the CommonJS one, whose register() fails in a worker.)
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const worker = new URL(`./${name}.ts`, import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); })`;
  return new Worker(bootstrap, { eval: true, execArgv: [] });
}
