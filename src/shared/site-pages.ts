/**
 * Every page a person can open, with the ability its guard asks (src/routes/pages/index.tsx), and
 * the Insights tabs: the command palette lists what the role may open from here, so a new page
 * is found by adding one line (tests/render/palette-pages.test.ts fails for a page left out).
 * Browser-safe.
 */
import { type Ability, can, type Role } from './roles';

/** The Agency Dashboard's tabs, in the order of its tab bar (docs/decisions/070). */
export const AGENCY_TABS = [
  { id: 'weekly-hours', label: 'Weekly Hours' },
  { id: 'gross-margins', label: 'Gross Margins' },
  { id: 'trends', label: 'Trends' },
  { id: 'cost-per-point', label: 'Cost per Point' },
  { id: 'budget-burn', label: 'Budget Burn' },
  { id: 'unbilled', label: 'Unbilled Work' },
  { id: 'sales', label: 'Sales' },
  { id: 'pipeline', label: 'Pipeline' },
] as const;
export type AgencyTab = (typeof AGENCY_TABS)[number]['id'];

/** A tab's address; Weekly Hours is the plain /agency. */
export const agencyTabHref = (tab: AgencyTab): string =>
  tab === 'weekly-hours' ? '/agency' : `/agency?tab=${tab}`;

/** A deal's row on the Pipeline tab, where the palette leads (admins only). */
export const dealRowId = (dealId: number): string => `deal-${dealId}`;
export const dealHref = (dealId: number): string =>
  `${agencyTabHref('pipeline')}#${dealRowId(dealId)}`;

export interface SitePage {
  label: string;
  href: string;
  /** The ability the page's guard asks; null for any signed-in person. */
  ability: Ability | null;
  /** Other words people search it by ('availability' finds Settings). */
  words?: string;
}

export const SITE_PAGES: readonly SitePage[] = [
  { label: 'Projects', href: '/', ability: null, words: 'portfolio cards table' },
  {
    label: 'Developers',
    href: '/developer',
    ability: null,
    words: 'weekly history story points velocity ready for qa',
  },
  { label: 'Capacity', href: '/capacity', ability: 'capacity.view', words: 'hours deals' },
  {
    label: 'Utilisation',
    href: '/utilisation',
    ability: 'people.view',
    words: 'billable hours targets 18f',
  },
  {
    label: 'People',
    href: '/people',
    ability: 'people.view',
    words: 'roster tracked people link jira forecast unmatched',
  },
  { label: 'Alerts', href: '/alerts', ability: null, words: 'bell notifications' },
  {
    label: 'Settings',
    href: '/agency/settings',
    ability: null,
    words: 'developer availability away days thresholds digest points per day',
  },
  { label: 'Change password', href: '/account/password', ability: null, words: 'account' },
  { label: 'Insights', href: '/agency', ability: 'money.view', words: 'agency dashboard' },
  ...AGENCY_TABS.map((t) => ({
    label: `Insights: ${t.label}`,
    href: agencyTabHref(t.id),
    ability: 'money.view' as const,
  })),
  { label: 'Users', href: '/agency/users', ability: 'accounts.manage', words: 'accounts roles' },
  { label: 'Sync', href: '/agency/sync', ability: 'sync.run', words: 'refresh history' },
  { label: 'Audit', href: '/agency/audit', ability: 'audit.view', words: 'log changes' },
  { label: 'Outbox', href: '/agency/outbox', ability: 'money.view', words: 'mail digest' },
];

/** The pages this role may open, in the list's order. */
export function pagesFor(role: Role): SitePage[] {
  return SITE_PAGES.filter((p) => p.ability === null || can(role, p.ability));
}
