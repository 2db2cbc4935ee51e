// Another machine's shard identifying on the same bot token at the fake Discord's gateway, as soon
// as each identify window opens: Discord's limit is one identify per max_concurrency bucket per 5 s
// (events/gateway.mdx, "Session Start Limit Object": max_concurrency is the "number of identify
// requests allowed per 5 seconds"), and "if your app exceeds this limit, Discord will respond with
// a Invalid Session (opcode 9) event" (events/gateway.mdx, "Identifying"). A test uses it to show a
// bot's shard refused for another machine's identify and identifying again.
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import type { FakeDiscord } from './fake/fakeDiscord.js';

/** Just past the 5 s window, so each of this machine's identifies is accepted as soon as it may be. */
const WINDOW_MS = 5_000 + 5;

/** One gateway connection: identifies as `shard` once it is due; whether Discord accepted it. */
async function identifyOnce(gateway: string, shard: [number, number], due: number): Promise<boolean> {
  const ws = new WebSocket(gateway);
  try {
    return await new Promise<boolean>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (raw) => {
        const frame = JSON.parse((raw as Buffer).toString('utf8')) as { op: number; t: string | null };
        if (frame.op === 10) {
          const identify = JSON.stringify({ op: 2, d: { token: 'other-machine', intents: 0, shard } });
          setTimeout(() => ws.send(identify), Math.max(0, due - Date.now()));
        }
        if (frame.op === 9) resolve(false);
        if (frame.op === 0 && frame.t === 'READY') resolve(true);
      });
    });
  } finally {
    ws.close();
  }
}

/**
 * Identifies as `shard` whenever the identify window opens, until `done(refused)` holds, where
 * `refused` counts its own identifies refused (the bot took the window first), so a test can tell
 * the bot's refusals from these in the fake's count.
 */
export async function keepIdentifying(
  fake: FakeDiscord,
  shard: [number, number],
  done: (refused: number) => boolean,
): Promise<void> {
  const gateway = fake.apiUrl.replace(/^http/, 'ws').replace(/\/api$/, '');
  let refused = 0;
  let due = Date.now();
  while (!done(refused)) {
    if (await identifyOnce(gateway, shard, due)) due = Date.now() + WINDOW_MS;
    else {
      refused++;
      await sleep(100);
      due = Date.now();
    }
  }
}
