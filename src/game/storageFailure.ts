// The database's own failures, as the player hears them: a refusal of its kind ('busy', 'outcome-
// unknown', 'storage-full'), never "something went wrong". A transaction's failure is answered so
// by the service (ServiceCore.transact); a statement outside a transaction (a read before the
// transaction, the record of what a message shows) throws the same errors, which the dispatcher
// answers the same way.
import { StorageBusy, StorageFull, StorageOutcomeUnknown } from '../db/database.js';
import { type Outcome, fail } from './types.js';

/** The refusal for a storage failure in `error`; null for any other error. */
export function storageRefusal(error: unknown): Outcome<never> | null {
  if (error instanceof StorageBusy) return fail('busy', 'error.busy');
  // A transaction rolled back whole: the game is as it was before the click.
  if (error instanceof StorageFull) return fail('storage-full', 'error.storageFull');
  if (error instanceof StorageOutcomeUnknown) return fail('outcome-unknown', 'error.outcomeUnknown');
  return null;
}
