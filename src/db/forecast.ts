/**
 * The Forecast tables (sql/0003_forecast.sql): retainer periods and invoice shares per project,
 * the account-wide copies of projects, persons and time registrations, and the sync state; the
 * projects table's forecast_* columns are written by src/db/projects.ts and the cost periods by
 * src/db/cost-periods.ts. Every function takes the Db (or a transaction) as its first argument;
 * the sync decides what runs together in one transaction, and maps Forecast's answers to the
 * rows declared here.
 */
import { BULK_CHUNK, bulkInsert } from './bulk';
import type { Db } from './port';
import type { IsoDate } from '../shared/calendar';
import type { CurrencyCode } from '../shared/currency';
import type { RetainerPeriod } from '../shared/retainer';

// ---------------------------------------------------------------------------
// Retainer periods

/** A derived period plus Forecast's lock flag, which the status is re-derived from at read time. */
export type StoredRetainerPeriod = RetainerPeriod & { locked: boolean };

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
 * A dashboard project's stored retainer periods by period number, with the status the sync
 * derived and Forecast's lock flag (the status is derived again for the day it is read).
 */
export function readRetainerPeriods(db: Db, projectId: number): Promise<StoredRetainerPeriod[]> {
  return db.query<StoredRetainerPeriod>(
    `SELECT id, period_number, status, locked, start_date, end_date, target_amount, actual_amount, actual_billable_minutes
     FROM forecast_retainer_periods WHERE project_id = $1 ORDER BY period_number`,
    [projectId],
  );
}

// ---------------------------------------------------------------------------
// Invoices

/** One project's share of one invoice. */
export interface ProjectInvoiceShare {
  invoiceId: number;
  forecastProjectId: number;
  invoiceReference: string | null;
  /** The invoice date (Forecast `created_date`). */
  invoiceDate: IsoDate;
  dueDate: IsoDate | null;
  status: string;
  /** The currency Forecast recorded the invoice in. */
  currency: CurrencyCode;
  /** This project's entries, tax excluded. */
  amount: number;
  /** The invoice's payments shared pro rata to this project's part of its total. */
  paid: number;
}

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
      currency: s.currency,
      amount: s.amount,
      paid: s.paid,
    }));
  await bulkInsert(
    db,
    `INSERT INTO forecast_invoices (invoice_id, forecast_project_id, invoice_reference, invoice_date, due_date, status, currency, amount, paid)
     SELECT invoice_id, forecast_project_id, invoice_reference, invoice_date, due_date, status, currency, amount, paid
     FROM jsonb_to_recordset($1::text::jsonb) AS r(invoice_id integer, forecast_project_id integer, invoice_reference text,
       invoice_date date, due_date date, status text, currency text, amount numeric, paid numeric)`,
    rows,
  );
}

// ---------------------------------------------------------------------------
// Account-wide copies: projects, persons

/** A Forecast project as copied, for the margins' names, stages and budgets. */
export interface ForecastProjectCopy {
  id: number;
  name: string;
  stage: string;
  status: string | null;
  budget_type: string | null;
  budget: number | null;
  /** Its Forecast client, when it has one. */
  client_id?: number | null;
}

export async function replaceForecastProjects(
  db: Db,
  projects: readonly ForecastProjectCopy[],
  syncedAt: Date,
): Promise<void> {
  await db.query('DELETE FROM forecast_projects');
  await bulkInsert(
    db,
    `INSERT INTO forecast_projects (id, name, stage, status, budget_type, budget, synced_at, client_id)
     SELECT id, name, stage, status, budget_type, budget, synced_at, client_id
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, name text, stage text, status text, budget_type text,
       budget numeric, synced_at timestamptz, client_id integer)`,
    projects.map((p) => ({
      ...p,
      client_id: p.client_id ?? null,
      synced_at: syncedAt.toISOString(),
    })),
  );
}

/** Replaces the copy of Forecast's clients (id and name). */
export async function replaceForecastClients(
  db: Db,
  clients: readonly { id: number; name: string }[],
): Promise<void> {
  await db.query('DELETE FROM forecast_clients');
  await bulkInsert(
    db,
    `INSERT INTO forecast_clients (id, name)
     SELECT id, name FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, name text)`,
    clients.map((c) => ({ id: c.id, name: c.name })),
  );
}

/** A Forecast person as copied: the names and cost behind Weekly Hours and the margins. */
export interface ForecastPersonCopy {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  active: boolean;
  cost: number | null;
  start_date: string | null;
  end_date: string | null;
}

export async function replacePersons(
  db: Db,
  persons: readonly ForecastPersonCopy[],
  syncedAt: Date,
): Promise<void> {
  await db.query('DELETE FROM forecast_persons');
  await bulkInsert(
    db,
    `INSERT INTO forecast_persons (id, first_name, last_name, email, active, cost, start_date, end_date, synced_at)
     SELECT id, first_name, last_name, email, active, cost, start_date, end_date, synced_at
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, first_name text, last_name text, email text, active boolean,
       cost numeric, start_date date, end_date date, synced_at timestamptz)`,
    persons.map((p) => ({ ...p, synced_at: syncedAt.toISOString() })),
  );
}

// ---------------------------------------------------------------------------
// Time registrations

/** A time registration as stored: its project is Forecast's `project ?? task_project`. */
export interface StoredTimeRegistration {
  id: number;
  person_id: number;
  /** null for internal time. */
  forecast_project_id: number | null;
  task_id: number | null;
  non_project_time_id: number | null;
  date: string;
  minutes: number;
  billable_minutes: number;
  notes: string | null;
  approval_status: string | null;
  updated_at: string;
}

/**
 * Refreshes the planner's statistics of the Forecast copy (and the projects it is joined to)
 * after a time sync wrote it, as analyzeJiraTables does for Jira. PGlite never runs autovacuum,
 * and PostgreSQL's comes a minute or more after a fresh database is filled: without statistics
 * Gross Margins' query (the portfolio's too) guessed one project and one registration per
 * project, costed each of 2,700 registrations by index lookups and aggregated them once per
 * project, 9 ms instead of 3 ms on the demo agency. Statistics only speed
 * reads up, so a failure here does not fail the sync that wrote the data.
 */
export async function analyzeForecastTables(db: Db): Promise<void> {
  await db
    .query(
      'ANALYZE forecast_time_registrations, forecast_persons, forecast_person_cost_periods, forecast_projects, forecast_invoices, projects',
    )
    .catch(() => undefined);
}

/** Inserts new registrations and overwrites changed ones (an upsert by Forecast id). */
export async function upsertTimeRegistrations(
  db: Db,
  registrations: readonly StoredTimeRegistration[],
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
       approval_status = EXCLUDED.approval_status, updated_at = EXCLUDED.updated_at
     -- A change older than the stored one is ignored (docs/decisions/401-apply-once-per-entity.md).
     WHERE forecast_time_registrations.updated_at <= EXCLUDED.updated_at`,
    registrations,
  );
}

/** The Forecast projects of the given registrations as stored now (before a change moves them). */
export async function timeRegistrationProjects(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ p: number }>(
    `SELECT DISTINCT forecast_project_id AS p FROM forecast_time_registrations
      WHERE forecast_project_id IS NOT NULL
        AND id IN (SELECT value::bigint FROM jsonb_array_elements_text($1::text::jsonb))`,
    [JSON.stringify(ids)],
  );
  return rows.map((r) => r.p);
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

/** The time sync's state: at most one row. A fragment, for src/db/freshness.ts too. */
export const SYNC_STATE_SQL =
  'SELECT time_registrations_updated_after, last_time_sync FROM forecast_sync_state WHERE id';

export interface SyncStateRow {
  time_registrations_updated_after: Date | null;
  last_time_sync: Date | null;
}

export function toSyncState(row: SyncStateRow | undefined): ForecastSyncState {
  return {
    timeRegistrationsUpdatedAfter: row?.time_registrations_updated_after ?? null,
    lastTimeSync: row?.last_time_sync ?? null,
  };
}

export async function getSyncState(db: Db): Promise<ForecastSyncState> {
  const [row] = await db.query<SyncStateRow>(SYNC_STATE_SQL);
  return toSyncState(row);
}

export async function saveSyncState(db: Db, state: ForecastSyncState): Promise<void> {
  await db.query(
    `INSERT INTO forecast_sync_state (id, time_registrations_updated_after, last_time_sync) VALUES (true, $1, $2)
     ON CONFLICT (id) DO UPDATE SET time_registrations_updated_after = EXCLUDED.time_registrations_updated_after,
       last_time_sync = EXCLUDED.last_time_sync`,
    [state.timeRegistrationsUpdatedAfter, state.lastTimeSync],
  );
}
