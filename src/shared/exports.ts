/**
 * Where each CSV download lives (docs/decisions/180-portfolio-table-and-exports.md), for the
 * pages' and islands' download links and the server's routes alike. Exports any signed-in user
 * may take are under /api/export, the admins' (money) under /api/admin/export.
 */
import type { IsoDate } from './calendar';

export const USER_EXPORTS = '/api/export';
export const ADMIN_EXPORTS = '/api/admin/export';

const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

export const exportHref = {
  capacity: () => '/api/capacity/export.csv',
  utilisation: (from: IsoDate, weeks: number) =>
    withQuery('/api/utilisation/export.csv', { from, weeks: String(weeks) }),
  portfolio: (filters = '') => `${USER_EXPORTS}/portfolio.csv${filters ? `?${filters}` : ''}`,
  readyForQa: (weekStart: IsoDate) => withQuery(`${USER_EXPORTS}/ready-for-qa.csv`, { weekStart }),
  storyPoints: (startDate: IsoDate, endDate: IsoDate) =>
    withQuery(`${USER_EXPORTS}/story-points.csv`, { startDate, endDate }),
  velocityHistory: () => `${USER_EXPORTS}/velocity-history.csv`,
  availability: (weekStart: IsoDate) =>
    withQuery(`${USER_EXPORTS}/availability.csv`, { weekStart }),
  weeklyHours: (weekStart: IsoDate) =>
    withQuery(`${ADMIN_EXPORTS}/weekly-hours.csv`, { weekStart }),
  grossMargins: () => `${ADMIN_EXPORTS}/gross-margins.csv`,
  costBreakdown: () => `${ADMIN_EXPORTS}/cost-breakdown.csv`,
  users: () => `${ADMIN_EXPORTS}/users.csv`,
  trends: () => `${ADMIN_EXPORTS}/trends.csv`,
  costPerPoint: () => `${ADMIN_EXPORTS}/cost-per-point.csv`,
  budgetBurn: () => `${ADMIN_EXPORTS}/budget-burn.csv`,
  unbilledWork: () => `${ADMIN_EXPORTS}/unbilled-work.csv`,
  retainerForecasts: () => `${ADMIN_EXPORTS}/retainer-forecasts.csv`,
} as const;
