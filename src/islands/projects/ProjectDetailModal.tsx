import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { apiRequest } from '../../client/api';
import { Dialog } from '../../components/Dialog';
import type { Project } from '../../db/projects';
import { costBreakdownKey } from './api';
import { JiraTab } from './JiraTab';
import * as s from './ProjectDetailModal.css';
import { RetainerTab } from './RetainerTab';

type Tab = 'jira' | 'retainer';
const TABS: { id: Tab; label: string }[] = [
  { id: 'jira', label: 'Jira Integration' },
  { id: 'retainer', label: 'Retainer Periods' },
];

/**
 * The project detail modal (spec section 2), loaded on demand with its charts. Everything it
 * shows comes from our own stored data: opening it calls no upstream service.
 */
export default function ProjectDetailModal({ project, onClose }: { project: Project; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('jira');
  const baseId = useId();
  // Spec section 7: requested with the modal; its result is not shown.
  useQuery({
    queryKey: costBreakdownKey(project.id),
    queryFn: () => apiRequest('GET', `/api/projects/${project.id}/cost-breakdown`),
  });
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = tab === 'jira' ? 'retainer' : 'jira';
    setTab(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={project.name}
      description={project.forecastProjectId !== null ? `Forecast Project ID: ${project.forecastProjectId}` : undefined}
      size="xl"
      testId="project-detail"
    >
      <div className={s.tabs} role="tablist" aria-label="Project details">
        {TABS.map((t) => (
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
        {tab === 'jira' ? <JiraTab project={project} onCloseModal={onClose} /> : <RetainerTab project={project} />}
      </div>
    </Dialog>
  );
}
