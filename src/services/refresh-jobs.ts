/**
 * The refresh's schedule on the job queue
 * (docs/decisions/403-catch-up-and-scheduling-on-the-queue.md): each slot of
 * SYNC_INTERVAL_SECONDS is one `refresh` job, waiting until the slot starts, one waiting at a time
 * across every process (the queue is stately on one key). The job that runs adds the next
 * slot's before it starts its run, so the chain goes on whichever process runs it. The run
 * itself still takes the refresh lease: one run at a time with Sync now, and a killed holder's
 * run is taken over within the lease's minute (the queue would take its whole expiry).
 */
import { JOB, type JobQueue, type JobWorkers } from './live/jobs';
import { nextSlotStart, type RefreshRunner, type StartResult } from './refresh';

/** The one key every process's scheduled refresh job is sent with. */
export const REFRESH_SLOT_KEY = 'schedule';

/**
 * A timetable's minute, as a repair: its job is refused while a slot's job waits, and otherwise
 * (a job that failed before it added the next) starts the chain again within a minute.
 */
export const REFRESH_REPAIR_CRON = '* * * * *';

/** Adds the job of the slot after `now`; null when one is already waiting. */
export function offerNextSlot(
  jobs: JobQueue,
  intervalMs: number,
  now: Date,
): Promise<string | null> {
  return jobs.send(
    JOB.refresh,
    { trigger: 'schedule' },
    { singletonKey: REFRESH_SLOT_KEY, startAfter: nextSlotStart(now, intervalMs) },
  );
}

/**
 * A scheduled refresh job's work, on Node's queue and the Worker's Cron Trigger alike: a run
 * under the lease when one is due and nobody runs. `wait` keeps the caller until the run ends
 * (a Worker invocation ends with its handler); on Node the run goes on after the job.
 */
export async function runScheduledRefresh(
  runner: RefreshRunner,
  { wait }: { wait: boolean },
): Promise<StartResult> {
  const started = await runner.start('schedule');
  if (wait && started.started) await started.done;
  return started;
}

export interface RefreshJobs {
  /**
   * Settles once the refresh asked for at start has ended, its afterRun hook (the alert pass)
   * included, or at once when none was started (the copies were fresh, or another process runs
   * it). Never rejects. Work that reports on the data, the Monday digest, waits for it.
   */
  first: Promise<void>;
}

/**
 * The Node process's side: one refresh at start when the stored copies are empty or stale (not
 * awaited, so the first page is never delayed), this process's worker for the slots' jobs, the
 * next slot offered, and the repair timetable.
 */
export async function startRefreshJobs(
  runner: RefreshRunner,
  jobs: JobWorkers,
  { clock = () => new Date() }: { clock?: () => Date } = {},
): Promise<RefreshJobs> {
  const { intervalMs } = runner.settings;
  const first = runner
    .start('start')
    .then(async (result) => {
      if (result.started) await result.done;
    })
    .catch((error) => console.error('The first refresh could not start:', error));
  await jobs.work({
    [JOB.refresh]: async () => {
      await offerNextSlot(jobs, intervalMs, clock());
      await runScheduledRefresh(runner, { wait: false });
    },
  });
  await offerNextSlot(jobs, intervalMs, clock());
  await jobs.schedule(JOB.refresh, REFRESH_REPAIR_CRON, 'UTC', {
    singletonKey: REFRESH_SLOT_KEY,
  });
  return { first };
}
