import { describe, expect, it } from 'vitest';
import { AGENCY_WIDE, alertNumberLines, groupAlertsByProject } from './alert-list';
import { budgetBurnRule, overdueRule, staleRule, type AlertJson } from './alerts';
import { budgetBurn } from './budget-burn';

const alert = (id: number, projectId: number | null, projectName: string | null): AlertJson => ({
  id,
  rule: projectId === null ? 'stale' : 'overdue',
  ruleLabel: 'x',
  projectId,
  projectName,
  status: 'open',
  openedAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: '2026-11-20T09:00:00.000Z',
  closedAt: null,
  message: '',
  numbers: {},
  acknowledgedAt: null,
  snoozedUntil: null,
});

describe('the alert list grouped by project', () => {
  it('keeps the order of each group’s first alert, and puts agency-wide alerts together', () => {
    const groups = groupAlertsByProject([
      alert(1, 7, 'Acme'),
      alert(2, null, null),
      alert(3, 9, 'Globex'),
      alert(4, 7, 'Acme'),
      alert(5, null, null),
    ]);
    expect(groups.map((g) => [g.name, g.alerts.map((a) => a.id)])).toEqual([
      ['Acme', [1, 4]],
      [AGENCY_WIDE, [2, 5]],
      ['Globex', [3]],
    ]);
  });

  it('names a project whose name is gone by its id', () => {
    expect(groupAlertsByProject([alert(1, 12, null)])[0]!.name).toBe('Project 12');
  });

  it('has no group for no alerts', () => {
    expect(groupAlertsByProject([])).toEqual([]);
  });
});

describe("an alert's numbers as people read them", () => {
  it('prints amounts in dollars, days as a count and the due date as a date', () => {
    const f = overdueRule(
      {
        projectId: 1,
        name: 'Acme',
        overdueAmount: 12345.6,
        overdueSince: '2026-11-01',
        currency: 'USD',
      },
      '2026-11-20',
      { overdueDays: 14 },
    )!;
    expect(alertNumberLines(f, 'UTC')).toEqual([
      { key: 'overdueAmount', label: 'Overdue', text: '$12,346' },
      { key: 'daysOverdue', label: 'Days overdue', text: '19' },
      { key: 'dueDate', label: 'Due', text: 'Nov 1, 2026' },
    ]);
  });

  it("prints percents with a % and the threshold in its rule's unit", () => {
    const f = budgetBurnRule(
      {
        projectId: 1,
        name: 'Acme',
        burn: budgetBurn({
          projectValue: 50_000,
          costToDate: 41_234,
          invoicedToDate: 0,
          weeklyCosts: [],
          today: '2026-11-23',
          alertPercent: 80,
        }),
        currency: 'USD',
      },
      { budgetBurnPercent: 80 },
    )!;
    const text = Object.fromEntries(alertNumberLines(f, 'UTC').map((l) => [l.key, l.text]));
    expect(text).toMatchObject({
      projectValue: '$50,000',
      costToDate: '$41,234',
      // The whole percent the Budget Burn tab prints.
      costPercent: '82%',
      invoicedPercent: '0%',
      threshold: '80%',
    });
  });

  it("prints hours as hours and minutes, a time in the agency's zone, and a missing value as a dash", () => {
    const f = staleRule(
      {
        lastSuccessAt: new Date('2026-11-19T08:00:00Z'),
        lastFailed: null,
        now: new Date('2026-11-20T10:30:00Z'),
      },
      { staleHours: 6 },
    )!;
    const text = Object.fromEntries(
      alertNumberLines(f, 'Australia/Sydney').map((l) => [l.key, l.text]),
    );
    expect(text).toEqual({
      hoursSinceSuccess: '26 hrs 30 min',
      lastSuccessAt: 'Nov 19, 2026, 7:00 PM',
      lastFailure: '—',
      threshold: '6 hrs',
    });
  });

  it('shows an unknown number under its own key, as given', () => {
    expect(alertNumberLines({ rule: 'blocked', numbers: { newThing: 'x' } }, 'UTC')).toEqual([
      { key: 'newThing', label: 'newThing', text: 'x' },
    ]);
  });
});
