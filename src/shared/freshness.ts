/**
 * How old the synced data is, in words a reader takes in at a glance ('Synced 4 min ago'), and
 * when it is old enough to warn about (docs/decisions/130-one-refresh-runner.md). Pure and
 * browser-safe: the pages render it on the server, islands may render it again after a sync.
 */
import { dateTimeFormat } from './date-time-format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Linked Jira projects are refreshed in the background when older than this. */
export const JIRA_DATA_MAX_AGE_MS = HOUR;
/** A project's Forecast billing (invoices, retainer periods) is refreshed when older than this. */
export const BILLING_DATA_MAX_AGE_MS = HOUR;
/** SYNC_INTERVAL_SECONDS's default, for views that are not told the configured one. */
export const DEFAULT_SYNC_INTERVAL_MS = 5 * MINUTE;

/** '2 min ago'-style age of `at` seen from `now`; a clock a little ahead of ours still reads 'just now'. */
export function relativeAge(at: Date, now: Date): string {
  const ms = now.getTime() - at.getTime();
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < 2 * DAY) return `${Math.floor(ms / HOUR)} h ago`;
  return `${Math.floor(ms / DAY)} days ago`;
}

/**
 * Data older than this is called out of date: two intervals, so one late or skipped run (the
 * lease taken, a slow upstream) does not warn, but a refresh that has stopped does.
 */
export function staleAfterMs(intervalMs: number, maxAgeMs = 0): number {
  return maxAgeMs + 2 * intervalMs;
}

export function isStale(at: Date | null, now: Date, staleAfter: number): boolean {
  return at === null || now.getTime() - at.getTime() > staleAfter;
}

/** The synced copies a page may read: Jira's, a project's Forecast billing, the Forecast time copy. */
export const SYNCED_SOURCES = ['jira', 'billing', 'time'] as const;
export type SyncedSource = (typeof SYNCED_SOURCES)[number];

/** The synced copies a page may read, by the names the freshness line gives them. */
export type SourceName = 'Jira' | 'Forecast billing' | 'Forecast time';

/** One synced source a page reads, and when it was last brought in (null: never). */
export interface FreshnessSource {
  service: SourceName;
  at: string | null;
  /** How often the background refresh brings it in (ms), said in the detail. */
  refreshMs: number;
  /** Older than this (ms) and the page warns. */
  staleAfterMs: number;
}

/** The last refresh run's end, as far as a page needs it. */
export interface LastRunSummary {
  outcome: 'succeeded' | 'failed' | 'interrupted';
  finishedAt: string;
  /** Only for admins: the upstream's reason ('Forecast: the credentials were refused…'). */
  failure: string | null;
}

/** What a page hands its freshness line: plain JSON, so an island may carry it too. */
export interface Freshness {
  sources: FreshnessSource[];
  /** A refresh is running now. */
  running: boolean;
  lastRun: LastRunSummary | null;
  /** The server's time when the page was read. */
  now: string;
  /** The agency's zone, for the exact times. */
  timeZone: string;
}

export interface FreshnessView {
  /** 'Synced 4 min ago', 'Syncing data from Forecast…', 'Not synced yet'. */
  text: string;
  /** The exact times, for the tooltip. */
  detail: string;
  /** Set when the reader should not trust the numbers as current. */
  warning: string | null;
  syncing: boolean;
}

/** '23 Nov 2026, 09:20' in the agency's zone. */
export function exactTime(at: Date, timeZone: string): string {
  return dateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** 'every 5 minutes', 'hourly': how often a source is refreshed, as the page states it. */
export function refreshEvery(ms: number): string {
  if (ms === HOUR) return 'hourly';
  if (ms % HOUR === 0) return `every ${ms / HOUR} hours`;
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}

/**
 * The page's line: the age of each source it reads ('Synced: Jira 12 min ago · Forecast time
 * just now'), each one's exact time and refresh interval in the detail, and a warning when a
 * source is out of date or the last run failed. One age for all would hide that billing and Jira
 * are refreshed hourly while Forecast time is refreshed every few minutes.
 */
export function freshnessView(f: Freshness): FreshnessView {
  const { timeZone } = f;
  const now = new Date(f.now);
  const known = f.sources.filter((s) => s.at !== null);
  const never = f.sources.filter((s) => s.at === null);
  const services = (list: FreshnessSource[]) => [...new Set(list.map((s) => s.service))];
  const detail = f.sources
    .map(
      (s) =>
        `${s.service}: ${s.at ? exactTime(new Date(s.at), timeZone) : 'not synced yet'}, refreshed ${refreshEvery(s.refreshMs)}`,
    )
    .join(' · ');

  let text: string;
  if (never.length && f.running) text = `Syncing data from ${services(never).join(' and ')}…`;
  else if (!known.length) text = 'Not synced yet';
  else if (f.sources.length === 1) text = `Synced ${relativeAge(new Date(known[0]!.at!), now)}`;
  else {
    const ages = f.sources.map(
      (s) => `${s.service} ${s.at ? relativeAge(new Date(s.at), now) : 'not synced yet'}`,
    );
    text = `Synced: ${ages.join(' · ')}`;
  }

  let warning: string | null = null;
  const failed = f.lastRun && f.lastRun.outcome !== 'succeeded' ? f.lastRun : null;
  const stale = services(
    f.sources.filter((s) => s.at !== null && isStale(new Date(s.at), now, s.staleAfterMs)),
  );
  if (failed) {
    const what =
      failed.outcome === 'interrupted'
        ? 'The last sync stopped before it finished'
        : 'The last sync failed';
    warning = failed.failure ? `${what}: ${failed.failure.replace(/[.\s]+$/, '')}.` : `${what}.`;
    if (stale.length) warning += ` Data from ${stale.join(' and ')} may be out of date.`;
  } else if (stale.length) {
    warning = `Data from ${stale.join(' and ')} may be out of date: the last sync was ${relativeAge(
      new Date(
        f.sources
          .filter((s) => stale.includes(s.service) && s.at)
          .map((s) => s.at!)
          .sort()[0]!,
      ),
      now,
    )}.`;
  }
  return { text, detail, warning, syncing: f.running };
}

/**
 * A source came in again between two reads of the line (a run ended, a card's billing was
 * synced): the page's own numbers are then older than the line would say, and are read again.
 */
export function syncedSince(before: Freshness, after: Freshness): boolean {
  return after.sources.some((s) => {
    if (s.at === null) return false;
    const earlier = before.sources.find((b) => b.service === s.service)?.at ?? null;
    return earlier === null || Date.parse(s.at) > Date.parse(earlier);
  });
}

/**
 * Some source is older than its refresh interval: the background refresh should have brought it
 * in by now, so a line left open asks again rather than counting up past the interval it states.
 */
export function refreshDue(f: Freshness, now: Date): boolean {
  return f.sources.some((s) => s.at === null || now.getTime() - Date.parse(s.at) > s.refreshMs);
}
