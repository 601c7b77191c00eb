import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiRequest, serverMessage } from '../../client/api';
import { toast } from '../../client/toast';
import { Dialog } from '../../components/Dialog';
import { useRefusal } from '../../components/Refusal';
import type { Role } from '../../shared/roles';
import { button, field, input, label, muted, spinner } from '../../components/ui.css';
import { JIRA_PROJECTS_KEY, jiraDataKey, refreshProjects } from './api';
import * as s from './LinkJiraDialog.css';

export interface LinkJiraDialogProps {
  projectId: number;
  currentKey: string | null;
  onLinked?: () => void;
  /** The signed-in role: staff and admins link projects. */
  role: Role;
}

type Mode = 'select' | 'manual';

interface JiraProjectChoice {
  key: string;
  name: string;
}

/**
 * 'Link Jira Project' (docs/product-spec.md, "Link {tracker} Project dialog"): pick a Jira project
 * from the list or type its key. The list is asked for when the control renders, as the spec's
 * calls table says, so it is there when the dialog opens. A successful link closes this dialog
 * only: the detail modal stays open on the freshly synced Jira overview (docs/decisions/193).
 */
export function LinkJiraDialog({ projectId, currentKey, onLinked, role }: LinkJiraDialogProps) {
  const [open, setOpen] = useState(false);
  const refusal = useRefusal(role, 'project.jira-link');
  const jiraProjects = useQuery({
    queryKey: JIRA_PROJECTS_KEY,
    queryFn: () => apiRequest<{ projects: JiraProjectChoice[] }>('GET', '/api/jira/projects'),
    enabled: !refusal.reason,
  });
  return (
    <>
      <button
        type="button"
        className={currentKey ? button.secondary : button.primary}
        {...refusal.attrs}
        onClick={() => {
          if (!refusal.reason) setOpen(true);
        }}
      >
        {currentKey ? `Linked: ${currentKey}` : 'Link Jira Project'}
      </button>
      {refusal.note}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Link Jira Project"
        size="md"
        testId="link-jira-dialog"
      >
        <LinkJiraForm
          projectId={projectId}
          currentKey={currentKey}
          onCancel={() => setOpen(false)}
          jiraProjects={jiraProjects}
          onLinked={() => {
            setOpen(false);
            onLinked?.();
          }}
        />
      </Dialog>
    </>
  );
}

function LinkJiraForm({
  projectId,
  currentKey,
  jiraProjects,
  onCancel,
  onLinked,
}: {
  projectId: number;
  currentKey: string | null;
  jiraProjects: UseQueryResult<{ projects: JiraProjectChoice[] }>;
  onCancel: () => void;
  onLinked: () => void;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('select');
  const [selectedKey, setSelectedKey] = useState('');
  const [manualKey, setManualKey] = useState('');
  const link = useMutation({
    mutationFn: async (jiraProjectKey: string) => {
      try {
        return await apiRequest('POST', `/api/projects/${projectId}/link-jira`, { jiraProjectKey });
      } catch (error) {
        throw new Error(serverMessage(error, 'Failed to link Jira project'));
      }
    },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Jira project linked successfully!' });
      onLinked();
      await Promise.all([
        refreshProjects(queryClient),
        queryClient.invalidateQueries({ queryKey: jiraDataKey(projectId) }),
      ]);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: error.message || 'Failed to link Jira project',
        variant: 'destructive',
      }),
  });

  // docs/product-spec.md, "States and transitions": the manual key in manual mode, otherwise the
  // selected one.
  const key = (mode === 'manual' ? manualKey : selectedKey).trim();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (key && !link.isPending) link.mutate(key);
  };
  const projects = jiraProjects.data?.projects ?? [];

  return (
    <form onSubmit={onSubmit}>
      {currentKey ? (
        <div className={s.current}>
          <span className={muted}>Currently linked:</span>
          <span className={s.keyBadge} data-testid="current-jira-key">
            {currentKey}
          </span>
        </div>
      ) : null}

      <div className={s.help} role="note">
        <span className={s.helpTitle}>Can't find your project?</span>
        <span>
          The list shows only the Jira projects the dashboard's Jira account can access. If yours is
          missing, ask a Jira admin to give that account access to it, or enter its key by hand.
        </span>
        <ul className={s.helpList}>
          <li>The project key is the letters before the dash in an issue id: PROJ in PROJ-123.</li>
          <li>Keys are typically 2-10 uppercase letters.</li>
        </ul>
      </div>

      <div className={s.modes} role="group" aria-label="How to choose the project">
        <button
          type="button"
          className={s.mode}
          aria-pressed={mode === 'select'}
          onClick={() => setMode('select')}
        >
          Select from Jira
        </button>
        <button
          type="button"
          className={s.mode}
          aria-pressed={mode === 'manual'}
          onClick={() => setMode('manual')}
        >
          Manual Entry
        </button>
      </div>

      {mode === 'select' ? (
        <div className={field}>
          <label className={label} htmlFor={`jira-project-${projectId}`}>
            Jira project
          </label>
          {jiraProjects.isPending ? (
            <div className={s.loading} role="status">
              <span className={`${spinner} ${s.smallSpinner}`} />
              Loading Jira projects...
            </div>
          ) : projects.length === 0 ? (
            // docs/product-spec.md, "Error catalogue": a failed list shows the same empty text.
            <div className={s.empty}>
              <span>No Jira projects found.</span>
              <span className={muted}>Try manual entry or check your Jira permissions.</span>
            </div>
          ) : (
            <select
              id={`jira-project-${projectId}`}
              className={s.select}
              value={selectedKey}
              onChange={(e) => setSelectedKey(e.target.value)}
            >
              <option value="">Choose a Jira project</option>
              {projects.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.key} - {p.name}
                </option>
              ))}
            </select>
          )}
        </div>
      ) : (
        <div className={field}>
          <label className={label} htmlFor={`jira-key-${projectId}`}>
            Jira project key
          </label>
          <input
            id={`jira-key-${projectId}`}
            className={`${input} ${s.mono}`}
            placeholder="e.g., PROJ, DEV, TASK"
            autoComplete="off"
            spellCheck={false}
            value={manualKey}
            onChange={(e) => setManualKey(e.target.value.toUpperCase())}
          />
          <div className={s.hint}>
            Type the key exactly as it appears in your issue ids, e.g. PROJ for PROJ-123.
          </div>
        </div>
      )}

      {currentKey ? (
        <div className={s.note}>Linking will replace the current connection</div>
      ) : null}

      <div className={s.actions}>
        <button type="button" className={button.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={button.primary} disabled={!key || link.isPending}>
          {link.isPending ? 'Linking...' : 'Link Project'}
        </button>
      </div>
    </form>
  );
}
