import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../../src/db/live';
import type { Db } from '../../src/db/port';
import type { LiveEvent } from '../../src/shared/live';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

/**
 * GET /api/events over a real HTTP server: a signed-in page hears the changes its role may see,
 * as they are recorded by whichever process applied them, and a reconnect gets what it missed.
 */
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let server: ServerType;
let base: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  server = createAdaptorServer({ fetch: t.app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cookies.user = await t.signIn('user');
  cookies.admin = await t.signIn('admin');
});
afterAll(async () => {
  server?.close();
  await drop?.();
});

interface Received {
  event: string;
  id: string | null;
  data: string;
}

/** Opens the stream and collects its events until `until` is satisfied (or 10 s pass). */
async function listen(
  headers: Record<string, string>,
  until: (events: Received[]) => boolean,
  act: () => Promise<void> = async () => {},
  query = '',
): Promise<Received[]> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events${query}`, { headers, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: Received[] = [];
  let buffer = '';
  let acted = false;
  const deadline = setTimeout(() => abort.abort(), 10_000);
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .filter((l) => l.startsWith(`${name}: `))
            .map((l) => l.slice(name.length + 2))
            .join('\n');
        if (block.startsWith(':')) continue;
        events.push({ event: field('event'), id: field('id') || null, data: field('data') });
      }
      // Act once the stream is open (its ready event came).
      if (!acted && events.some((e) => e.event === 'ready')) {
        acted = true;
        await act();
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(deadline);
    abort.abort();
  }
  return events;
}

const change = (topic: LiveEvent['topic'], projectIds: number[] = []) =>
  recordChange(db, { at: new Date(), topic, money: topic !== 'jira', projectIds });
const changes = (events: Received[]) =>
  events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as LiveEvent);

describe('GET /api/events', () => {
  it('tells a user of ticket and time changes, never of invoices or deals', async () => {
    const events = await listen(
      { cookie: cookies.user! },
      (es) => changes(es).some((c) => c.topic === 'time'),
      async () => {
        await change('billing', [7]);
        await change('deal');
        await change('jira', [7]);
        await change('time', [7, 8]);
      },
    );
    expect(changes(events).map((c) => [c.topic, c.projectIds])).toEqual([
      ['jira', [7]],
      ['time', [7, 8]],
    ]);
    // Each change's id is the event's id, where a reconnect goes on.
    expect(events.filter((e) => e.event === 'change').map((e) => Number(e.id))).toEqual(
      changes(events).map((c) => c.id),
    );
  });

  it('tells an admin of every change, and a reconnect of the changes it missed', async () => {
    const [ready] = await listen({ cookie: cookies.admin! }, (es) => es.length > 0);
    const startedAfter = Number(ready!.id);
    await change('billing', [3]);
    await change('deal');
    const missed = await listen(
      { cookie: cookies.admin!, 'Last-Event-ID': String(startedAfter) },
      (es) => changes(es).length >= 2,
    );
    expect(changes(missed).map((c) => c.topic)).toEqual(['billing', 'deal']);
    const again = await listen(
      { cookie: cookies.admin! },
      (es) => changes(es).length >= 1,
      undefined,
      `?after=${startedAfter}`,
    );
    expect(changes(again)[0]!.topic).toBe('billing');
  });

  it('refuses a bad last id or after with a 400 naming it, and a signed-out visitor with 401', async () => {
    const bad = await fetch(`${base}/api/events`, {
      headers: { cookie: cookies.user!, 'Last-Event-ID': 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Last-Event-ID/);
    const badAfter = await fetch(`${base}/api/events?after=-1`, {
      headers: { cookie: cookies.user! },
    });
    expect(badAfter.status).toBe(400);
    expect(((await badAfter.json()) as { message: string }).message).toMatch(/after/);
    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
  });
});
