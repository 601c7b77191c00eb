import type { QueryClient } from '@tanstack/react-query';
import type { CurrencyCode } from '../../shared/currency';
import type { Project } from '../../shared/projects';
import type { RetainerPeriod } from '../../shared/retainer';

/** Query keys are the call paths (docs/product-spec.md, "Calls"): the list is refetched after any change. */
export const PROJECTS_KEY = ['/api/projects'] as const;
/** The portfolio's cards as server HTML, fetched again whenever the list is. */
export const PORTFOLIO_HTML_KEY = ['/portfolio/projects'] as const;
export const retainerPeriodsKey = (id: number) => [`/api/projects/${id}/retainer-periods`] as const;
/** The retainer periods' answer: their amounts are in the project's billing currency. */
export interface RetainerPeriodsAnswer {
  retainerPeriods: RetainerPeriod[];
  currency: CurrencyCode;
}
/** A project's forecasts with ranges (docs/decisions/420-forecasts-with-ranges.md). */
export const projectForecastKey = (id: number) => [`/api/projects/${id}/forecast`] as const;
export const jiraDataKey = (id: number) => [`/api/projects/${id}/jira-data`] as const;
export const costBreakdownKey = (id: number) => [`/api/projects/${id}/cost-breakdown`] as const;
export const JIRA_PROJECTS_KEY = ['/api/jira/projects'] as const;
export const FORECAST_PROJECTS_KEY = ['/api/forecast/projects'] as const;
/** Projects removed within the last 30 days, which an admin can restore. */
export const REMOVED_PROJECTS_KEY = ['/api/projects/removed'] as const;

/** Puts a project the server just returned into the cached list, so the screen shows it at once. */
export function replaceProjectInList(client: QueryClient, project: Project): void {
  client.setQueryData<Project[]>(PROJECTS_KEY, (list) =>
    list?.map((p) => (p.id === project.id ? project : p)),
  );
}

/**
 * Refetches the project list (docs/product-spec.md, "Calls": "refetched after any change"), and with it the
 * portfolio's server-rendered cards when the page shows them.
 */
export async function refreshProjects(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: PROJECTS_KEY }),
    client.invalidateQueries({ queryKey: PORTFOLIO_HTML_KEY }),
    client.invalidateQueries({ queryKey: REMOVED_PROJECTS_KEY }),
  ]);
}
