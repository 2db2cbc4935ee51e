// better-sqlite3 for the running Node.js. 12.11 on Node.js 20: 13 needs Node.js 22 and crashes on 20.
// 13 from Node.js 22 on: 12's statements are node::ObjectWraps, and Node.js 24 aborts the process
// ("Assertion failed: (env) != nullptr") when the garbage collector frees one outside a JavaScript
// context, at any moment after a write (docs/contributors.md#two-runtimes). Both are installed
// (13 as the alias better-sqlite3-13, with its prebuilt binary); their API is the same.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** better-sqlite3's Database constructor, in the version the running Node.js can use. */
export const SqliteDatabase = createRequire(import.meta.url)(
  NODE_MAJOR >= 22 ? 'better-sqlite3-13' : 'better-sqlite3',
) as typeof BetterSqlite3;
