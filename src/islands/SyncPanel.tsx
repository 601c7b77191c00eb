import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { badge, button, h2, muted, table } from '../components/ui.css';
import {
  durationText,
  moreSkippedText,
  progressText,
  skippedText,
  type SyncRunJson,
} from '../shared/sync-runs';
import { Freshness } from '../components/Freshness';
import { exactTime, type Freshness as FreshnessData } from '../shared/freshness';
import * as s from './SyncPanel.css';

export interface Props {
  /** The run in progress when the page was read (any process's), or null. */
  running: SyncRunJson | null;
  /** The newest runs first. */
  runs: SyncRunJson[];
  timeZone: string;
  /** How old each source's data is; read again when a run ends, so no reload is needed. */
  freshness: FreshnessData | null;
}

/** While a run works its progress is asked for this often. */
const POLL_MS = 1_000;

const TRIGGERS: Record<SyncRunJson['trigger'], string> = {
  start: 'Server start',
  schedule: 'Schedule',
  sync_now: 'Sync now',
  billing: 'Billing button',
  link: 'Jira link',
};

function outcomeBadge(outcome: SyncRunJson['outcome']) {
  const look = {
    running: [badge.blue, 'Running'],
    succeeded: [badge.green, 'Succeeded'],
    failed: [badge.red, 'Failed'],
    interrupted: [badge.amber, 'Interrupted'],
  } as const;
  const [className, text] = look[outcome];
  return <span className={className}>{text}</span>;
}

/**
 * Sync now with its live progress, and the sync history (docs/decisions/131). The run lives in
 * PostgreSQL: a reload (or another admin) finds it by asking GET /api/admin/sync, so progress
 * survives; a second click while it runs shows that run instead of starting one.
 */
export default function SyncPanel({
  running: initialRunning,
  runs: initialRuns,
  timeZone,
  freshness: initialFreshness,
}: Props) {
  const [running, setRunning] = useState<SyncRunJson | null>(initialRunning);
  const [freshness, setFreshness] = useState(initialFreshness);
  const [runs, setRuns] = useState(initialRuns);
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refreshHistory = useCallback(async () => {
    const { runs: latest } = await apiRequest<{ runs: SyncRunJson[] }>(
      'GET',
      '/api/admin/sync/runs',
    );
    setRuns(latest);
  }, []);

  const poll = useCallback(async () => {
    try {
      const status = await apiRequest<{
        running: SyncRunJson | null;
        freshness: FreshnessData;
      }>('GET', '/api/admin/sync');
      setRunning(status.running);
      setFreshness(status.freshness);
      if (status.running) {
        timer.current = setTimeout(() => void poll(), POLL_MS);
      } else {
        setNotice(null);
        await refreshHistory();
      }
    } catch (error) {
      // A dropped poll is retried; the run itself goes on regardless.
      setNotice(`Progress could not be read (${serverMessage(error, 'network error')}); retrying.`);
      timer.current = setTimeout(() => void poll(), POLL_MS * 3);
    }
  }, [refreshHistory]);

  useEffect(() => {
    if (initialRunning) timer.current = setTimeout(() => void poll(), POLL_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [initialRunning, poll]);

  const syncNow = async () => {
    setStarting(true);
    try {
      const answer = await apiRequest<{
        started: boolean;
        run: SyncRunJson | null;
        message?: string;
      }>('POST', '/api/admin/sync');
      setRunning(answer.run);
      setNotice(answer.started ? null : (answer.message ?? 'A sync is already running.'));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void poll(), POLL_MS / 2);
    } catch (error) {
      toast({
        title: 'Sync Failed',
        description: serverMessage(error, 'The sync could not be started.'),
        variant: 'destructive',
      });
    } finally {
      setStarting(false);
    }
  };

  const last = runs.find((r) => r.outcome !== 'running');
  return (
    <>
      <Freshness freshness={freshness} isAdmin={false} />
      <div className={s.actions}>
        <button
          type="button"
          className={button.primary}
          onClick={() => void syncNow()}
          disabled={starting}
          aria-describedby="sync-state"
        >
          {running ? 'Syncing…' : 'Sync now'}
        </button>
        <span className={muted} id="sync-state">
          {running
            ? `Started ${exactTime(new Date(running.startedAt), timeZone)} by ${
                running.requestedBy ?? TRIGGERS[running.trigger].toLowerCase()
              }`
            : 'Refreshes the time data, every Jira project and every project’s billing now.'}
        </span>
      </div>
      {notice ? (
        <p className={muted} role="status">
          {notice}
        </p>
      ) : null}
      {running ? (
        <div className={s.progress} role="status" aria-live="polite" data-testid="sync-progress">
          Syncing {progressText(running)}
        </div>
      ) : last && last.outcome !== 'succeeded' && last.failure ? (
        <p className={s.reason} role="status">
          Last run {last.outcome}: {last.failure}
        </p>
      ) : null}
      <h2 className={h2}>Sync history</h2>
      <p className={muted}>The last {runs.length} runs, newest first.</p>
      {runs.length === 0 ? (
        <p className={muted}>No sync has run yet.</p>
      ) : (
        <div className={s.scroll} data-scroll-x>
          <table className={table} data-testid="sync-history">
            <thead>
              <tr>
                <th className={s.cell}>Started</th>
                <th className={s.number}>Duration</th>
                <th className={s.cell}>Trigger</th>
                <th className={s.number}>Upstream calls</th>
                <th className={s.number}>Rows changed</th>
                <th className={s.cell}>Outcome</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id}>
                  <td className={s.cell}>{exactTime(new Date(r.startedAt), timeZone)}</td>
                  <td className={s.number}>{durationText(r.durationMs)}</td>
                  <td className={s.cell}>
                    {TRIGGERS[r.trigger]}
                    {r.requestedBy ? <div className={muted}>{r.requestedBy}</div> : null}
                  </td>
                  <td className={s.number}>{r.upstreamCalls}</td>
                  <td className={s.number}>{r.rowsChanged}</td>
                  <td className={s.cell}>
                    {outcomeBadge(r.outcome)}
                    {r.progress.deferred ? (
                      <div className={muted}>{r.progress.deferred} left for the next run</div>
                    ) : null}
                    {r.failure ? <div className={s.reason}>{r.failure}</div> : null}
                    {skippedText(r) ? (
                      <details data-testid="skipped-records">
                        <summary className={muted}>{skippedText(r)}</summary>
                        <ul className={muted}>
                          {(r.progress.skippedReasons ?? []).map((reason) => (
                            <li key={reason}>{reason}</li>
                          ))}
                          {moreSkippedText(r) ? <li>{moreSkippedText(r)}</li> : null}
                        </ul>
                      </details>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
