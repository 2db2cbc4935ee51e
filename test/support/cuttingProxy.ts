// A TCP proxy in front of the test PostgreSQL that can lose a connection the way a failover or a
// network cut does: right after a COMMIT reached the server, before its answer reaches the bot.
// The server then has applied the transaction and the bot cannot know, which is the case the
// driver must answer as "may or may not have been saved" (StorageOutcomeUnknown).
import { type Server, type Socket, createServer, connect } from 'node:net';

/** The simple-query message of a bare COMMIT, as node-postgres sends it: 'Q', its length, the text. */
const COMMIT_TEXT = Buffer.from('COMMIT\0');

export interface CuttingProxy {
  /** `url` with its host and port changed to the proxy's. */
  url: string;
  /** The next COMMIT passes to the server, and its connection is cut before the server's answer comes back. */
  cutAfterNextCommit(): void;
  /** How many connections were cut so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

export async function startCuttingProxy(databaseUrl: string): Promise<CuttingProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let armed = false;
  let cuts = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined); // the cut breaks both ends on purpose
    }
    let cutting = false;
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.indexOf(COMMIT_TEXT) >= 0) {
        armed = false;
        cutting = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
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
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cutAfterNextCommit: () => (armed = true),
    get cuts() {
      return cuts;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
