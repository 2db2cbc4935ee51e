// How long PostgreSQL's driver (postgres.ts) waits in this process's own queues: for one of the
// pool's connections, and for a queue's earlier transactions (SERIALIZABLE ones, one game's moves).
//
// Waiting behind this process's own statements is queueing, not the database being busy. On SQLite
// a transaction waits for its turn as long as it takes, and the busy timeout counts only another
// process's lock. Here each wait used to end at the busy timeout: a burst of clicks larger than the
// pool finishes in that time (500 in flight on 10 connections in the e2e bench) was refused as
// "busy" while the server answered every statement, and clicks, challenges and the records of what
// boards show were lost in the middle of play (docs/performance.md, issue 40's section). So a wait
// goes on while the database keeps answering; only once it has waited the busy timeout and the
// database answered nothing for as long (every connection held by something that does not end: a
// server that stopped answering, rows locked elsewhere) does it give up with StorageBusy.
import { StorageBusy } from './database.js';

interface Waiter {
  admit: () => void;
}

export class PoolTurns {
  private free: number;
  private readonly line: Waiter[] = [];
  /** When the database last answered a statement, or a connection came back. */
  private answeredAt = performance.now();

  constructor(
    size: number,
    private readonly busyTimeoutMs: number,
  ) {
    this.free = size;
  }

  /** A connection's turn: at once if one is free and nobody waits, else first come first served. */
  take(): Promise<void> {
    if (this.free > 0 && this.line.length === 0) {
      this.free--;
      return Promise.resolve();
    }
    let waiter!: Waiter;
    const admitted = new Promise<void>((resolve) => (waiter = { admit: resolve }));
    this.line.push(waiter);
    return this.patiently(admitted, 'for a connection', () => this.line.splice(this.line.indexOf(waiter), 1));
  }

  /** A turn given back (its connection released): the next in line takes it. */
  give(): void {
    this.heard();
    const next = this.line.shift();
    if (next) next.admit();
    else this.free++;
  }

  /** The database answered a statement: the work ahead is moving. */
  heard(): void {
    this.answeredAt = performance.now();
  }

  /**
   * Resolves when `turn` does (a turn, or the end of the work ahead: neither ever fails); StorageBusy
   * once it has waited the busy timeout and the database answered nothing for as long either
   * (`giveUp` is called first, to leave the line; a waiter given up is never admitted).
   */
  patiently(turn: Promise<void>, what: string, giveUp: () => void = () => undefined): Promise<void> {
    const since = performance.now();
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout;
      const check = (): void => {
        if (settled) return;
        const due = Math.max(since, this.answeredAt) + this.busyTimeoutMs;
        const now = performance.now();
        if (now < due) {
          timer = setTimeout(afterIo, due - now);
          return;
        }
        settled = true;
        giveUp();
        reject(new StorageBusy(`waited ${what}; the database answered nothing for ${this.busyTimeoutMs} ms`));
      };
      // A timer can fire after the whole process stalled (a loaded machine, a long collection), before
      // the answers that arrived meanwhile are read: setImmediate runs after this turn's I/O, so they count.
      const afterIo = (): void => void setImmediate(check);
      timer = setTimeout(afterIo, this.busyTimeoutMs);
      void turn.then(() => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
