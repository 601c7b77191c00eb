/**
 * The portfolio as rows (docs/decisions/180-portfolio-table-and-exports.md): one flat row per
 * visible project with the figures its card shows, the table view's columns, sorting and filters,
 * and how a view is written in the address. Pure and browser-safe.
 */
import { type Amount, type CurrencyCode, totalsByCurrency } from './currency';
import { DEV_STATUSES } from './dev-status';
import { epicProgress, epicProgressText } from './epics';
import { roundMoney } from './money';
import { type Project, TEAMS, ticketCompletion } from './projects';
import { retainerProgressOf } from './retainer';

export interface PortfolioRow {
  id: number;
  name: string;
  teamName: string | null;
  devStatus: string;
  jiraProjectKey: string | null;
  forecastProjectId: number | null;
  forecastStage: string | null;
  ticketsCompleted: number;
  ticketsTotal: number;
  ticketPercent: number;
  sprintName: string | null;
  sprintPercent: number;
  epicsCompleted: number;
  epicsTotal: number;
  epicTickets: number;
  epicTicketsCompleted: number;
  /** Epic Progress's bar: the share of the epics' tickets that are done. */
  epicPercent: number;
  /** '0/5 epics done · 78% of their tickets', as the card and the detail modal say it. */
  epicText: string;
  sentPercent: number;
  paidPercent: number;
  overdueAmount: number;
  /** The currency of overdueAmount; null before the project's first invoice. */
  currency: string | null;
  retainerCompleted: number;
  retainerTotal: number;
  retainerPercent: number;
  /** The later of the two syncs, ISO, or null when never synced. */
  lastSync: string | null;
  lastJiraSync: string | null;
  lastForecastSync: string | null;
  /** Open alerts on the project that the person has not dealt with. */
  openAlerts: number;
}

/** The card's figures for one project, flat (ticket %, sprint and epic progress as the card computes them). */
export function portfolioRow(p: Project, openAlerts = 0): PortfolioRow {
  const tickets = ticketCompletion(p);
  const periods = retainerProgressOf(
    p.forecastRetainerPeriodsCompleted,
    p.forecastRetainerPeriodsTotal,
  );
  const linked = !!p.jiraProjectKey;
  const epics = epicProgress(p);
  const syncs = [p.lastJiraSync, p.lastForecastSync].filter((s): s is string => !!s).sort();
  return {
    id: p.id,
    name: p.name,
    teamName: p.teamName,
    devStatus: p.devStatus,
    jiraProjectKey: p.jiraProjectKey,
    forecastProjectId: p.forecastProjectId,
    forecastStage: p.forecastStage,
    ticketsCompleted: tickets.completed,
    ticketsTotal: tickets.total,
    ticketPercent: tickets.percent,
    sprintName: linked ? p.jiraCurrentSprintName : p.currentSprintName,
    sprintPercent: linked ? p.jiraSprintCompletionPercentage : p.sprintCompletionPercentage,
    epicsCompleted: epics.epicsDone,
    epicsTotal: epics.epicsTotal,
    epicTickets: epics.tickets,
    epicTicketsCompleted: epics.ticketsDone,
    epicPercent: epics.ticketPercent,
    epicText: epicProgressText(epics),
    sentPercent: p.billingSentPercentage,
    paidPercent: p.billingPaidPercentage,
    overdueAmount: p.forecastOverdueAmount,
    currency: p.forecastCurrency,
    retainerCompleted: periods.completed,
    retainerTotal: periods.total,
    retainerPercent: periods.percentage,
    lastSync: syncs.at(-1) ?? null,
    lastJiraSync: p.lastJiraSync,
    lastForecastSync: p.lastForecastSync,
    openAlerts,
  };
}

/**
 * The table's sortable columns, in screen order, the same for every role: its billing figures
 * are the card's Billing block, which the spec shows to every signed-in user (docs/decisions/387).
 */
export const PORTFOLIO_COLUMNS = [
  { id: 'name', label: 'Project' },
  { id: 'team', label: 'Team' },
  { id: 'devStatus', label: 'Dev Status' },
  { id: 'tickets', label: 'Tickets %' },
  { id: 'sprint', label: 'Sprint %' },
  { id: 'epics', label: 'Epic Progress' },
  { id: 'sent', label: 'Sent %' },
  { id: 'paid', label: 'Paid %' },
  { id: 'overdue', label: 'Overdue' },
  { id: 'retainer', label: 'Retainer Periods %' },
  { id: 'lastSync', label: 'Last Sync' },
  { id: 'alerts', label: 'Open Alerts' },
] as const satisfies readonly { id: string; label: string }[];
export type PortfolioSortKey = (typeof PORTFOLIO_COLUMNS)[number]['id'];
export type SortDirection = 'asc' | 'desc';

const SORT_VALUE: Record<PortfolioSortKey, (r: PortfolioRow) => string | number | null> = {
  name: (r) => r.name,
  team: (r) => r.teamName,
  devStatus: (r) => r.devStatus,
  tickets: (r) => r.ticketPercent,
  sprint: (r) => r.sprintPercent,
  epics: (r) => r.epicPercent,
  sent: (r) => r.sentPercent,
  paid: (r) => r.paidPercent,
  overdue: (r) => r.overdueAmount,
  retainer: (r) => r.retainerPercent,
  lastSync: (r) => r.lastSync,
  alerts: (r) => r.openAlerts,
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Rows sorted by one column; empty values (no team, never synced) always go last, and ties keep
 * the name order so the same view always lists the same way.
 */
export function sortPortfolioRows(
  rows: readonly PortfolioRow[],
  key: PortfolioSortKey,
  direction: SortDirection,
): PortfolioRow[] {
  const value = SORT_VALUE[key];
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else {
      const c =
        typeof va === 'number' && typeof vb === 'number'
          ? va - vb
          : collator.compare(String(va), String(vb));
      if (c !== 0) return c * sign;
    }
    return collator.compare(a.name, b.name) || a.id - b.id;
  });
}

export const LINK_FILTERS = ['linked', 'unlinked'] as const;
export type LinkFilter = (typeof LINK_FILTERS)[number];
/** Forecast's stages are words (RUNNING, PLANNING…); the list is kept open, as the sync keeps it. */
export const STAGE_PATTERN = /^[A-Za-z][A-Za-z _-]{0,39}$/;
/** The 'no team' choice of the team filter. */
export const NO_TEAM = 'none';

export interface PortfolioFilters {
  team: string | null;
  devStatus: string | null;
  jira: LinkFilter | null;
  stage: string | null;
}

export interface PortfolioView {
  view: 'cards' | 'table';
  sort: PortfolioSortKey;
  dir: SortDirection;
  filters: PortfolioFilters;
}

export const DEFAULT_VIEW: PortfolioView = {
  view: 'cards',
  sort: 'name',
  dir: 'asc',
  filters: { team: null, devStatus: null, jira: null, stage: null },
};

export function filterPortfolioRows(
  rows: readonly PortfolioRow[],
  f: PortfolioFilters,
): PortfolioRow[] {
  return rows.filter(
    (r) =>
      (f.team === null || (f.team === NO_TEAM ? r.teamName === null : r.teamName === f.team)) &&
      (f.devStatus === null || r.devStatus === f.devStatus) &&
      (f.jira === null || (f.jira === 'linked') === !!r.jiraProjectKey) &&
      (f.stage === null || r.forecastStage === f.stage),
  );
}

/** The keys a view uses in the address (`/?view=table&sort=paid&dir=desc&team=Team+1`). */
export const VIEW_PARAMS = ['view', 'sort', 'dir', 'team', 'devStatus', 'jira', 'stage'] as const;

const isSortKey = (s: string): s is PortfolioSortKey => PORTFOLIO_COLUMNS.some((c) => c.id === s);

/**
 * A view read from address parameters. Anything unknown falls back to the default for that part:
 * the address is a bookmark, and an old or hand-edited one still opens the page. `rejected` names
 * the parameters that fell back.
 */
export function readPortfolioView(params: Partial<Record<string, string>>): {
  view: PortfolioView;
  rejected: string[];
} {
  const rejected: string[] = [];
  const take = <T>(
    key: string,
    ok: (v: string) => boolean,
    value: (v: string) => T,
    fallback: T,
  ) => {
    const raw = params[key];
    // An empty value is a filter left at 'All' in the form: no choice, not a bad one.
    if (raw === undefined || raw === '') return fallback;
    if (ok(raw)) return value(raw);
    rejected.push(key);
    return fallback;
  };
  const same = (v: string) => v;
  return {
    view: {
      view: take(
        'view',
        (v) => v === 'cards' || v === 'table',
        (v) => v as PortfolioView['view'],
        DEFAULT_VIEW.view,
      ),
      sort: take(
        'sort',
        (v) => isSortKey(v),
        (v) => v as PortfolioSortKey,
        DEFAULT_VIEW.sort,
      ),
      dir: take(
        'dir',
        (v) => v === 'asc' || v === 'desc',
        (v) => v as SortDirection,
        DEFAULT_VIEW.dir,
      ),
      filters: {
        team: take('team', (v) => v === NO_TEAM || TEAMS.some((t) => t === v), same, null),
        devStatus: take('devStatus', (v) => DEV_STATUSES.some((d) => d === v), same, null),
        jira: take(
          'jira',
          (v) => LINK_FILTERS.some((l) => l === v),
          (v) => v as LinkFilter,
          null,
        ),
        stage: take('stage', (v) => STAGE_PATTERN.test(v), same, null),
      },
    },
    rejected,
  };
}

/** readPortfolioView without the list of what fell back. */
export function parsePortfolioView(params: Partial<Record<string, string>>): PortfolioView {
  return readPortfolioView(params).view;
}

/** The address parameters of a view, defaults left out, so the plain `/` stays the plain view. */
export function portfolioViewParams(v: PortfolioView): URLSearchParams {
  const q = new URLSearchParams();
  if (v.view !== DEFAULT_VIEW.view) q.set('view', v.view);
  if (v.sort !== DEFAULT_VIEW.sort) q.set('sort', v.sort);
  if (v.dir !== DEFAULT_VIEW.dir) q.set('dir', v.dir);
  for (const key of ['team', 'devStatus', 'jira', 'stage'] as const) {
    const value = v.filters[key];
    if (value !== null) q.set(key, value);
  }
  return q;
}

/** True when the address names any part of a view (then it wins over the remembered one). */
export function namesAView(params: Record<string, string | undefined>): boolean {
  return VIEW_PARAMS.some((k) => params[k] !== undefined);
}

/**
 * The table's totals row: only the columns whose sum means something. Overdue is summed per
 * currency (a row without one is in `companyCurrency`), never across two; percentages do not
 * add up at all.
 */
export function portfolioTotals(
  rows: readonly PortfolioRow[],
  companyCurrency: CurrencyCode,
): {
  overdue: Amount[];
  openAlerts: number;
} {
  let openAlerts = 0;
  for (const r of rows) openAlerts += r.openAlerts;
  const overdue = totalsByCurrency(
    rows.map((r) => ({ amount: r.overdueAmount, currency: r.currency ?? companyCurrency })),
  ).map((t) => ({ ...t, amount: roundMoney(t.amount) }));
  return { overdue, openAlerts };
}
