// The live board's page, built when its server starts: src/activity/page/main.ts with the engine
// (bundled from src/engine, never copied) and the Embedded App SDK, by esbuild, minified, under a
// name hashed from its content (a browser may keep it for ever; a new build is a new name). The
// HTML is a short shell naming the script and the application's client id.
//
// esbuild rather than Vite: one call, no dev server or plugin layer, and a build in well under a
// second at start-up, so the server needs no build step of its own (docs/activity.md).
import { createHash } from 'node:crypto';
import { join } from 'node:path';

interface PageFile {
  type: string;
  body: Buffer;
}

export interface PageBundle {
  /** By path: `/` (the page) and `/assets/main-<hash>.js`. */
  files: ReadonlyMap<string, PageFile>;
}

const ENTRY = join(import.meta.dirname, 'page', 'main.ts');

/** The page's frame, inside Discord's safe area (the board's own look: page/look.ts). */
const STYLE = `
:root { color-scheme: dark; --sand: #e9d8a6; --ink: #2b2118; --light: #f6f1e3; --dark: #1d3557; --mark: #e76f51; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #3b2f25; color: var(--light);
  padding: var(--discord-safe-area-inset-top, 0) var(--discord-safe-area-inset-right, 0)
    var(--discord-safe-area-inset-bottom, 0) var(--discord-safe-area-inset-left, 0); }
main { max-width: 100vw; padding: 8px; display: flex; flex-direction: column; gap: 8px; }
#status { min-height: 2.8em; overflow-wrap: anywhere; }
#lobby { display: flex; flex-wrap: wrap; gap: 4px; }
#lobby .row { display: flex; flex-wrap: wrap; gap: 4px; width: 100%; }
#lobby p { margin: 0; width: 100%; overflow-wrap: anywhere; }
#lobby select { font: inherit; padding: 6px; border-radius: 6px; max-width: 100%; }
#lobby button, .action { font: inherit; padding: 6px 12px; border-radius: 6px; border: 2px solid var(--sand);
  background: var(--ink); color: var(--light); max-width: 100%; overflow-wrap: anywhere; }
.controls { display: flex; flex-wrap: wrap; gap: 6px; }
/* A phone held sideways: the lobby beside the board, scrolling in its own column when it is long. */
@media (orientation: landscape) and (max-height: 560px) {
  main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(140px, 22%); grid-template-rows: auto minmax(0, 1fr);
    column-gap: 10px; height: calc(100dvh - var(--discord-safe-area-inset-top, 0px) - var(--discord-safe-area-inset-bottom, 0px)); }
  #status, #board { grid-column: 1; min-height: 0; }
  #lobby { grid-column: 2; grid-row: 1 / 3; min-height: 0; overflow-y: auto; align-content: flex-start; }
}
`;

/** Builds the page (esbuild is loaded only when the live board is on). */
export async function buildPage(clientId: string): Promise<PageBundle> {
  const { build } = await import('esbuild');
  const built = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    legalComments: 'none',
    // The SDK's optional Node-only helpers are never reached in a browser.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const js = Buffer.from(built.outputFiles[0]!.contents);
  const name = `/assets/main-${createHash('sha256').update(js).digest('hex').slice(0, 16)}.js`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="client-id" content="${clientId}">
<title>Senet</title><style>${STYLE}</style></head>
<body><main><div id="status" role="status" aria-live="polite"></div><div id="board"></div><nav id="lobby"></nav></main>
<script type="module" src=".${name}"></script></body></html>`;
  return {
    files: new Map([
      ['/', { type: 'text/html; charset=utf-8', body: Buffer.from(html) }],
      [name, { type: 'text/javascript; charset=utf-8', body: js }],
    ]),
  };
}
