// A statement written once with its parameter and row types, run on whichever Sql the store was
// given (the database's or one transaction's): the driver prepares and caches it by its text.
import type { RunResult, Sql, SqlParams } from './database.js';

/** Positional parameters as a tuple, or one object of named ones. */
type Args<P> = P extends unknown[] ? P : [P];

export class Query<P extends unknown[] | object, R = unknown> {
  constructor(readonly text: string) {}

  get(sql: Sql, ...params: Args<P>): Promise<R | undefined> {
    return sql.get<R>(this.text, bind(params));
  }

  /**
   * The row of a statement that always answers one (an aggregate, an INSERT … RETURNING): none is
   * a broken statement, said with its text.
   */
  async one(sql: Sql, ...params: Args<P>): Promise<R> {
    const row = await sql.get<R>(this.text, bind(params));
    if (row === undefined) throw new Error(`no row where one is certain: ${this.text}`);
    return row;
  }

  all(sql: Sql, ...params: Args<P>): Promise<R[]> {
    return sql.all<R>(this.text, bind(params));
  }

  run(sql: Sql, ...params: Args<P>): Promise<RunResult> {
    return sql.run(this.text, bind(params));
  }
}

/** One plain object is the named parameters; anything else, the positional ones. */
function bind(params: readonly unknown[]): SqlParams {
  const [first] = params;
  const named = params.length === 1 && typeof first === 'object' && first !== null && !Array.isArray(first);
  return named ? (first as Record<string, unknown>) : params;
}
