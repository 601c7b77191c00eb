/**
 * The glossary of figures (docs/figures.md): each figure the dashboard shows is named once here,
 * with its label, a one-line definition shown as help beside it, its unit, where its currency
 * comes from and its rounding. Every surface (pages, islands, CSV headers, toasts, the digest,
 * alerts and Slack) takes its label and format from here, so one amount never has two names.
 * Labels the product spec fixes ('Billing', 'Invoices Created', 'Total Internal Cost') are kept
 * as written; where such a label is ambiguous the definition is what says which figure it is.
 */
import { type CurrencyCode, formatMoney } from './currency';

export type FigureUnit = 'money' | 'hours' | 'percent' | 'count' | 'points';

/**
 * Where a money figure's currency comes from: 'invoice' is the currency Forecast recorded the
 * invoice in; 'company' is the company currency (COMPANY_CURRENCY) in which costs and rates are
 * kept; 'deal' is the currency Pipedrive records the deal in.
 */
export type CurrencySource = 'invoice' | 'company' | 'deal';

export interface Figure {
  /** The label every surface uses; a spec-fixed text where the spec names the figure. */
  label: string;
  /** One line, shown as help beside the label (title, hover, CSV docs, the digest). */
  definition: string;
  unit: FigureUnit;
  /** Money only. */
  currency?: CurrencySource;
  /** How the figure is rounded for display; sums are made on unrounded values. */
  rounding: string;
}

const CENTS =
  'Kept to the cent; shown in whole units on Insights and in the digest, with two decimals on cards.';
const WHOLE_MONEY = 'Summed unrounded; shown in whole units.';

/** Every figure, by its one name in code. */
export const FIGURES = {
  // ------------------------------------------------------------------ billing (Forecast invoices)
  projectValue: {
    label: 'Project Value',
    definition: "The project's budget in Forecast; Sent % and Paid % are shares of it.",
    unit: 'money',
    currency: 'invoice',
    rounding: CENTS,
  },
  created: {
    label: 'Created',
    definition: 'Every invoice raised in Forecast for the project, drafts included, tax excluded.',
    unit: 'money',
    currency: 'invoice',
    rounding: CENTS,
  },
  invoiced: {
    label: 'Invoiced',
    definition:
      "Invoices that are not drafts, tax excluded: the card's Billing and Gross Margins' Invoices Created.",
    unit: 'money',
    currency: 'invoice',
    rounding: CENTS,
  },
  sent: {
    label: 'Sent',
    definition: 'Invoices whose Forecast status is SENT, tax excluded.',
    unit: 'money',
    currency: 'invoice',
    rounding: CENTS,
  },
  paid: {
    label: 'Paid',
    definition: "Payments received against the project's invoices.",
    unit: 'money',
    currency: 'invoice',
    rounding: CENTS,
  },
  overdue: {
    label: 'Overdue',
    definition: 'The unpaid part of non-draft invoices past their due date.',
    unit: 'money',
    currency: 'invoice',
    rounding: CENTS,
  },
  sentPercent: {
    label: 'Sent %',
    definition: 'Sent as a share of the project value; 0 when the project has no value.',
    unit: 'percent',
    rounding: 'Whole percent; bars capped at 100.',
  },
  paidPercent: {
    label: 'Paid %',
    definition: 'Paid as a share of the project value; 0 when the project has no value.',
    unit: 'percent',
    rounding: 'Whole percent; bars capped at 100.',
  },
  invoicesThisWeek: {
    label: 'Invoices This Week',
    definition:
      'Non-draft invoices dated Monday to Sunday of the week, on the Active dashboard projects linked to Forecast.',
    unit: 'money',
    currency: 'invoice',
    rounding: WHOLE_MONEY,
  },
  // ---------------------------------------------------------------------- time and cost (Forecast)
  totalHours: {
    label: 'Total Hours',
    definition: 'Time logged in Forecast on the covered projects, Monday to Sunday.',
    unit: 'hours',
    rounding: 'Summed in minutes; shown to the minute.',
  },
  activeProjects: {
    label: 'Active Projects',
    definition: 'Projects with time logged in the week.',
    unit: 'count',
    rounding: 'Whole.',
  },
  internalCost: {
    label: 'Internal Cost',
    definition:
      "Hours × each person's hourly cost on the day logged ($100 an hour where Forecast has none).",
    unit: 'money',
    currency: 'company',
    rounding: WHOLE_MONEY,
  },
  grossMargin: {
    label: 'Gross Margin',
    definition: 'Invoiced minus internal cost.',
    unit: 'money',
    currency: 'company',
    rounding: WHOLE_MONEY,
  },
  marginPercent: {
    label: 'Margin %',
    definition: 'Gross margin as a share of invoiced; 0 when nothing is invoiced.',
    unit: 'percent',
    rounding: 'One decimal.',
  },
  liveMargin: {
    label: 'Live Margin (Paid)',
    definition: 'Paid minus internal cost: the margin on money received.',
    unit: 'money',
    currency: 'company',
    rounding: WHOLE_MONEY,
  },
  liveMarginPercent: {
    label: 'Live Margin %',
    definition: "Live margin as a share of paid; 'N/A' when nothing is paid.",
    unit: 'percent',
    rounding: 'One decimal.',
  },
  costPerPoint: {
    label: 'Cost per Point',
    definition: "A week's internal cost divided by that week's Points Done.",
    unit: 'money',
    currency: 'company',
    rounding: WHOLE_MONEY,
  },
  cumulativeMargin: {
    label: 'Cumulative Margin',
    definition:
      'Invoiced minus internal cost, added up week by week from the first week shown: invoices land in bursts, so one week alone is no margin.',
    unit: 'money',
    currency: 'company',
    rounding: WHOLE_MONEY,
  },
  // --------------------------------------------------------------------------- retainer (Forecast)
  retainerPeriodsPercent: {
    label: 'Retainer Periods %',
    definition: 'COMPLETED retainer periods as a share of all periods.',
    unit: 'percent',
    rounding: 'Whole percent.',
  },
  targetAmount: {
    label: 'Target Amount',
    definition: "A retainer period's agreed time-and-materials target.",
    unit: 'money',
    currency: 'invoice',
    rounding: WHOLE_MONEY,
  },
  actualAmount: {
    label: 'Actual Amount',
    definition: "A retainer period's billable time at the client's rates.",
    unit: 'money',
    currency: 'invoice',
    rounding: WHOLE_MONEY,
  },
  hoursBilled: {
    label: 'Hours Billed',
    definition: 'Billable minutes of a retainer period ÷ 60.',
    unit: 'hours',
    rounding: 'One decimal.',
  },
  // ---------------------------------------------------------------------------- delivery (Jira)
  completionRate: {
    label: 'Completion Rate',
    definition: "Completed tickets as a share of the project's tickets.",
    unit: 'percent',
    rounding: 'Whole percent.',
  },
  epicProgress: {
    label: 'Epic Progress',
    definition: "Epics done of all epics, and the share of the epics' tickets that are done.",
    unit: 'percent',
    rounding: 'Whole percent.',
  },
  sprintProgress: {
    label: 'Sprint Progress',
    definition: "Completed tickets as a share of the current sprint's tickets.",
    unit: 'percent',
    rounding: 'Whole percent.',
  },
  storyPoints: {
    label: 'Story Points',
    definition:
      "Points of the tickets moved to Ready for QA in the week, on every linked Jira project (Weekly History); not Points Done, which waits for done; a ticket without points reads 'no estimate'.",
    unit: 'points',
    rounding: 'As estimated.',
  },
  pointsDone: {
    label: 'Points Done',
    definition:
      "Points of the tickets moved to done in the week, on projects linked to both Jira and Forecast (Cost per Point's divisor); not Story Points, which count a ticket when it reaches Ready for QA.",
    unit: 'points',
    rounding: 'As estimated.',
  },
  trackedStoryPoints: {
    label: 'Tracked Points',
    definition:
      'Story Points of the tickets assigned to tracked people: the people whose days Available Points counts.',
    unit: 'points',
    rounding: 'As estimated.',
  },
  untrackedStoryPoints: {
    label: 'Not Tracked',
    definition:
      'Story Points of tickets assigned to people who are not tracked, or to nobody; with Tracked Points they make Story Points.',
    unit: 'points',
    rounding: 'As estimated.',
  },
  availablePoints: {
    label: 'Available Points',
    definition: "Points per working day × the tracked people's days available in the week.",
    unit: 'points',
    rounding: 'As computed.',
  },
  velocity: {
    label: 'Velocity Percentage',
    definition:
      'Tracked Points ÷ Available Points, over the same tracked people; the current week counts only what is done so far.',
    unit: 'percent',
    rounding: 'Whole percent.',
  },
  // ------------------------------------------------------ capacity (Forecast plan, Pipedrive deals)
  availableHours: {
    label: 'Available Hours',
    definition:
      'Working hours in the week within the employment dates, less holidays and leave planned or logged in Forecast.',
    unit: 'hours',
    rounding: 'Summed in minutes; shown to one decimal.',
  },
  allocatedHours: {
    label: 'Allocated Hours',
    definition: "Forecast's allocations to projects in the week, on days with time left.",
    unit: 'hours',
    rounding: 'Summed in minutes; shown to one decimal.',
  },
  freeHours: {
    label: 'Free Hours',
    definition: 'Available less allocated hours; below 0 when over-allocated.',
    unit: 'hours',
    rounding: 'Summed in minutes; shown to one decimal.',
  },
  utilisation: {
    label: 'Utilisation %',
    definition: 'Allocated as a share of available hours; over 100 is over-allocated.',
    unit: 'percent',
    rounding: 'Whole percent.',
  },
  // ------------------------------------------- utilisation, the 18F method (docs/decisions/395)
  billableHours: {
    label: 'Billable Hours',
    definition:
      "Billable minutes of the person's Forecast time registrations in the week, in hours.",
    unit: 'hours',
    rounding: 'Summed in minutes; shown to one decimal.',
  },
  billableUtilisation: {
    label: 'Billable Utilisation %',
    definition:
      'Billable hours ÷ available hours (the 18F method): holidays and leave are out of the denominator.',
    unit: 'percent',
    rounding: 'Whole percent; none with no available hours.',
  },
  utilisationTarget: {
    label: 'Target %',
    definition:
      "The billable share a person is held to: their own target in force on the period's first day, else their role's default.",
    unit: 'percent',
    rounding: 'Whole percent, as set.',
  },
  projectedUtilisation: {
    label: 'Projected %',
    definition:
      "Billable hours so far plus Forecast's project allocations for the rest of the period, ÷ the period's available hours.",
    unit: 'percent',
    rounding: 'Whole percent; none with no available hours.',
  },

  dealValue: {
    label: 'Deal Value',
    definition: "An open deal's value in Pipedrive.",
    unit: 'money',
    currency: 'deal',
    rounding: WHOLE_MONEY,
  },
  weightedValue: {
    label: 'Weighted Value',
    definition:
      "Deal value × the deal's probability (else its stage's, always where its pipeline turns deal probability off) ÷ 100.",
    unit: 'money',
    currency: 'deal',
    rounding: WHOLE_MONEY,
  },
  valueInAgencyCurrency: {
    label: 'Value in company currency',
    definition:
      "The deal's value at the FX_RATES rate of its currency; none for a currency without a rate.",
    unit: 'money',
    currency: 'company',
    rounding: WHOLE_MONEY,
  },
  ifWonHours: {
    label: 'If won',
    definition:
      "The deal's full hours if it is won: its value in the company currency ÷ the hourly rate. Every staffing verdict uses these.",
    unit: 'hours',
    rounding: 'Hours to two decimals; shown in whole hours.',
  },
  expectedHours: {
    label: 'Expected load',
    definition:
      'If-won hours × the probability ÷ 100: a forecast of demand for totals and the trend, never a verdict.',
    unit: 'hours',
    rounding: 'Hours to two decimals; shown in whole hours.',
  },
  // --------------------------------------------------------------------------------- alerts
  openAlerts: {
    label: 'Open alerts',
    definition:
      "Open alerts that still need you: not acknowledged, not snoozed (the bell's count).",
    unit: 'count',
    rounding: 'Whole.',
  },
} as const satisfies Record<string, Figure>;

export type FigureKey = keyof typeof FIGURES;

/** The figure's label. */
export function figureLabel(key: FigureKey): string {
  return FIGURES[key].label;
}

/** The figure's one-line definition, for a title or a line of help. */
export function figureHelp(key: FigureKey): string {
  return FIGURES[key].definition;
}

/**
 * A CSV header: the label with its unit or currency code in brackets ('Internal Cost (USD)'),
 * so a spreadsheet never has to guess the unit.
 */
export function csvHeader(key: FigureKey, currency?: CurrencyCode): string {
  const f: Figure = FIGURES[key];
  if (f.unit === 'money') {
    if (!currency) throw new Error(`The CSV header of ${key} needs its currency`);
    return `${f.label} (${currency})`;
  }
  if (f.unit === 'hours' && !/hours/i.test(f.label)) return `${f.label} (hours)`;
  return f.label;
}

/** The '<label>: <value>' line the digest, toasts and Slack use for a money figure. */
export function moneyLine(key: FigureKey, amount: number, currency: CurrencyCode): string {
  return `${figureLabel(key)}: ${formatMoney(amount, currency)}`;
}

/** Said wherever a ticket has no story points: never '0 pts' and never a blank. */
export const NO_ESTIMATE = 'no estimate';

/** A ticket's points for display: '3 pts', '1 pt', or 'no estimate'. */
export function formatStoryPoints(points: number | null | undefined): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return NO_ESTIMATE;
  return `${points} ${points === 1 ? 'pt' : 'pts'}`;
}

/** What a partial week is called beside its figure. */
export const SO_FAR = 'so far';

/** Said for a week that has not started, in place of its figures (never a red 0%). */
export const NOT_STARTED = 'not started';

export type WeekPhase = 'past' | 'current' | 'future';

/**
 * Whether a week is over, running (its figures are so far) or not started. Weeks are named by
 * their Monday, so the text order of the dates is their order.
 */
export function weekPhase(weekStart: string, currentWeekStart: string): WeekPhase {
  if (weekStart === currentWeekStart) return 'current';
  return weekStart < currentWeekStart ? 'past' : 'future';
}
