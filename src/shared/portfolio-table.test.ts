import { describe, expect, it } from 'vitest';
import { projectFixture } from '../../tests/fixtures/project';
import {
  DEFAULT_VIEW,
  filterPortfolioRows,
  parsePortfolioView,
  portfolioRow,
  portfolioTotals,
  portfolioViewParams,
  readPortfolioView,
  sortPortfolioRows,
} from './portfolio-table';

const rows = [
  portfolioRow(
    projectFixture({
      id: 1,
      name: 'beta',
      teamName: 'Team 2',
      jiraProjectKey: 'BET',
      jiraTotalTickets: 10,
      jiraCompletedTickets: 9,
      billingPaidPercentage: 10,
      forecastStage: 'RUNNING',
      lastJiraSync: '2026-11-18T09:00:00.000Z',
      lastForecastSync: '2026-11-17T09:00:00.000Z',
    }),
  ),
  portfolioRow(
    projectFixture({
      id: 2,
      name: 'Alpha',
      teamName: null,
      jiraProjectKey: null,
      totalTickets: 4,
      completedTickets: 1,
      billingPaidPercentage: 80,
      forecastStage: 'PLANNING',
      lastJiraSync: null,
      lastForecastSync: null,
    }),
  ),
  portfolioRow(
    projectFixture({
      id: 3,
      name: 'gamma',
      teamName: 'Team 1',
      jiraProjectKey: 'GAM',
      jiraTotalTickets: 0,
      jiraCompletedTickets: 0,
      billingPaidPercentage: 10,
      forecastStage: 'RUNNING',
      lastJiraSync: '2026-11-10T09:00:00.000Z',
      lastForecastSync: null,
    }),
  ),
];
const names = (r: { name: string }[]) => r.map((x) => x.name);

describe('portfolio rows', () => {
  it('take Jira’s ticket counts once linked, the stored ones before, and the later sync', () => {
    expect(rows[0]).toMatchObject({ ticketPercent: 90, lastSync: '2026-11-18T09:00:00.000Z' });
    expect(rows[1]).toMatchObject({ ticketPercent: 25, ticketsTotal: 4, lastSync: null });
  });

  it('sort by name without regard to case, and by numbers as numbers', () => {
    expect(names(sortPortfolioRows(rows, 'name', 'asc'))).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names(sortPortfolioRows(rows, 'tickets', 'desc'))).toEqual(['beta', 'Alpha', 'gamma']);
  });

  it('break ties by name and put empty values last in either direction', () => {
    expect(names(sortPortfolioRows(rows, 'paid', 'asc'))).toEqual(['beta', 'gamma', 'Alpha']);
    expect(names(sortPortfolioRows(rows, 'team', 'asc'))).toEqual(['gamma', 'beta', 'Alpha']);
    expect(names(sortPortfolioRows(rows, 'team', 'desc'))).toEqual(['beta', 'gamma', 'Alpha']);
    expect(names(sortPortfolioRows(rows, 'lastSync', 'desc'))).toEqual(['beta', 'gamma', 'Alpha']);
    const alerts = rows.map((r, i) => ({ ...r, openAlerts: [2, 0, 5][i]! }));
    expect(names(sortPortfolioRows(alerts, 'alerts', 'desc'))).toEqual(['gamma', 'beta', 'Alpha']);
  });

  it('filter by team (or none), Jira link and stage together', () => {
    const f = DEFAULT_VIEW.filters;
    expect(names(filterPortfolioRows(rows, { ...f, team: 'none' }))).toEqual(['Alpha']);
    expect(names(filterPortfolioRows(rows, { ...f, jira: 'linked' }))).toEqual(['beta', 'gamma']);
    expect(
      names(filterPortfolioRows(rows, { ...f, jira: 'linked', stage: 'RUNNING', team: 'Team 1' })),
    ).toEqual(['gamma']);
    expect(filterPortfolioRows(rows, { ...f, devStatus: 'On Hold' })).toEqual([]);
  });
});

describe('the totals row', () => {
  it('adds the overdue dollars and open alerts of the rows shown', () => {
    const shown = rows.map((r, i) => ({
      ...r,
      overdueAmount: [5600, 0, 5320.5][i]!,
      openAlerts: [2, 0, 5][i]!,
    }));
    expect(portfolioTotals(shown, 'USD')).toEqual({
      overdue: [{ currency: 'USD', amount: 10920.5 }],
      openAlerts: 7,
    });
    expect(portfolioTotals([], 'USD')).toEqual({ overdue: [], openAlerts: 0 });
  });

  it('never adds two currencies: one overdue total per currency', () => {
    const shown = rows.map((r, i) => ({
      ...r,
      overdueAmount: [5600, 100, 5320.5][i]!,
      currency: ['USD', 'EUR', null][i]!,
    }));
    // The row without a currency yet reads in the company currency.
    expect(portfolioTotals(shown, 'USD').overdue).toEqual([
      { currency: 'USD', amount: 10920.5 },
      { currency: 'EUR', amount: 100 },
    ]);
  });
});

describe('a view in the address', () => {
  it('round-trips, writing only what differs from the default', () => {
    const view = parsePortfolioView({
      view: 'table',
      sort: 'paid',
      dir: 'desc',
      team: 'Team 1',
      jira: 'unlinked',
    });
    const params = portfolioViewParams(view);
    expect(params.toString()).toBe('view=table&sort=paid&dir=desc&team=Team+1&jira=unlinked');
    expect(parsePortfolioView(Object.fromEntries(params))).toEqual(view);
    expect(portfolioViewParams(DEFAULT_VIEW).toString()).toBe('');
  });

  it('falls back part by part and says which parts it could not read', () => {
    const { view, rejected } = readPortfolioView({
      view: 'grid',
      sort: 'cost',
      dir: 'up',
      team: 'Team 9',
      stage: 'RUNNING',
      devStatus: '',
    });
    expect(rejected).toEqual(['view', 'sort', 'dir', 'team']);
    expect(view).toEqual({
      ...DEFAULT_VIEW,
      filters: { ...DEFAULT_VIEW.filters, stage: 'RUNNING' },
    });
    // The billing columns sort for every role: the card shows them to all (docs/decisions/387).
    expect(readPortfolioView({ sort: 'paid' }).view.sort).toBe('paid');
    expect(readPortfolioView({ sort: 'overdue' }).view.sort).toBe('overdue');
  });
});
