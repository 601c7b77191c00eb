import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Dialog } from '../components/Dialog';
import { useRefusal } from '../components/Refusal';
import { QueryPanel } from '../components/QueryPanel';
import { badge, button, spinner } from '../components/ui.css';
import { billingBlockedHint, DEV_STATUSES, type DevStatus } from '../shared/dev-status';
import type { Project } from '../shared/projects';
import {
  FORECAST_PROJECTS_KEY,
  PROJECTS_KEY,
  REMOVED_PROJECTS_KEY,
  refreshProjects,
} from './projects/api';
import { formatDate } from '../shared/format';
import { listedForecastProjects } from '../shared/projects';
import type { ForecastProjectItem } from '../shared/projects';
import { can, type Role } from '../shared/roles';
import * as s from './ManageProjectsDialog.css';

export interface Props {
  /**
   * The signed-in role, from the server: staff show and hide projects, admins also set dev
   * statuses and add or remove projects. Controls a role may not use say why (the server refuses
   * them regardless).
   */
  role: Role;
  /** The agency's calendar date, for the Billing Blocked hint. */
  today?: string;
}

/**
 * 'Manage Projects' (docs/product-spec.md, "Manage Projects dialog"): show or hide dashboard
 * projects, and add or remove Forecast projects. The Forecast list is fetched only when asked for
 * (Load Projects).
 */
export default function ManageProjectsDialog({ role, today }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={button.secondary}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Manage Projects
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Manage Projects"
        size="lg"
        testId="manage-projects"
      >
        <DashboardProjects role={role} today={today} />
        <ForecastProjects role={role} />
        {can(role, 'project.remove') ? <RecentlyRemoved /> : null}
      </Dialog>
    </>
  );
}

/**
 * Removing a project from the dashboard, from either section, after a confirmation (messages as
 * the spec writes them, then what the removal keeps). `ask` opens the question; `confirmation`
 * is the dialog to render.
 */
function useRemoveProject() {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ id: number; name: string } | null>(null);
  const remove = useMutation({
    mutationFn: (projectId: number) =>
      apiRequest<{ restorableForDays: number }>('DELETE', `/api/projects/${projectId}`),
    onSuccess: ({ restorableForDays }) => {
      toast({
        title: 'Success',
        description: `Project removed from dashboard successfully! An admin can restore it under Recently removed for ${restorableForDays} days.`,
      });
      return refreshProjects(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to remove project'),
        variant: 'destructive',
      }),
  });
  const confirmation = (
    <ConfirmDialog
      open={asked !== null}
      title={`Remove ${asked?.name ?? 'this project'} from the dashboard?`}
      description="It leaves the dashboard for everyone, with its team, links and settings kept for 30 days under Recently removed. To only take it off the portfolio, switch it to Hidden instead."
      confirmLabel="Remove project"
      testId="confirm-remove-project"
      onCancel={() => setAsked(null)}
      onConfirm={() => {
        if (asked) remove.mutate(asked.id);
        setAsked(null);
      }}
    />
  );
  return { ask: setAsked, confirmation, isPending: remove.isPending };
}

function DashboardProjects({ role, today }: { role: Role; today?: string }) {
  const queryClient = useQueryClient();
  const isAdmin = can(role, 'project.dev-status');
  const showHide = useRefusal(role, 'project.visibility');
  const remove = useRefusal(role, 'project.remove');
  // The portfolio on the same page has already put the list in the shared cache.
  const projects = useQuery({
    queryKey: PROJECTS_KEY,
    queryFn: () => apiRequest<Project[]>('GET', '/api/projects'),
  });
  // Its type is written out: the visibility call below names it in its own Undo.
  function showAgain(id: number): void {
    visibility.mutate({ id, visible: 1 });
  }
  const visibility = useMutation({
    mutationFn: ({ id, visible }: { id: number; visible: 0 | 1 }) =>
      apiRequest('PATCH', `/api/projects/${id}/visibility`, { visible }),
    onSuccess: (_data, { id, visible }) => {
      // Hiding only takes the project off the portfolio: the toast keeps the spec's sentence,
      // says it is only hidden and offers the real undo, showing it again
      // (docs/decisions/340-confirm-or-undo-before-destruction.md).
      toast(
        visible === 1
          ? { title: 'Success', description: 'Project added to dashboard!' }
          : {
              title: 'Success',
              description:
                'Project removed from dashboard! It is only hidden: its data stays, and Undo shows it again.',
              action: { label: 'Undo', run: () => showAgain(id) },
            },
      );
      return refreshProjects(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to update project visibility'),
        variant: 'destructive',
      }),
  });

  const devStatus = useMutation({
    mutationFn: ({ id, devStatus }: { id: number; devStatus: DevStatus }) =>
      apiRequest('PATCH', `/api/projects/${id}/dev-status`, { devStatus }),
    onSuccess: (_data, { devStatus }) => {
      toast({ title: 'Success', description: `Dev status set to ${devStatus}.` });
      return refreshProjects(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to update the dev status'),
        variant: 'destructive',
      }),
  });

  const removeProject = useRemoveProject();
  const list = projects.data ?? [];
  const visibleCount = list.filter((p) => p.visible === 1).length;
  return (
    <section className={s.section} aria-labelledby="manage-dashboard">
      <div className={s.sectionHead}>
        <h3 id="manage-dashboard" className={s.h3}>
          Dashboard Projects
        </h3>
        <span className={s.count} data-testid="visible-count">
          {visibleCount} of {list.length} visible
        </span>
      </div>
      {projects.isPending ? (
        <div className={s.loading}>
          <div className={spinner} />
        </div>
      ) : list.length === 0 ? (
        <p className={s.prompt}>
          No projects on the dashboard yet. Add one from the Forecast projects below.
        </p>
      ) : (
        <ul className={s.list}>
          {list.map((p) => (
            <li key={p.id} className={s.item} data-testid="dashboard-project">
              <div className={s.itemMain}>
                <span className={s.itemName}>{p.name}</span>
                <span className={s.meta}>
                  {p.jiraProjectKey ? <span className={s.key}>{p.jiraProjectKey}</span> : null}
                  <span>{p.teamName ?? 'No team'}</span>
                  {isAdmin ? null : <span>{p.devStatus}</span>}
                  {p.forecastProjectId !== null ? (
                    <span>Forecast ID: {p.forecastProjectId}</span>
                  ) : null}
                </span>
                {isAdmin ? (
                  <DevStatusControl
                    project={p}
                    today={today}
                    disabled={devStatus.isPending}
                    onChange={(next) => devStatus.mutate({ id: p.id, devStatus: next })}
                  />
                ) : null}
              </div>
              <button
                type="button"
                role="switch"
                className={s.toggle}
                aria-checked={p.visible === 1}
                aria-label={`Show ${p.name} on the portfolio`}
                disabled={visibility.isPending}
                {...showHide.attrs}
                onClick={() => {
                  if (!showHide.reason)
                    visibility.mutate({ id: p.id, visible: p.visible === 1 ? 0 : 1 });
                }}
              >
                {p.visible === 1 ? 'Visible' : 'Hidden'}
              </button>
              <button
                type="button"
                className={button.secondary}
                aria-label={`Remove ${p.name} from the dashboard`}
                disabled={removeProject.isPending}
                {...remove.attrs}
                onClick={() => {
                  if (!remove.reason) removeProject.ask(p);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {showHide.note}
      {remove.note}
      {removeProject.confirmation}
    </section>
  );
}

/** The admin's dev status select, with the overdue-invoice hint the admin confirms. */
function DevStatusControl({
  project: p,
  today,
  disabled,
  onChange,
}: {
  project: Project;
  today?: string;
  disabled: boolean;
  onChange: (devStatus: DevStatus) => void;
}) {
  const overdueDays = today ? billingBlockedHint(p, today) : null;
  return (
    <span className={s.devStatusRow}>
      <label className={s.devStatusLabel}>
        Dev status
        <select
          className={s.devStatusSelect}
          value={p.devStatus}
          disabled={disabled}
          aria-label={`Dev status of ${p.name}`}
          onChange={(e) => onChange(e.currentTarget.value as DevStatus)}
        >
          {DEV_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      {overdueDays !== null ? (
        <span className={s.hint} data-testid="billing-blocked-hint">
          An invoice has been overdue for {overdueDays} days.{' '}
          <button
            type="button"
            className={s.hintButton}
            disabled={disabled}
            onClick={() => onChange('Billing Blocked')}
          >
            Mark Billing Blocked
          </button>
        </span>
      ) : null}
    </span>
  );
}

function ForecastProjects({ role }: { role: Role }) {
  const add = useRefusal(role, 'project.import');
  const remove = useRefusal(role, 'project.remove');
  const queryClient = useQueryClient();
  const [requested, setRequested] = useState(false);
  const forecast = useQuery({
    queryKey: FORECAST_PROJECTS_KEY,
    queryFn: () => apiRequest<{ projects: ForecastProjectItem[] }>('GET', '/api/forecast/projects'),
    enabled: requested,
  });
  const dashboard = useQuery({
    queryKey: PROJECTS_KEY,
    queryFn: () => apiRequest<Project[]>('GET', '/api/projects'),
  });
  const byForecastId = new Map<number, Project>();
  for (const p of dashboard.data ?? [])
    if (p.forecastProjectId !== null) byForecastId.set(p.forecastProjectId, p);

  const importProject = useMutation({
    mutationFn: (forecastProjectId: number) =>
      apiRequest<{ project: Project }>('POST', '/api/projects/import-forecast', {
        forecastProjectId,
      }),
    onSuccess: ({ project }) => {
      toast({
        title: 'Success',
        description: `Project "${project.name}" imported successfully from Forecast!`,
      });
      return refreshProjects(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to import project from Forecast'),
        variant: 'destructive',
      }),
  });
  const removeProject = useRemoveProject();
  const busy = importProject.isPending || removeProject.isPending;

  const load = () => {
    if (requested) void forecast.refetch();
    else setRequested(true);
  };
  const listed = forecast.data ? listedForecastProjects(forecast.data.projects) : [];

  return (
    <section className={s.section} aria-labelledby="manage-forecast">
      <div className={s.sectionHead}>
        <h3 id="manage-forecast" className={s.h3}>
          Forecast Projects
        </h3>
        <button
          type="button"
          className={button.secondary}
          onClick={load}
          disabled={forecast.isFetching}
        >
          {forecast.isFetching ? <span className={`${spinner} ${s.smallSpinner}`} /> : null}
          Load Projects
        </button>
      </div>
      {!requested ? (
        <p className={s.prompt}>Click "Load Projects" to see available Forecast projects</p>
      ) : (
        <QueryPanel
          query={forecast}
          look="compact"
          loading="Loading Forecast projects"
          error={{
            title: 'Unable to load Forecast projects',
            text: 'Check your Forecast API credentials',
          }}
          empty={{ when: () => listed.length === 0, text: 'No open Forecast projects found.' }}
        >
          {() => (
            <ul className={s.list}>
              {listed.map((fp) => {
                const onDashboard = byForecastId.get(fp.id);
                return (
                  <li key={fp.id} className={s.item} data-testid="forecast-project">
                    <div className={s.itemMain}>
                      <span className={s.itemName}>{fp.name}</span>
                      <span className={s.meta}>
                        <span>ID: {fp.id}</span>
                        <span>{fp.stage}</span>
                        {onDashboard ? <span className={badge.green}>On Dashboard</span> : null}
                      </span>
                    </div>
                    {onDashboard ? (
                      <button
                        type="button"
                        className={button.secondary}
                        aria-label={`Remove ${fp.name} from the dashboard`}
                        disabled={busy}
                        {...remove.attrs}
                        onClick={() => {
                          if (!remove.reason) removeProject.ask(onDashboard);
                        }}
                      >
                        Remove
                      </button>
                    ) : (
                      <button
                        type="button"
                        className={button.primary}
                        aria-label={`Add ${fp.name} to the dashboard`}
                        disabled={busy}
                        {...add.attrs}
                        onClick={() => {
                          if (!add.reason) importProject.mutate(fp.id);
                        }}
                      >
                        Add
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryPanel>
      )}
      <p className={s.footnote}>
        Finished and halted Forecast projects are not listed; remove those already on the dashboard
        under Dashboard Projects.
      </p>
      {add.note}
      {remove.note}
      {removeProject.confirmation}
    </section>
  );
}

interface RemovedProjectItem {
  id: number;
  name: string;
  removedAt: string;
  removedBy: string;
  restorableUntil: string;
}

/**
 * Admins' 'Recently removed': projects removed within the last 30 days, each with Restore, so
 * one click on Remove never loses a project's team, links and settings (docs/decisions/165).
 */
function RecentlyRemoved() {
  const queryClient = useQueryClient();
  const removed = useQuery({
    queryKey: REMOVED_PROJECTS_KEY,
    queryFn: () => apiRequest<{ removed: RemovedProjectItem[] }>('GET', '/api/projects/removed'),
  });
  const restore = useMutation({
    mutationFn: (project: RemovedProjectItem) =>
      apiRequest<{ project: Project }>('POST', `/api/projects/${project.id}/restore`),
    onSuccess: ({ project }) => {
      toast({
        title: 'Project restored',
        description: `"${project.name}" is back on the dashboard. Its Jira and Forecast data come back with the next sync.`,
      });
      return refreshProjects(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to restore the project'),
        variant: 'destructive',
      }),
  });
  const list = removed.data?.removed ?? [];
  return (
    <section className={s.section} aria-labelledby="manage-removed">
      <div className={s.sectionHead}>
        <h3 id="manage-removed" className={s.h3}>
          Recently removed
        </h3>
      </div>
      <QueryPanel
        query={removed}
        look="compact"
        loading="Loading removed projects"
        error={(e) => ({
          title: 'Unable to load removed projects',
          text: serverMessage(e, 'Please try again.'),
        })}
        empty={{
          when: () => list.length === 0,
          text: 'No project was removed in the last 30 days.',
        }}
      >
        {() => (
          <ul className={s.list}>
            {list.map((p) => (
              <li key={p.id} className={s.item} data-testid="removed-project">
                <div className={s.itemMain}>
                  <span className={s.itemName}>{p.name}</span>
                  <span className={s.meta}>
                    <span>
                      Removed {formatDate(p.removedAt.slice(0, 10))} by {p.removedBy}
                    </span>
                    <span>Restorable until {formatDate(p.restorableUntil.slice(0, 10))}</span>
                  </span>
                </div>
                <button
                  type="button"
                  className={button.secondary}
                  aria-label={`Restore ${p.name} to the dashboard`}
                  disabled={restore.isPending}
                  onClick={() => restore.mutate(p)}
                >
                  Restore
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryPanel>
    </section>
  );
}
