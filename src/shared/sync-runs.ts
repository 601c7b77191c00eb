/** A sync run as the API sends it and the sync history shows it (docs/decisions/131). */
export interface SyncRunJson {
  id: number;
  trigger: 'start' | 'schedule' | 'sync_now' | 'billing' | 'link';
  runner: string;
  requestedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  outcome: 'running' | 'succeeded' | 'failed' | 'interrupted';
  upstreamCalls: number;
  rowsChanged: number;
  failure: string | null;
  progress: {
    service?: 'Jira' | 'Forecast' | 'Pipedrive';
    subject?: string;
    pagesRead?: number;
    unitsDone?: number;
    unitsTotal?: number;
    deferred?: number;
    /** Upstream records left out because they could not be stored, and the first reasons. */
    skipped?: number;
    skippedReasons?: string[];
  };
}

/** '3 records skipped' for the history, or null when none were. */
export function skippedText(run: Pick<SyncRunJson, 'progress'>): string | null {
  const n = run.progress.skipped ?? 0;
  if (n === 0) return null;
  return `${n} ${n === 1 ? 'record' : 'records'} skipped`;
}

/** 'Jira, Acme Website: 3 pages read (step 2 of 7)'. */
export function progressText(run: Pick<SyncRunJson, 'progress'>): string {
  const p = run.progress;
  const where = p.subject ?? 'Planning';
  const pages = p.pagesRead === undefined ? '' : `: ${p.pagesRead} pages read`;
  const step =
    p.unitsTotal !== undefined && p.unitsTotal > 0
      ? ` (step ${Math.min((p.unitsDone ?? 0) + 1, p.unitsTotal)} of ${p.unitsTotal})`
      : '';
  return `${where}${pages}${step}`;
}
