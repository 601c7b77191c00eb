/**
 * The job queue on Node: pg-boss 10 (docs/decisions/400-live-webhooks-inbox-and-queue.md), over
 * the app's own database port, so it runs the same on PostgreSQL (the postgres.js pool) and on
 * the embedded PGlite (its one connection). pg-boss 10.4 is the newest release whose engines
 * allow Node 20.19; 11 and 12 need Node 22.
 */
import PgBoss from 'pg-boss';
import { jobQueueSql } from '../db/job-queue-sql';
import type { Db } from '../db/port';
import {
  JOB,
  type JobHandler,
  type JobName,
  type JobWorkers,
  type SendOptions,
} from '../services/live/jobs';
import { MAX_ATTEMPTS } from '../services/live/consume';

export interface JobQueueSettings {
  /** SYNC_INTERVAL_SECONDS: a refresh slot's length. */
  refreshIntervalSeconds: number;
  /**
   * How long a scheduled refresh job may take to start its run before the engine counts its
   * process dead and lets the next slot's job run.
   */
  refreshExpireSeconds: number;
  /** How often an idle worker looks for deliveries (ms); a receiver in this process wakes it at once. */
  deliveryPollMs?: number;
  log?: (line: string) => void;
}

export interface RunningJobQueue extends JobWorkers {
  /** Jobs waiting or running, per queue (the Sync page, the bench). */
  pending(): Promise<Record<JobName, number>>;
  stop(): Promise<void>;
}

const QUEUES: Record<JobName, Omit<PgBoss.Queue, 'name'>> = {
  // Many at once; a failure is retried with exponential backoff, the consumer dead-letters after MAX_ATTEMPTS.
  [JOB.delivery]: {
    policy: 'standard',
    retryLimit: MAX_ATTEMPTS,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  // One waiting and one running at most: every process offers each slot's job, one is kept. A
  // failed job is tried again (it adds the next slot's first, then asks the lease for a run).
  [JOB.refresh]: { policy: 'stately', retryLimit: 3, retryDelay: 5, retryBackoff: true },
  [JOB.digest]: {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 600,
  },
};

const DEADLOCK = '40P01';

/**
 * Processes that start together create the same queues at once, and pg-boss's create_queue
 * (which attaches a partition to its job table) can deadlock with itself. PostgreSQL rolls one
 * back; tried again, it finds the queue made and does nothing.
 */
async function afterDeadlocks(work: () => Promise<unknown>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await work();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

export async function startJobQueue(db: Db, settings: JobQueueSettings): Promise<RunningJobQueue> {
  const log = settings.log ?? ((line: string) => console.error(line));
  const boss = new PgBoss({
    db: jobQueueSql(db) as PgBoss.Db,
    // A process killed with -9 leaves its jobs active: maintenance expires and retries them.
    maintenanceIntervalSeconds: 30,
    // Finished jobs stay in the job table for an hour, or two refresh slots when those are
    // longer, so the last slots' jobs can be read there (tests/sync), then go to the archive.
    archiveCompletedAfterSeconds: Math.max(3_600, settings.refreshIntervalSeconds * 2),
    deleteAfterDays: 2,
  });
  boss.on('error', (error: Error) => log(`Job queue: ${error.message}`));
  await boss.start();
  for (const [name, options] of Object.entries(QUEUES)) {
    const queueOptions =
      name === JOB.refresh
        ? { ...options, expireInSeconds: settings.refreshExpireSeconds }
        : options;
    await afterDeadlocks(() => boss.createQueue(name, { name, ...queueOptions }));
    await afterDeadlocks(() => boss.updateQueue(name, { name, ...queueOptions }));
  }
  const workers = new Map<JobName, string>();

  return {
    engine: 'pg-boss',
    transactional: true,
    async send(name, data, options: SendOptions = {}) {
      return boss.send(name, data, {
        ...(options.tx ? { db: jobQueueSql(options.tx) as PgBoss.Db } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    wake(name) {
      const id = workers.get(name);
      if (id) boss.notifyWorker(id);
    },
    async work(handlers) {
      for (const [name, handler] of Object.entries(handlers) as [JobName, JobHandler][]) {
        const deliveries = name === JOB.delivery;
        const id = await boss.work<Record<string, unknown>>(
          name,
          {
            batchSize: deliveries ? 25 : 1,
            pollingIntervalSeconds: deliveries
              ? (settings.deliveryPollMs ?? 500) / 1000
              : name === JOB.refresh
                ? // A slot's job waits for its time: found within half a second of it.
                  0.5
                : 30,
          },
          async (jobs) => {
            // Each job of a batch is tried; one failure fails the batch, whose jobs are safe to run again.
            let failure: unknown = null;
            for (const job of jobs) {
              try {
                await handler(job.data ?? {});
              } catch (error) {
                failure ??= error;
              }
            }
            if (failure) throw failure;
          },
        );
        workers.set(name, id);
      }
    },
    async schedule(name, cron, timeZone, options = {}) {
      await boss.schedule(name, cron, {}, { tz: timeZone, ...options });
    },
    async pending() {
      const counts = {} as Record<JobName, number>;
      for (const name of Object.values(JOB)) counts[name] = await boss.getQueueSize(name);
      return counts;
    },
    async stop() {
      // Jobs still active are failed back to the queue, to be retried by another process.
      await boss.stop({ graceful: true, timeout: 5_000, wait: true });
    },
  };
}
