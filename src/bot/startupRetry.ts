// Reaching Discord at start-up. A machine that has just booted may have no DNS or route yet, and
// Discord may be briefly unreachable: a network failure is said as one (not blamed on the token)
// and tried again with a growing pause, until STARTUP_RETRY_SECONDS have passed; then the process
// gives up with a non-zero exit, for its service manager to act on. Any other failure (a refused
// token) stops at once: trying again would not help.
import type { Logger } from 'pino';

/** Node's (and undici's) codes for "the network did not get us there", in plain words. */
const NETWORK_FAILURES: Readonly<Record<string, string>> = {
  ENOTFOUND: 'its name does not resolve (no DNS?)',
  EAI_AGAIN: 'its name could not be resolved just now (DNS unavailable)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'no route to it (host unreachable)',
  ENETUNREACH: 'no route to it (network unreachable)',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection failed',
};

/** The first pause; each next one doubles, up to the longest. */
const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 30_000;

/**
 * What went wrong on the network, in plain words, or null when `err` is not a network failure.
 * @internal
 */
export function networkFailure(err: unknown): string | null {
  // The code sits on the error itself (discord.js's REST) or on its cause (fetch).
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = 'code' in e ? String(e.code) : '';
    const words = NETWORK_FAILURES[code];
    if (words) return `${words} (${code})`;
  }
  return null;
}

export interface RetryOptions {
  /** Keep trying for this long; 0: one attempt. */
  retryMs: number;
  /** Where Discord was looked for, for the log line. */
  url: string;
  log: Logger;
  sleep?: (ms: number) => Promise<void>;
}

/** Thrown when Discord could not be reached in time: its message says so, and where. */
export class UnreachableError extends Error {
  constructor(url: string, failure: string, tries: number) {
    super(
      `cannot reach Discord at ${url}: ${failure}; gave up after ${tries} ${tries === 1 ? 'try' : 'tries'} (STARTUP_RETRY_SECONDS). Check the network, DNS and any proxy or firewall.`,
    );
    this.name = 'UnreachableError';
  }
}

/** `attempt()`'s result, trying again after network failures with a doubling pause. */
export async function retryingNetworkFailures<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let waited = 0;
  let pause = FIRST_PAUSE_MS;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      const failure = networkFailure(err);
      if (!failure) throw err;
      if (waited + pause > options.retryMs) throw new UnreachableError(options.url, failure, tries);
      options.log.warn(
        { tries, retryInMs: pause },
        `cannot reach Discord at ${options.url}: ${failure}; trying again in ${pause / 1000} s`,
      );
      await sleep(pause);
      waited += pause;
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}
