import { describe, expect, it } from 'vitest';
import { costRateOn } from '../../shared/money';
import {
  CLIENT_USER_ID,
  createForecastDemoData,
  HTML_NOTE,
  SYSTEM_USER_ID,
  type ForecastRetainerPeriodJson,
} from './data';

const TODAY = '2026-11-19'; // a Thursday; its week runs 16-22 November
const MONDAY = '2026-11-16';
const data = createForecastDemoData({ today: TODAY });

const startOf = (p: ForecastRetainerPeriodJson) =>
  `${p.start_year}-${String(p.start_month).padStart(2, '0')}-${String(p.start_day).padStart(2, '0')}`;
const endOf = (p: ForecastRetainerPeriodJson) =>
  `${p.end_year}-${String(p.end_month).padStart(2, '0')}-${String(p.end_day).padStart(2, '0')}`;

describe('the Forecast demo agency', () => {
  it('is the same agency for the same seed, scale and day, and moves with the day', () => {
    expect(JSON.stringify(createForecastDemoData({ today: TODAY }))).toBe(JSON.stringify(data));
    const nextWeek = createForecastDemoData({ today: '2026-11-26' });
    expect(nextWeek.timeRegistrations.at(-1)!.date).toBe('2026-11-26');
    expect(() => createForecastDemoData({ today: '19/11/2026' })).toThrow(/YYYY-MM-DD/);
  });

  it("has the spine's projects with their stages, budgets and budget types", () => {
    expect(data.projects.map((p) => [p.id, p.name, p.stage, p.budget_type])).toEqual(
      data.spine.projects.map((p) => [p.forecastId, p.name, p.stage, p.budgetType]),
    );
    // Every value is the spine's, except a nearly spent fixed price sized to its cost (below).
    const resized = data.projects.filter((p, i) => p.budget !== data.spine.projects[i]!.budget);
    expect(resized.map((p) => p.name)).toEqual(['Wayne Foundation Website']);
    expect(new Set(data.projects.map((p) => p.stage))).toEqual(
      new Set(['RUNNING', 'PLANNING', 'HALTED', 'DONE']),
    );
    // Each project's rate card carries its client rate.
    for (const p of data.spine.projects) {
      const card = data.rateCards.find((c) => c.id === data.projects[p.index]!.rate_card);
      expect(card?.default_rate).toBe(p.hourlyRate);
    }
  });

  it('has what the alerts need: a budget past 80%, an invoice 14+ days overdue, a retainer heading over', () => {
    const spent = (forecastId: number) =>
      data.timeRegistrations
        .filter((r) => (r.project ?? r.task_project) === forecastId)
        .reduce((sum, r) => {
          const periods = data.costPeriods
            .filter((c) => c.person_id === r.person)
            .map((c) => ({
              startDate: c.start_year
                ? `${c.start_year}-${String(c.start_month).padStart(2, '0')}-${String(c.start_day).padStart(2, '0')}`
                : null,
              cost: c.cost,
            }));
          const own = data.persons.find((x) => x.id === r.person)?.cost ?? null;
          return sum + (r.time_registered / 60) * costRateOn(periods, r.date, own);
        }, 0);
    const wayne = data.projects.find((p) => p.name === 'Wayne Foundation Website')!;
    const used = spent(wayne.id) / wayne.budget!;
    expect(used).toBeGreaterThan(0.8);
    expect(used).toBeLessThan(1);

    const overdueDays = data.invoices
      .filter((i) => i.status !== 'DRAFT' && i.payments.length === 0)
      .map((i) => (Date.parse(TODAY) - Date.parse(i.due_date)) / 86_400_000);
    expect(Math.max(...overdueDays)).toBeGreaterThan(14);

    // By Thursday evening (four of five working days) a retainer has billed over 80% of its
    // week's target: at that pace the week lands over.
    const thisWeek = data.retainerPeriods.filter((p) => startOf(p) === MONDAY);
    const ahead = thisWeek.filter(
      (p) =>
        p.actual_billable_minutes > (p.period_target_minutes || p.estimated_billable_minutes) * 0.8,
    );
    expect(ahead.length).toBeGreaterThan(0);
  });

  it('gives retainer projects weekly periods: locked ones in the past, one this week, some ahead', () => {
    const retainers = data.spine.projects.filter((p) => p.weeklyRetainer);
    expect(retainers.length).toBeGreaterThan(0);
    for (const project of retainers) {
      const periods = data.retainerPeriods.filter((p) => p.project_id === project.forecastId);
      expect(periods.every((p) => p.period_length === 7 && endOf(p) > startOf(p))).toBe(true);
      expect(periods.filter((p) => p.period_locked && endOf(p) < TODAY).length).toBeGreaterThan(2);
      expect(periods.filter((p) => startOf(p) <= TODAY && TODAY <= endOf(p))).toHaveLength(1);
      expect(periods.find((p) => startOf(p) === MONDAY)?.period_locked).toBe(false);
      expect(periods.filter((p) => startOf(p) > TODAY).length).toBeGreaterThan(1);
      expect(periods.some((p) => p.period_locked && startOf(p) > TODAY)).toBe(false);
    }
  });

  it('has invoices in every state, one spanning two projects and one dated this week', () => {
    const total = (i: (typeof data.invoices)[number]) =>
      i.entries.reduce((s, e) => s + e.quantity * e.unit_price * (1 - e.discount / 100), 0);
    const paid = (i: (typeof data.invoices)[number]) =>
      i.payments.reduce((s, p) => s + p.amount, 0);
    const statuses = new Set(data.invoices.map((i) => i.status));
    expect(statuses).toEqual(new Set(['DRAFT', 'APPROVED', 'SENT']));
    expect(data.invoices.some((i) => i.status === 'SENT' && paid(i) >= total(i) - 0.01)).toBe(true);
    expect(data.invoices.some((i) => paid(i) > 0 && paid(i) < total(i) - 0.01)).toBe(true);
    expect(
      data.invoices.some((i) => i.status === 'SENT' && i.due_date < TODAY && paid(i) === 0),
    ).toBe(true);
    expect(data.invoices.some((i) => i.entries.some((e) => e.discount > 0))).toBe(true);
    const spanning = data.invoices.filter(
      (i) => new Set(i.entries.map((e) => e.project_id)).size > 1,
    );
    expect(spanning).toHaveLength(1);
    expect(
      data.invoices.some(
        (i) => i.status !== 'DRAFT' && i.created_date >= MONDAY && i.created_date <= TODAY,
      ),
    ).toBe(true);
    expect(data.invoices.every((i) => i.created_date <= TODAY)).toBe(true);
  });

  it('has the developers as persons, plus one system user and one client user', () => {
    const staff = data.persons.filter((p) => !p.is_system_user && p.client_id === null);
    expect(staff.map((p) => p.id)).toEqual(data.spine.developers.map((d) => d.forecastPersonId));
    expect(data.persons.find((p) => p.id === SYSTEM_USER_ID)?.is_system_user).toBe(true);
    expect(data.persons.find((p) => p.id === CLIENT_USER_ID)?.client_id).not.toBeNull();
  });

  it("changes someone's cost rate in the middle of this week, and leaves one developer without periods", () => {
    const periods = (personId: number) =>
      data.costPeriods
        .filter((c) => c.person_id === personId)
        .map((c) => ({
          startDate: c.start_year
            ? `${c.start_year}-${String(c.start_month).padStart(2, '0')}-${String(c.start_day).padStart(2, '0')}`
            : null,
          cost: c.cost,
        }));
    const changed = data.spine.developers.filter(
      (d) =>
        costRateOn(periods(d.forecastPersonId), MONDAY, null) !==
        costRateOn(periods(d.forecastPersonId), TODAY, null),
    );
    expect(changed.length).toBeGreaterThan(0);
    // Everyone's own cost is the rate in force today.
    for (const person of data.persons.filter((p) => !p.is_system_user && p.client_id === null)) {
      const own = periods(person.id);
      if (own.length) expect(costRateOn(own, TODAY, null)).toBe(person.cost);
    }
    expect(data.spine.developers.some((d) => periods(d.forecastPersonId).length === 0)).toBe(true);
  });

  it('has about six months of time on tasks, directly on projects and off projects, up to today', () => {
    const regs = data.timeRegistrations;
    const dates = regs.map((r) => r.date).sort();
    expect(dates[0]! <= '2026-05-25').toBe(true);
    expect(dates.at(-1)).toBe(TODAY);
    expect(regs.some((r) => r.project === null && r.task !== null && r.task_project !== null)).toBe(
      true,
    );
    expect(regs.some((r) => r.project !== null && r.task === null)).toBe(true);
    expect(
      regs.some(
        (r) => r.non_project_time !== null && r.project === null && r.task_project === null,
      ),
    ).toBe(true);
    expect(
      regs.filter((r) => r.date >= MONDAY && (r.project ?? r.task_project) !== null).length,
    ).toBeGreaterThan(20);
    expect(regs.filter((r) => r.notes === HTML_NOTE)).toHaveLength(1);
    expect(new Set(regs.map((r) => r.id)).size).toBe(regs.length);
    expect(regs.every((r) => r.updated_at <= data.now && r.created_at <= r.updated_at)).toBe(true);
    // Planning projects take no time, and no project takes time before it starts.
    const planning = new Set(data.projects.filter((p) => p.stage === 'PLANNING').map((p) => p.id));
    expect(regs.some((r) => planning.has((r.project ?? r.task_project)!))).toBe(false);
    const startOfProject = new Map(data.projects.map((p) => [p.id, p.start_date!]));
    expect(
      regs.some(
        (r) =>
          (r.project ?? r.task_project) !== null &&
          r.date < startOfProject.get((r.project ?? r.task_project)!)!,
      ),
    ).toBe(false);
  });

  it("keeps each retainer period's actual minutes equal to the billable time registered in it", () => {
    const period = data.retainerPeriods.find((p) => startOf(p) === '2026-11-09')!;
    const minutes = data.timeRegistrations
      .filter(
        (r) =>
          (r.project ?? r.task_project) === period.project_id &&
          r.date >= startOf(period) &&
          r.date <= endOf(period),
      )
      .reduce((s, r) => s + r.billable_minutes_registered, 0);
    expect(minutes).toBeGreaterThan(0);
    expect(period.actual_billable_minutes).toBe(minutes);
  });

  it('grows with DEMO_SCALE and stays quick to generate at scale 10', () => {
    const started = performance.now();
    const big = createForecastDemoData({ today: TODAY, scale: 10 });
    const elapsed = performance.now() - started;
    expect(big.projects).toHaveLength(data.projects.length * 10);
    expect(big.persons.length - 2).toBe((data.persons.length - 2) * 10);
    expect(big.timeRegistrations.length).toBeGreaterThan(data.timeRegistrations.length * 9);
    // A generous bound (about 0.35 s measured): it guards against an accidental quadratic loop.
    expect(elapsed).toBeLessThan(5_000);
  });
});
