// Reaching Discord at start-up: network failures are named as such and tried again with a
// doubling pause until the time allowed runs out; anything else (a refused token) stops at once.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loginFailure } from '../../src/bot/client.js';
import { createLogger } from '../../src/bot/logger.js';
import { UnreachableError, networkFailure, retryingNetworkFailures } from '../../src/bot/startupRetry.js';

const URL = 'https://discord.com/api';

/** An error as Node's sockets raise it. */
const socketError = (code: string): Error => Object.assign(new Error(`connect ${code}`), { code });

function logged(): { log: ReturnType<typeof createLogger>; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _e, done) {
      lines.push((JSON.parse(chunk.toString()) as { msg: string }).msg);
      done();
    },
  });
  return { log: createLogger({ level: 'info', secrets: [], destination }), lines };
}

describe('networkFailure', () => {
  it('names DNS and connection failures, on the error or its cause, and nothing else', () => {
    expect(networkFailure(socketError('ENOTFOUND'))).toBe('its name does not resolve (no DNS?) (ENOTFOUND)');
    expect(networkFailure(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBe(
      'the connection was refused (ECONNREFUSED)',
    );
    expect(networkFailure(Object.assign(new Error('An invalid token was provided.'), { code: 'TokenInvalid' }))).toBe(
      null,
    );
    expect(networkFailure('ECONNREFUSED')).toBe(null);
  });
});

describe('retryingNetworkFailures', () => {
  it('tries again after 1, 2, 4 s while the network fails, and returns once it works', async () => {
    const { log, lines } = logged();
    const slept: number[] = [];
    let tries = 0;
    const result = await retryingNetworkFailures(
      () => (++tries < 4 ? Promise.reject(socketError('EAI_AGAIN')) : Promise.resolve('ready')),
      { retryMs: 60_000, url: URL, log, sleep: async (ms) => void slept.push(ms) },
    );
    expect(result).toBe('ready');
    expect(slept).toEqual([1000, 2000, 4000]);
    expect(lines[0]).toBe(
      `cannot reach Discord at ${URL}: its name could not be resolved just now (DNS unavailable) (EAI_AGAIN); trying again in 1 s`,
    );
  });

  it('gives up once the time allowed is spent, saying where Discord was looked for and why', async () => {
    const { log } = logged();
    const slept: number[] = [];
    const attempt = retryingNetworkFailures(() => Promise.reject(socketError('ENOTFOUND')), {
      retryMs: 10_000,
      url: URL,
      log,
      sleep: async (ms) => void slept.push(ms),
    });
    await expect(attempt).rejects.toThrow(UnreachableError);
    await expect(attempt).rejects.toThrow(
      /^cannot reach Discord at https:\/\/discord.com\/api: its name does not resolve .*gave up after 4 tries/,
    );
    expect(slept).toEqual([1000, 2000, 4000]);
  });

  it('does not retry a refused token, and says to check it', async () => {
    const { log } = logged();
    let tries = 0;
    const refused = Object.assign(new Error('An invalid token was provided.'), { code: 'TokenInvalid' });
    const attempt = retryingNetworkFailures(() => (tries++, Promise.reject(refused)), {
      retryMs: 60_000,
      url: URL,
      log,
    });
    await expect(attempt).rejects.toBe(refused);
    expect(tries).toBe(1);
    expect(loginFailure(refused)).toBe('Discord refused the token: check DISCORD_TOKEN');
    expect(loginFailure(new Error('boom'))).toBe('could not start the bot: boom');
  });
});
