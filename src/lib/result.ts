// The one shape of an expected failure, from the engine to the service: a value, never an exception.
// `error` is whatever the layer needs to say (the engine a sentence, the service a code and a message).

export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/**
 * The value, or an exception carrying the error: for tools, benchmarks and tests, where a failure
 * is a bug in the caller rather than something a player did.
 */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  throw new Error(typeof result.error === 'string' ? result.error : JSON.stringify(result.error));
}
