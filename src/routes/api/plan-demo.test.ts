import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/app';
import { type SeededDemoApp, seededDemoApp } from '../../../tests/helpers/demo-app';
import { demoUpstream } from '../../../tests/helpers/upstream';
import { DEMO_PIPEDRIVE } from '../../services/integrations';
import { createPipedriveClient } from '../../services/pipedrive/client';
import { syncPipeline } from '../../services/pipedrive/sync';
import { addCalendarDays, weekStartOf } from '../../shared/calendar';

/**
 * Deals staffed if won over the demo agency (docs/decisions/410-deal-staffing-verdicts.md): its
 * Forecast plan and roles seeded as `npm start` seeds them, its pipeline copied by the refresh's
 * own function, FX_RATES the demo's.
 */
const upstream = demoUpstream(new Date('2026-11-25T16:00:00Z'));
let demo: SeededDemoApp;
let t: TestApp;
let staff: string;
let admin: string;

interface Deal {
  id: number;
  title: string;
  currency: string;
  value?: number;
  valueInAgencyCurrency?: number | null;
  probability: number;
  expectedCloseDate: string | null;
  expectedHours: number | null;
  ifWonHours: number | null;
  byRole: { role: string; hours: number }[];
  roleSource: string | null;
  earliestStart: string | null;
  verdict: string;
  status: string | null;
}
interface DealsBody {
  rate: { hourly?: number | null; currency: string; source: string };
  fx: { base: string; rates: Record<string, number>; source: string };
  scenario: { id: number; name: string } | null;
  deals: Deal[];
}
interface FitBody {
  start: string;
  fits: boolean;
  weeks: {
    weekStart: string;
    role: string;
    demandHours: number;
    freeHours: number;
    shortHours: number;
  }[];
}

beforeAll(async () => {
  demo = await seededDemoApp(upstream);
  t = demo.t;
  await syncPipeline(
    demo.db,
    createPipedriveClient({ ...DEMO_PIPEDRIVE, timeoutMs: 2_000, deadlineMs: 10_000 }),
    { now: upstream.now },
  );
  [staff, admin] = [await t.signIn('staff'), await t.signIn('admin')];
}, 120_000);
afterAll(() => demo.close());

const get = async <T>(path: string, cookie = staff) => {
  const res = await t.request('GET', path, { cookie });
  return { status: res.status, body: (await res.json()) as T };
};
const thisWeek = weekStartOf('2026-11-25');

describe('GET /api/plan/deals on the demo', () => {
  it('shows the rates in use and where they came from; staff get hours without values', async () => {
    const { status, body } = await get<DealsBody>('/api/plan/deals');
    expect(status).toBe(200);
    expect(body.fx).toEqual({
      base: 'USD',
      rates: { EUR: 1.08, AUD: 0.66 },
      source: "FX_RATES, the demo's",
    });
    expect(body.rate).not.toHaveProperty('hourly');
    expect(body.deals.length).toBeGreaterThan(10);
    for (const d of body.deals) {
      expect(d).not.toHaveProperty('value');
      expect(d).not.toHaveProperty('valueInAgencyCurrency');
    }
    const admins = (await get<DealsBody>('/api/plan/deals', admin)).body;
    expect(admins.rate.hourly).toBeGreaterThan(0);
    const globex = admins.deals.find((d) => d.title === 'Globex loyalty app')!;
    // A$180,000 at 0.66 is $118,800.
    expect(globex).toMatchObject({
      currency: 'AUD',
      value: 180_000,
      valueInAgencyCurrency: 118_800,
    });
    const lab = admins.deals.find((d) => d.title === 'Massive Dynamic lab tools')!;
    expect(lab.valueInAgencyCurrency).toBe(95_040);
    expect(lab.ifWonHours).not.toBe(globex.ifWonHours! * (88_000 / 180_000));
  });

  it('splits each deal by role to its if-won hours, and says where the split came from', async () => {
    const { body } = await get<DealsBody>('/api/plan/deals');
    for (const d of body.deals) {
      const sum = d.byRole.reduce((a, r) => a + r.hours, 0);
      expect(Math.round(sum * 100) / 100, d.title).toBe(d.ifWonHours);
      expect(['billable hours', 'team hours', 'pipeline mix', 'deal field']).toContain(
        d.roleSource,
      );
      expect(d.expectedHours).toBeCloseTo((d.ifWonHours! * d.probability) / 100, 1);
    }
  });

  it('has a deal that fits from a later week and one short by a named role', async () => {
    const { body } = await get<DealsBody>('/api/plan/deals');
    const later = body.deals.filter(
      (d) =>
        d.earliestStart &&
        d.earliestStart > weekStartOf(d.expectedCloseDate ?? thisWeek) &&
        d.earliestStart > thisWeek,
    );
    expect(
      later.length,
      body.deals.map((d) => `${d.title}: ${d.verdict}`).join('\n'),
    ).toBeGreaterThan(0);
    expect(later[0]!.verdict).toMatch(
      /^fits from \w{3} \d+; from \w{3} \d+ .+ is short by \d+ hours?$/,
    );
    expect(
      body.deals.some((d) =>
        / (Developer|Designer|QA Engineer) is short by \d+ hour/.test(d.verdict),
      ),
    ).toBe(true);
  });

  it('at each earliest start nothing is short, and a week earlier something is (a property of the demo)', async () => {
    const { body } = await get<DealsBody>('/api/plan/deals');
    const staffed = body.deals.filter((d) => d.earliestStart);
    expect(staffed.length).toBeGreaterThan(5);
    for (const d of staffed) {
      const at = (await get<FitBody>(`/api/plan/deals/${d.id}/fit?start=${d.earliestStart}`)).body;
      expect(at.fits, d.title).toBe(true);
      expect(at.weeks.every((w) => w.shortHours === 0)).toBe(true);
      const from =
        d.expectedCloseDate && weekStartOf(d.expectedCloseDate) > thisWeek
          ? weekStartOf(d.expectedCloseDate)
          : thisWeek;
      if (d.earliestStart === from) continue;
      const before = (
        await get<FitBody>(
          `/api/plan/deals/${d.id}/fit?start=${addCalendarDays(d.earliestStart!, -7)}`,
        )
      ).body;
      expect(
        before.weeks.some((w) => w.shortHours > 0),
        d.title,
      ).toBe(true);
    }
  });

  it('says "no exchange rate for USDT" for a deal in a currency without a rate, and leaves it out', async () => {
    for (const [id, currency] of [
      [9001, 'USDT'],
      [9002, 'US$'],
    ] as const)
      await demo.db.query(
        `INSERT INTO pipedrive_deals (id, title, value, currency, probability, stage_id, expected_close_date)
         VALUES ($1, $2, 50000, $3, 50, 3, '2026-12-10')`,
        [id, `Crypto deal ${currency}`, currency],
      );
    try {
      const { status, body } = await get<DealsBody>('/api/plan/deals', admin);
      expect(status).toBe(200);
      const usdt = body.deals.find((d) => d.id === 9001)!;
      expect(usdt).toMatchObject({
        verdict: 'no exchange rate for USDT',
        valueInAgencyCurrency: null,
        ifWonHours: null,
        earliestStart: null,
        byRole: [],
      });
      expect(body.deals.find((d) => d.id === 9002)!.verdict).toBe('no exchange rate for US$');
      const fit = await t.request('GET', '/api/plan/deals/9001/fit', { cookie: staff });
      expect(fit.status).toBe(400);
      expect(((await fit.json()) as { message: string }).message).toContain(
        'no exchange rate for USDT',
      );
      const capacity = await t.request('GET', '/api/capacity', { cookie: staff });
      expect(capacity.status).toBe(200);
    } finally {
      await demo.db.query('DELETE FROM pipedrive_deals WHERE id IN (9001, 9002)');
    }
  });

  it("uses the stage's probability where the pipeline turns deal probability off", async () => {
    const before = (await get<DealsBody>('/api/plan/deals')).body.deals.find(
      (d) => d.title === 'Globex loyalty app',
    )!;
    expect(before.probability).toBe(85);
    await demo.db.query(
      'UPDATE pipedrive_stages SET pipeline_deal_probability = false WHERE pipeline_id = 1',
    );
    try {
      const after = (await get<DealsBody>('/api/plan/deals')).body.deals.find(
        (d) => d.title === 'Globex loyalty app',
      )!;
      // Negotiations started: 75%.
      expect(after.probability).toBe(75);
    } finally {
      await demo.db.query('UPDATE pipedrive_stages SET pipeline_deal_probability = true');
    }
  });

  it('answers a bad parameter with a 400 naming it, an unknown deal or scenario with a 404', async () => {
    const cases: [string, number, RegExp][] = [
      ['/api/plan/deals?scenario=abc', 400, /scenario/],
      ['/api/plan/deals?scenario=999999', 404, /scenario 999999/],
      ['/api/plan/deals/101/fit?start=2026-13-01', 400, /start/],
      ['/api/plan/deals/999999/fit', 404, /deal 999999/],
      ['/api/plan/deals/x/fit', 400, /id/],
      ['/api/plan/scenarios/999999', 404, /scenario 999999/],
    ];
    for (const [path, status, message] of cases) {
      const res = await t.request('GET', path, { cookie: staff });
      expect(res.status, path).toBe(status);
      expect(((await res.json()) as { message: string }).message, path).toMatch(message);
    }
  });
});

describe('role mixes per pipeline', () => {
  it("admins set a pipeline's mix; its deals without their own then split by it", async () => {
    const put = (cookie: string, body: unknown, id = 2) =>
      t.request('PUT', `/api/plan/role-mixes/${id}`, { cookie, body });
    const mix = [
      { role: 'Developer', weight: 1 },
      { role: 'Designer', weight: 1 },
    ];
    expect((await put(staff, { mix })).status).toBe(403);
    expect((await put(admin, { mix }, 999_999)).status).toBe(404);
    const bad = await put(admin, { mix: [{ role: 'Developer', weight: 0 }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/weight/);
    expect((await put(admin, { mix })).status).toBe(200);
    try {
      const listed = await get<{ roleMixes: unknown[] }>('/api/plan/role-mixes');
      expect(listed.body.roleMixes).toEqual([{ pipelineId: 2, mix }]);
      const deals = (await get<DealsBody>('/api/plan/deals')).body.deals;
      const retainer = deals.find((d) => d.title === 'Northwind app retainer')!;
      expect(retainer.roleSource).toBe('pipeline mix');
      expect(retainer.byRole.map((r) => r.role)).toEqual(['Developer', 'Designer']);
      // Halves to the hundredth: at most a hundredth apart.
      const [dev, design] = retainer.byRole.map((r) => Math.round(r.hours * 100));
      expect(Math.abs(dev! - design!)).toBeLessThanOrEqual(1);
      expect(deals.find((d) => d.title === 'Globex loyalty app')!.roleSource).toBe(
        'billable hours',
      );
    } finally {
      expect((await put(admin, { mix: null })).status).toBe(200);
    }
    expect((await get<{ roleMixes: unknown[] }>('/api/plan/role-mixes')).body.roleMixes).toEqual(
      [],
    );
  });
});

describe('scenarios', () => {
  it('are saved, listed, read, changed and deleted, and change the verdicts', async () => {
    const base = (await get<DealsBody>('/api/plan/deals')).body.deals;
    const last = base.filter((d) => d.ifWonHours !== null).at(-1)!;
    const first = base[0]!;
    const post = async (
      body: unknown,
      method: 'POST' | 'PUT' = 'POST',
      path = '/api/plan/scenarios',
    ) => t.request(method, path, { cookie: staff, body });

    const bad = await post({ name: '', deals: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/name/);
    const badStatus = await post({ name: 'x', deals: [{ id: 1, status: 'maybe' }] });
    expect(badStatus.status).toBe(400);
    expect(((await badStatus.json()) as { message: string }).message).toMatch(/status/);

    const created = await post({
      name: 'Win the last one',
      deals: [
        { id: last.id, status: 'won' },
        { id: first.id, status: 'lost' },
      ],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const list = (await get<{ scenarios: { id: number; name: string }[] }>('/api/plan/scenarios'))
      .body;
    expect(list.scenarios.map((s) => s.name)).toContain('Win the last one');
    const one = await get<{ scenario: { deals: unknown[] } }>(`/api/plan/scenarios/${id}`);
    expect(one.body.scenario.deals).toHaveLength(2);

    const applied = (await get<DealsBody>(`/api/plan/deals?scenario=${id}`)).body;
    expect(applied.scenario).toEqual({ id, name: 'Win the last one' });
    expect(applied.deals[0]!.id).toBe(last.id);
    expect(applied.deals[0]!.status).toBe('won');
    expect(applied.deals.find((d) => d.id === first.id)!.verdict).toBe('lost in this scenario');

    const moved = await post(
      { name: 'Moved', deals: [{ id: last.id, status: 'won', start: '2027-03-01' }] },
      'PUT',
      `/api/plan/scenarios/${id}`,
    );
    expect(moved.status).toBe(200);
    const after = (await get<DealsBody>(`/api/plan/deals?scenario=${id}`)).body;
    expect(after.deals[0]!.earliestStart! >= '2027-03-01').toBe(true);

    expect((await t.request('DELETE', `/api/plan/scenarios/${id}`, { cookie: staff })).status).toBe(
      200,
    );
    expect((await t.request('DELETE', `/api/plan/scenarios/${id}`, { cookie: staff })).status).toBe(
      404,
    );
    expect((await post({ name: 'x', deals: [] }, 'PUT', `/api/plan/scenarios/${id}`)).status).toBe(
      404,
    );
  });
});
