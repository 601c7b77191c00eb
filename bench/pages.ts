/**
 * Every page a person opens (src/routes/pages/index.tsx), with what the bench holds it to: its
 * render time where the issues give one, its JavaScript budget, and the elements that hold its
 * data for the data paint: what the page exists to show (its table's rows, its stat cards, its
 * form, or the card saying there is none), so a page is measured on its own data, not a spinner.
 * A selector that a markup change breaks shows as 'matches nothing', never as a fast page. The
 * public reset-password page is left out: a person reaches it only from a one-time link.
 */
export interface BenchPage {
  path: string;
  /** Its name in result files and screenshots, when not the one its path gives (`pageKey`). */
  key?: string;
  name: string;
  /** False for the sign-in page, which a signed-in person is sent away from. */
  signedIn: boolean;
  /** The render time the issues set, printed beside the measured one. */
  renderTarget?: string;
  /** Gzip bytes of JavaScript the page may load before it is used (docs/decisions/360, amended). */
  jsBudget?: number;
  /** The elements that hold the page's data: rows of its tables, its stat cards, its form. */
  dataSelector: string;
  /** How many of them there are at least, when a page's data is several parts (its stat cards). */
  expected?: number;
}

/** CSS the first paint waits for, gzip, on any page: the one linked stylesheet (docs/decisions/360). */
export const CSS_BUDGET = 10 * 1024;

export const PAGES: BenchPage[] = [
  {
    path: '/auth',
    name: 'Sign in',
    signedIn: false,
    jsBudget: 6 * 1024,
    dataSelector: 'form[data-auth-form]',
  },
  {
    // The view named: a load of the table with scripts makes the table the view `/` shows.
    path: '/?view=cards',
    key: 'index',
    name: 'Projects (portfolio)',
    signedIn: true,
    renderTarget: '≤ 15 ms',
    jsBudget: 125 * 1024,
    dataSelector: '[data-testid="project-card"]',
  },
  {
    path: '/?view=table',
    name: 'Projects (portfolio table)',
    signedIn: true,
    jsBudget: 125 * 1024,
    dataSelector: '[data-testid="project-row"]',
  },
  {
    path: '/developer',
    name: 'Weekly History',
    signedIn: true,
    renderTarget: '≤ 15 ms',
    jsBudget: 125 * 1024,
    dataSelector: '[data-testid^="stat-"], [data-testid="qa-ticket"]',
    expected: 4,
  },
  {
    path: '/capacity',
    name: 'Capacity',
    signedIn: true,
    // The people by week, or the card saying the plan comes with the next refresh.
    dataSelector: '[data-testid="capacity-grid"] tbody tr, [data-testid="capacity-empty"]',
  },
  {
    path: '/utilisation',
    name: 'Utilisation',
    signedIn: true,
    // The people's hours against their targets, or the card saying there are none yet.
    dataSelector: '[data-testid="utilisation-table"] tbody tr, [data-testid="utilisation-empty"]',
  },
  {
    path: '/people',
    name: 'People',
    signedIn: true,
    dataSelector: '[data-testid="roster-table"] tbody tr',
  },
  {
    path: '/agency',
    name: 'Agency Dashboard (Weekly Hours)',
    signedIn: true,
    renderTarget: '≤ 25 ms at scale 10',
    dataSelector: '[data-testid="project-time-row"]',
  },
  {
    path: '/agency?tab=gross-margins',
    name: 'Agency Dashboard: Gross Margins',
    signedIn: true,
    dataSelector: '[data-testid="gross-margin-row"]',
  },
  {
    path: '/agency?tab=trends',
    name: 'Insights: 12-week trends',
    signedIn: true,
    dataSelector: '[data-testid="trends-table"]',
  },
  {
    path: '/agency?tab=cost-per-point',
    name: 'Insights: cost per point',
    signedIn: true,
    dataSelector: '[data-testid="cpp-overall"], [data-testid="cpp-table"]',
    expected: 2,
  },
  {
    path: '/agency?tab=budget-burn',
    name: 'Insights: budget burn',
    signedIn: true,
    dataSelector: '[data-testid="budget-burn-table"]',
  },
  {
    path: '/agency?tab=unbilled',
    name: 'Insights: unbilled work',
    signedIn: true,
    dataSelector: '[data-testid="unbilled-table"]',
  },
  {
    path: '/agency?tab=sales',
    name: 'Agency Dashboard: Sales',
    signedIn: true,
    // The shared Pipedrive dashboard, or the card saying how to set it up.
    dataSelector: 'main iframe, [aria-labelledby="sales-setup-title"]',
  },
  {
    path: '/agency?tab=pipeline',
    name: 'Insights: pipeline',
    signedIn: true,
    dataSelector: '[data-testid="pipeline-deals"] tbody tr, [data-testid="pipeline-empty"]',
  },
  {
    path: '/agency/settings',
    name: 'Agency Settings',
    signedIn: true,
    dataSelector: '[data-testid="availability-row"]',
  },
  {
    path: '/agency/users',
    name: 'Users',
    signedIn: true,
    dataSelector: '[data-island="UsersAdmin"] tbody tr',
  },
  {
    path: '/alerts',
    name: 'Alerts',
    signedIn: true,
    dataSelector: '[data-testid="alert"]',
  },
  {
    path: '/agency/audit',
    name: 'Audit log',
    signedIn: true,
    dataSelector: '[data-testid="audit-entry"], [data-testid="audit-empty"]',
  },
  {
    path: '/agency/sync',
    name: 'Sync',
    signedIn: true,
    // Its Sync now button and the history of runs (or the line saying none has run yet).
    dataSelector: '[data-island="SyncPanel"]',
  },
  {
    path: '/account/password',
    name: 'Change password',
    signedIn: true,
    dataSelector: 'form[aria-label="Change password"]',
  },
  {
    path: '/agency/outbox',
    name: 'Outbox',
    signedIn: true,
    // Each kept mail, or the card saying there is none yet.
    dataSelector: 'main article, main section',
  },
];

/** The page's path as a name safe in a file path: `/agency?tab=trends` is `agency-tab-trends`. */
export function pageKey(page: { path: string; key?: string }): string {
  return page.key ?? (page.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'index');
}
