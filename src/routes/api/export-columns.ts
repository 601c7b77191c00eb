/**
 * The columns of every CSV download (docs/decisions/105, 180): headers name the unit or the
 * currency, numbers are plain, dates ISO. Each set mirrors its screen's table, with the figures a
 * spreadsheet needs split into their own columns (completed and total, not '3/5').
 */
import type { User } from '../../db/users';
import type { SelectedDeveloper } from '../../db/developers';
import type { ProjectBudgetBurn } from '../../shared/budget-burn';
import type { CapacityWeek } from '../../shared/capacity';
import type { IsoDate } from '../../shared/calendar';
import type { CsvColumn } from '../../shared/csv';
import type { CurrencyCode } from '../../shared/currency';
import { csvHeader, type FigureKey, figureLabel, NO_ESTIMATE } from '../../shared/figures';
import type { CostPerPointWeek } from '../../shared/cost-per-point';
import {
  type CostBreakdownEntry,
  type GrossMarginProject,
  hasMargin,
  marginFigures,
} from '../../shared/margins';
import type { PortfolioRow } from '../../shared/portfolio-table';
import type { Project } from '../../shared/projects';
import type { RetainerForecastResponse } from '../../shared/retainer-forecast';
import { type AssigneePoints, UNASSIGNED, type CompletedTicket } from '../../shared/story-points';
import type { TrendWeek } from '../../shared/trends';
import type { UnbilledRow } from '../../shared/unbilled';
import {
  targetVerdict,
  type UtilisationPeriod,
  type UtilisationWeek,
} from '../../shared/utilisation';
import type { ProjectTimeData, TimeEntry } from '../../shared/weekly-hours';

/** A portfolio row with its project and the currency of its billing amounts. */
type PortfolioLine = { row: PortfolioRow; project: Project; currency: CurrencyCode };

/**
 * The currency codes in money headers (docs/figures.md, "Currency"): costs in the company's,
 * billing in the invoices'. A file whose billing amounts are all in one currency names it in
 * the header; one whose rows are in several gets a 'Billing Currency' column instead.
 */
export function oneCurrency(
  currencies: readonly CurrencyCode[],
  whenEmpty: CurrencyCode,
): CurrencyCode | null {
  const distinct = new Set(currencies);
  if (distinct.size === 0) return whenEmpty;
  return distinct.size === 1 ? [...distinct][0]! : null;
}

/** A billing amount's header: with its currency when the file has one, else the bare label. */
const billedHeader = (key: FigureKey, billing: CurrencyCode | null) =>
  billing ? csvHeader(key, billing) : figureLabel(key);
const billedTitle = (title: string, billing: CurrencyCode | null) =>
  billing ? `${title} (${billing})` : title;

/** The 'Billing Currency' column, only where a file's rows are in several currencies. */
function billingCurrencyColumn<T>(
  billing: CurrencyCode | null,
  currencyOf: (row: T) => CurrencyCode,
): CsvColumn<T>[] {
  return billing ? [] : [{ header: 'Billing Currency', value: currencyOf }];
}

/** The portfolio's columns before its billing ones: the card's delivery figures, then Sent %. */
const PORTFOLIO_HEAD: CsvColumn<PortfolioLine>[] = [
  { header: 'Project', value: (l) => l.row.name },
  { header: 'Team', value: (l) => l.row.teamName },
  { header: 'Dev Status', value: (l) => l.row.devStatus },
  { header: 'Jira Key', value: (l) => l.row.jiraProjectKey },
  { header: 'Forecast ID', value: (l) => l.row.forecastProjectId },
  { header: 'Forecast Stage', value: (l) => l.row.forecastStage },
  { header: 'Tickets Completed', value: (l) => l.row.ticketsCompleted },
  { header: 'Tickets Total', value: (l) => l.row.ticketsTotal },
  { header: 'Tickets %', value: (l) => l.row.ticketPercent },
  { header: 'Sprint', value: (l) => l.row.sprintName },
  { header: 'Sprint %', value: (l) => l.row.sprintPercent },
  { header: 'Epics Completed', value: (l) => l.row.epicsCompleted },
  { header: 'Epics Total', value: (l) => l.row.epicsTotal },
  { header: 'Epic Tickets Completed', value: (l) => l.row.epicTicketsCompleted },
  { header: 'Epic Tickets Total', value: (l) => l.row.epicTickets },
  { header: 'Epic %', value: (l) => l.row.epicPercent },
  { header: csvHeader('sentPercent'), value: (l) => l.row.sentPercent },
];

const PORTFOLIO_TAIL: CsvColumn<PortfolioLine>[] = [
  { header: 'Retainer Periods Completed', value: (l) => l.row.retainerCompleted },
  { header: 'Retainer Periods Total', value: (l) => l.row.retainerTotal },
  { header: 'Retainer Periods %', value: (l) => l.row.retainerPercent },
  { header: 'Last Jira Sync', value: (l) => l.row.lastJiraSync },
  { header: 'Last Forecast Sync', value: (l) => l.row.lastForecastSync },
];

/**
 * The portfolio's columns: the card's figures, its Billing block's amounts for every role (two
 * decimals, in the billing currency: `billing` when every row shares it, else each row's in its
 * own column), and the project value for admins only.
 */
export const portfolioColumns = (
  billing: CurrencyCode | null,
  { withProjectValue }: { withProjectValue: boolean },
): CsvColumn<PortfolioLine>[] => [
  ...PORTFOLIO_HEAD,
  { header: csvHeader('paidPercent'), value: (l) => l.row.paidPercent },
  ...(withProjectValue
    ? [
        {
          header: billedHeader('projectValue', billing),
          value: (l: PortfolioLine) => l.project.forecastProjectValue,
        },
      ]
    : []),
  { header: billedHeader('created', billing), value: (l) => l.project.forecastTotalCreated },
  { header: billedHeader('invoiced', billing), value: (l) => l.project.forecastTotalInvoiced },
  { header: billedHeader('sent', billing), value: (l) => l.project.forecastTotalSent },
  { header: billedHeader('paid', billing), value: (l) => l.project.forecastTotalPaid },
  { header: billedHeader('overdue', billing), value: (l) => l.project.forecastOverdueAmount },
  ...billingCurrencyColumn<PortfolioLine>(billing, (l) => l.currency),
  ...PORTFOLIO_TAIL,
];

export const READY_FOR_QA: CsvColumn<CompletedTicket>[] = [
  { header: 'Key', value: (t) => t.key },
  { header: 'Status', value: (t) => t.status.name },
  { header: 'Project', value: (t) => t.projectName },
  { header: 'Summary', value: (t) => t.summary },
  { header: 'Assignee', value: (t) => t.assignee?.displayName ?? UNASSIGNED },
  { header: 'Updated', value: (t) => t.updated },
  { header: csvHeader('storyPoints'), value: (t) => t.storyPoints ?? NO_ESTIMATE },
];

export const STORY_POINTS: CsvColumn<AssigneePoints>[] = [
  { header: 'Assignee', value: (r) => r.assignee },
  { header: 'Story Points', value: (r) => r.points },
  { header: 'Tickets', value: (r) => r.tickets },
];

export const VELOCITY_HISTORY: CsvColumn<{ weekStart: IsoDate; velocityPercentage: number }>[] = [
  { header: 'Week Start', value: (w) => w.weekStart },
  // The glossary's name, as on Weekly History's card (docs/figures.md).
  { header: csvHeader('velocity'), value: (w) => w.velocityPercentage },
];

const WEEKDAY = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;

/** One row per developer shown in the week's grid, one column per weekday: Away or Available. */
export function availabilityColumns(
  days: readonly IsoDate[],
): CsvColumn<SelectedDeveloper & { days: boolean[] }>[] {
  return [
    // The grid's rows are the tracked people; 'Developer' is also a Forecast role.
    { header: 'Tracked Person', value: (d) => d.displayName },
    { header: 'Account ID', value: (d) => d.accountId },
    { header: 'Start Date', value: (d) => d.startDate },
    { header: 'End Date', value: (d) => d.endDate },
    ...days.map((day, i) => ({
      header: `${WEEKDAY[i]} ${day}`,
      value: (d: { days: boolean[] }) => (d.days[i] ? 'Away' : 'Available'),
    })),
    { header: 'Days Away', value: (d) => d.days.filter(Boolean).length },
  ];
}

export const WEEKLY_HOURS: CsvColumn<{ project: ProjectTimeData; entry: TimeEntry }>[] = [
  { header: 'Project', value: (r) => r.project.projectName },
  { header: 'Project Hours', value: (r) => r.project.totalHours },
  { header: 'Date', value: (r) => r.entry.date },
  { header: 'Person', value: (r) => r.entry.personName },
  { header: 'Notes', value: (r) => r.entry.notes },
  { header: 'Hours', value: (r) => r.entry.hours },
];

/**
 * Gross Margins: costs and margins in the company currency; a project invoiced in another
 * currency has blank margins (no margin without an exchange rate).
 */
export const grossMarginsColumns = (
  company: CurrencyCode,
  billing: CurrencyCode | null,
): CsvColumn<GrossMarginProject>[] => {
  const margin = (
    p: GrossMarginProject,
    pick: (f: ReturnType<typeof marginFigures>) => number | null,
  ) => (hasMargin(p, company) ? pick(marginFigures(p)) : null);
  return [
    { header: 'Project', value: (p) => p.name },
    { header: 'Dev Status', value: (p) => p.devStatus },
    { header: csvHeader('totalHours'), value: (p) => p.totalHours },
    { header: csvHeader('internalCost', company), value: (p) => marginFigures(p).internalCost },
    // The spec's column title for Invoiced (docs/figures.md).
    { header: billedTitle('Invoices Created', billing), value: (p) => p.totalInvoiced },
    { header: csvHeader('grossMargin', company), value: (p) => margin(p, (f) => f.grossMargin) },
    { header: csvHeader('marginPercent'), value: (p) => margin(p, (f) => f.marginPercent) },
    { header: billedTitle('Amount Paid', billing), value: (p) => p.totalPaid },
    ...billingCurrencyColumn<GrossMarginProject>(billing, (p) => p.currency),
    { header: `Live Margin (${company})`, value: (p) => margin(p, (f) => f.live.margin) },
    { header: csvHeader('liveMarginPercent'), value: (p) => margin(p, (f) => f.live.percent) },
    {
      header: 'Cost Basis',
      value: (p) => ((p.costBreakdown ?? []).length > 0 ? 'breakdown' : 'default rate $100/hr'),
    },
  ];
};

export const costBreakdownColumns = (
  company: CurrencyCode,
): CsvColumn<{ project: GrossMarginProject; entry: CostBreakdownEntry }>[] => [
  { header: 'Project', value: (r) => r.project.name },
  { header: 'Person', value: (r) => r.entry.personName },
  { header: 'Hours', value: (r) => r.entry.hours },
  { header: `Hourly Rate (${company})`, value: (r) => r.entry.hourlyRate },
  { header: `Cost (${company})`, value: (r) => r.entry.cost },
];

export const USERS: CsvColumn<User>[] = [
  { header: 'Email', value: (u) => u.email },
  { header: 'Role', value: (u) => u.role },
  { header: 'Approved', value: (u) => u.approved },
  { header: 'Created', value: (u) => u.createdAt.toISOString() },
];

type ScopedWeek<W> = { scope: string; week: W };

/** Trends: costs, the invoices in the company currency, and so the margins, all in `company`. */
export const trendsColumns = (company: CurrencyCode): CsvColumn<ScopedWeek<TrendWeek>>[] => [
  { header: 'Scope', value: (r) => r.scope },
  { header: 'Week Start', value: (r) => r.week.weekStart },
  { header: 'Hours', value: (r) => r.week.hours },
  { header: csvHeader('internalCost', company), value: (r) => r.week.internalCost },
  { header: csvHeader('invoiced', company), value: (r) => r.week.invoiced },
  { header: csvHeader('cumulativeMargin', company), value: (r) => r.week.cumulativeMargin },
  { header: 'Current Week (so far)', value: (r) => r.week.isCurrent },
];

export const costPerPointColumns = (
  company: CurrencyCode,
): CsvColumn<ScopedWeek<CostPerPointWeek>>[] => [
  { header: 'Scope', value: (r) => r.scope },
  { header: 'Week Start', value: (r) => r.week.weekStart },
  { header: csvHeader('internalCost', company), value: (r) => r.week.cost },
  { header: csvHeader('pointsDone'), value: (r) => r.week.points },
  { header: csvHeader('costPerPoint', company), value: (r) => r.week.costPerPoint },
];

/** Budget burn lists only projects billed in the company currency: every amount is in it. */
export const budgetBurnColumns = (company: CurrencyCode): CsvColumn<ProjectBudgetBurn>[] => [
  { header: 'Project', value: (p) => p.name },
  { header: 'Budget Type', value: (p) => p.budgetType },
  { header: `Value (${company})`, value: (p) => p.projectValue },
  { header: csvHeader('internalCost', company), value: (p) => p.costToDate },
  { header: 'Budget Used %', value: (p) => p.usedPercent },
  { header: 'Budget Burn Alert', value: (p) => p.overAlert },
  { header: csvHeader('invoiced', company), value: (p) => p.invoicedToDate },
  { header: 'Invoiced %', value: (p) => p.invoicedPercent },
  { header: `Remaining (${company})`, value: (p) => p.remaining },
  { header: `Pace per Week (${company})`, value: (p) => p.pacePerWeek },
  {
    header: 'Cost Reaches Value',
    value: (p) => (p.runOut.kind === 'week' ? p.runOut.weekStart : p.runOut.kind),
  },
];

export const unbilledWorkColumns = (billing: CurrencyCode | null): CsvColumn<UnbilledRow>[] => [
  { header: 'Project', value: (p) => p.name },
  { header: 'Last Invoice Date', value: (p) => p.lastInvoiceDate },
  { header: 'Hours Since', value: (p) => p.hoursSince },
  // Blank when the project has no client rate: 0 would read as 'nothing unbilled'.
  {
    header: billedTitle('Unbilled Value', billing),
    value: (p) => (p.rateKnown ? p.unbilledValue : null),
  },
  ...billingCurrencyColumn<UnbilledRow>(billing, (p) => p.currency),
  { header: 'Story Points Since', value: (p) => p.pointsSince },
  {
    header: 'Completed Periods Not Invoiced',
    value: (p) => p.uninvoicedPeriods.map((x) => x.periodNumber).join(' '),
  },
  {
    header: 'Invoiced While Blocked',
    value: (p) =>
      p.invoicedWhileBlocked
        .map((x) => `${x.invoiceReference ?? x.invoiceDate} ${x.blocked}/${x.total}`)
        .join('; '),
  },
];

type Forecast = NonNullable<RetainerForecastResponse['forecast']>;

type RetainerLine = { name: string; forecast: Forecast; currency: CurrencyCode };

/** Retainer amounts are in the project's billing currency. */
export const retainerForecastColumns = (
  billing: CurrencyCode | null,
): CsvColumn<RetainerLine>[] => [
  { header: 'Project', value: (r) => r.name },
  { header: 'Period', value: (r) => r.forecast.periodNumber },
  { header: 'Start Date', value: (r) => r.forecast.startDate },
  { header: 'End Date', value: (r) => r.forecast.endDate },
  { header: billedTitle('Target', billing), value: (r) => r.forecast.target },
  { header: billedTitle('Actual So Far', billing), value: (r) => r.forecast.actualSoFar },
  { header: billedTitle('Projected', billing), value: (r) => r.forecast.projected },
  { header: 'Projected % of Target', value: (r) => r.forecast.percentOfTarget },
  { header: 'Verdict', value: (r) => r.forecast.verdictText },
  { header: billedTitle('Low', billing), value: (r) => r.forecast.range?.low },
  { header: billedTitle('High', billing), value: (r) => r.forecast.range?.high },
  ...billingCurrencyColumn<RetainerLine>(billing, (r) => r.currency),
];

/** A line of the Capacity grid: a person, a team's roll-up or the total, in one week. */
export interface CapacityLine {
  row: 'Person' | 'Team' | 'Total';
  name: string;
  team: string;
  week: CapacityWeek;
}

export const CAPACITY: CsvColumn<CapacityLine>[] = [
  { header: 'Row', value: (l) => l.row },
  { header: 'Name', value: (l) => l.name },
  { header: 'Team', value: (l) => l.team },
  { header: 'Week Start', value: (l) => l.week.weekStart },
  { header: csvHeader('availableHours'), value: (l) => l.week.availableHours },
  { header: csvHeader('allocatedHours'), value: (l) => l.week.allocatedHours },
  { header: csvHeader('freeHours'), value: (l) => l.week.freeHours },
  { header: csvHeader('utilisation'), value: (l) => l.week.utilisation },
  { header: 'Over-allocated', value: (l) => l.week.overAllocated },
];

/**
 * A person's week, or their whole period (docs/decisions/395): hours and percentages only, the
 * verdict and projection on the period's line.
 */
export interface UtilisationLine {
  name: string;
  team: string | null;
  role: string | null;
  targetPercent: number | null;
  /** The week's Monday, or the period's first Monday on the period's line. */
  weekStart: IsoDate;
  figures: UtilisationWeek | (UtilisationPeriod & { shortByMinutes: number | null });
}

const periodOf = (l: UtilisationLine) => ('projectedPercent' in l.figures ? l.figures : null);

export const UTILISATION: CsvColumn<UtilisationLine>[] = [
  { header: 'Row', value: (l) => (periodOf(l) ? 'Period' : 'Week') },
  { header: 'Name', value: (l) => l.name },
  { header: 'Team', value: (l) => l.team ?? '' },
  { header: 'Role', value: (l) => l.role ?? '' },
  { header: 'Week Start', value: (l) => l.weekStart },
  { header: csvHeader('availableHours'), value: (l) => l.figures.availableHours },
  { header: csvHeader('billableHours'), value: (l) => l.figures.billableHours },
  { header: csvHeader('billableUtilisation'), value: (l) => l.figures.utilisationPercent ?? '' },
  { header: csvHeader('utilisationTarget'), value: (l) => l.targetPercent ?? '' },
  {
    header: 'Verdict',
    value: (l) => {
      const p = periodOf(l);
      return p ? targetVerdict(p.shortByMinutes) : '';
    },
  },
  {
    header: csvHeader('projectedUtilisation'),
    value: (l) => periodOf(l)?.projectedPercent ?? '',
  },
];
