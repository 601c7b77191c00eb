import { describe, expect, it } from 'vitest';
import { seededDemoApp } from '../../../tests/helpers/demo-app';
import { demoUpstream } from '../../../tests/helpers/upstream';
import type { UtilisationResponse } from '../../shared/utilisation';

/**
 * The demo agency read on other days and hours than the one the other demo tests use: a Monday
 * morning, a Friday evening, a week after the new year (Christmas Day and New Year's Day in the
 * weeks read), New Year's Eve in the evening and a Wednesday in March. Its data gives each person
 * a billable utilisation over the last seven finished weeks within a real agency's spread (some
 * people meet their role's target, some fall short), and a velocity between 60% and 120% in each
 * finished week of the trend: its tickets reach QA on the tracked people's working days
 * (docs/decisions/426-demo-delivery-follows-working-days.md).
 */
const DAYS = [
  '2026-06-08T08:00:00Z',
  '2026-09-18T17:00:00Z',
  '2027-01-06T16:00:00Z',
  '2026-12-31T19:00:00Z',
  '2026-03-04T12:00:00Z',
];

interface Trend {
  weekStart: string;
  velocityPercentage: number;
}

describe('the demo agency on several days', () => {
  it.each(DAYS)(
    'spreads billable utilisation as a real agency does, read on %s',
    { timeout: 120_000 },
    async (day) => {
      const demo = await seededDemoApp(demoUpstream(new Date(day)));
      try {
        const staff = await demo.t.signIn('staff');
        const get = async <T>(path: string) => {
          const res = await demo.t.request('GET', path, { cookie: staff });
          expect(res.status, path).toBe(200);
          return (await res.json()) as T;
        };
        const trend = await get<Trend[]>('/api/velocity-history');
        const velocity = trend.map((w) => w.velocityPercentage);
        // Seven finished weeks and the running one, which has delivered only what the week so
        // far allows, so it may read low early in the week but never above a whole week's.
        expect(velocity, day).toHaveLength(8);
        const finished = velocity.slice(0, -1);
        expect(Math.min(...finished), velocity.join(' ')).toBeGreaterThanOrEqual(60);
        expect(Math.max(...velocity), velocity.join(' ')).toBeLessThanOrEqual(120);
        const { people } = await get<UtilisationResponse>(
          `/api/utilisation?from=${trend[0]!.weekStart}&weeks=7`,
        );
        const utilisation = people.map((p) => p.period.utilisationPercent!);
        expect(Math.min(...utilisation), utilisation.join(' ')).toBeGreaterThanOrEqual(55);
        expect(Math.max(...utilisation), utilisation.join(' ')).toBeLessThanOrEqual(95);
        // People differ: some meet their role's target, some fall short.
        expect(Math.max(...utilisation) - Math.min(...utilisation)).toBeGreaterThanOrEqual(15);
        const met = people.filter((p) => p.period.targetMet).length;
        expect(met, utilisation.join(' ')).toBeGreaterThan(0);
        expect(met, utilisation.join(' ')).toBeLessThan(people.length);
      } finally {
        await demo.close();
      }
    },
  );
});
