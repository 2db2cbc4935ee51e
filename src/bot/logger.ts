// Structured logs (pino). Secrets are scrubbed from every line, wherever they appear: in a
// field, an error message or a stack.
import { pino, type DestinationStream, type Logger } from 'pino';

export function createLogger(options: { level: string; secrets: string[]; destination?: DestinationStream }): Logger {
  const secrets = options.secrets.filter((s) => s.length >= 8);
  return pino(
    {
      level: options.level,
      redact: {
        paths: ['token', '*.token', 'config.token', 'headers.authorization', '*.headers.authorization'],
        censor: '[redacted]',
      },
      hooks: {
        streamWrite: (line: string) => secrets.reduce((text, secret) => text.replaceAll(secret, '[redacted]'), line),
      },
    },
    options.destination ?? pino.destination(1),
  );
}
