/**
 * The refresh runner: keeps what pages read current without any page calling upstream itself
 * (docs/decisions/130-one-refresh-runner.md). A run holds the PostgreSQL lease, so between every
 * Node process and the Worker exactly one refreshes at a time; each unit of work (the Forecast
 * time copy, one project's Jira data, one project's billing) reads everything first and writes
 * in one transaction, so a failure or a kill halfway leaves stored data as it was.
 */
import type { Config } from '../config';
import {
  attachRunToLease,
  claimLease,
  readLease,
  releaseLease,
  renewLease,
} from '../db/sync-lease';
import { linkedJiraKeys, projectsToRefresh, type ProjectToRefresh } from '../db/projects';
import { catchUpJira, catchUpMinutes } from './live/catch-up';
import type { Db } from '../db/port';
import { pruneAuditLog } from '../db/audit';
import { pruneDeliveries } from '../db/live';
import {
  finishSyncRun,
  getSyncRun,
  insertSyncRun,
  markInterruptedRuns,
  pruneSyncRuns,
  updateSyncRunProgress,
  type SyncProgress,
  type SyncRun,
  type SyncTrigger,
} from '../db/sync-runs';
import { BILLING_DATA_MAX_AGE_MS, isStale, JIRA_DATA_MAX_AGE_MS } from '../shared/freshness';
import { getSyncState } from '../db/forecast';
import { syncForecastBilling, syncTimeRegistrations } from './forecast/sync';
import { UpstreamError } from './http';
import type { Integrations } from './integrations';
import { type OnSkipped, skippedCollector } from './skipped-records';
import { syncJiraProject } from './jira/sync';
import { type CapacitySyncState, getCapacitySyncState } from '../db/capacity';
import { CAPACITY_DATA_MAX_AGE_MS } from '../shared/capacity';
import { syncCapacityForecast } from './forecast/capacity-sync';
import { syncPipeline } from './pipedrive/sync';
import { getRosterState } from '../db/people';
import { syncPeople } from './roster';
import type { AppMetrics } from './metrics';

/** A billing button or link still 'running' after this was cut off (its calls give up well before). */
const PROJECT_ACTION_CUTOFF_MS = 15 * 60_000;
/** Runs kept in the history. */
const HISTORY_KEPT = 2_000;
/**
 * Days of handled webhook deliveries and of the live pages' change feed kept; tombstones stay
 * (docs/decisions/440-webhook-inbox-kept-thirty-days.md).
 */
const LIVE_HISTORY_DAYS = 30;

export interface RefreshSettings {
  /** How often a scheduled run is due (SYNC_INTERVAL_SECONDS). */
  intervalMs: number;
  /** Upstream calls one run may make before it leaves the rest for the next (SYNC_PAGE_BUDGET). */
  pageBudget: number;
  /** How long the lease lasts unless renewed; renewed every third of it while the run works. */
  leaseMs: number;
  /** How often live progress is written while a run works. */
  progressMs: number;
  /** Audit entries older than this many days are pruned after each run (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /** A project's billing sync, all its upstream calls together (BILLING_SYNC_TIMEOUT_SECONDS). */
  billingBudgetMs?: number;
  /** The Pipedrive deal custom field holding a role mix (PLAN_ROLE_FIELD). */
  planRoleField?: string;
}

export const DEFAULT_LEASE_MS = 60_000;

/** The settings from the environment (SYNC_INTERVAL_SECONDS, SYNC_PAGE_BUDGET). */
export function refreshSettingsFrom(config: Config): RefreshSettings {
  return {
    intervalMs: config.SYNC_INTERVAL_SECONDS * 1000,
    pageBudget: config.SYNC_PAGE_BUDGET,
    auditRetentionDays: config.AUDIT_RETENTION_DAYS,
    billingBudgetMs: config.BILLING_SYNC_TIMEOUT_SECONDS * 1000,
    planRoleField: config.PLAN_ROLE_FIELD,
    leaseMs: DEFAULT_LEASE_MS,
    progressMs: 500,
  };
}

export type OnUpstreamRequest = (info: { method: string; url: string }) => void;

export interface RefreshDeps {
  db: Db;
  /**
   * Upstream clients that report every call they send, so a run counts its own, and every record
   * they leave out because it cannot be stored (docs/decisions/271).
   */
  connect: (
    onRequest: OnUpstreamRequest,
    onSkipped?: OnSkipped,
    /** Bounds everything the clients do, for one action that a person waits on. */
    limits?: { budgetMs?: number },
  ) => Integrations;
  clock: () => Date;
  timeZone: string;
  settings: RefreshSettings;
  /** Who runs ('node 1234@host', 'worker'): shown in the history, and part of the lease holder. */
  runner: string;
  /** One structured JSON line per run goes here (stdout in production). */
  log: (line: string) => void;
  /**
   * Called with every finished run (leased or a project's own), after it is recorded: the hook
   * for work that must follow fresh data (alert rules). Its failure is logged, never the run's.
   */
  afterRun?: (run: SyncRun) => Promise<void> | void;
  /** Counts every finished run by outcome, for `GET /metrics`. */
  metrics?: Pick<AppMetrics, 'refreshRun'>;
}

export type StartResult =
  | { started: true; run: SyncRun; done: Promise<SyncRun> }
  /** The lease is held (`run` is the run in progress, when known) or no scheduled run is due. */
  | { started: false; reason: 'busy' | 'not_due' | 'fresh'; run: SyncRun | null };

export type LeasedTrigger = 'start' | 'schedule' | 'sync_now';

interface Unit {
  service: 'Jira' | 'Forecast' | 'Pipedrive';
  subject: string;
  /** Upstream calls this unit is expected to make, to keep within the page budget. */
  estimate: number;
  work: (clients: Integrations, now: Date) => Promise<number>;
}

/** Start of the next schedule slot: runs are due once per interval, aligned to the clock. */
export function nextSlotStart(now: Date, intervalMs: number): Date {
  return new Date((Math.floor(now.getTime() / intervalMs) + 1) * intervalMs);
}

/** Short, readable reason for the history and the admins' warning. */
function reasonOf(subject: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${subject}: ${message}`;
}

/** Which capacity copies are due: never read, older than their hour, or every one on Sync now. */
function capacityDue(state: CapacitySyncState, now: Date, everything: boolean) {
  const due = (at: Date | null) =>
    everything || at === null || at.getTime() < now.getTime() - CAPACITY_DATA_MAX_AGE_MS;
  return { forecast: due(state.forecastSyncedAt), pipedrive: due(state.pipedriveSyncedAt) };
}

/** Whether the roster's copies of Jira's accounts and Pipedrive's users are due, as capacity's are. */
function rosterDue(state: { peopleSyncedAt: Date | null }, now: Date, everything: boolean) {
  const at = state.peopleSyncedAt;
  return everything || at === null || at.getTime() < now.getTime() - CAPACITY_DATA_MAX_AGE_MS;
}

export function createRefreshRunner(deps: RefreshDeps) {
  const { db, settings } = deps;
  // No Pipedrive client (a caller wiring only Jira and Forecast): nothing to plan for it.
  const hasPipedrive = () => deps.connect(() => {}).pipedrive !== undefined;
  let seq = 0;
  /** This process's run in progress, so a stopping server can hand the lease back at once. */
  let active: {
    runId: number;
    holder: string;
    calls: () => number;
    rows: () => number;
  } | null = null;

  /** What is stale and must be synced, in order: time data first (Weekly Hours waits on it). */
  async function plan(trigger: LeasedTrigger, now: Date): Promise<Unit[]> {
    const everything = trigger === 'sync_now';
    const projects = await projectsToRefresh(db, {
      jiraBefore: everything ? null : new Date(now.getTime() - JIRA_DATA_MAX_AGE_MS),
      billingBefore: everything ? null : new Date(now.getTime() - BILLING_DATA_MAX_AGE_MS),
    });
    const { timeRegistrationsUpdatedAfter } = await getSyncState(db);
    const units: Unit[] = [
      {
        service: 'Forecast',
        subject: 'Forecast time data',
        estimate: timeRegistrationsUpdatedAfter ? 6 : 20,
        work: async (clients, at) => {
          const r = await syncTimeRegistrations(db, clients.forecast, {
            now: at,
            timeZone: deps.timeZone,
          });
          return r.registrationsUpserted + r.registrationsDeleted;
        },
      },
    ];
    // Capacity: Forecast's calendars and allocations, and the Pipedrive pipeline, hourly.
    const capacity = capacityDue(await getCapacitySyncState(db), now, everything);
    if (capacity.forecast)
      units.push({
        service: 'Forecast',
        subject: 'Forecast capacity',
        estimate: 6,
        work: (clients, at) => syncCapacityForecast(db, clients.forecast, { now: at }),
      });
    if (hasPipedrive() && capacity.pipedrive)
      units.push({
        service: 'Pipedrive',
        subject: 'Pipedrive pipeline',
        estimate: 3,
        work: async (clients, at) =>
          clients.pipedrive
            ? syncPipeline(db, clients.pipedrive, { now: at, roleField: settings.planRoleField })
            : 0,
      });
    // The roster: Jira's accounts and Pipedrive's users, hourly, after Forecast's persons.
    if (rosterDue(await getRosterState(db), now, everything))
      units.push({
        service: 'Jira',
        subject: 'Roster (Jira accounts and Pipedrive users)',
        estimate: 4,
        work: async (clients, at) => {
          const r = await syncPeople(db, clients, { now: at });
          return r.accounts + r.pipedriveUsers;
        },
      });
    // The catch-up: what deliveries brought, or lost, in the last minutes (decision 403).
    const jiraKeys = await linkedJiraKeys(db);
    if (jiraKeys.length > 0)
      units.push({
        service: 'Jira',
        subject: 'Jira catch-up (recent changes)',
        estimate: 2 * jiraKeys.length,
        work: async (clients, at) =>
          (
            await catchUpJira(db, clients.jira, {
              now: at,
              minutes: catchUpMinutes(settings.intervalMs),
            })
          ).repaired,
      });
    const jira = (p: ProjectToRefresh): Unit => ({
      service: 'Jira',
      subject: `Jira, ${p.name}`,
      estimate: Math.ceil(p.jiraTotalTickets / 100) + 8,
      work: async (clients, at) => {
        const r = await syncJiraProject(db, clients.jira, { projectId: p.id, now: at });
        return r.ticketsRead + r.epicsRead;
      },
    });
    const billing = (p: ProjectToRefresh): Unit => ({
      service: 'Forecast',
      subject: `Forecast billing, ${p.name}`,
      estimate: 4,
      work: async (clients, at) => {
        await syncForecastBilling(db, clients.forecast, {
          projectId: p.id,
          now: at,
          timeZone: deps.timeZone,
        });
        return 1;
      },
    });
    units.push(...projects.jira.map(jira), ...projects.billing.map(billing));
    return units;
  }

  /** Whether a process that just started should refresh at once rather than wait for the schedule. */
  async function dataIsStale(now: Date): Promise<boolean> {
    const { lastTimeSync } = await getSyncState(db);
    if (isStale(lastTimeSync, now, settings.intervalMs)) return true;
    // The Capacity page is empty until Forecast's plan and the pipeline were read once.
    const capacity = capacityDue(await getCapacitySyncState(db), now, false);
    if (capacity.forecast || (hasPipedrive() && capacity.pipedrive)) return true;
    if (rosterDue(await getRosterState(db), now, false)) return true;
    const projects = await projectsToRefresh(db, {
      jiraBefore: new Date(now.getTime() - JIRA_DATA_MAX_AGE_MS),
      billingBefore: new Date(now.getTime() - BILLING_DATA_MAX_AGE_MS),
    });
    return projects.jira.length + projects.billing.length > 0;
  }

  async function currentRun(now: Date): Promise<SyncRun | null> {
    const lease = await readLease(db, now);
    return lease.runId === null ? null : getSyncRun(db, lease.runId);
  }

  function logRun(run: SyncRun) {
    deps.log(
      JSON.stringify({
        event: 'sync_run',
        id: run.id,
        trigger: run.trigger,
        runner: run.runner,
        requestedBy: run.requestedBy,
        startedAt: run.startedAt.toISOString(),
        durationMs: run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
        outcome: run.outcome,
        upstreamCalls: run.upstreamCalls,
        rowsChanged: run.rowsChanged,
        deferred: run.progress.deferred ?? 0,
        skipped: run.progress.skipped ?? 0,
        failure: run.failure,
      }),
    );
  }

  async function finished(run: SyncRun | null): Promise<void> {
    if (!run) return;
    logRun(run);
    deps.metrics?.refreshRun(run.outcome);
    try {
      await pruneSyncRuns(db, HISTORY_KEPT);
      const now = deps.clock().getTime();
      const daysAgo = (days: number) => new Date(now - days * 86_400_000);
      await pruneAuditLog(db, daysAgo(settings.auditRetentionDays));
      await pruneDeliveries(db, daysAgo(LIVE_HISTORY_DAYS));
      await deps.afterRun?.(run);
    } catch (error) {
      console.error(`After sync run ${run.id}:`, error);
    }
  }

  /**
   * Claims the lease and starts a run; resolves as soon as the run is recorded (its work
   * continues in `done`). A lease already held, or for a scheduled claim no run due yet, returns
   * at once without calling upstream.
   */
  async function start(
    trigger: LeasedTrigger,
    { requestedBy = null }: { requestedBy?: string | null } = {},
  ): Promise<StartResult> {
    const now = deps.clock();
    if (trigger === 'start' && !(await dataIsStale(now)))
      return { started: false, reason: 'fresh', run: null };
    const holder = `${deps.runner}#${++seq}:${Math.random().toString(36).slice(2, 8)}`;
    const claimed = await claimLease(db, {
      holder,
      now,
      leaseMs: settings.leaseMs,
      onlyIfDue: trigger === 'schedule',
      nextDueAt: nextSlotStart(now, settings.intervalMs),
    });
    if (!claimed) {
      const lease = await readLease(db, now);
      return {
        started: false,
        reason: lease.holder ? 'busy' : 'not_due',
        run: lease.runId === null ? null : await getSyncRun(db, lease.runId),
      };
    }
    let runId: number;
    try {
      runId = await insertSyncRun(db, {
        trigger,
        runner: deps.runner,
        requestedBy,
        startedAt: now,
      });
      await attachRunToLease(db, holder, runId);
      await markInterruptedRuns(db, {
        except: runId,
        staleBefore: new Date(now.getTime() - PROJECT_ACTION_CUTOFF_MS),
        now,
      });
    } catch (error) {
      await releaseLease(db, holder).catch(() => {});
      throw error;
    }
    const run = (await getSyncRun(db, runId))!;
    // Never rejects: callers that only start a run (Sync now, the schedule) do not await it.
    const done = work(run, holder, trigger)
      .then(async (ended) => {
        await finished(ended);
        return ended ?? run;
      })
      .catch((error) => {
        console.error(`Sync run ${run.id} could not be recorded:`, error);
        return run;
      });
    return { started: true, run, done };
  }

  async function work(
    run: SyncRun,
    holder: string,
    trigger: LeasedTrigger,
  ): Promise<SyncRun | null> {
    let calls = 0;
    let rowsChanged = 0;
    const progress: SyncProgress = { unitsDone: 0 };
    const failures: string[] = [];
    let dirty = true;
    let writing: Promise<void> | null = null;
    let lastRenew = Date.now();
    let leaseLost = false;

    active = { runId: run.id, holder, calls: () => calls, rows: () => rowsChanged };
    const skipped = skippedCollector();
    const clients = deps.connect(
      () => {
        calls++;
        progress.pagesRead = (progress.pagesRead ?? 0) + 1;
        dirty = true;
      },
      (record) => {
        skipped.onSkipped(record);
        progress.skipped = skipped.count;
        progress.skippedReasons = skipped.reasons();
        dirty = true;
      },
    );
    // One writer at a time: progress and lease renewal never pile up behind a slow database.
    const tick = () => {
      if (writing) return writing;
      writing = (async () => {
        if (Date.now() - lastRenew >= settings.leaseMs / 3) {
          lastRenew = Date.now();
          if (!(await renewLease(db, holder, { now: deps.clock(), leaseMs: settings.leaseMs })))
            leaseLost = true;
        }
        if (dirty) {
          dirty = false;
          await updateSyncRunProgress(db, run.id, {
            upstreamCalls: calls,
            rowsChanged,
            progress: { ...progress },
          });
        }
      })()
        .catch((error) => console.error(`Sync run ${run.id}: progress not saved:`, error))
        .finally(() => {
          writing = null;
        });
      return writing;
    };
    const timer = setInterval(() => void tick(), settings.progressMs);

    try {
      const units = await plan(trigger, run.startedAt);
      progress.unitsTotal = units.length;
      let index = 0;
      for (; index < units.length; index++) {
        const unit = units[index]!;
        // Within the budget; a run always does its first unit, so one large project still moves.
        if (index > 0 && calls + unit.estimate > settings.pageBudget) break;
        if (leaseLost) break;
        progress.service = unit.service;
        progress.subject = unit.subject;
        progress.pagesRead = 0;
        dirty = true;
        await tick();
        try {
          rowsChanged += await unit.work(clients, deps.clock());
        } catch (error) {
          failures.push(reasonOf(unit.subject, error));
        }
        progress.unitsDone = index + 1;
        dirty = true;
      }
      progress.deferred = units.length - index;
      if (leaseLost)
        failures.push(
          'The lease lapsed while the run worked (the database was unreachable for too long); the rest is left for the next run.',
        );
    } catch (error) {
      failures.push(reasonOf('Planning the run', error));
    } finally {
      clearInterval(timer);
      await writing;
    }

    delete progress.service;
    delete progress.subject;
    delete progress.pagesRead;
    try {
      return await finishSyncRun(db, run.id, {
        outcome: failures.length ? 'failed' : 'succeeded',
        finishedAt: deps.clock(),
        upstreamCalls: calls,
        rowsChanged,
        failure: failures.length ? failures.slice(0, 3).join('; ') : null,
        progress,
      });
    } finally {
      active = null;
      await releaseLease(db, holder).catch((error) =>
        console.error(
          `Sync run ${run.id}: the lease could not be released (it lapses by itself):`,
          error,
        ),
      );
    }
  }

  /**
   * Records one project's own action (the billing button, a link) as a run with its upstream
   * calls. It takes no lease: it is one project's transaction, and the user is waiting for it.
   */
  async function record<T>(
    trigger: Extract<SyncTrigger, 'billing' | 'link'>,
    requestedBy: string | null,
    action: (clients: Integrations) => Promise<{ result: T; rowsChanged: number }>,
  ): Promise<T> {
    const startedAt = deps.clock();
    let calls = 0;
    const skipped = skippedCollector();
    const clients = deps.connect(
      () => {
        calls++;
      },
      skipped.onSkipped,
      trigger === 'billing' ? { budgetMs: settings.billingBudgetMs } : {},
    );
    let outcome: { result: T; rowsChanged: number } | null = null;
    let failure: unknown = null;
    try {
      outcome = await action(clients);
    } catch (error) {
      failure = error;
    }
    // A request refused before reaching upstream (no such project, not linked) is not a run.
    if (failure && calls === 0 && !(failure instanceof UpstreamError)) throw failure;
    try {
      const runId = await insertSyncRun(db, {
        trigger,
        runner: deps.runner,
        requestedBy,
        startedAt,
      });
      await finished(
        await finishSyncRun(db, runId, {
          outcome: failure ? 'failed' : 'succeeded',
          finishedAt: deps.clock(),
          upstreamCalls: calls,
          rowsChanged: outcome?.rowsChanged ?? 0,
          failure: failure ? (failure instanceof Error ? failure.message : String(failure)) : null,
          progress: skipped.count
            ? { skipped: skipped.count, skippedReasons: skipped.reasons() }
            : {},
        }),
      );
    } catch (error) {
      // The action's own result stands; only its line in the history is missing.
      console.error(`The ${trigger} run could not be recorded:`, error);
    }
    if (failure) throw failure;
    return outcome!.result;
  }

  return {
    start,
    /** Starts a run and waits for its end (the Worker's scheduled handler, tests, the bench). */
    async run(
      trigger: LeasedTrigger,
      options: { requestedBy?: string | null } = {},
    ): Promise<StartResult & { ended?: SyncRun }> {
      const started = await start(trigger, options);
      if (!started.started) return started;
      return { ...started, ended: await started.done };
    },
    record,
    currentRun: () => currentRun(deps.clock()),
    /**
     * A stopping server ends its run in progress as 'interrupted' and releases the lease, so the
     * next process need not wait for it to lapse. Whatever the run had not committed is not stored.
     */
    async abandon(reason: string): Promise<void> {
      const mine = active;
      if (!mine) return;
      active = null;
      await finishSyncRun(db, mine.runId, {
        outcome: 'interrupted',
        finishedAt: deps.clock(),
        upstreamCalls: mine.calls(),
        rowsChanged: mine.rows(),
        failure: reason,
        progress: {},
      });
      await releaseLease(db, mine.holder);
    },
    settings,
  };
}

export type RefreshRunner = ReturnType<typeof createRefreshRunner>;
