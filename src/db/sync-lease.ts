import type { Db } from './port';

/**
 * The refresh lease (table sync_lease, docs/decisions/130-one-refresh-runner.md): at most one
 * holder at a time across every process and the Worker, for at most `expires_at`; a holder
 * renews it while it works, so a crashed holder's lease lapses by itself.
 */
export const REFRESH_LEASE = 'refresh';

export interface LeaseClaim {
  holder: string;
  now: Date;
  leaseMs: number;
  /** Only when the schedule says a run is due (a scheduled tick); Sync now and start ignore it. */
  onlyIfDue: boolean;
  /** When the next scheduled run becomes due, once this claim succeeds. */
  nextDueAt: Date;
}

/**
 * Takes the lease when nobody holds it (or the holder's lease lapsed) and, for a scheduled
 * claim, when a run is due. One UPDATE: PostgreSQL re-checks the WHERE against a concurrent
 * claimer's committed row, so of two claims at once exactly one wins.
 */
export async function claimLease(db: Db, claim: LeaseClaim): Promise<boolean> {
  const rows = await db.query(
    `UPDATE sync_lease
        SET holder = $2, run_id = NULL, expires_at = $3,
            next_due_at = GREATEST(next_due_at, $5)
      WHERE name = $1
        AND (holder IS NULL OR expires_at <= $4)
        AND (NOT $6 OR next_due_at <= $4)
      RETURNING name`,
    [
      REFRESH_LEASE,
      claim.holder,
      new Date(claim.now.getTime() + claim.leaseMs),
      claim.now,
      claim.nextDueAt,
      claim.onlyIfDue,
    ],
  );
  return rows.length === 1;
}

/** Records which run holds the lease (for 'a second click shows the run in progress'). */
export async function attachRunToLease(db: Db, holder: string, runId: number): Promise<void> {
  await db.query('UPDATE sync_lease SET run_id = $3 WHERE name = $1 AND holder = $2', [
    REFRESH_LEASE,
    holder,
    runId,
  ]);
}

/** Extends the lease; false when it is no longer ours (it lapsed and someone else took it). */
export async function renewLease(
  db: Db,
  holder: string,
  { now, leaseMs }: { now: Date; leaseMs: number },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE sync_lease SET expires_at = $3 WHERE name = $1 AND holder = $2 RETURNING name`,
    [REFRESH_LEASE, holder, new Date(now.getTime() + leaseMs)],
  );
  return rows.length === 1;
}

export async function releaseLease(db: Db, holder: string): Promise<void> {
  await db.query(
    'UPDATE sync_lease SET holder = NULL, run_id = NULL, expires_at = NULL WHERE name = $1 AND holder = $2',
    [REFRESH_LEASE, holder],
  );
}

export interface LeaseState {
  holder: string | null;
  runId: number | null;
  expiresAt: Date | null;
  nextDueAt: Date | null;
}

/**
 * The refresh lease's row (at most one), with its name as the parameter `nameParam`. A fragment,
 * for src/db/freshness.ts too.
 */
export const leaseSql = (nameParam: string) => `
  SELECT holder, run_id, expires_at,
         CASE WHEN next_due_at = '-infinity' THEN NULL ELSE next_due_at END AS next_due_at
    FROM sync_lease WHERE name = ${nameParam}`;

export interface LeaseRow {
  holder: string | null;
  run_id: number | null;
  expires_at: Date | null;
  next_due_at: Date | null;
}

/** The lease as it is now; `runId` is the run in progress when the lease is held and current. */
export async function readLease(db: Db, now: Date): Promise<LeaseState> {
  const [row] = await db.query<LeaseRow>(leaseSql('$1'), [REFRESH_LEASE]);
  return toLeaseState(row, now);
}

export function toLeaseState(row: LeaseRow | undefined, now: Date): LeaseState {
  const live = row?.holder && row.expires_at && row.expires_at > now;
  return {
    holder: live ? row.holder : null,
    runId: live ? row.run_id : null,
    expiresAt: live ? row.expires_at : null,
    nextDueAt: row?.next_due_at ?? null,
  };
}

/**
 * A lease on one project's own action (its billing sync, its Jira link: `billing:12`,
 * `link:12`), made on first use. Taken when nobody holds it or the holder's lapsed; of two
 * claims at once exactly one wins (the conflict's UPDATE re-checks the WHERE).
 */
export async function claimProjectLease(
  db: Db,
  lease: { name: string; holder: string; now: Date; leaseMs: number },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO sync_lease (name, holder, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, run_id = NULL,
                                      expires_at = EXCLUDED.expires_at
      WHERE sync_lease.holder IS NULL OR sync_lease.expires_at <= $4
     RETURNING name`,
    [lease.name, lease.holder, new Date(lease.now.getTime() + lease.leaseMs), lease.now],
  );
  return rows.length === 1;
}

/** Gives a project's lease back (only if still ours). */
export async function releaseProjectLease(db: Db, name: string, holder: string): Promise<void> {
  await db.query(
    'UPDATE sync_lease SET holder = NULL, expires_at = NULL WHERE name = $1 AND holder = $2',
    [name, holder],
  );
}
