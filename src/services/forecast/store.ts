/**
 * Reads and writes of the Forecast tables (sql/0003_forecast.sql); the projects table's
 * forecast_* columns are written by src/db/projects.ts. Every function takes the Db (or a
 * transaction) as its first argument; the sync decides what runs together in one transaction.
 */
import { BULK_CHUNK, bulkInsert } from '../../db/bulk';
import type { Db } from '../../db/port';
import type { IsoDate } from '../../shared/calendar';
import type { CostPeriodRange, ProjectInvoiceShare, StoredRetainerPeriod } from './billing';
import { retainerStatus } from '../../shared/retainer';
import type { RetainerPeriod } from '../../shared/retainer';
import type { ForecastPerson, ForecastProject, ForecastTimeRegistration } from './schemas';

// ---------------------------------------------------------------------------
// Retainer periods

/** Replaces a dashboard project's retainer periods. */
export async function replaceRetainerPeriods(
  db: Db,
  projectId: number,
  periods: readonly StoredRetainerPeriod[],
): Promise<void> {
  await db.query('DELETE FROM forecast_retainer_periods WHERE project_id = $1', [projectId]);
  if (periods.length === 0) return;
  await bulkInsert(
    db,
    `INSERT INTO forecast_retainer_periods (id, project_id, period_number, status, locked, start_date, end_date,
       target_amount, actual_amount, actual_billable_minutes)
     SELECT id, project_id, period_number, status, locked, start_date, end_date, target_amount, actual_amount,
       actual_billable_minutes
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, project_id integer, period_number integer, status text,
       locked boolean, start_date date, end_date date, target_amount numeric, actual_amount numeric,
       actual_billable_minutes numeric)
     ON CONFLICT (id) DO UPDATE SET project_id = EXCLUDED.project_id, period_number = EXCLUDED.period_number,
       status = EXCLUDED.status, locked = EXCLUDED.locked, start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date,
       target_amount = EXCLUDED.target_amount, actual_amount = EXCLUDED.actual_amount,
       actual_billable_minutes = EXCLUDED.actual_billable_minutes`,
    periods.map((p) => ({ ...p, project_id: projectId })),
  );
}

/**
 * A dashboard project's retainer periods in the spec's shape, by period number. The status is
 * derived again for `today`, so a period that has started since the last sync reads ACTIVE.
 */
export async function getRetainerPeriods(
  db: Db,
  projectId: number,
  today: IsoDate,
): Promise<RetainerPeriod[]> {
  const rows = await db.query<StoredRetainerPeriod>(
    `SELECT id, period_number, status, locked, start_date, end_date, target_amount, actual_amount, actual_billable_minutes
     FROM forecast_retainer_periods WHERE project_id = $1 ORDER BY period_number`,
    [projectId],
  );
  return rows.map(({ locked, ...p }) => ({
    ...p,
    status:
      p.status === 'CANCELLED'
        ? p.status
        : retainerStatus({ locked, startDate: p.start_date }, today),
  }));
}

// ---------------------------------------------------------------------------
// Invoices

/**
 * Replaces the stored invoice shares: of one Forecast project (a billing sync), or of the whole
 * account (`forecastProjectId` null, the agency-wide sync).
 */
export async function replaceInvoiceShares(
  db: Db,
  forecastProjectId: number | null,
  shares: readonly ProjectInvoiceShare[],
): Promise<void> {
  if (forecastProjectId === null) await db.query('DELETE FROM forecast_invoices');
  else
    await db.query('DELETE FROM forecast_invoices WHERE forecast_project_id = $1', [
      forecastProjectId,
    ]);
  const rows = shares
    .filter((s) => forecastProjectId === null || s.forecastProjectId === forecastProjectId)
    .map((s) => ({
      invoice_id: s.invoiceId,
      forecast_project_id: s.forecastProjectId,
      invoice_reference: s.invoiceReference,
      invoice_date: s.invoiceDate,
      due_date: s.dueDate,
      status: s.status,
      amount: s.amount,
      paid: s.paid,
    }));
  await bulkInsert(
    db,
    `INSERT INTO forecast_invoices (invoice_id, forecast_project_id, invoice_reference, invoice_date, due_date, status, amount, paid)
     SELECT invoice_id, forecast_project_id, invoice_reference, invoice_date, due_date, status, amount, paid
     FROM jsonb_to_recordset($1::text::jsonb) AS r(invoice_id integer, forecast_project_id integer, invoice_reference text,
       invoice_date date, due_date date, status text, amount numeric, paid numeric)`,
    rows,
  );
}

// ---------------------------------------------------------------------------
// Account-wide copies: projects, persons, cost periods

export async function replaceForecastProjects(
  db: Db,
  projects: readonly ForecastProject[],
  syncedAt: Date,
): Promise<void> {
  await db.query('DELETE FROM forecast_projects');
  await bulkInsert(
    db,
    `INSERT INTO forecast_projects (id, name, stage, status, budget_type, budget, synced_at)
     SELECT id, name, stage, status, budget_type, budget, synced_at
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, name text, stage text, status text, budget_type text,
       budget numeric, synced_at timestamptz)`,
    projects.map((p) => ({
      id: p.id,
      name: p.name,
      stage: p.stage,
      status: p.status ?? null,
      budget_type: p.budget_type ?? null,
      budget: p.budget ?? null,
      synced_at: syncedAt.toISOString(),
    })),
  );
}

export async function replacePersons(
  db: Db,
  persons: readonly ForecastPerson[],
  syncedAt: Date,
): Promise<void> {
  await db.query('DELETE FROM forecast_persons');
  await bulkInsert(
    db,
    `INSERT INTO forecast_persons (id, first_name, last_name, email, active, cost, start_date, end_date, synced_at)
     SELECT id, first_name, last_name, email, active, cost, start_date, end_date, synced_at
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, first_name text, last_name text, email text, active boolean,
       cost numeric, start_date date, end_date date, synced_at timestamptz)`,
    persons.map((p) => ({
      id: p.id,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email ?? null,
      active: p.active,
      cost: p.cost ?? null,
      start_date: p.start_date ?? null,
      end_date: p.end_date ?? null,
      synced_at: syncedAt.toISOString(),
    })),
  );
}

export async function replaceCostPeriods(
  db: Db,
  ranges: readonly CostPeriodRange[],
): Promise<void> {
  await db.query('DELETE FROM forecast_person_cost_periods');
  await bulkInsert(
    db,
    `INSERT INTO forecast_person_cost_periods (id, person_id, start_date, end_date, cost)
     SELECT id, person_id, start_date, end_date, cost
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, person_id integer, start_date date, end_date date, cost numeric)`,
    ranges.map((r) => ({
      id: r.id,
      person_id: r.personId,
      start_date: r.startDate,
      end_date: r.endDate,
      cost: r.cost,
    })),
  );
}

// ---------------------------------------------------------------------------
// Time registrations

/** A registration as stored: its project is `project ?? task_project` (null for internal time). */
export function toStoredRegistration(r: ForecastTimeRegistration) {
  return {
    id: r.id,
    person_id: r.person,
    forecast_project_id: r.project ?? r.task_project ?? null,
    task_id: r.task ?? null,
    non_project_time_id: r.non_project_time ?? null,
    date: r.date,
    minutes: Math.round(r.time_registered),
    billable_minutes: Math.round(r.billable_minutes_registered),
    notes: r.notes ?? null,
    approval_status: r.approval_status ?? null,
    updated_at: r.updated_at,
  };
}

/** Inserts new registrations and overwrites changed ones (an upsert by Forecast id). */
export async function upsertTimeRegistrations(
  db: Db,
  registrations: readonly ForecastTimeRegistration[],
): Promise<void> {
  await bulkInsert(
    db,
    `INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, task_id, non_project_time_id, date,
       minutes, billable_minutes, notes, approval_status, updated_at)
     SELECT id, person_id, forecast_project_id, task_id, non_project_time_id, date, minutes, billable_minutes, notes,
       approval_status, updated_at
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id bigint, person_id integer, forecast_project_id integer, task_id integer,
       non_project_time_id integer, date date, minutes integer, billable_minutes integer, notes text,
       approval_status text, updated_at timestamptz)
     ON CONFLICT (id) DO UPDATE SET person_id = EXCLUDED.person_id, forecast_project_id = EXCLUDED.forecast_project_id,
       task_id = EXCLUDED.task_id, non_project_time_id = EXCLUDED.non_project_time_id, date = EXCLUDED.date,
       minutes = EXCLUDED.minutes, billable_minutes = EXCLUDED.billable_minutes, notes = EXCLUDED.notes,
       approval_status = EXCLUDED.approval_status, updated_at = EXCLUDED.updated_at`,
    registrations.map(toStoredRegistration),
  );
}

/** Removes registrations deleted in Forecast; returns how many were stored. */
export async function deleteTimeRegistrations(db: Db, ids: readonly number[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += BULK_CHUNK) {
    const rows = await db.query<{ id: number }>(
      `DELETE FROM forecast_time_registrations
       WHERE id IN (SELECT value::bigint FROM jsonb_array_elements_text($1::text::jsonb)) RETURNING id`,
      [JSON.stringify(ids.slice(i, i + BULK_CHUNK))],
    );
    removed += rows.length;
  }
  return removed;
}

// ---------------------------------------------------------------------------
// Sync state

export interface ForecastSyncState {
  /** Where the next incremental time sync resumes; null before the first full sync. */
  timeRegistrationsUpdatedAfter: Date | null;
  lastTimeSync: Date | null;
}

export async function getSyncState(db: Db): Promise<ForecastSyncState> {
  const [row] = await db.query<{
    time_registrations_updated_after: Date | null;
    last_time_sync: Date | null;
  }>('SELECT time_registrations_updated_after, last_time_sync FROM forecast_sync_state WHERE id');
  return {
    timeRegistrationsUpdatedAfter: row?.time_registrations_updated_after ?? null,
    lastTimeSync: row?.last_time_sync ?? null,
  };
}

export async function saveSyncState(db: Db, state: ForecastSyncState): Promise<void> {
  await db.query(
    `INSERT INTO forecast_sync_state (id, time_registrations_updated_after, last_time_sync) VALUES (true, $1, $2)
     ON CONFLICT (id) DO UPDATE SET time_registrations_updated_after = EXCLUDED.time_registrations_updated_after,
       last_time_sync = EXCLUDED.last_time_sync`,
    [state.timeRegistrationsUpdatedAfter, state.lastTimeSync],
  );
}
