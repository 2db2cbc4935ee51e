// A real headless Chromium for the live board's tests: the binary @sparticuz/chromium ships
// (unpacked on first use, no download), driven by playwright-core, so `npm test` needs no step of
// its own to install a browser.
import chromium from '@sparticuz/chromium';
import { type Browser, chromium as playwright } from 'playwright-core';

/** Flags for a shared, sandboxless CI machine: no GPU, no background traffic, /tmp for shared memory. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--no-zygote',
  '--disable-extensions',
  '--mute-audio',
];

export async function startBrowser(): Promise<Browser> {
  return await playwright.launch({ executablePath: await chromium.executablePath(), headless: true, args: FLAGS });
}
