/**
 * The Forecast sync keeps each invoice's currency (docs/figures.md, "Currency"): the stored
 * invoice shares carry Forecast's `currency`, an invoice that names none is in the company
 * currency, and a project's billing totals are in one currency, never a sum of two
 * (docs/decisions/350-one-billing-currency-per-project.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import { syncTimeRegistrations } from '../../src/services/forecast/sync';
import { createIntegrations } from '../../src/services/integrations';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { demoUpstream } from '../helpers/upstream';

const upstream = demoUpstream();
const data = upstream.forecast.data;
let t: TestApp;
let db: Db;
let drop: () => Promise<void>;
let admin: string;

// Two projects billed only by invoices of their own (no invoice spanning two projects).
const own = (forecastId: number) =>
  data.invoices.filter(
    (i) => i.project_id === forecastId || i.entries.some((e) => e.project_id === forecastId),
  );
const billsOnlyItself = (forecastId: number) =>
  own(forecastId).every(
    (i) => i.project_id === forecastId && i.entries.every((e) => e.project_id === forecastId),
  );
const [euroProject, plainProject] = data.spine.projects
  .filter((p) => p.onDashboard && own(p.forecastId).length >= 2 && billsOnlyItself(p.forecastId))
  .map((p) => p.forecastId);

beforeAll(async () => {
  upstream.server.listen({ onUnhandledRequest: 'error' });
  ({ db, drop } = await createTestDb());
  // The company keeps its books in Swiss francs; Forecast leaves the currency out of one
  // project's invoices (it then means the company currency) and bills the other's latest in EUR.
  t = createTestApp(db, { env: { COMPANY_CURRENCY: 'CHF' } });
  admin = await t.signIn('admin', 'currency-admin@agency.test');
  for (const i of own(plainProject!)) delete (i as { currency?: string }).currency;
  const euro = own(euroProject!).sort((a, b) => (a.created_date < b.created_date ? -1 : 1));
  // Dated today, so it is the project's latest invoice.
  euro.at(-1)!.currency = 'eur';
  euro.at(-1)!.status = 'SENT';
  euro.at(-1)!.created_date = upstream.now.toISOString().slice(0, 10);
}, 60_000);
afterAll(async () => {
  upstream.server.close();
  await drop();
});

async function importProject(forecastProjectId: number) {
  const res = await t.request('POST', '/api/projects/import-forecast', {
    cookie: admin,
    body: { forecastProjectId },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { project: { id: number } }).project.id;
}

describe('the Forecast sync and invoice currencies', () => {
  it('stores the currency of every invoice share, the company currency where Forecast names none', async () => {
    await syncTimeRegistrations(db, t.deps.forecast, { now: upstream.now });
    const rows = await db.query<{ forecast_project_id: number; currency: string }>(
      'SELECT DISTINCT forecast_project_id, currency FROM forecast_invoices WHERE forecast_project_id IN ($1, $2) ORDER BY 1, 2',
      [euroProject, plainProject],
    );
    expect(rows.filter((r) => r.forecast_project_id === plainProject)).toEqual([
      { forecast_project_id: plainProject, currency: 'CHF' },
    ]);
    expect(
      rows.filter((r) => r.forecast_project_id === euroProject).map((r) => r.currency),
    ).toEqual(['EUR', 'USD']);
    const unnamed = await db.query(
      'SELECT 1 FROM forecast_invoices WHERE currency IS NULL OR currency !~ $1',
      ['^[A-Z]{3}$'],
    );
    expect(unnamed).toEqual([]);
  });

  it("totals a project's billing in its latest invoice's currency, leaving other currencies out", async () => {
    const id = await importProject(euroProject!);
    const [stored] = await db.query<{ forecast_currency: string; forecast_total_sent: string }>(
      'SELECT forecast_currency, forecast_total_sent FROM projects WHERE id = $1',
      [id],
    );
    const euro = own(euroProject!).find((i) => i.currency === 'eur')!;
    const euroAmount = euro.entries.reduce(
      (sum, e) => sum + e.quantity * e.unit_price * (1 - e.discount / 100),
      0,
    );
    expect(stored!.forecast_currency).toBe('EUR');
    expect(Number(stored!.forecast_total_sent)).toBeCloseTo(euroAmount, 2);

    const plain = await importProject(plainProject!);
    const [other] = await db.query<{ forecast_currency: string }>(
      'SELECT forecast_currency FROM projects WHERE id = $1',
      [plain],
    );
    expect(other!.forecast_currency).toBe('CHF');
  });

  it('skips an invoice whose currency is not an ISO code, and says why', async () => {
    const [first] = own(plainProject!);
    first!.currency = 'dollars';
    const skipped: string[] = [];
    const { forecast } = createIntegrations(t.deps.config, {
      onSkipped: (r) => skipped.push(r.reason),
    });
    const invoices = await forecast.projectInvoices(plainProject!);
    expect(invoices.map((i) => i.id)).not.toContain(first!.id);
    expect(skipped.join('\n')).toMatch(new RegExp(`invoice ${first!.id}: .*currency`));
    delete (first as { currency?: string }).currency;
  });
});
