// When PostgreSQL shuts down ("terminating connection due to administrator command", 57P01) it can
// tell a connection that has only just opened: the server's "ready" and its "terminating" can reach
// the api in one read. The pool hands the new connection to a waiting transaction in between, and
// an 'error' emitted on a connection nobody listens to ends the whole process (CI saw the api die
// this way under withdrawal traffic while its database was stopped). A restart cannot be timed to
// hit that moment, so this test puts a small server speaking PostgreSQL's wire protocol in front of
// the api's pool and sends both messages in one write, every time.
import net from 'node:net';
import { isDatabaseUnavailable, openPostgres } from '../db/db.js';

jest.setTimeout(30_000);

type Mode = 'serve' | 'ready-then-terminate';

const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'ascii');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstring = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const authOk = message('R', int32(0));
const ready = message('Z', Buffer.from('I'));
const selectDone = message('C', cstring('SELECT 0'));
const terminating = message(
  'E',
  Buffer.concat([
    cstring('SFATAL'),
    cstring('VFATAL'),
    cstring('C57P01'),
    cstring('Mterminating connection due to administrator command'),
    Buffer.from('\0'),
  ]),
);

/**
 * A server speaking enough of the protocol for the pool. A new connection takes the mode set at that moment;
 * while `hold` is set, queries are not answered until releaseHeld().
 */
async function fakePostgres() {
  const sockets = new Set<net.Socket>();
  const held: net.Socket[] = [];
  const state = { next: 'serve' as Mode, hold: false, connections: 0 };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    state.connections += 1;
    const mode = state.next;
    let startup = true;
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (startup) {
          if (buffered.length < 4) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          buffered = buffered.subarray(length);
          startup = false;
          if (mode === 'ready-then-terminate') {
            // The server's "ready" and its "terminating" in one write: one read on the api's side.
            socket.end(Buffer.concat([authOk, ready, terminating]));
            return;
          }
          socket.write(Buffer.concat([authOk, ready]));
          continue;
        }
        if (buffered.length < 5) return;
        const type = String.fromCharCode(buffered[0]!);
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) return;
        buffered = buffered.subarray(length + 1);
        if (type === 'X') return void socket.end();
        if (type !== 'Q') continue;
        if (state.hold) held.push(socket);
        else socket.write(Buffer.concat([selectDone, ready]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `postgres://api@127.0.0.1:${port}/giftlane`,
    state,
    /** Answers the queries held so far. */
    releaseHeld() {
      for (const s of held.splice(0)) s.write(Buffer.concat([selectDone, ready]));
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a connection the server ends as soon as it is ready', () => {
  test(
    'a transaction given that connection fails as "busy", the process lives on, and the next request is served ' +
      'on a fresh connection',
    async () => {
      const server = await fakePostgres();
      const db = await openPostgres(server.url, { max: 2, acquireTimeoutMs: 2000, statementTimeoutMs: 5000 });
      try {
        // The connection opened by the start-up check is kept busy, so the transaction needs a new one.
        server.state.hold = true;
        const busy = db.query('select 1');
        const first = server.state.connections;
        await new Promise((resolve) => setTimeout(resolve, 50));
        server.state.hold = false;
        server.state.next = 'ready-then-terminate';
        const failed = await db
          .tx((q) => q.query('select 1'))
          .then(
            () => null,
            (err: unknown) => err,
          );
        expect(server.state.connections).toBeGreaterThan(first);
        expect(failed).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(failed)).toBe(true);

        server.state.next = 'serve';
        server.releaseHeld();
        await busy;
        await expect(db.tx((q) => q.query('select 1'))).resolves.toMatchObject({ rowCount: 0 });
        await expect(db.query('select 1')).resolves.toMatchObject({ rowCount: 0 });
      } finally {
        await db.close();
        await server.close();
      }
    },
  );
});
