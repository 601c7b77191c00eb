/**
 * Bringing Forecast data into Postgres. Every action reads everything it needs from Forecast
 * first and then writes in ONE transaction, so an upstream failure or a crash halfway leaves the
 * stored data exactly as it was (docs/design.md, "Data" and "Bars every change keeps").
 */
import type { Db } from '../../db/port';
import { BadInputError, ConflictError, ProjectNotFoundError } from '../errors';
import { UpstreamError } from '../http';
import { MAX_AMOUNT } from '../../shared/column-limits';
import { isoDateInZone } from '../../shared/time-zones';
import {
  findProject,
  findProjectByForecastId,
  insertProject,
  updateProjectBilling,
  type ForecastProjectFields,
  type ForecastProjectRow,
} from '../../db/projects';
import {
  costPeriodRanges,
  deriveRetainerPeriods,
  invoiceShares,
  projectBilling,
  retainerCounts,
  type ProjectBilling,
} from './billing';
import type { ForecastClient } from './client';
import type { ForecastPerson, ForecastProject, ForecastTimeRegistration } from './schemas';
import { replaceCostPeriods } from '../../db/cost-periods';
import {
  analyzeForecastTables,
  deleteTimeRegistrations,
  getSyncState,
  replaceForecastClients,
  replaceForecastProjects,
  replaceInvoiceShares,
  replacePersons,
  replaceRetainerPeriods,
  saveSyncState,
  upsertTimeRegistrations,
  type ForecastPersonCopy,
  type ForecastProjectCopy,
  type StoredTimeRegistration,
} from '../../db/forecast';

/** The Forecast project is already on the dashboard (409). */
export class AlreadyOnDashboardError extends ConflictError {
  override name = 'AlreadyOnDashboardError';
  constructor(
    readonly forecastProjectId: number,
    readonly projectId: number | null,
  ) {
    super(`Forecast project ${forecastProjectId} is already on the dashboard.`);
  }
}

/** The dashboard project has no Forecast project to sync from (400). */
export class NotLinkedToForecastError extends BadInputError {
  override name = 'NotLinkedToForecastError';
  constructor(readonly projectId: number) {
    super('This project is not linked to a Forecast project, so it has no billing data to sync.');
  }
}

export interface SyncOptions {
  now: Date;
  /** The agency's zone: "today" for due dates and retainer periods. Defaults to UTC. */
  timeZone?: string;
}

export interface BillingSyncResult extends ProjectBilling {
  retainerPeriodsCompleted: number;
  retainerPeriodsTotal: number;
  lastForecastSync: Date;
}

/** Everything a project's billing is derived from, read from Forecast before any write. */
interface BillingSnapshot {
  project: ForecastProject;
  fields: ForecastProjectFields;
  write: (db: Db, projectId: number, currentRate: number | null) => Promise<BillingSyncResult>;
}

async function readProject(
  forecast: ForecastClient,
  forecastProjectId: number,
): Promise<ForecastProject> {
  try {
    return await forecast.getProject(forecastProjectId);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'not_found') {
      throw new UpstreamError(
        'Forecast',
        'not_found',
        `there is no project ${forecastProjectId}`,
        error.status,
      );
    }
    throw error;
  }
}

/**
 * Reads a project and what its billing needs: invoices always, the rate card when the project
 * has one, retainer periods only for RETAINER projects (docs/decisions/021). 2 to 4 calls.
 */
async function readBilling(
  forecast: ForecastClient,
  forecastProjectId: number,
  options: SyncOptions,
): Promise<BillingSnapshot> {
  const project = await readProject(forecast, forecastProjectId);
  const [invoices, rateCards, periods] = await Promise.all([
    forecast.projectInvoices(forecastProjectId),
    project.rate_card != null ? forecast.rateCards() : Promise.resolve([]),
    project.budget_type === 'RETAINER'
      ? forecast.retainerPeriods(forecastProjectId)
      : Promise.resolve([]),
  ]);
  const rate = rateCards.find((card) => card.id === project.rate_card)?.default_rate ?? null;
  const fields: ForecastProjectFields = {
    forecastProjectId,
    companyProjectId: project.company_project_id ?? null,
    value: project.budget ?? project.baseline_target ?? 0,
    budgetType: project.budget_type ?? null,
    status: project.status ?? null,
    stage: project.stage,
    hourlyRate: rate,
  };
  const today = isoDateInZone(options.now, options.timeZone ?? 'UTC');
  const shares = invoiceShares(invoices);
  const billing = projectBilling(shares, { forecastProjectId, projectValue: fields.value, today });
  const largest = Math.max(
    ...[billing.totalCreated, billing.totalPaid, billing.overdue].map((n) => Math.abs(n)),
  );
  if (largest > MAX_AMOUNT)
    throw new UpstreamError(
      'Forecast',
      'malformed_response',
      `the invoices of project ${forecastProjectId} add up to ${largest}, more than the ${MAX_AMOUNT} the dashboard can store`,
    );

  return {
    project,
    fields,
    async write(db, projectId, currentRate) {
      const retainer = deriveRetainerPeriods(periods, { today, hourlyRate: rate ?? currentRate });
      const counts = retainerCounts(retainer);
      await updateProjectBilling(
        db,
        projectId,
        fields,
        {
          ...billing,
          retainerPeriodsCompleted: counts.completed,
          retainerPeriodsTotal: counts.total,
        },
        options.now,
      );
      await replaceInvoiceShares(db, forecastProjectId, shares);
      await replaceRetainerPeriods(db, projectId, retainer);
      return {
        ...billing,
        retainerPeriodsCompleted: counts.completed,
        retainerPeriodsTotal: counts.total,
        lastForecastSync: options.now,
      };
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/**
 * Puts a Forecast project on the dashboard: creates the project from Forecast (name, stage,
 * status, budget type, value, hourly rate) with its billing and retainer periods, in one
 * transaction. Throws AlreadyOnDashboardError when that Forecast project is already a project,
 * and UpstreamError 'not_found' for an id Forecast does not know; nothing is written then.
 */
export async function importForecastProject(
  db: Db,
  forecast: ForecastClient,
  options: SyncOptions & {
    forecastProjectId: number;
    /** Runs in the import's transaction once the project is stored (the audit log's entry). */
    onStored?: (tx: Db, project: ForecastProjectRow) => Promise<void>;
  },
): Promise<ForecastProjectRow> {
  const { forecastProjectId } = options;
  const existing = await findProjectByForecastId(db, forecastProjectId);
  if (existing) throw new AlreadyOnDashboardError(forecastProjectId, existing.id);

  const snapshot = await readBilling(forecast, forecastProjectId, options);
  try {
    return await db.transaction(async (tx) => {
      const projectId = await insertProject(tx, snapshot.project.name, snapshot.fields);
      await snapshot.write(tx, projectId, null);
      const stored = (await findProject(tx, projectId))!;
      await options.onStored?.(tx, stored);
      return stored;
    });
  } catch (error) {
    // Someone imported the same project while we were reading Forecast.
    if (isUniqueViolation(error)) throw new AlreadyOnDashboardError(forecastProjectId, null);
    throw error;
  }
}

/**
 * Re-reads a dashboard project's Forecast project, invoices and retainer periods and stores its
 * billing and periods in one transaction (a failure leaves everything as it was).
 */
export async function syncForecastBilling(
  db: Db,
  forecast: ForecastClient,
  options: SyncOptions & { projectId: number },
): Promise<BillingSyncResult> {
  const project = await findProject(db, options.projectId);
  if (!project) throw new ProjectNotFoundError(options.projectId);
  if (project.forecast_project_id === null) throw new NotLinkedToForecastError(options.projectId);

  const snapshot = await readBilling(forecast, project.forecast_project_id, options);
  return db.transaction(async (tx) => {
    // The project may have been removed while Forecast was being read.
    if (!(await findProject(tx, options.projectId)))
      throw new ProjectNotFoundError(options.projectId);
    return snapshot.write(tx, options.projectId, project.client_hourly_rate);
  });
}

/**
 * How far back an incremental run re-reads before the cursor: `updated_after` has one-second
 * resolution and an undocumented bound, and re-reading a few rows is harmless (upserts).
 */
export const UPDATED_AFTER_OVERLAP_MS = 5 * 60_000;

export interface TimeSyncResult {
  /** true for the first run (every registration read), false for an incremental one. */
  full: boolean;
  persons: number;
  costPeriods: number;
  projects: number;
  invoices: number;
  /** Registrations read and written (new or changed, plus the overlap). */
  registrationsUpserted: number;
  /** Stored registrations removed because Forecast deleted them. */
  registrationsDeleted: number;
  /** Where the next run resumes. */
  updatedAfter: Date | null;
}

/** A registration as stored: its project is `project ?? task_project` (null for internal time). */
export function toStoredRegistration(r: ForecastTimeRegistration): StoredTimeRegistration {
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

/** A project of the account-wide copy: absent fields stored as null. */
function toProjectCopy(p: ForecastProject): ForecastProjectCopy {
  return {
    id: p.id,
    name: p.name,
    stage: p.stage,
    status: p.status ?? null,
    budget_type: p.budget_type ?? null,
    budget: p.budget ?? null,
    client_id: p.client ?? null,
  };
}

/** A person of the account-wide copy: absent fields stored as null. */
function toPersonCopy(p: ForecastPerson): ForecastPersonCopy {
  return {
    id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email ?? null,
    active: p.active,
    cost: p.cost ?? null,
    start_date: p.start_date ?? null,
    end_date: p.end_date ?? null,
  };
}

/**
 * The account-wide copy behind Weekly Hours and Gross Margins: persons, cost periods, the
 * project list and invoices in full (they are small and have no change filter), and time
 * registrations incrementally (`updated_after` from the last run, then Forecast's deleted
 * list). One transaction per run; running it twice changes nothing the second time.
 */
export async function syncTimeRegistrations(
  db: Db,
  forecast: ForecastClient,
  options: SyncOptions,
): Promise<TimeSyncResult> {
  const state = await getSyncState(db);
  const cursor = state.timeRegistrationsUpdatedAfter;
  const [persons, costPeriods, projects, clients, invoices, registrations, deleted] =
    await Promise.all([
      forecast.persons(),
      forecast.personCostPeriods(),
      forecast.listProjects(),
      forecast.clients(),
      forecast.listInvoices(),
      forecast.timeRegistrations(
        cursor ? { updatedAfter: new Date(cursor.getTime() - UPDATED_AFTER_OVERLAP_MS) } : {},
      ),
      forecast.deletedTimeRegistrations(),
    ]);

  let latest = cursor;
  for (const r of registrations) {
    const at = new Date(r.updated_at);
    if (!Number.isNaN(at.getTime()) && (!latest || at > latest)) latest = at;
  }
  const ranges = costPeriodRanges(costPeriods);
  const shares = invoiceShares(invoices);

  const result = await db.transaction(async (tx) => {
    await replacePersons(tx, persons.map(toPersonCopy), options.now);
    await replaceCostPeriods(tx, ranges);
    await replaceForecastProjects(tx, projects.map(toProjectCopy), options.now);
    await replaceForecastClients(tx, clients);
    await replaceInvoiceShares(tx, null, shares);
    await upsertTimeRegistrations(tx, registrations.map(toStoredRegistration));
    const removed = await deleteTimeRegistrations(
      tx,
      deleted.map((d) => d.id),
    );
    await saveSyncState(tx, { timeRegistrationsUpdatedAfter: latest, lastTimeSync: options.now });
    return {
      full: cursor === null,
      persons: persons.length,
      costPeriods: ranges.length,
      projects: projects.length,
      invoices: shares.length,
      registrationsUpserted: registrations.length,
      registrationsDeleted: removed,
      updatedAfter: latest,
    };
  });
  await analyzeForecastTables(db);
  return result;
}
