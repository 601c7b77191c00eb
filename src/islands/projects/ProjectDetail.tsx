import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId } from 'react';
import { apiRequest } from '../../client/api';
import { opensElsewhere } from '../../client/links';
import { Freshness } from '../../components/Freshness';
import {
  BILLING_DATA_MAX_AGE_MS,
  DEFAULT_SYNC_INTERVAL_MS,
  type Freshness as FreshnessData,
  JIRA_DATA_MAX_AGE_MS,
  staleAfterMs,
} from '../../shared/freshness';
import {
  PROJECT_TABS,
  type ProjectForEveryone,
  type ProjectTab,
  projectPath,
  projectTabsFor,
} from '../../shared/projects';
import { can, type Role } from '../../shared/roles';
import { costBreakdownKey } from './api';
import { BudgetBurnTab } from './BudgetBurnTab';
import { JiraTab } from './JiraTab';
import * as s from './ProjectDetailModal.css';
import { RetainerTab } from './RetainerTab';

/** When the freshness line is read: the server's time and the agency's zone on the page. */
export type ReadAt = Pick<FreshnessData, 'now' | 'timeZone'>;

/** When this project's own Jira data and billing were synced, seen from `at` (else the reader's clock and zone). */
function projectFreshness(project: ProjectForEveryone, at: ReadAt | undefined): FreshnessData {
  const sources: FreshnessData['sources'] = [];
  if (project.jiraProjectKey)
    sources.push({
      service: 'Jira',
      at: project.lastJiraSync,
      refreshMs: JIRA_DATA_MAX_AGE_MS,
      staleAfterMs: staleAfterMs(DEFAULT_SYNC_INTERVAL_MS, JIRA_DATA_MAX_AGE_MS),
    });
  if (project.forecastProjectId !== null)
    sources.push({
      service: 'Forecast billing',
      at: project.lastForecastSync,
      refreshMs: BILLING_DATA_MAX_AGE_MS,
      staleAfterMs: staleAfterMs(DEFAULT_SYNC_INTERVAL_MS, BILLING_DATA_MAX_AGE_MS),
    });
  return {
    sources,
    running: false,
    lastRun: null,
    now: at?.now ?? new Date().toISOString(),
    timeZone: at?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/**
 * A project's detail (docs/product-spec.md, "Project detail modal"): its freshness, the tabs and
 * the chosen tab's panel, the same in the modal and on the project's page. Each tab is a link to
 * its own address, so without scripts the page's tabs still lead to their content; a plain click
 * switches in place. Everything shown comes from our own stored data.
 */
export function ProjectDetail({
  project,
  role,
  tab,
  onTab,
  onLinked,
  readAt,
}: {
  project: ProjectForEveryone;
  /** The signed-in role: admins see the money figures (retainer forecast, budget burn, costs). */
  role: Role;
  tab: ProjectTab;
  onTab: (tab: ProjectTab) => void;
  /** After the Jira project is linked or changed. */
  onLinked?: () => void;
  /** Rendered on the server: the time and zone the freshness line is read at, the same in both. */
  readAt?: ReadAt;
}) {
  const isAdmin = can(role, 'money.view');
  const tabs = projectTabsFor(project, isAdmin);
  const shown = tabs.includes(tab) ? tab : 'jira';
  const baseId = useId();
  // docs/product-spec.md, "Calls": requested with the modal; its result is not shown.
  // Each person's rate and cost: asked for only by a role the server answers it for.
  useQuery({
    queryKey: costBreakdownKey(project.id),
    queryFn: () => apiRequest('GET', `/api/projects/${project.id}/cost-breakdown`),
    enabled: isAdmin,
  });
  const onTabKey = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const at = tabs.indexOf(shown);
    const step = e.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = tabs[(at + step) % tabs.length]!;
    onTab(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };
  return (
    <>
      {project.jiraProjectKey || project.forecastProjectId !== null ? (
        <Freshness freshness={projectFreshness(project, readAt)} isAdmin={false} />
      ) : null}
      <div className={s.tabs} role="tablist" aria-label="Project details">
        {tabs.map((t) => (
          <a
            key={t}
            id={`${baseId}-${t}-tab`}
            href={projectPath(project.id, t)}
            role="tab"
            className={s.tab}
            aria-selected={shown === t}
            aria-controls={`${baseId}-${t}-panel`}
            tabIndex={shown === t ? 0 : -1}
            onClick={(e) => {
              if (opensElsewhere(e)) return;
              e.preventDefault();
              onTab(t);
            }}
            onKeyDown={onTabKey}
          >
            {PROJECT_TABS[t]}
          </a>
        ))}
      </div>
      <div
        id={`${baseId}-${shown}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${shown}-tab`}
      >
        {shown === 'jira' ? (
          <JiraTab project={project} role={role} onLinked={onLinked} />
        ) : shown === 'burn' ? (
          <BudgetBurnTab projectId={project.id} />
        ) : (
          <RetainerTab project={project} isAdmin={isAdmin} />
        )}
      </div>
    </>
  );
}
