// Structured logs (pino). Secrets are scrubbed from every line, wherever they appear: in a
// field, an error message or a stack. That is done on the written line, in one place, rather than
// in serializers: a serializer sees only the fields it is named for, and a token also travels in an
// error's message, its `url`, a nested `cause` or a stack.
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * An interaction's or webhook's token inside a URL or path: `/interactions/<id>/<token>/callback`,
 * `/webhooks/<application>/<token>/messages/@original`. Whoever holds one can answer or edit as
 * the bot for 15 minutes, so it is a secret like the bot's token; the ids around it are kept.
 */
const TOKEN_IN_PATH = /(\/(?:interactions|webhooks)\/\d+\/)[^/?#\s"'\\]+/g;

/**
 * PostgreSQL's detail of a broken constraint, "Failing row contains (…)", lists every value of the
 * row: for a game, its players and its dice secret while it is being played. The values go, up to
 * the end of the JSON string they are in (an escaped quote inside does not end it).
 */
const FAILING_ROW = /(Failing row contains )(?:[^"\\]|\\.)*/g;

/**
 * A player's OAuth2 access token (the live board signs people in with it): in an Authorization
 * header, or a field of Discord's token answer (`"access_token":"…"`, `"refresh_token":"…"`).
 * Whoever holds one acts as that person towards Discord, within its scopes.
 */
const BEARER = /(Bearer )[^\s"'\\]+/g;
const OAUTH_FIELD = /("(?:access|refresh)_token\\?"\s*:\s*\\?")(?:[^"\\]|\\[^"])+/g;

/** The line with every secret, interaction, webhook or OAuth2 token and failing row replaced by `[redacted]`. */
function scrub(line: string, secrets: readonly string[]): string {
  const withoutSecrets = secrets.reduce((text, secret) => text.replaceAll(secret, '[redacted]'), line);
  return withoutSecrets
    .replace(TOKEN_IN_PATH, '$1[redacted]')
    .replace(FAILING_ROW, '$1[redacted]')
    .replace(BEARER, '$1[redacted]')
    .replace(OAUTH_FIELD, '$1[redacted]');
}

export function createLogger(options: { level: string; secrets: string[]; destination?: DestinationStream }): Logger {
  const secrets = options.secrets.filter((s) => s.length >= 8);
  return pino(
    {
      level: options.level,
      redact: {
        paths: ['token', '*.token', 'config.token', 'headers.authorization', '*.headers.authorization'],
        censor: '[redacted]',
      },
      hooks: { streamWrite: (line: string) => scrub(line, secrets) },
    },
    options.destination ?? pino.destination(1),
  );
}
