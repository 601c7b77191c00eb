import { describe, expect, it } from 'vitest';
import {
  ALERT_RULES,
  alertRulesFor,
  availabilityRule,
  blockedRule,
  budgetBurnRule,
  DEFAULT_THRESHOLDS as T,
  marginRule,
  overdueRule,
  retainerRule,
  staleRule,
  velocityRule,
} from './alerts';
import { budgetBurn } from './budget-burn';

const project = { projectId: 7, name: 'Acme Shop', currency: 'USD' };

describe('overdue rule (default 14 days)', () => {
  const p = { ...project, overdueAmount: 1200, overdueSince: '2026-11-09' };
  it('stays quiet at 13 days overdue', () => {
    expect(overdueRule(p, '2026-11-22', T)).toBeNull();
  });
  it('opens at exactly 14 days, with the amount and the days', () => {
    const f = overdueRule(p, '2026-11-23', T)!;
    expect(f.numbers).toEqual({
      overdueAmount: 1200,
      daysOverdue: 14,
      dueDate: '2026-11-09',
      currency: 'USD',
    });
    expect(f.message).toBe('Acme Shop: $1,200 overdue for 14 days (due Nov 9, 2026).');
    // An invoice in another currency says so: never '$' for euros.
    expect(overdueRule({ ...p, currency: 'EUR' }, '2026-11-23', T)?.message).toBe(
      'Acme Shop: €1,200 overdue for 14 days (due Nov 9, 2026).',
    );
    expect(f.subject).toBe('project:7');
  });
  it('stays open at 40 days', () => {
    expect(overdueRule(p, '2026-12-19', T)?.numbers.daysOverdue).toBe(40);
  });
  it('needs an amount above 0', () => {
    expect(overdueRule({ ...p, overdueAmount: 0 }, '2026-12-19', T)).toBeNull();
    expect(overdueRule({ ...p, overdueAmount: 0.01 }, '2026-12-19', T)).not.toBeNull();
    expect(overdueRule({ ...p, overdueSince: null }, '2026-12-19', T)).toBeNull();
  });
  it('follows an edited threshold', () => {
    expect(overdueRule(p, '2026-11-16', { overdueDays: 7 })).not.toBeNull();
    expect(overdueRule(p, '2026-11-15', { overdueDays: 7 })).toBeNull();
  });
});

describe('budget burn rule (default 80%)', () => {
  // The rule reads `budgetBurn`'s figures, the Budget Burn tab's own (docs/decisions/386).
  const burnOf = (costToDate: number, invoicedToDate = 5_000, projectValue = 10_000) => ({
    ...project,
    burn: budgetBurn({
      projectValue,
      costToDate,
      invoicedToDate,
      weeklyCosts: [],
      today: '2026-11-23',
      alertPercent: T.budgetBurnPercent,
    }),
  });
  it('stays quiet while the tab reads under 80% used', () => {
    // 79.49% prints as 79%.
    expect(budgetBurnRule(burnOf(7_949), T)).toBeNull();
  });
  it('opens when the tab reads 80% used, with the same figure', () => {
    const f = budgetBurnRule(burnOf(8_000), T)!;
    expect(f.numbers.costPercent).toBe(80);
    expect(f.message).toBe('Acme Shop: internal cost $8,000 is 80% of the $10,000 project value.');
    // 79.5% prints as 80% on the tab, so it alerts too.
    expect(budgetBurnRule(burnOf(7_950), T)?.numbers.costPercent).toBe(80);
  });
  it('never opens on invoiced alone: a project the tab shows at 32% used stays quiet', () => {
    // The alert that fired for a project the Budget Burn tab showed at 32%: invoiced 86%.
    const quiet = burnOf(3_200, 8_600);
    expect(quiet.burn.usedPercent).toBe(32);
    expect(quiet.burn.overAlert).toBe(false);
    expect(budgetBurnRule(quiet, T)).toBeNull();
  });
  it('follows an edited threshold, as the tab marks its rows', () => {
    const p = burnOf(6_000);
    expect(budgetBurnRule(p, { budgetBurnPercent: 60 })).not.toBeNull();
    expect(budgetBurnRule(p, { budgetBurnPercent: 61 })).toBeNull();
  });
  it('ignores a project without a value', () => {
    expect(budgetBurnRule(burnOf(9_000, 0, 0), T)).toBeNull();
  });
});

describe('retainer rule (default more than 10% off target)', () => {
  const p = { ...project, target: 10_000, periodNumber: 12 };
  it('stays quiet at exactly 10% over and 10% under', () => {
    expect(retainerRule({ ...p, projected: 11_000 }, T)).toBeNull();
    expect(retainerRule({ ...p, projected: 9_000 }, T)).toBeNull();
  });
  it('opens just past 10% over', () => {
    const f = retainerRule({ ...p, projected: 11_001 }, T)!;
    expect(f.numbers.offPercent).toBe(10);
    expect(f.message).toContain('heading 10% over target');
  });
  it('opens past 10% under', () => {
    const f = retainerRule({ ...p, projected: 8_500 }, T)!;
    expect(f.numbers.offPercent).toBe(-15);
    expect(f.message).toBe(
      'Acme Shop: period 12 heading 15% under target ($8,500 projected against $10,000).',
    );
  });
  it('ignores a zero target', () => {
    expect(retainerRule({ ...p, target: 0, projected: 500 }, T)).toBeNull();
  });
});

describe('margin rule (default below 30% over 4 weeks)', () => {
  it('stays quiet at exactly 30%', () => {
    expect(marginRule({ ...project, invoiced: 10_000, cost: 7_000 }, T)).toBeNull();
  });
  it('opens just below 30%', () => {
    const f = marginRule({ ...project, invoiced: 10_000, cost: 7_001 }, T)!;
    expect(f.numbers.marginPercent).toBe(30);
    expect(
      marginRule({ ...project, invoiced: 10_000, cost: 7_100 }, T)?.numbers.marginPercent,
    ).toBe(29);
  });
  it('opens on a loss', () => {
    expect(marginRule({ ...project, invoiced: 1_000, cost: 1_500 }, T)?.numbers.marginPercent).toBe(
      -50,
    );
  });
  it('has no margin % with nothing invoiced', () => {
    expect(marginRule({ ...project, invoiced: 0, cost: 5_000 }, T)).toBeNull();
  });
});

describe('velocity rule (default below 60% two weeks running)', () => {
  const w = (weekStart: string, velocityPercentage: number, availablePoints = 40) => ({
    weekStart,
    velocityPercentage,
    availablePoints,
  });
  it('opens when both finished weeks are below 60%', () => {
    const f = velocityRule([w('2026-11-09', 59), w('2026-11-16', 45)], T)!;
    expect(f.subject).toBe('agency');
    expect(f.numbers).toMatchObject({ earlierVelocity: 59, laterVelocity: 45 });
    expect(f.message).toBe(
      'Team velocity below 60% two weeks running: 59% (week of Nov 9, 2026) and 45% (week of Nov 16, 2026).',
    );
  });
  it('stays quiet when one of the two is at 60%', () => {
    expect(velocityRule([w('2026-11-09', 60), w('2026-11-16', 45)], T)).toBeNull();
    expect(velocityRule([w('2026-11-09', 40), w('2026-11-16', 60)], T)).toBeNull();
  });
  it('needs two weeks, each with available points', () => {
    expect(velocityRule([w('2026-11-16', 10)], T)).toBeNull();
    expect(velocityRule([w('2026-11-09', 0, 0), w('2026-11-16', 10)], T)).toBeNull();
  });
});

describe('blocked rule (default 5 or more)', () => {
  const p = { ...project, sprintName: 'Sprint 14' };
  it('stays quiet at 4 and opens at 5', () => {
    expect(blockedRule({ ...p, blocked: 4 }, T)).toBeNull();
    expect(blockedRule({ ...p, blocked: 5 }, T)?.message).toBe(
      'Acme Shop: 5 blocked tickets in the active sprint Sprint 14.',
    );
  });
});

describe('stale rule (default 6 hours)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it('stays quiet at exactly 6 hours', () => {
    expect(staleRule({ lastSuccessAt: ago(6), lastFailed: null, now }, T)).toBeNull();
  });
  it('opens past 6 hours', () => {
    const f = staleRule({ lastSuccessAt: ago(6.1), lastFailed: null, now }, T)!;
    expect(f.numbers.hoursSinceSuccess).toBe(6.1);
    expect(f.message).toBe(
      'Data is stale: the last successful sync was 6 hours ago (limit 6 hours).',
    );
  });
  it('opens at once when the last run failed', () => {
    const f = staleRule(
      { lastSuccessAt: ago(0.2), lastFailed: { at: ago(0.1), reason: 'Jira, ASR: 502' }, now },
      T,
    )!;
    expect(f.message).toContain('The last refresh failed (Jira, ASR: 502)');
  });
  it('says nothing on a new install that never ran', () => {
    expect(staleRule({ lastSuccessAt: null, lastFailed: null, now }, T)).toBeNull();
  });
});

describe('availability rule (Thursday onward)', () => {
  const d = {
    accountId: 'acc-1',
    displayName: 'Dana Lee',
    daysSavedNextWeek: 0,
    employedNextWeek: true,
    forecastCalendar: false,
    weekConfirmed: false,
  };
  it('reminds from Thursday, not on Wednesday', () => {
    expect(availabilityRule(d, '2026-11-25', '2026-11-30', T)).toBeNull(); // Wednesday
    expect(availabilityRule(d, '2026-11-26', '2026-11-30', T)?.message).toBe(
      'Dana Lee has no availability for the week of Nov 30, 2026: no Forecast calendar (link them on the roster), no day saved, and the week is not confirmed.',
    ); // Thursday
    expect(availabilityRule(d, '2026-11-29', '2026-11-30', T)).not.toBeNull(); // Sunday
  });
  it('is quiet once a day is saved, or for someone not employed next week', () => {
    expect(
      availabilityRule({ ...d, daysSavedNextWeek: 1 }, '2026-11-26', '2026-11-30', T),
    ).toBeNull();
    expect(
      availabilityRule({ ...d, employedNextWeek: false }, '2026-11-26', '2026-11-30', T),
    ).toBeNull();
  });
  it('is quiet for a week Forecast describes, or one confirmed as it is', () => {
    expect(
      availabilityRule({ ...d, forecastCalendar: true }, '2026-11-26', '2026-11-30', T),
    ).toBeNull();
    expect(
      availabilityRule({ ...d, weekConfirmed: true }, '2026-11-26', '2026-11-30', T),
    ).toBeNull();
  });
});

describe('who an alert reaches (docs/decisions/392)', () => {
  it('reaches only the roles that can act on it: money to admins, delivery to staff, none to users', () => {
    expect(alertRulesFor('admin')).toEqual([...ALERT_RULES]);
    expect(alertRulesFor('staff')).toEqual(['velocity', 'blocked', 'availability']);
    expect(alertRulesFor('user')).toEqual([]);
  });
});
