/**
 * Two currencies never add up (docs/figures.md, "Currency"): with one project invoiced in euros
 * and another in the company's dollars, Gross Margins and the portfolio's totals row each show
 * one line per currency, and the euro project has no margin against dollar costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrossMarginsResponse } from '../../src/shared/margins';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { demoUpstream } from '../helpers/upstream';

const upstream = demoUpstream();
const data = upstream.forecast.data;
let t: TestApp;
let drop: () => Promise<void>;
let admin: string;

const touching = (id: number) =>
  data.invoices.filter((i) => i.project_id === id || i.entries.some((e) => e.project_id === id));
const alone = (id: number) =>
  touching(id).every((i) => i.entries.every((e) => e.project_id === id));
const [euros, dollars] = data.spine.projects
  .filter((p) => p.onDashboard && touching(p.forecastId).length > 0 && alone(p.forecastId))
  .map((p) => p.forecastId);

beforeAll(async () => {
  upstream.server.listen({ onUnhandledRequest: 'error' });
  const created = await createTestDb();
  drop = created.drop;
  t = createTestApp(created.db);
  admin = await t.signIn('admin', 'two-currencies@agency.test');
  for (const i of touching(euros!)) i.currency = 'EUR';
  for (const id of [euros, dollars]) {
    const res = await t.request('POST', '/api/projects/import-forecast', {
      cookie: admin,
      body: { forecastProjectId: id },
    });
    expect(res.status).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  upstream.server.close();
  await drop();
});

describe('two currencies on one page', () => {
  it('gives Gross Margins each project in its own currency, and two invoiced totals', async () => {
    const res = await t.request('GET', '/api/gross-margins', { cookie: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as GrossMarginsResponse;
    expect(body.currency).toBe('USD');
    expect(body.projects.map((p) => p.currency).sort()).toEqual(['EUR', 'USD']);

    const page = await (
      await t.request('GET', '/agency?tab=gross-margins', { cookie: admin })
    ).text();
    const totals = /data-testid="gross-margin-total-invoiced">(.*?)<\/td>/s.exec(page)?.[1] ?? '';
    const lines = [...totals.matchAll(/<div>(.*?)<\/div>/g)].map((m) => m[1]);
    expect(lines).toHaveLength(2);
    expect(lines.some((l) => l!.startsWith('€'))).toBe(true);
    expect(lines.some((l) => l!.startsWith('$'))).toBe(true);
    // Euros less dollars is no margin.
    expect(page).toContain('n/a (EUR)');
  });

  it("gives the portfolio table's Overdue total one line per currency", async () => {
    const page = await (await t.request('GET', '/?view=table', { cookie: admin })).text();
    const cell = /data-testid="total-overdue">(.*?)<\/td>/s.exec(page)?.[1] ?? '';
    const lines = [...cell.matchAll(/<div>(.*?)<\/div>/g)].map((m) => m[1]);
    expect(lines).toHaveLength(2);
    expect(lines.filter((l) => l!.startsWith('€'))).toHaveLength(1);
    expect(lines.filter((l) => /^-?\$/.test(l!))).toHaveLength(1);
  });
});
