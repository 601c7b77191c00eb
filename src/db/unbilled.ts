/**
 * What the unbilled-work table reads (docs/decisions/174): per visible dashboard project linked
 * to Forecast, its last non-draft invoice, the time logged after it, its completed retainer
 * periods, and for each invoice dated inside a sprint the status every ticket of that sprint had
 * on the invoice's day (from the stored status changes).
 */
import type { IsoDate } from '../shared/calendar';
import type { Db } from './port';

export interface UnbilledProject {
  projectId: number;
  name: string;
  clientHourlyRate: number | null;
  /** projects.forecast_currency: null before the project's first invoice. */
  billingCurrency: string | null;
  jiraLinked: boolean;
  lastInvoiceDate: IsoDate | null;
  minutesSince: number;
  billableMinutesSince: number;
  completedPeriods: { periodNumber: number; startDate: IsoDate; endDate: IsoDate }[];
}

const UNBILLED_SQL = `
  WITH p AS (
    SELECT id, name, client_hourly_rate, forecast_project_id, forecast_currency, jira_project_key FROM projects
    WHERE visible = 1 AND forecast_project_id IS NOT NULL
  ),
  last_invoice AS (
    SELECT forecast_project_id, max(invoice_date) AS day FROM forecast_invoices
    WHERE status <> 'DRAFT' AND forecast_project_id IN (SELECT forecast_project_id FROM p)
    GROUP BY forecast_project_id
  )
  SELECT p.id AS "projectId", p.name, p.client_hourly_rate::float8 AS "clientHourlyRate",
    p.forecast_currency AS "billingCurrency",
    p.jira_project_key IS NOT NULL AS "jiraLinked", li.day AS "lastInvoiceDate",
    COALESCE(t.minutes, 0)::int AS "minutesSince", COALESCE(t.billable, 0)::int AS "billableMinutesSince",
    (SELECT COALESCE(json_agg(json_build_array(r.period_number, r.start_date, r.end_date) ORDER BY r.period_number), '[]')::text
       FROM forecast_retainer_periods r WHERE r.project_id = p.id AND r.locked) AS periods
  FROM p
  LEFT JOIN last_invoice li ON li.forecast_project_id = p.forecast_project_id
  LEFT JOIN LATERAL (
    SELECT SUM(tr.minutes) AS minutes, SUM(tr.billable_minutes) AS billable
    FROM forecast_time_registrations tr
    WHERE tr.forecast_project_id = p.forecast_project_id AND (li.day IS NULL OR tr.date > li.day)
  ) t ON true
  ORDER BY lower(p.name), p.id`;

/** Every visible Forecast-linked project's figures since its last non-draft invoice. */
export async function readUnbilledProjects(db: Db): Promise<UnbilledProject[]> {
  const rows = await db.query<Omit<UnbilledProject, 'completedPeriods'> & { periods: string }>(
    UNBILLED_SQL,
  );
  return rows.map(({ periods, ...r }) => ({
    ...r,
    clientHourlyRate: r.clientHourlyRate === null ? null : Number(r.clientHourlyRate),
    completedPeriods: (JSON.parse(periods) as [number, IsoDate, IsoDate][]).map(
      ([periodNumber, startDate, endDate]) => ({ periodNumber, startDate, endDate }),
    ),
  }));
}

export interface InvoiceSprintRow {
  projectId: number;
  invoiceReference: string | null;
  invoiceDate: IsoDate;
  sprintName: string;
  statusNames: string[];
}

// A ticket's status on a day: its last change before the day ended, else (changed only later)
// the status it left first, else (never changed) the status it has now.
const INVOICE_SPRINTS_SQL = `
  SELECT p.id AS "projectId", inv.invoice_reference AS "invoiceReference", inv.invoice_date AS "invoiceDate",
    s.name AS "sprintName", json_agg(st.name ORDER BY i.issue_key)::text AS statuses
  FROM projects p
  JOIN forecast_invoices inv ON inv.forecast_project_id = p.forecast_project_id AND inv.status <> 'DRAFT'
  JOIN jira_sprints s ON s.project_id = p.id AND s.start_date IS NOT NULL
    AND (s.start_date AT TIME ZONE $1)::date <= inv.invoice_date
    AND inv.invoice_date <= (COALESCE(s.complete_date, s.end_date) AT TIME ZONE $1)::date
  JOIN jira_issues i ON i.project_id = p.id AND s.sprint_id = ANY(i.sprint_ids)
    AND (i.created_at IS NULL OR i.created_at < ((inv.invoice_date + 1)::timestamp AT TIME ZONE $1))
  CROSS JOIN LATERAL (
    SELECT COALESCE(
      (SELECT t.to_status_name FROM jira_status_transitions t
        WHERE t.project_id = i.project_id AND t.issue_key = i.issue_key
          AND t.at < ((inv.invoice_date + 1)::timestamp AT TIME ZONE $1)
        ORDER BY t.at DESC LIMIT 1),
      (SELECT t.from_status_name FROM jira_status_transitions t
        WHERE t.project_id = i.project_id AND t.issue_key = i.issue_key ORDER BY t.at LIMIT 1),
      i.status_name) AS name
  ) st
  WHERE p.visible = 1
  GROUP BY p.id, inv.invoice_id, inv.invoice_reference, inv.invoice_date, s.sprint_id, s.name
  ORDER BY p.id, inv.invoice_date, s.name`;

/** Each non-draft invoice dated inside a sprint of its project, with the sprint's statuses that day. */
export async function readInvoiceSprints(db: Db, timeZone: string): Promise<InvoiceSprintRow[]> {
  const rows = await db.query<Omit<InvoiceSprintRow, 'statusNames'> & { statuses: string }>(
    INVOICE_SPRINTS_SQL,
    [timeZone],
  );
  return rows.map(({ statuses, ...r }) => ({
    ...r,
    statusNames: JSON.parse(statuses) as string[],
  }));
}
