// The bot's own logger (src/bot/logger.ts, tokens scrubbed as in production) writing its lines
// into an array, for tests that read what was logged.
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../../src/bot/logger.js';

export function loggerInto(lines: string[], options: { level?: string; secrets?: string[] } = {}): Logger {
  return createLogger({
    level: options.level ?? 'info',
    secrets: options.secrets ?? [],
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  });
}
