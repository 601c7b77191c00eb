import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import { changesAfter, lastChangeId, readInboxStats, storeDeliveries } from '../../src/db/live';
import { processDelivery } from '../../src/services/live/consume';
import { catchUpJira } from '../../src/services/live/catch-up';
import {
  issueDeletedEvent,
  issueUpdatedEvent,
  signedDelivery,
} from '../../src/mocks/jira/webhooks';
import { startLive, type Live } from '../../src/server/live';
import { linkJiraProject } from '../../src/services/jira/sync';
import { createIntegrations } from '../../src/services/integrations';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';

/**
 * The receivers with real parts: a local HTTP server plays Jira (its REST API and its signed
 * deliveries) and Forecast, the app listens on a real port, and pg-boss runs the jobs on the
 * suite's database (PGlite or PostgreSQL).
 */
const SECRET = 'jira-webhook-secret-for-tests-0123456789';
const FORECAST_TOKEN = 'forecast-token-for-tests-0123456789abcdef';
const PIPEDRIVE = { user: 'pipedrive-hooks', password: 'pipedrive-password-0123456789' };

let upstream: UpstreamServer;
let db: Db;
let drop: () => Promise<void>;
let live: Live;
let server: ServerType;
let base: string;
let projectId: number;
let key: string;
let integrations: ReturnType<typeof createIntegrations>;
let app: TestApp['app'];
let signIn: TestApp['signIn'];

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: number }>(sql, params))[0]!.n);
const statusOf = async (issueKey: string) =>
  (
    await db.query<{ status_name: string }>(
      'SELECT status_name FROM jira_issues WHERE project_id = $1 AND issue_key = $2',
      [projectId, issueKey],
    )
  )[0]?.status_name;
const postJira = (payload: unknown, options: { secret?: string; id?: string } = {}) =>
  upstream.deliver(
    `${base}/webhooks/jira`,
    signedDelivery(payload, options.secret ?? SECRET, options.id),
  );

beforeAll(async () => {
  upstream = await startUpstreamServer();
  ({ db, drop } = await createTestDb());
  const env = {
    ...upstream.env,
    JIRA_WEBHOOK_SECRET: SECRET,
    FORECAST_WEBHOOK_TOKEN: FORECAST_TOKEN,
    PIPEDRIVE_WEBHOOK_USER: PIPEDRIVE.user,
    PIPEDRIVE_WEBHOOK_PASSWORD: PIPEDRIVE.password,
  };
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  integrations = createIntegrations(config, { sleep: async () => {} });
  live = await startLive({ db, refreshIntervalSeconds: 300, log: () => {} });
  await live.work({ db, clock: () => new Date(), timeZone: 'UTC', clients: () => integrations });
  ({ app, signIn } = createTestApp(db, { env, jobs: live.jobs }));
  server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  key = upstream.data.jira.projects[0]!.key;
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO projects (name) VALUES ('Live test') RETURNING id",
  );
  projectId = row!.id;
  await linkJiraProject(db, integrations.jira, { projectId, key, now: new Date() });
}, 120_000);

afterAll(async () => {
  await live?.stop();
  await new Promise((r) => server?.close(r));
  await upstream?.close();
  await drop?.();
});

describe('POST /webhooks/jira', () => {
  it('stores a signed delivery, answers 202 at once, and applies it through the queue', async () => {
    const issue = upstream.data.jira
      .detail(key)
      .issues.find((i) => i.typeName !== 'Epic' && i.status.name !== 'Done')!;
    upstream.data.jira.transitionIssue(issue.key, 'Done', new Date());
    const answer = await postJira(issueUpdatedEvent(upstream.data.jira, issue), {
      id: 'delivery-1',
    });
    expect(answer.status).toBe(202);
    await expect.poll(() => statusOf(issue.key), { timeout: 10_000 }).toBe('Done');
    const transitions = await count(
      "SELECT count(*)::int AS n FROM jira_status_transitions WHERE issue_key = $1 AND to_status_name = 'Done'",
      [issue.key],
    );
    expect(transitions).toBe(1);

    // Jira sends the same delivery again: counted once more as a duplicate, never applied twice.
    const again = await postJira(issueUpdatedEvent(upstream.data.jira, issue), {
      id: 'delivery-1',
    });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ duplicate: true });
    const stats = await readInboxStats(db, new Date());
    expect(stats).toMatchObject({ received: 1, applied: 1, duplicates: 1, deadLettered: 0 });
    expect(
      await count("SELECT applies AS n FROM webhook_deliveries WHERE delivery_id = 'delivery-1'"),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM jira_status_transitions WHERE issue_key = $1 AND to_status_name = 'Done'",
        [issue.key],
      ),
    ).toBe(transitions);
  });

  it('stores deliveries that arrive together once each, a repeat among them as a duplicate', async () => {
    const issue = upstream.data.jira.detail(key).issues.find((i) => i.typeName !== 'Epic')!;
    const payload = issueUpdatedEvent(upstream.data.jira, issue);
    const ids = ['together-1', 'together-2', 'together-3', 'together-4', 'together-2'];
    const nul = signedDelivery(
      { ...payload, user: { displayName: 'Nul \u0000 byte' } },
      SECRET,
      'together-nul',
    );
    const answers = await Promise.all([
      ...ids.map((id) => postJira(payload, { id })),
      upstream.deliver(`${base}/webhooks/jira`, nul),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202, 202, 202, 202, 400]);
    expect(JSON.parse(answers[5]!.body).message).toMatch(/\\u0000/);
    const rows = await db.query<{ delivery_id: string; duplicates: number }>(
      "SELECT delivery_id, duplicates FROM webhook_deliveries WHERE delivery_id LIKE 'together-%' ORDER BY 1",
    );
    expect(rows).toEqual([
      { delivery_id: 'together-1', duplicates: 0 },
      { delivery_id: 'together-2', duplicates: 1 },
      { delivery_id: 'together-3', duplicates: 0 },
      { delivery_id: 'together-4', duplicates: 0 },
    ]);
  });

  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const issue = upstream.data.jira.detail(key).issues[0]!;
    const before = await count('SELECT count(*)::int AS n FROM webhook_deliveries');
    const wrong = await postJira(issueUpdatedEvent(upstream.data.jira, issue), {
      secret: 'another-secret-0123456789abcdef',
    });
    expect(wrong.status).toBe(401);
    const unsigned = signedDelivery(issueUpdatedEvent(upstream.data.jira, issue), SECRET);
    delete unsigned.headers['X-Hub-Signature'];
    expect((await upstream.deliver(`${base}/webhooks/jira`, unsigned)).status).toBe(401);
    // A body changed after signing no longer matches.
    const tampered = signedDelivery(issueUpdatedEvent(upstream.data.jira, issue), SECRET);
    tampered.body = tampered.body.replace(issue.key, `${issue.key}0`);
    expect((await upstream.deliver(`${base}/webhooks/jira`, tampered)).status).toBe(401);
    expect(await count('SELECT count(*)::int AS n FROM webhook_deliveries')).toBe(before);
  });

  it('refuses a body that is not JSON with 400, and dead-letters an unknown event', async () => {
    const before = await count('SELECT count(*)::int AS n FROM webhook_deliveries');
    const garbled = {
      body: '{"webhookEvent": ',
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature': signedDelivery({}, SECRET).headers['X-Hub-Signature']!,
      },
    };
    garbled.headers['X-Hub-Signature'] = (
      await import('../../src/services/live/signatures')
    ).jiraSignature(SECRET, garbled.body);
    expect((await upstream.deliver(`${base}/webhooks/jira`, garbled)).status).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM webhook_deliveries')).toBe(before);

    const snapshot = await db.query('SELECT issue_key, status_name FROM jira_issues ORDER BY 1');
    const unknown = await postJira({ timestamp: Date.now(), webhookEvent: 'comment_created' });
    expect(unknown.status).toBe(202);
    expect(JSON.parse(unknown.body)).toMatchObject({ deadLettered: true });
    const stats = await readInboxStats(db, new Date());
    expect(stats.deadLettered).toBe(1);
    expect(await db.query('SELECT issue_key, status_name FROM jira_issues ORDER BY 1')).toEqual(
      snapshot,
    );
  });

  it('ignores an update older than what is stored, and a deleted issue stays deleted', async () => {
    const issue = upstream.data.jira
      .detail(key)
      .issues.find((i) => i.typeName !== 'Epic' && i.status.name === 'To Do')!;
    const old = issueUpdatedEvent(upstream.data.jira, issue);
    upstream.data.jira.transitionIssue(issue.key, 'In Progress', new Date());
    await postJira(issueUpdatedEvent(upstream.data.jira, issue));
    await expect.poll(() => statusOf(issue.key), { timeout: 10_000 }).toBe('In Progress');

    // The older change arrives late: applied as nothing, the stored status stays.
    const late = await postJira(old);
    expect(late.status).toBe(202);
    await expect
      .poll(
        () => count("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'received'"),
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    expect(await statusOf(issue.key)).toBe('In Progress');

    const total = async () =>
      count('SELECT jira_total_tickets AS n FROM projects WHERE id = $1', [projectId]);
    const before = await total();
    await postJira(issueDeletedEvent(upstream.data.jira, issue, new Date()));
    await expect.poll(() => statusOf(issue.key), { timeout: 10_000 }).toBeUndefined();
    expect(await total()).toBe(before - 1);
    // An update from before the deletion, delivered after it, does not bring it back.
    await postJira(old);
    await expect
      .poll(
        () => count("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'received'"),
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    expect(await statusOf(issue.key)).toBeUndefined();
  });

  // Two connections at once: PGlite has one.
  it.runIf(process.env.DATABASE_URL)(
    'applies a delivery whose repeat is being stored at the same moment',
    async () => {
      const issue = upstream.data.jira
        .detail(key)
        .issues.find((i) => i.typeName !== 'Epic' && i.status.name === 'To Do')!;
      upstream.data.jira.transitionIssue(issue.key, 'In Review', new Date());
      const delivery = {
        source: 'jira' as const,
        deliveryId: 'stored-while-repeated',
        event: 'jira:issue_updated',
        receivedAt: new Date(),
        rawBody: JSON.stringify(issueUpdatedEvent(upstream.data.jira, issue)),
      };
      // Stored without a job, so only the call below applies it.
      const [id] = await storeDeliveries(db, [delivery]);
      let release!: () => void;
      let repeatStored!: () => void;
      const stored = new Promise<void>((r) => (repeatStored = r));
      // Jira's repeat of it: counting the duplicate holds its row until that commit.
      const repeat = db.transaction(async (tx) => {
        expect(await storeDeliveries(tx, [delivery])).toEqual([null]);
        repeatStored();
        await new Promise<void>((r) => (release = r));
      });
      await stored;
      const applying = processDelivery(
        { db, clock: () => new Date(), timeZone: 'UTC', clients: () => integrations },
        id!,
      );
      await new Promise((r) => setTimeout(r, 200));
      release();
      await repeat;
      expect(await applying).toBe('applied');
      expect(await statusOf(issue.key)).toBe('In Review');
    },
  );
});

describe('POST /webhooks/forecast/:token', () => {
  it('answers 404 to a wrong token and fetches the named registration for the right one', async () => {
    const registration = upstream.forecast.addRegistration({ notes: 'Pushed by a webhook' });
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      event: 'time_registration_created',
      object: { id: registration.id },
      person: { id: registration.person },
    });
    const headers = { 'Content-Type': 'application/json' };
    const wrong = await upstream.deliver(`${base}/webhooks/forecast/not-the-token-000000000000`, {
      body,
      headers,
    });
    expect(wrong.status).toBe(404);
    const right = await upstream.deliver(`${base}/webhooks/forecast/${FORECAST_TOKEN}`, {
      body,
      headers,
    });
    expect(right.status).toBe(202);
    await expect
      .poll(
        () =>
          count('SELECT count(*)::int AS n FROM forecast_time_registrations WHERE id = $1', [
            registration.id,
          ]),
        { timeout: 10_000 },
      )
      .toBe(1);
  });
});

describe('POST /webhooks/pipedrive', () => {
  const deal = (id: number, title: string, updateTime: string) =>
    JSON.stringify({
      meta: {
        action: 'change',
        entity: 'deal',
        entity_id: String(id),
        id: `pd-${id}-${updateTime}`,
        timestamp: updateTime,
        version: '2.0',
      },
      data: {
        id,
        title,
        value: 12000,
        currency: 'EUR',
        status: 'open',
        stage_id: 1,
        pipeline_id: 1,
        owner_id: 7,
        probability: null,
        expected_close_date: '2027-01-15',
        update_time: updateTime,
      },
      previous: { title: 'Before' },
    });
  const auth = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('refuses wrong basic auth, applies a deal change, and ignores an older one', async () => {
    const url = `${base}/webhooks/pipedrive`;
    const headers = (a: string) => ({ 'Content-Type': 'application/json', Authorization: a });
    const wrong = await upstream.deliver(url, {
      body: deal(9001, 'Refused', '2026-11-20T10:00:00Z'),
      headers: headers(auth(PIPEDRIVE.user, 'wrong-password-0123456789')),
    });
    expect(wrong.status).toBe(401);
    const ok = auth(PIPEDRIVE.user, PIPEDRIVE.password);
    expect(
      (
        await upstream.deliver(url, {
          body: deal(9001, 'Newer title', '2026-11-20T12:00:00Z'),
          headers: headers(ok),
        })
      ).status,
    ).toBe(202);
    const title = async () =>
      (await db.query<{ title: string }>('SELECT title FROM pipedrive_deals WHERE id = 9001'))[0]
        ?.title;
    await expect.poll(title, { timeout: 10_000 }).toBe('Newer title');
    await upstream.deliver(url, {
      body: deal(9001, 'Older title', '2026-11-20T11:00:00Z'),
      headers: headers(ok),
    });
    await expect
      .poll(
        () => count("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'received'"),
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    expect(await title()).toBe('Newer title');
  });

  it("shows the inbox's counts per source on the Sync page", async () => {
    const admin = await signIn('admin');
    const res = await app.request('http://localhost/agency/sync', { headers: { cookie: admin } });
    const html = await res.text();
    const inbox = html.slice(html.indexOf('data-testid="webhook-inbox"'));
    const stats = await readInboxStats(db, new Date());
    const jira = stats.bySource.find((r) => r.source === 'jira')!;
    expect(jira.received).toBeGreaterThan(0);
    const row = inbox.slice(inbox.indexOf('data-source="jira"'));
    const cells = [...row.matchAll(/<td>([^<]*)<\/td>/g)].slice(0, 5).map((m) => m[1]);
    expect(cells).toEqual(
      [jira.received, jira.applied, jira.duplicates, jira.deadLettered, jira.waiting].map(String),
    );
    expect(inbox).toMatch(/Received to applied in the last hour: \d+\.\d s median/);
    expect(inbox).toContain('Dead-lettered');
  });

  it('repairs a lost delivery with the catch-up, once, and notes it for open pages', async () => {
    const issue = upstream.data.jira
      .detail(key)
      .issues.find((i) => i.typeName !== 'Epic' && !['Done', 'In Review'].includes(i.status.name))!;
    // Jira changed the issue; its delivery never came.
    upstream.data.jira.transitionIssue(issue.key, 'In Review', new Date());
    const before = await lastChangeId(db);
    const first = await catchUpJira(db, integrations.jira, { now: new Date(), minutes: 15 });
    expect(first.repaired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(issue.key)).toBe('In Review');
    expect((await changesAfter(db, before)).map((c) => c.projectIds)).toContainEqual([projectId]);
    // The next run finds nothing newer: nothing is applied twice.
    const after = await lastChangeId(db);
    const second = await catchUpJira(db, integrations.jira, { now: new Date(), minutes: 15 });
    expect(second.repaired).toBe(0);
    expect(await lastChangeId(db)).toBe(after);
  });
});
