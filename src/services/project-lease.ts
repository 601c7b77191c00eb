/**
 * One project's own upstream actions run one at a time (docs/decisions/283): the billing sync
 * and the Jira link each take a lease named after the project, across every process, so 30
 * clicks make one run's upstream calls and the others are told one is running.
 */
import { generateSecureRandomString } from '../auth/session';
import { claimProjectLease, releaseProjectLease } from '../db/sync-lease';
import type { Db } from '../db/port';
import { ConflictError } from './errors';

/** Longer than any one action may take (its calls' deadlines); a crashed holder's lease lapses then. */
export const PROJECT_LEASE_MS = 5 * 60_000;

export type ProjectAction = 'billing' | 'link';

const BUSY: Record<ProjectAction, string> = {
  billing:
    "This project's billing is already being synced from Forecast. Wait for that sync to finish; its figures will show then.",
  link: "This project's Jira link is already being changed. Wait for that to finish, then try again.",
};

export async function underProjectLease<T>(
  deps: { db: Db; now: Date },
  action: ProjectAction,
  projectId: number,
  work: () => Promise<T>,
): Promise<T> {
  const name = `${action}:${projectId}`;
  const holder = generateSecureRandomString();
  const claimed = await claimProjectLease(deps.db, {
    name,
    holder,
    now: deps.now,
    leaseMs: PROJECT_LEASE_MS,
  });
  if (!claimed) throw new ConflictError(BUSY[action]);
  try {
    return await work();
  } finally {
    await releaseProjectLease(deps.db, name, holder).catch((error: unknown) =>
      console.error(`The ${name} lease could not be released (it lapses by itself):`, error),
    );
  }
}
