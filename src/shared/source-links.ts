/**
 * Addresses in the Jira site, the Forecast app and the Pipedrive site our data comes from, so a
 * key, a project or a deal on a screen leads to its source. Pure and browser-safe: the sites are
 * handed to the page by the server (the configured `JIRA_BASE_URL`, Forecast's app,
 * `<PIPEDRIVE_COMPANY_DOMAIN>.pipedrive.com`; the demo agency's hosts in demo mode).
 */

const trimmed = (site: string) => site.replace(/\/+$/, '');

/** An issue, an epic or a project: `<site>/browse/KEY` (Jira opens a project's page for a project key). */
export function jiraBrowseUrl(site: string, key: string): string {
  return `${trimmed(site)}/browse/${encodeURIComponent(key)}`;
}

/** A sprint of a project: its issues in Jira's search, by the sprint's name. */
export function jiraSprintUrl(site: string, projectKey: string, sprintName: string): string {
  const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  const jql = `project = ${quote(projectKey)} AND sprint = ${quote(sprintName)}`;
  return `${trimmed(site)}/issues/?jql=${encodeURIComponent(jql)}`;
}

/** A Pipedrive deal: `<site>/deal/<id>`. */
export function pipedriveDealUrl(site: string, dealId: number): string {
  return `${trimmed(site)}/deal/${dealId}`;
}

/**
 * A project's page in Forecast. Forecast's web addresses name a project by its P-number
 * (`company_project_id`), not by the API's id (docs/decisions/346).
 */
export function forecastProjectUrl(site: string, companyProjectId: number): string {
  return `${trimmed(site)}/project/P-${companyProjectId}/workflow`;
}
