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

/** A run's duration: tenths of a second under 10 s ('2.4 s'), whole seconds after ('42 s'). */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** '3 records skipped' for the history, or null when none were. */
export function skippedText(run: Pick<SyncRunJson, 'progress'>): string | null {
  const n = run.progress.skipped ?? 0;
  if (n === 0) return null;
  return `${n} ${n === 1 ? 'record' : 'records'} skipped`;
}

/** 'and 12 more' under the reasons a run kept, when it skipped more records than it names. */
export function moreSkippedText(run: Pick<SyncRunJson, 'progress'>): string | null {
  const more = (run.progress.skipped ?? 0) - (run.progress.skippedReasons?.length ?? 0);
  return more > 0 ? `and ${more} more` : null;
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
