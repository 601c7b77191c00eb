import { getConnInfo } from '@hono/node-server/conninfo';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../services/metrics';
import { createTestApp, type TestApp } from '../../tests/helpers/app';
import { createTestDb } from '../../tests/helpers/db';
import { startUpstreamServer, type UpstreamServer } from '../../tests/helpers/upstream-server';

const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
let drop: () => Promise<void>;
let upstream: UpstreamServer;
let server: ServerType;
let base: string;

beforeAll(async () => {
  const created = await createTestDb();
  drop = created.drop;
  upstream = await startUpstreamServer();
  t = createTestApp(created.db, {
    env: { ...upstream.env, METRICS_TOKEN: TOKEN },
    metrics: createMetrics(),
    // The socket's address, as the Node server reads it.
    peerAddress: (c) => getConnInfo(c).remote.address,
  });
  // A real listener on 127.0.0.1, so the peer address is the socket's own.
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.idle();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await upstream.close();
  await drop();
});

/** The sample's value in the exposition text, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async () => {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};

describe('GET /metrics', () => {
  it('answers loopback with requests counted by route pattern, not raw path', async () => {
    const before = await scrape();
    const series =
      'http_requests_total{method="GET",route="/api/projects/:id/jira-data",status="401"}';
    const res = await fetch(`${base}/api/projects/12345/jira-data`);
    expect(res.status).toBe(401);
    await fetch(`${base}/api/projects/67890/jira-data`);
    const after = await scrape();
    expect(sample(after, series) - sample(before, series)).toBe(2);
    expect(after).not.toContain('12345');
    await fetch(`${base}/healthz`);
    expect(await scrape()).toContain(
      'http_requests_total{method="GET",route="/healthz",status="200"} 1',
    );
    expect(after).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/projects/:id/jira-data"}',
    );
  });

  it('answers a remote client only with the token, and 404 without it', async () => {
    const remote = createTestApp(t.deps.db, {
      env: { METRICS_TOKEN: TOKEN },
      metrics: createMetrics(),
      peerAddress: () => '203.0.113.7',
    });
    const without = await remote.request('GET', '/metrics');
    expect(without.status).toBe(404);
    const wrong = await remote.request('GET', '/metrics', {
      headers: { Authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(404);
    const right = await remote.request('GET', '/metrics', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('http_requests_total');
  });

  it.each([
    ['Forwarded', 'for=198.51.100.9;proto=https'],
    ['X-Forwarded-For', '198.51.100.9'],
    ['X-Real-IP', '198.51.100.9'],
    // Any value: a proxy that forwards the header empty still marks a visitor.
    ['X-Forwarded-For', ''],
  ])(
    'wants the token from loopback once a proxy header is present (%s: %j)',
    async (name, value) => {
      const proxied = await fetch(`${base}/metrics`, { headers: { [name]: value } });
      expect(proxied.status).toBe(404);
      expect(await proxied.text()).not.toContain('http_requests_total');
      const withToken = await fetch(`${base}/metrics`, {
        headers: { [name]: value, Authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toContain('http_requests_total');
    },
  );

  it('is not found on a server that keeps no metrics, even from loopback', async () => {
    const none = createTestApp(t.deps.db, { peerAddress: () => '127.0.0.1' });
    expect((await none.request('GET', '/metrics')).status).toBe(404);
  });

  it('counts a refresh run by its outcome', async () => {
    const series = 'refresh_runs_total{outcome="succeeded"}';
    const before = sample(await scrape(), series);
    const ran = await t.deps.refresh.run('sync_now');
    expect(ran.ended?.outcome).toBe('succeeded');
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it("counts the upstream's 429 answers", async () => {
    const series = 'upstream_rate_limited_total{service="Jira"}';
    const before = sample(await scrape(), series);
    const cookie = await t.signIn('admin');
    upstream.setFailure(429);
    try {
      const res = await t.request('GET', '/api/jira/projects', { cookie });
      expect(res.status).toBe(502);
    } finally {
      upstream.setFailure(null);
    }
    const after = await scrape();
    // The first answer and each retry (no Retry-After; the test client waits no time).
    expect(sample(after, series)).toBeGreaterThan(before);
    expect(sample(after, 'upstream_requests_total{service="Jira",status="429"}')).toBe(
      sample(after, series),
    );
  });
});
