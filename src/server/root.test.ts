import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFetch } from './root';

const distDir = mkdtempSync(path.join(tmpdir(), 'root-test-'));
const script = `export const projects = [${'"Acme App", '.repeat(300)}];\n`;
mkdirSync(path.join(distDir, 'public/assets'), { recursive: true });
writeFileSync(path.join(distDir, 'public/assets/main-3f9a.js'), script);
const page = `<!doctype html><h1>Project Portfolio</h1>${'<li>Acme App</li>'.repeat(100)}`;
const app = new Hono()
  .get('/', (c) => c.html(page))
  .get('/api/things', (c) => c.json({ things: Array(100).fill('Acme App') }))
  .get('/api/thing', (c) => c.json({ message: 'Stored.' }))
  .get('/webhooks/jira', (c) => c.json({ message: 'Stored.' }, 202))
  .get('/signed-in', (c) => {
    c.header('Set-Cookie', 'session=abc; HttpOnly', { append: true });
    c.header('Set-Cookie', 'theme=dark', { append: true });
    c.header('ETag', '"v1"');
    return c.html(page);
  })
  .get('/raw', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.html(page);
  })
  .notFound((c) => c.json({ message: 'Not found' }, 404));
const server = createAdaptorServer({ fetch: serverFetch(app.fetch, distDir) });
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(distDir, { recursive: true, force: true });
});

/** Raw bytes and headers as a browser that takes gzip gets them. */
function get(urlPath: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(
        { port, path: urlPath, method, headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const zipped = res.headers['content-encoding'] === 'gzip';
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: (zipped ? gunzipSync(raw) : raw).toString('utf8'),
            });
          });
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('serverFetch: what the Node server answers with', () => {
  it('serves a built asset compressed and cached for a year', async () => {
    const res = await get('/assets/main-3f9a.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(script);
  });

  it('hands a missing asset to the app, whose answer is not cached', async () => {
    const res = await get('/assets/main-0000.js');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: 'Not found' });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('answers pages from the app, compressed', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toBe(page);
  });

  it("answers the app's JSON compressed, a one-line answer as it is", async () => {
    const api = await get('/api/things');
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(api.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(api.body)).toEqual({ things: Array(100).fill('Acme App') });
    const line = await get('/api/thing');
    expect(line.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(line.body)).toEqual({ message: 'Stored.' });
    const hook = await get('/webhooks/jira');
    expect(hook.status).toBe(202);
    expect(hook.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(hook.body)).toEqual({ message: 'Stored.' });
  });

  it('keeps every cookie and weakens a strong ETag when it compresses; leaves HEAD and no-transform alone', async () => {
    const res = await get('/signed-in');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['set-cookie']).toEqual(['session=abc; HttpOnly', 'theme=dark']);
    expect(res.headers.etag).toBe('W/"v1"');
    expect(res.body).toBe(page);
    const head = await get('/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    const raw = await get('/raw');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(page);
  });
});
