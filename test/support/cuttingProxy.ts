// A TCP proxy in front of the test PostgreSQL that can lose a connection the way a failover or a
// network cut does: right after a COMMIT reached the server, before its answer reaches the bot. A
// move from memory commits by itself, one statement with no BEGIN or COMMIT (src/db/moveStore.ts):
// that statement counts as a COMMIT here.
// The server then has applied the transaction and the bot cannot know, which is the case the
// driver must answer as "may or may not have been saved" (StorageOutcomeUnknown). It can also
// make a connection die as its server does when the postmaster is killed: the backend's FATAL
// notice right behind an answer, in the same packet, then the socket closed.
import { type Server, type Socket, createServer, connect } from 'node:net';

/** The simple-query message of a bare COMMIT, as node-postgres sends it: 'Q', its length, the text. */
const COMMIT_TEXT = Buffer.from('COMMIT\0');

/**
 * The move's one statement as the driver first parses it on a connection (a Parse message: its
 * name, then this text); later uses on that connection bind that name (a Bind message).
 */
const MOVE_TEXT = 'WITH moved AS (UPDATE games';
const PARSED_MOVE = /(senet_\d+)\0\s*WITH moved AS \(UPDATE games/;

/** Whether `chunk` from the bot commits: a COMMIT, or the move's statement (`moveName`: its prepared name, once seen). */
function commits(chunk: Buffer, moveName: string | null): boolean {
  const text = chunk.toString('latin1');
  return (
    chunk.indexOf(COMMIT_TEXT) >= 0 ||
    text.includes(MOVE_TEXT) ||
    (moveName !== null && text.includes(`\0${moveName}\0`))
  );
}

/** ReadyForQuery as the server sends it: 'Z', length 5, then the transaction status byte. */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

/** The ErrorResponse a backend sends as it exits because its postmaster died (PostgreSQL's protocol, "ErrorResponse"). */
function postmasterExitNotice(): Buffer {
  const fields = Buffer.from(
    ['SFATAL', 'VFATAL', 'C57P01', 'Mterminating connection due to unexpected postmaster exit'].join('\0') + '\0\0',
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(fields.length + 4);
  return Buffer.concat([Buffer.from('E'), length, fields]);
}

export interface CuttingProxy {
  /** `url` with its host and port changed to the proxy's. */
  url: string;
  /** The next COMMIT (or move from memory) passes to the server, and its connection is cut before the server's answer comes back. */
  cutAfterNextCommit(): void;
  /**
   * The next answer that ends in ReadyForQuery (a new connection's start-up, a statement's
   * result) reaches the bot with the FATAL 57P01 notice of a dying server behind it in the same
   * packet; then the connection is closed.
   */
  dieAfterNextReady(): void;
  /** The server out of reach, as when it crashed: every connection cut, new ones refused. */
  refuse(): Promise<void>;
  /** Connections accepted again on the same port, as when the server is back. */
  accept(): Promise<void>;
  /** How many connections were cut so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

export async function startCuttingProxy(databaseUrl: string): Promise<CuttingProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let armed = false;
  let dying = false;
  let cuts = 0;
  /** The move statement's prepared name (the same on every connection: postgresParams.ts names by text). */
  let moveName: string | null = null;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined); // the cut breaks both ends on purpose
    }
    let cutting = false;
    client.on('data', (chunk: Buffer) => {
      moveName = PARSED_MOVE.exec(chunk.toString('latin1'))?.[1] ?? moveName;
      if (armed && commits(chunk, moveName)) {
        armed = false;
        cutting = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dying && chunk.indexOf(READY_FOR_QUERY) >= 0) {
        dying = false;
        cuts++;
        client.end(Buffer.concat([chunk, postmasterExitNotice()]));
        upstream.destroy();
        return;
      }
      if (!cutting) {
        client.write(chunk);
        return;
      }
      // The server answered the COMMIT (it is applied); the bot never hears it.
      cuts++;
      client.destroy();
      upstream.destroy();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  const closed = async (): Promise<void> => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cutAfterNextCommit: () => (armed = true),
    dieAfterNextReady: () => (dying = true),
    get cuts() {
      return cuts;
    },
    refuse: closed,
    accept: () => new Promise<void>((resolve) => server.listen(address.port, '127.0.0.1', resolve)),
    close: closed,
  };
}
