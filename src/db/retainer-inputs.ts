/**
 * What the retainer forecast reads (docs/decisions/170), in one round trip: the project's rate and
 * stored periods, its billable time per person and day in a date range, and for each of those
 * people their employment dates (Forecast's and the dashboard's) and Away days. Forecast persons
 * and Jira team members are matched by name, the one field both sides carry.
 */
import type { RetainerPeriod } from '../shared/retainer';
import { retainerStatus } from '../shared/retainer';
import type { IsoDate } from '../shared/calendar';
import type { Db } from './port';

export interface BillableDay {
  personId: number;
  date: IsoDate;
  billableMinutes: number;
}

export interface PersonCalendar {
  personId: number;
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  awayDays: IsoDate[];
}

export interface RetainerInputs {
  projectId: number;
  budgetType: string | null;
  clientHourlyRate: number | null;
  periods: RetainerPeriod[];
  billable: BillableDay[];
  people: PersonCalendar[];
}

const RETAINER_INPUTS_SQL = `
  WITH project AS (
    SELECT id, forecast_project_id, forecast_budget_type, client_hourly_rate FROM projects WHERE id = $1
  ),
  billable AS (
    SELECT tr.person_id, tr.date, SUM(tr.billable_minutes)::int AS minutes
    FROM forecast_time_registrations tr JOIN project ON tr.forecast_project_id = project.forecast_project_id
    WHERE tr.date BETWEEN $2::date AND $3::date AND tr.billable_minutes > 0
    GROUP BY tr.person_id, tr.date
  ),
  people AS (
    SELECT person.id AS person_id,
           -- The later start and the earlier end of Forecast's and the dashboard's dates bind.
           GREATEST(person.start_date, dev.start_date) AS start_date,
           LEAST(person.end_date, dev.end_date) AS end_date,
           dev.account_id
    FROM forecast_persons person
    LEFT JOIN LATERAL (
      SELECT account_id, start_date, end_date FROM selected_developers s
      WHERE lower(btrim(s.display_name)) = lower(btrim(person.first_name || ' ' || person.last_name))
      ORDER BY account_id LIMIT 1
    ) dev ON true
    WHERE person.id IN (SELECT person_id FROM billable)
  )
  SELECT
    (SELECT row_to_json(project)::text FROM project) AS project,
    (SELECT COALESCE(json_agg(json_build_array(id, period_number, status, locked, start_date, end_date, target_amount, actual_amount, actual_billable_minutes) ORDER BY period_number), '[]')::text
       FROM forecast_retainer_periods WHERE project_id = $1) AS periods,
    (SELECT COALESCE(json_agg(json_build_array(person_id, date, minutes)), '[]')::text FROM billable) AS billable,
    (SELECT COALESCE(json_agg(json_build_array(p.person_id, p.start_date, p.end_date,
        (SELECT COALESCE(json_agg(a.date ORDER BY a.date), '[]') FROM developer_availability a
          WHERE a.account_id = p.account_id AND a.is_away AND a.date BETWEEN $2::date AND $4::date))), '[]')::text
       FROM people p) AS people`;

type PeriodTuple = [
  number,
  number,
  RetainerPeriod['status'],
  boolean,
  IsoDate,
  IsoDate,
  number,
  number,
  number,
];

/**
 * A project's retainer inputs: billable time from `from` to `to`, and Away days from `from` to
 * `awayUntil` (the end of the period being forecast). null when the project does not exist.
 */
export async function readRetainerInputs(
  db: Db,
  projectId: number,
  range: { from: IsoDate; to: IsoDate; awayUntil: IsoDate; today: IsoDate },
): Promise<RetainerInputs | null> {
  const [row] = await db.query<{
    project: string | null;
    periods: string;
    billable: string;
    people: string;
  }>(RETAINER_INPUTS_SQL, [projectId, range.from, range.to, range.awayUntil]);
  if (!row?.project) return null;
  const project = JSON.parse(row.project) as {
    id: number;
    forecast_budget_type: string | null;
    client_hourly_rate: number | string | null;
  };
  return {
    projectId: project.id,
    budgetType: project.forecast_budget_type,
    clientHourlyRate:
      project.client_hourly_rate === null ? null : Number(project.client_hourly_rate),
    // The status is derived again from the lock and today, as the Retainer tab reads it (decision 021).
    periods: (JSON.parse(row.periods) as PeriodTuple[]).map(
      ([id, number, status, locked, start, end, target, actual, minutes]) => ({
        id,
        period_number: number,
        status:
          status === 'CANCELLED'
            ? status
            : retainerStatus({ locked, startDate: start }, range.today),
        start_date: start,
        end_date: end,
        target_amount: Number(target),
        actual_amount: Number(actual),
        actual_billable_minutes: Number(minutes),
      }),
    ),
    billable: (JSON.parse(row.billable) as [number, IsoDate, number][]).map(
      ([personId, date, billableMinutes]) => ({ personId, date, billableMinutes }),
    ),
    people: (JSON.parse(row.people) as [number, IsoDate | null, IsoDate | null, IsoDate[]][]).map(
      ([personId, startDate, endDate, awayDays]) => ({ personId, startDate, endDate, awayDays }),
    ),
  };
}
