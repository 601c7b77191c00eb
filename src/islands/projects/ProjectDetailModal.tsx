import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { apiRequest } from '../../client/api';
import { Dialog } from '../../components/Dialog';
import { Freshness } from '../../components/Freshness';
import type { Project } from '../../shared/projects';
import {
  BILLING_DATA_MAX_AGE_MS,
  DEFAULT_SYNC_INTERVAL_MS,
  type Freshness as FreshnessData,
  JIRA_DATA_MAX_AGE_MS,
  staleAfterMs,
} from '../../shared/freshness';
import { costBreakdownKey } from './api';
import { hasBudgetBurn } from '../../shared/budget-burn';
import { BudgetBurnTab } from './BudgetBurnTab';
import { can, type Role } from '../../shared/roles';
import { JiraTab } from './JiraTab';
import * as s from './ProjectDetailModal.css';
import { RetainerTab } from './RetainerTab';

type Tab = 'jira' | 'retainer' | 'burn';

/** When this project's own Jira data and billing were synced, seen from the reader's clock and zone. */
function projectFreshness(project: Project): FreshnessData {
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
    now: new Date().toISOString(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
const TABS: { id: Tab; label: string }[] = [
  { id: 'jira', label: 'Jira Integration' },
  { id: 'retainer', label: 'Retainer Periods' },
  // Admins, on fixed-price and T&M projects (docs/decisions/171).
  { id: 'burn', label: 'Budget Burn' },
];

/**
 * The project detail modal (docs/product-spec.md, "Project detail modal"), loaded on demand with
 * its charts. Everything it shows comes from our own stored data: opening it calls no upstream
 * service.
 */
export default function ProjectDetailModal({
  project,
  onClose,
  role,
}: {
  project: Project;
  onClose: () => void;
  /** The signed-in role: admins see the money figures (retainer forecast, budget burn, costs). */
  role: Role;
}) {
  const isAdmin = can(role, 'money.view');
  const [tab, setTab] = useState<Tab>('jira');
  const tabs = TABS.filter(
    (t) =>
      t.id !== 'burn' ||
      (isAdmin && project.forecastProjectId !== null && hasBudgetBurn(project.forecastBudgetType)),
  );
  const baseId = useId();
  // docs/product-spec.md, "Calls": requested with the modal; its result is not shown.
  // Each person's rate and cost: asked for only by a role the server answers it for.
  useQuery({
    queryKey: costBreakdownKey(project.id),
    queryFn: () => apiRequest('GET', `/api/projects/${project.id}/cost-breakdown`),
    enabled: isAdmin,
  });
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const at = tabs.findIndex((t) => t.id === tab);
    const step = e.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = tabs[(at + step) % tabs.length]!.id;
    setTab(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={project.name}
      description={
        project.forecastProjectId !== null
          ? `Forecast Project ID: ${project.forecastProjectId}`
          : undefined
      }
      size="xl"
      testId="project-detail"
    >
      {project.jiraProjectKey || project.forecastProjectId !== null ? (
        <Freshness freshness={projectFreshness(project)} isAdmin={false} />
      ) : null}
      <div className={s.tabs} role="tablist" aria-label="Project details">
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`${baseId}-${t.id}-tab`}
            type="button"
            role="tab"
            className={s.tab}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-${tab}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'jira' ? (
          <JiraTab project={project} role={role} />
        ) : tab === 'burn' ? (
          <BudgetBurnTab projectId={project.id} />
        ) : (
          <RetainerTab project={project} isAdmin={isAdmin} />
        )}
      </div>
    </Dialog>
  );
}
