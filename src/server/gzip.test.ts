import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, gzipResponses } from './gzip';

const page = `<!doctype html><p>${'Project Portfolio '.repeat(200)}</p>`;
const report = Array.from({ length: 12_000 }, (_, i) => ({ id: i, name: `Project ${i}` }));
const app = new Hono()
  .get('/page', (c) => {
    c.header('Set-Cookie', 'session=a.b; Path=/');
    c.header('Set-Cookie', 'other=c; Path=/', { append: true });
    return c.html(page);
  })
  .get('/small', (c) => c.json({ ok: true }))
  // Large enough to be compressed on the thread pool rather than the main thread.
  .get('/report', (c) => c.json({ rows: report }))
  .get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
const server = createAdaptorServer({ fetch: gzipResponses(app.fetch) });
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Raw bytes and headers as they left the socket. */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        { port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('gzipResponses', () => {
  it('sends a page gzip-compressed in one piece with its length, type and every cookie', async () => {
    const res = await get('/page', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(res.headers['set-cookie']).toEqual(['session=a.b; Path=/', 'other=c; Path=/']);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString()).toBe(page);
  });

  it('sends a large answer gzip-compressed too, whole and with its length', async () => {
    const res = await get('/report', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const text = gunzipSync(res.body).toString();
    expect(text.length).toBeGreaterThan(256 * 1024);
    expect(JSON.parse(text)).toEqual({ rows: report });
  });

  it('leaves the body as it is for a client that takes no gzip', async () => {
    const res = await get('/page');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.toString()).toBe(page);
  });

  it('does not compress small answers or images', async () => {
    const small = await get('/small', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
    const png = await get('/png', 'gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(4096);
  });

  it('reads Accept-Encoding with its qualities', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
