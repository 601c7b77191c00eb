/**
 * The jobs the app runs and the one interface every engine offers
 * (docs/decisions/400-live-webhooks-inbox-and-queue.md): pg-boss on Node, over PostgreSQL or the
 * embedded PGlite (src/server/job-queue.ts); Cloudflare Queues and Cron Triggers on Workers
 * (src/worker.ts). The handlers are the same everywhere, and safe to run twice.
 */
import type { Db } from '../../db/port';

export const JOB = {
  /** One stored webhook delivery to apply: `{ deliveryId }`. */
  delivery: 'webhook-delivery',
  /** A scheduled refresh: `{ trigger: 'schedule' }`, one waiting at a time across processes. */
  refresh: 'refresh',
  /** The Monday digest, if due and not yet sent for its week. */
  digest: 'digest',
} as const;
export type JobName = (typeof JOB)[keyof typeof JOB];

export interface SendOptions {
  /** Adds the job in this transaction: it exists only if the caller's writes commit. */
  tx?: Db;
  /** At most one job with this key waiting (and, for the refresh, running) at a time. */
  singletonKey?: string;
  /** Not handed to a worker before this instant. */
  startAfter?: Date;
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobQueue {
  /** Which engine runs the jobs, as the Sync page and the logs name it. */
  readonly engine: string;
  /** Whether `send` honours `tx` (pg-boss); a queue outside the database gets the job after the commit. */
  readonly transactional: boolean;
  /** Adds a job; null when the engine kept it out (one already waiting for its key or slot). */
  send(name: JobName, data: Record<string, unknown>, options?: SendOptions): Promise<string | null>;
  /** Asks this process's worker for `name` to look for jobs now rather than at its next poll. */
  wake(name: JobName): void;
}

/** A queue whose workers run in this process, and whose engine keeps timetables (pg-boss). */
export interface JobWorkers extends JobQueue {
  /** Starts this process's workers for the given jobs. */
  work(handlers: Partial<Record<JobName, JobHandler>>): Promise<void>;
  /**
   * Adds a `name` job at each occurrence of `cron` (in `timeZone`), once per occurrence across
   * every process, with `singletonKey` as `send` takes it.
   */
  schedule(
    name: JobName,
    cron: string,
    timeZone: string,
    options?: { singletonKey?: string },
  ): Promise<void>;
}
