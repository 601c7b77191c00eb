import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

// A body over the limit is answered 413 before it has all arrived. The server then cannot read
// the next request on that connection, so it must say so (Connection: close) and close it,
// rather than promise keep-alive and drop the socket under the client.
let drop: () => Promise<void>;
let server: ReturnType<typeof createAdaptorServer>;
let port: number;
beforeAll(async () => {
  const created = await createTestDb();
  drop = created.drop;
  const t = createTestApp(created.db);
  server = createAdaptorServer({ fetch: t.app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await drop();
});

describe('a body over the limit', () => {
  it('gets 413 with Connection: close, and the server closes the connection', async () => {
    const size = 2 * 1024 * 1024;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    const closed = new Promise<void>((resolve) => {
      socket.on('end', resolve);
      socket.on('close', () => resolve());
    });
    socket.on('error', () => {});
    socket.write(
      [
        'POST /api/signup HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Origin: http://127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${size}`,
        'Connection: keep-alive',
        '',
        '',
      ].join('\r\n'),
    );
    // Send the body in pieces until the server answers or the whole body is out.
    const piece = Buffer.alloc(64 * 1024, 'x');
    for (let sent = 0; sent < size && !received.includes('\r\n\r\n'); sent += piece.length)
      if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve));
    await closed;
    const [head] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413/);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(head).not.toMatch(/keep-alive/i);
  });
});
