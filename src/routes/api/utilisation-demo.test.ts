import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/app';
import { type SeededDemoApp, seededDemoApp } from '../../../tests/helpers/demo-app';
import { demoUpstream } from '../../../tests/helpers/upstream';
import type { UtilisationResponse } from '../../shared/utilisation';

/**
 * The demo agency's utilisation as `npm start` seeds it, on Wednesday 25 November 2026: every
 * Forecast person, their role's default target, and figures that add up week by week.
 */
const upstream = demoUpstream(new Date('2026-11-25T16:00:00Z'));
let demo: SeededDemoApp;
let t: TestApp;
let staff: string;

beforeAll(async () => {
  demo = await seededDemoApp(upstream);
  t = demo.t;
  staff = await t.signIn('staff');
}, 120_000);
afterAll(() => demo.close());

const get = async (query: string) => {
  const res = await t.request('GET', `/api/utilisation${query}`, { cookie: staff });
  expect(res.status).toBe(200);
  return (await res.json()) as UtilisationResponse;
};

describe("the demo agency's utilisation", () => {
  it('lists every Forecast person with their role’s default target', async () => {
    const { people } = await get('?from=2026-10-05&weeks=4');
    expect(people).toHaveLength(upstream.forecast.data.spine.developers.length);
    for (const p of people) expect(p.targetPercent, p.name).toBe(p.role === 'Designer' ? 70 : 75);
  });

  it('adds up: the period is the sum of its weeks, and a finished month projects what it billed', async () => {
    // October 2026: the weeks of Mondays 5 to 26 October, all past.
    const { people } = await get('?from=2026-10-05&weeks=4');
    for (const p of people) {
      const sum = (k: 'availableHours' | 'billableHours') => p.weeks.reduce((a, w) => a + w[k], 0);
      expect(p.period.availableHours, p.name).toBeCloseTo(sum('availableHours'), 1);
      expect(p.period.billableHours, p.name).toBeCloseTo(sum('billableHours'), 1);
      expect(p.period.projectedPercent, p.name).toBe(p.period.utilisationPercent);
      expect(p.period.targetMet, p.name).toBe(
        p.period.billableHours >= (p.period.availableHours * p.targetPercent!) / 100,
      );
      // A real agency's spread, from its data: neither idle nor impossible.
      expect(p.period.utilisationPercent!, p.name).toBeGreaterThanOrEqual(50);
      expect(p.period.utilisationPercent!, p.name).toBeLessThanOrEqual(110);
    }
    expect(people.filter((p) => p.period.targetMet).length).toBeGreaterThan(0);
    // Vacation logged in Forecast is out of office: four weeks of 37.5 h less the days logged.
    const away = people.filter((p) => p.period.availableHours < 150);
    expect(away.length).toBeGreaterThan(0);
    for (const p of away) expect(p.period.availableHours % 7.5, p.name).toBe(0);
  });

  it('projects the running month from Forecast’s allocations beyond today', async () => {
    // November 2026: the weeks of Mondays 2 to 30 November; today is the 25th.
    const { people } = await get('?from=2026-11-02&weeks=5');
    for (const p of people) {
      expect(p.weeks.at(-1)!.billableHours, p.name).toBe(0);
      expect(p.period.projectedPercent!, p.name).toBeGreaterThan(p.period.utilisationPercent!);
    }
  });
});
