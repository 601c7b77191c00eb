/**
 * Liveness and readiness (docs/decisions/272): /healthz says the process answers; /readyz says
 * it can serve pages: the database answers within 2 s, every migration is applied, and the
 * background refresh has not been failing for more than READY_REFRESH_FAILED_INTERVALS.
 */
import { pendingMigrations } from '../db/migrate';
import type { Db } from '../db/port';
import { refreshFailingSince } from '../db/sync-runs';

/** Refresh intervals of failing runs after which the server is no longer ready. */
export const READY_REFRESH_FAILED_INTERVALS = 3;

export type Readiness = { ready: true } | { ready: false; message: string };

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not answer within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(
  db: Db,
  options: { now: Date; refreshIntervalMs: number },
): Promise<Readiness> {
  let pending: string[];
  let failingSince: Date | null;
  try {
    pending = await within(2000, pendingMigrations(db));
  } catch (error) {
    return { ready: false, message: `Database unreachable: ${(error as Error).message}` };
  }
  if (pending.length)
    return {
      ready: false,
      message: `The database lacks ${pending.length} migrations (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', ...' : ''}): run npm run db:migrate.`,
    };
  try {
    failingSince = await within(2000, refreshFailingSince(db));
  } catch (error) {
    return { ready: false, message: `Database unreachable: ${(error as Error).message}` };
  }
  const limitMs = READY_REFRESH_FAILED_INTERVALS * options.refreshIntervalMs;
  if (failingSince && options.now.getTime() - failingSince.getTime() > limitMs)
    return {
      ready: false,
      message: `The background refresh has failed since ${failingSince.toISOString()}, more than ${READY_REFRESH_FAILED_INTERVALS} intervals: see the sync history.`,
    };
  return { ready: true };
}
