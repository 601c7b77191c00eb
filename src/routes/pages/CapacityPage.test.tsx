import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { allowConsoleErrors } from '../../../tests/helpers/console';
import { readCsvResponse } from '../../../tests/helpers/csv';
import { createTestDb } from '../../../tests/helpers/db';
import { demoUpstream } from '../../../tests/helpers/upstream';
import { sourceLink } from '../../components/ui.css';
import type { Db } from '../../db/port';
import { syncCapacityForecast } from '../../services/forecast/capacity-sync';
import { DEMO_PIPEDRIVE } from '../../services/integrations';
import { createPipedriveClient } from '../../services/pipedrive/client';
import { syncPipeline } from '../../services/pipedrive/sync';

/**
 * The Capacity page over the demo agency's Forecast plan and Pipedrive pipeline, copied in by the
 * refresh's own functions: who may see it, what staff and admins each get, and that it renders
 * from PostgreSQL alone.
 */
const { now, server } = demoUpstream(new Date('2026-11-25T16:00:00Z'));
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
const cookies = { user: '', staff: '', admin: '' };
let upstreamCalls = 0;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', () => {
    upstreamCalls++;
  });
  t = createTestApp(db, { clock: () => now });
  cookies.user = await t.signIn('user');
  cookies.staff = await t.signIn('staff');
  cookies.admin = await t.signIn('admin');
}, 120_000);
afterAll(async () => {
  server.close();
  await drop();
});

async function page(path: string, cookie?: string) {
  const res = await t.request('GET', path, { cookie });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe('/capacity before Forecast and Pipedrive were read', () => {
  it('says there is no capacity data yet, with no grid and no error', async () => {
    const { status, html } = await page('/capacity', cookies.staff);
    expect(status).toBe(200);
    expect(html).toContain('No capacity data yet');
    expect(html).toContain('come from Forecast with the next refresh');
    expect(html).not.toContain('data-testid="capacity-grid"');
  });

  it('the Pipeline tab says the deals come with the next refresh', async () => {
    const { status, html } = await page('/agency?tab=pipeline', cookies.admin);
    expect(status).toBe(200);
    expect(html).toContain('No pipeline yet');
  });
});

describe('/capacity with the demo plan and pipeline', () => {
  beforeAll(async () => {
    await syncCapacityForecast(db, t.deps.forecast, { now });
    await syncPipeline(
      db,
      createPipedriveClient({ ...DEMO_PIPEDRIVE, timeoutMs: 2_000, deadlineMs: 10_000 }),
      { now },
    );
  }, 120_000);

  it('sends a signed-out visitor to /auth and a user to /', async () => {
    expect(await page('/capacity')).toMatchObject({ status: 302, location: '/auth' });
    expect(await page('/capacity', cookies.user)).toMatchObject({ status: 302, location: '/' });
  });

  it('shows staff twelve weeks of hours by person and team, the current week so far, and no money', async () => {
    const { status, html } = await page('/capacity', cookies.staff);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Capacity<\/h1>/);
    expect(html).toMatch(/aria-current="page"[^>]*>Capacity</);
    // Twelve week columns from the current week, Monday 23 November, marked 'so far'.
    const grid = html.slice(html.indexOf('data-testid="capacity-grid"'));
    expect(grid.match(/<th scope="col"[^>]*>(Nov|Dec|Jan|Feb) \d+/g)?.slice(0, 12)).toHaveLength(
      12,
    );
    expect(grid).toMatch(/aria-current="date"[^>]*>Nov 23<span[^>]*>so far<\/span>/);
    expect(grid).toContain('>All teams<');
    expect(grid).toMatch(/h free/);
    // Each deal as hours with its if-won verdict, but no value, currency or link into Pipedrive.
    expect(html).toContain('Initech data platform phase 2');
    expect(html).toMatch(/fits from \w{3} \d+/);
    expect(html).not.toMatch(
      /Deal Value|Weighted Value|A\$|€|&quot;value&quot;|&quot;currency&quot;/,
    );
    expect(html).not.toContain('pipedrive.com/deal/');
    expect(html).toContain('href="/api/capacity/export.csv"');
  });

  it('shows admins each deal’s value in its own currency, linked into Pipedrive in a new tab', async () => {
    const { status, html } = await page('/capacity', cookies.admin);
    expect(status).toBe(200);
    expect(html).toMatch(/A\$140,000 = \$[\d,]+/);
    expect(html).toMatch(/€88,000 = \$[\d,]+/);
    expect(html).toMatch(
      /href="https:\/\/demo-agency\.pipedrive\.com\/deal\/\d+" target="_blank" rel="noopener noreferrer"/,
    );
  });

  it('shows the deal plan by role: the rates in use, if-won verdicts, staff without values', async () => {
    const staff = (await page('/capacity', cookies.staff)).html;
    expect(staff).toContain('If won: deals by role');
    expect(staff).toContain(
      'Exchange rates (FX_RATES, the demo&#x27;s): 1 EUR = 1.08 USD · 1 AUD = 0.66 USD.',
    );
    expect(staff).toMatch(
      /fits from \w{3} \d+; from \w{3} \d+ (Designer|Developer|QA Engineer) is short by \d+ hours/,
    );
    expect(staff).toContain('data-testid="plan-role"');
    expect(staff).not.toContain('Hourly rate');
    const admin = (await page('/capacity', cookies.admin)).html;
    expect(admin).toContain('A$180,000 = $118,800');
    expect(admin).toMatch(/Hourly rate \$[\d.]+ \(Forecast/);
  });

  it('shows hours left by role and, under each role, by team, the teams adding up to their role', async () => {
    const { html } = await page('/capacity', cookies.staff);
    const plan = html.slice(html.indexOf('data-testid="plan-table"'));
    expect(plan).toContain('Hours left by role and team');
    expect(plan).toContain('role="switch"');
    // Rows in order: a role, then its teams; each cell starts with its whole hours left.
    const rows = plan
      .split('<tr ')
      .filter((r) => /data-testid="plan-(role|team)"/.test(r))
      .map((r) => ({
        team: r.includes('data-testid="plan-team"'),
        name: /<th scope="row">(.*?)<\/th>/.exec(r)![1]!.replace(/<[^>]+>/g, ''),
        hours: [...r.matchAll(/<td[^>]*>(\d+)/g)].map((m) => Number(m[1])),
      }));
    expect(rows.filter((r) => r.team).length).toBeGreaterThanOrEqual(
      rows.filter((r) => !r.team).length,
    );
    for (const [i, role] of rows.entries()) {
      if (role.team) continue;
      expect(role.hours).toHaveLength(12);
      const teams = [];
      for (let j = i + 1; j < rows.length && rows[j]!.team; j++) teams.push(rows[j]!);
      expect(teams.length, role.name).toBeGreaterThan(0);
      // A screen reader hears the role with each team.
      for (const t of teams) expect(t.name.startsWith(`${role.name}, `)).toBe(true);
      // Whole hours each, so the teams are within a rounding per team of their role.
      for (let w = 0; w < 12; w++) {
        const sum = teams.reduce((a, t) => a + t.hours[w]!, 0);
        expect(Math.abs(sum - role.hours[w]!), `${role.name} week ${w}`).toBeLessThanOrEqual(
          teams.length,
        );
      }
    }
  });

  it('gives the expected load as a total and a trend, never a verdict; none with tentative work off', async () => {
    const on = await page('/capacity', cookies.staff);
    const load = on.html.slice(on.html.indexOf('id="capacity-demand-title"'));
    expect(load).toMatch(/^id="capacity-demand-title">Expected load</);
    expect(load).toMatch(
      /Expected load over these 12 weeks: [\d.]+ h \(every open deal, weighted by probability\), beside [\d.]+ h free\. Whether a deal fits is judged on its if-won hours above\./,
    );
    expect(load.match(/data-testid="tentative-hours"/g)).toHaveLength(12);
    // The weighted hours no longer judge a week or a deal.
    expect(on.html).not.toMatch(/Shortage|Weighted Demand|short by \d+ hours? in weeks? /);
    expect(on.html).not.toContain('data-testid="shortage"');
    const off = await page('/capacity?tentative=0', cookies.staff);
    expect(off.html).toContain('Tentative work is left out');
    expect(off.html).toMatch(/data-testid="tentative-hours">0 h</);
  });

  it('keeps a minimum probability from the address, and falls back to the default on a bad one', async () => {
    const likely = await page('/capacity?minProbability=70', cookies.staff);
    expect(likely.html).toMatch(/<option value="70" selected="">70%<\/option>/);
    expect(likely.html).toContain('deals at 70% or more, weighted by probability');
    const bad = await page('/capacity?minProbability=lots&tentative=maybe', cookies.staff);
    expect(bad.status).toBe(200);
    expect(bad.html).toMatch(/<option value="0" selected="">0%<\/option>/);
    expect(bad.html).toContain('every open deal, weighted by probability');
  });

  it('renders from the database alone: no call to Forecast or Pipedrive', async () => {
    upstreamCalls = 0;
    await page('/capacity', cookies.admin);
    await page('/capacity?tentative=0', cookies.staff);
    await page('/agency?tab=pipeline', cookies.admin);
    expect(upstreamCalls).toBe(0);
  });

  it('downloads the grid as CSV: every person, team and total per week, in hours', async () => {
    const res = await t.request('GET', '/api/capacity/export.csv', { cookie: cookies.staff });
    expect(res.status).toBe(200);
    const csv = await readCsvResponse(res);
    expect(csv.fileName).toBe('capacity_2026-11-23_2027-02-14.csv');
    expect(csv.header).toEqual([
      'Row',
      'Name',
      'Team',
      'Week Start',
      'Available Hours',
      'Allocated Hours',
      'Free Hours',
      'Utilisation %',
      'Over-allocated',
    ]);
    const totals = csv.records.filter((r) => r.Row === 'Total');
    expect(totals).toHaveLength(12);
    // A week's total is the sum of its people.
    const people = csv.records.filter(
      (r) => r.Row === 'Person' && r['Week Start'] === '2026-11-23',
    );
    const sum = people.reduce((s, r) => s + Number(r['Available Hours']), 0);
    expect(Number(totals[0]!['Available Hours'])).toBeCloseTo(sum, 1);
    expect(
      (await t.request('GET', '/api/capacity/export.csv', { cookie: cookies.user })).status,
    ).toBe(403);
  });
});

describe('the Pipeline tab of Insights, next to Sales', () => {
  it('is for admins only', async () => {
    expect(await page('/agency?tab=pipeline', cookies.staff)).toMatchObject({
      status: 302,
      location: '/',
    });
  });

  it('shows value and weighted value by month per currency, and each deal linked into Pipedrive', async () => {
    await db.query(
      "INSERT INTO pipedrive_users (id, name, email) VALUES (2, 'Mia Chen', 'mia.chen@agency.test') ON CONFLICT DO NOTHING",
    );
    const { status, html } = await page('/agency?tab=pipeline', cookies.admin);
    expect(status).toBe(200);
    expect(html).toMatch(
      />Sales<\/a><a [^>]*href="\/agency\?tab=pipeline" aria-current="page">Pipeline</,
    );
    const months = html.slice(html.indexOf('data-testid="pipeline-months"'));
    // The euro deal's month has a row of its own, never added to the dollars.
    expect(months).toMatch(/<td>EUR<\/td><td[^>]*>€88,000<\/td><td[^>]*>€30,800<\/td>/);
    expect(months).toMatch(/<td>AUD<\/td><td[^>]*>A\$[\d,]+<\/td>/);
    const deals = html.slice(html.indexOf('data-testid="pipeline-deals"'));
    expect(deals).toMatch(
      new RegExp(
        `<a class="${sourceLink}" href="https://demo-agency\\.pipedrive\\.com/deal/102" target="_blank" rel="noopener noreferrer"[^>]*>Initech data platform phase 2<span[^>]*> \\(opens in a new tab\\)`,
      ),
    );
    expect(deals).toContain('Negotiations started');
    // Client (its Pipedrive organisation), owner (the roster's copy of Pipedrive's users) and age
    // (added 30 days before the demo's today).
    expect(deals).toContain('<th scope="col">Client</th>');
    expect(deals).toMatch(
      /Initech data platform phase 2.*?<td>Initech<\/td><td>Negotiations started<\/td><td>Mia Chen<\/td><td[^>]*>30 days<\/td>/s,
    );
  });

  it('says "no exchange rate for USDT" on both pages and leaves such deals out, never failing', async () => {
    await db.query(
      `INSERT INTO pipedrive_deals (id, title, value, currency, probability, stage_id, expected_close_date)
       VALUES (9001, 'Token sale', 50000, 'USDT', 50, 3, '2026-12-10'),
              (9002, 'Dollar-ish', 20000, 'US$', 50, 3, '2026-12-10')`,
    );
    try {
      for (const cookie of [cookies.staff, cookies.admin]) {
        const capacity = await page('/capacity', cookie);
        expect(capacity.status).toBe(200);
        expect(capacity.html).toContain('no exchange rate for USDT');
        expect(capacity.html).toContain('no exchange rate for US$');
      }
      const pipeline = await page('/agency?tab=pipeline', cookies.admin);
      expect(pipeline.status).toBe(200);
      const totals = pipeline.html.slice(pipeline.html.indexOf('data-testid="pipeline-totals"'));
      expect(totals).toMatch(
        /<th scope="row">USDT<\/th><td[^>]*>1<\/td><td[^>]*>USDT 50,000<\/td>.*?no exchange rate for USDT/s,
      );
      // The converted total counts the 14 demo deals, not the two without a rate.
      expect(totals).toMatch(/All, in USD<\/th><td[^>]*>14<\/td>/);
    } finally {
      await db.query('DELETE FROM pipedrive_deals WHERE id IN (9001, 9002)');
    }
  });

  it('totals each currency and converted, a stage funnel, and when Pipedrive was read', async () => {
    const { html } = await page('/agency?tab=pipeline', cookies.admin);
    expect(html).toMatch(/data-testid="pipeline-freshness">Pipedrive pipeline read Nov 25, 2026/);
    expect(html).toContain(
      'Exchange rates (FX_RATES, the demo&#x27;s): 1 EUR = 1.08 USD · 1 AUD = 0.66 USD',
    );
    const totals = html.slice(html.indexOf('data-testid="pipeline-totals"'));
    expect(totals).toMatch(
      /<th scope="row">EUR<\/th><td[^>]*>1<\/td><td[^>]*>€88,000<\/td><td[^>]*>€30,800<\/td><td[^>]*>\$95,040<\/td><td[^>]*>\$33,264<\/td>/,
    );
    expect(totals).toMatch(/All, in USD<\/th><td[^>]*>14<\/td>/);
    const funnel = html.slice(html.indexOf('data-testid="pipeline-funnel"'));
    expect(funnel.indexOf('Qualified')).toBeLessThan(funnel.indexOf('Negotiations started'));
    expect(funnel).toMatch(/Renewal talks<span[^>]*> · Retainers<\/span><\/th><td[^>]*>\d+<\/td>/);
  });
});

describe('when the stored plan cannot be read', () => {
  it('renders the page with an error that says to reload, and the Pipeline tab likewise', async () => {
    allowConsoleErrors();
    const failing = {
      ...db,
      query: (text: string, params?: unknown[]) =>
        /capacity_|pipedrive_/.test(text)
          ? Promise.reject(new Error('connection lost'))
          : db.query(text, params as never),
    } as Db;
    const broken = createTestApp(failing, { clock: () => now });
    const capacity = await broken.request('GET', '/capacity', { cookie: cookies.staff });
    expect(capacity.status).toBe(200);
    const html = await capacity.text();
    expect(html).toContain('Error Loading Capacity');
    expect(html).toContain('Failed to read the capacity plan. Please reload the page.');
    const pipeline = await broken.request('GET', '/agency?tab=pipeline', { cookie: cookies.admin });
    expect(pipeline.status).toBe(200);
    expect(await pipeline.text()).toContain('Error Loading Pipeline');
  });
});
