/**
 * The Node process's live side (docs/decisions/400-live-webhooks-inbox-and-queue.md): the job
 * queue on the app's database and this process's workers. Every process runs workers; the
 * engine hands each job to one of them.
 */
import type { Db } from '../db/port';
import { type ConsumeDeps, processDelivery } from '../services/live/consume';
import { JOB } from '../services/live/jobs';
import { type RunningJobQueue, startJobQueue } from './job-queue';

export interface Live {
  jobs: RunningJobQueue;
  /** Starts this process's workers, once the app's clients exist. */
  work(deps: ConsumeDeps): Promise<void>;
  stop(): Promise<void>;
}

export async function startLive({
  db,
  refreshIntervalSeconds,
  log,
}: {
  db: Db;
  refreshIntervalSeconds: number;
  log?: (line: string) => void;
}): Promise<Live> {
  const jobs = await startJobQueue(db, {
    refreshIntervalSeconds,
    // A scheduled job only starts its run (which goes on under the lease): a minute is ample.
    refreshExpireSeconds: 60,
    log,
  });
  return {
    jobs,
    work: (deps) =>
      jobs.work({
        [JOB.delivery]: async (data) => {
          await processDelivery(deps, Number(data.deliveryId));
        },
      }),
    stop: () => jobs.stop(),
  };
}
