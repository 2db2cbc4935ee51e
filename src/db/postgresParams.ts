// The stores write `?` (positional) or `@name` (named) parameters, as better-sqlite3 takes them;
// PostgreSQL numbers its parameters `$1, $2, …`. Each SQL text is translated once and the result
// cached (a store's statements are a few dozen constant strings), skipping what is not SQL code:
// string literals ('…', with '' inside), quoted identifiers ("…") and `--` comments, so a `?` or an
// `@` in a message or a JSON literal is left alone.
//
// Each text also gets a name, so each connection has the server parse and plan it once (a prepared
// statement) and then only binds and runs it: a move's statement is parsed and planned per
// connection, not per click. Not a text whose columns come from `*`: a migration that adds a
// column while a process runs (the old release serves on for a few seconds, deploy.md) would make
// PostgreSQL refuse such a prepared statement ("cached plan must not change result type") for as
// long as the connection lives, so those are parsed each time, as before.
import type { SqlParams } from './database.js';

export interface Translated {
  text: string;
  /** The parameter names in `$n` order, or null for positional parameters. */
  names: readonly string[] | null;
  /** How many positional `?` the text had. */
  positional: number;
}

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;

/**
 * `sql` with its parameters numbered, and the names to read them by.
 * @internal
 */
export function translate(sql: string): Translated {
  let text = '';
  let positional = 0;
  const names: string[] = [];
  for (let i = 0; i < sql.length; i++) {
    const ch = sql.charAt(i);
    if (ch === "'" || ch === '"') {
      const end = closingQuote(sql, i);
      text += sql.slice(i, end + 1);
      i = end;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      text += sql.slice(i, stop);
      i = stop - 1;
    } else if (ch === '?') {
      positional++;
      text += `$${positional}`;
    } else if (ch === '@' && NAME_START.test(sql[i + 1] ?? '')) {
      let end = i + 1;
      while (end < sql.length && NAME_PART.test(sql.charAt(end))) end++;
      const name = sql.slice(i + 1, end);
      const at = names.indexOf(name);
      text += `$${at < 0 ? names.push(name) : at + 1}`;
      i = end - 1;
    } else {
      text += ch;
    }
  }
  if (positional > 0 && names.length > 0) throw new Error(`mixed ? and @name parameters in: ${sql}`);
  return { text, names: names.length > 0 ? names : null, positional };
}

/** Where the quote opened at `start` closes (a doubled quote inside stays in the literal). */
function closingQuote(sql: string, start: number): number {
  const quote = sql[start];
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] !== quote) continue;
    if (sql[i + 1] === quote) i++;
    else return i;
  }
  return sql.length - 1;
}

/** A translation with the name it is prepared by, or null for a text parsed each time (one with a `*` list). */
export interface Prepared extends Translated {
  name: string | null;
}

const cache = new Map<string, Prepared>();

/** The cached translation of `sql`. */
export function translated(sql: string): Prepared {
  let found = cache.get(sql);
  if (!found) {
    const translation = translate(sql);
    const starred = translation.text.replace(/COUNT\(\*\)/gi, '').includes('*');
    found = { ...translation, name: starred ? null : `senet_${cache.size}` };
    cache.set(sql, found);
  }
  return found;
}

/** The values in `$n` order: positional ones as given, named ones looked up (a missing name is an error). */
export function values(statement: Translated, params: SqlParams | undefined): unknown[] {
  if (statement.names === null) {
    const given = Array.isArray(params) ? (params as readonly unknown[]) : [];
    if (given.length !== statement.positional) {
      throw new Error(`expected ${statement.positional} parameters, got ${given.length}: ${statement.text}`);
    }
    return [...given];
  }
  const named = (params ?? {}) as Readonly<Record<string, unknown>>;
  return statement.names.map((name) => {
    if (!(name in named)) throw new Error(`missing parameter @${name}: ${statement.text}`);
    return named[name];
  });
}
