/**
 * What the retainer forecast reads (docs/decisions/170), in one round trip for any number of
 * projects (the portfolio's cards forecast every retainer at once): each project's rate and
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
  /** The project's billing currency, of the periods' amounts; null before its first invoice. */
  currency: string | null;
  clientHourlyRate: number | null;
  periods: RetainerPeriod[];
  billable: BillableDay[];
  people: PersonCalendar[];
}

/** A project's stored periods, oldest first, as one JSON array of PeriodTuple: `projectId` names its id. */
const periodsOf = (projectId: string) =>
  `(SELECT COALESCE(json_agg(json_build_array(id, period_number, status, locked, start_date, end_date, target_amount, actual_amount, actual_billable_minutes) ORDER BY period_number), '[]')::text
       FROM forecast_retainer_periods WHERE project_id = ${projectId})`;

const RETAINER_INPUTS_SQL = `
  WITH project AS (
    SELECT id, forecast_project_id, forecast_budget_type, forecast_currency, client_hourly_rate FROM projects
    WHERE id = ANY($1::int[])
  ),
  billable AS (
    SELECT project.id AS project_id, tr.person_id, tr.date, SUM(tr.billable_minutes)::int AS minutes
    FROM forecast_time_registrations tr JOIN project ON tr.forecast_project_id = project.forecast_project_id
    WHERE tr.date BETWEEN $2::date AND $3::date AND tr.billable_minutes > 0
    GROUP BY project.id, tr.person_id, tr.date
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
  ),
  calendar AS (
    SELECT p.person_id, json_build_array(p.person_id, p.start_date, p.end_date,
        (SELECT COALESCE(json_agg(a.date ORDER BY a.date), '[]') FROM developer_availability a
          WHERE a.account_id = p.account_id AND a.is_away AND a.date BETWEEN $2::date AND $4::date)) AS person
    FROM people p
  )
  SELECT
    row_to_json(project)::text AS project,
    ${periodsOf('project.id')} AS periods,
    (SELECT COALESCE(json_agg(json_build_array(b.person_id, b.date, b.minutes)), '[]')::text
       FROM billable b WHERE b.project_id = project.id) AS billable,
    (SELECT COALESCE(json_agg(c.person), '[]')::text FROM calendar c
      WHERE c.person_id IN (SELECT b.person_id FROM billable b WHERE b.project_id = project.id)) AS people
  FROM project`;

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

export interface RetainerInputsRange {
  from: IsoDate;
  to: IsoDate;
  awayUntil: IsoDate;
  today: IsoDate;
}

/**
 * A project's retainer inputs: billable time from `from` to `to`, and Away days from `from` to
 * `awayUntil` (the end of the period being forecast). null when the project does not exist.
 */
export async function readRetainerInputs(
  db: Db,
  projectId: number,
  range: RetainerInputsRange,
): Promise<RetainerInputs | null> {
  return (await readRetainerInputsOf(db, [projectId], range)).get(projectId) ?? null;
}

/** Several projects' retainer inputs in one query, by project id; a project that does not exist has none. */
export async function readRetainerInputsOf(
  db: Db,
  projectIds: readonly number[],
  range: RetainerInputsRange,
): Promise<Map<number, RetainerInputs>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db.query<RetainerInputsRow>(RETAINER_INPUTS_SQL, [
    `{${projectIds.join(',')}}`,
    range.from,
    range.to,
    range.awayUntil,
  ]);
  const inputs = rows.map((row) => toRetainerInputs(row, range.today));
  return new Map(inputs.map((i) => [i.projectId, i]));
}

/** A project's retainer terms and periods, without its time: what the range forecast starts from. */
export type RetainerTerms = Omit<RetainerInputs, 'billable' | 'people'>;

/** One project's retainer terms and stored periods (their status as of `today`); null for no project. */
export async function readRetainerTerms(
  db: Db,
  projectId: number,
  today: IsoDate,
): Promise<RetainerTerms | null> {
  const [row] = await db.query<{ project: string; periods: string }>(
    `SELECT json_build_object('id', p.id, 'forecast_budget_type', p.forecast_budget_type,
              'forecast_currency', p.forecast_currency, 'client_hourly_rate', p.client_hourly_rate)::text AS project,
            ${periodsOf('p.id')} AS periods
       FROM projects p WHERE p.id = $1`,
    [projectId],
  );
  if (!row) return null;
  const {
    billable: _b,
    people: _p,
    ...terms
  } = toRetainerInputs({ ...row, billable: '[]', people: '[]' }, today);
  return terms;
}

interface RetainerInputsRow {
  project: string;
  periods: string;
  billable: string;
  people: string;
}

function toRetainerInputs(row: RetainerInputsRow, today: IsoDate): RetainerInputs {
  const project = JSON.parse(row.project) as {
    id: number;
    forecast_budget_type: string | null;
    forecast_currency: string | null;
    client_hourly_rate: number | string | null;
  };
  return {
    projectId: project.id,
    budgetType: project.forecast_budget_type,
    currency: project.forecast_currency,
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
            : retainerStatus({ locked, startDate: start, endDate: end }, today),
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
