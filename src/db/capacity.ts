/**
 * The capacity tables (sql/0080_capacity.sql): Forecast's working weeks, holidays and
 * allocations, Pipedrive's open deals and stages, and when each was last read. A refresh
 * replaces one source's rows whole inside the caller's transaction.
 */
import type { Allocation, CapacityPerson, WeekMinutes } from '../shared/capacity';
import type { IsoDate } from '../shared/calendar';
import { bulkInsert } from './bulk';
import type { Db } from './port';

export interface StoredCapacityPerson extends CapacityPerson {
  holidayCalendarId: number | null;
  /** As Forecast has it (the roster normalises it to match). */
  email: string | null;
  /** The name of the person's default role in Forecast. */
  role: string | null;
}
export interface StoredHoliday {
  holidayCalendarId: number;
  date: IsoDate;
  name: string;
}
export interface StoredAllocation extends Allocation {
  id: number;
}
export interface StoredStage {
  id: number;
  name: string;
  pipelineId: number;
  pipelineName: string | null;
  orderNr: number;
  dealProbability: number | null;
  /** The pipeline's deal-probability setting: off means the stage's probability applies. */
  pipelineDealProbability?: boolean;
}
export interface StoredDeal {
  id: number;
  title: string;
  value: number;
  currency: string;
  probability: number | null;
  stageId: number | null;
  ownerId: number | null;
  /** Pipedrive's organisation of the deal (the client), when it has one. */
  orgId?: number | null;
  expectedCloseDate: IsoDate | null;
  /** The configured role-mix custom field's text (PLAN_ROLE_FIELD), when the deal has it. */
  roleMix?: string | null;
  /** When the deal was added in Pipedrive. */
  addTime?: Date | null;
}
export interface CapacitySyncState {
  forecastSyncedAt: Date | null;
  pipedriveSyncedAt: Date | null;
  rateCardBlendedRate: number | null;
}

const DAYS = 'monday, tuesday, wednesday, thursday, friday, saturday, sunday';
const DAY_TYPES =
  'monday integer, tuesday integer, wednesday integer, thursday integer, friday integer, saturday integer, sunday integer';

const minutesOf = (r: WeekMinutes): WeekMinutes => ({
  monday: r.monday,
  tuesday: r.tuesday,
  wednesday: r.wednesday,
  thursday: r.thursday,
  friday: r.friday,
  saturday: r.saturday,
  sunday: r.sunday,
});

/** Replaces the Forecast side: persons, holidays, allocations and the blended rate. */
export async function replaceCapacityForecast(
  db: Db,
  data: {
    persons: readonly StoredCapacityPerson[];
    holidays: readonly StoredHoliday[];
    allocations: readonly StoredAllocation[];
    rateCardBlendedRate: number | null;
    /** Forecast's non-project time types that are time off; left as stored when not given. */
    timeOffTypes?: readonly { id: number; name: string }[];
    at: Date;
  },
): Promise<void> {
  if (data.timeOffTypes) {
    await db.query('DELETE FROM forecast_time_off_types');
    await bulkInsert(
      db,
      `INSERT INTO forecast_time_off_types (id, name)
       SELECT id, name FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, name text)
       ON CONFLICT (id) DO NOTHING`,
      data.timeOffTypes,
    );
  }
  await db.query('DELETE FROM capacity_persons');
  await db.query('DELETE FROM capacity_holidays');
  await db.query('DELETE FROM capacity_allocations');
  await bulkInsert(
    db,
    `INSERT INTO capacity_persons (id, name, team, ${DAYS}, start_date, end_date, holiday_calendar_id, email, role)
     SELECT id, name, team, ${DAYS}, start_date, end_date, holiday_calendar_id, email, role
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, name text, team text, ${DAY_TYPES},
       start_date date, end_date date, holiday_calendar_id integer, email text, role text)`,
    data.persons.map((p) => ({
      id: p.id,
      name: p.name,
      team: p.team,
      ...minutesOf(p.workingMinutes),
      start_date: p.startDate,
      end_date: p.endDate,
      holiday_calendar_id: p.holidayCalendarId,
      email: p.email,
      role: p.role,
    })),
  );
  await bulkInsert(
    db,
    `INSERT INTO capacity_holidays (holiday_calendar_id, date, name)
     SELECT holiday_calendar_id, date, name
     FROM jsonb_to_recordset($1::text::jsonb) AS r(holiday_calendar_id integer, date date, name text)
     ON CONFLICT (holiday_calendar_id, date) DO NOTHING`,
    data.holidays.map((h) => ({
      holiday_calendar_id: h.holidayCalendarId,
      date: h.date,
      name: h.name,
    })),
  );
  await bulkInsert(
    db,
    `INSERT INTO capacity_allocations (id, person_id, time_off, start_date, end_date, ${DAYS})
     SELECT id, person_id, time_off, start_date, end_date, ${DAYS}
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, person_id integer, time_off boolean,
       start_date date, end_date date, ${DAY_TYPES})`,
    data.allocations.map((a) => ({
      id: a.id,
      person_id: a.personId,
      time_off: a.timeOff,
      start_date: a.startDate,
      end_date: a.endDate,
      ...minutesOf(a.minutes),
    })),
  );
  await db.query(
    'UPDATE capacity_sync_state SET forecast_synced_at = $1, rate_card_blended_rate = $2',
    [data.at, data.rateCardBlendedRate],
  );
}

/** Replaces the Pipedrive side: stages (with their pipeline's name), open deals, organisations. */
export async function replacePipeline(
  db: Db,
  data: {
    stages: readonly StoredStage[];
    deals: readonly StoredDeal[];
    organizations?: readonly { id: number; name: string }[];
    at: Date;
  },
): Promise<void> {
  await db.query('DELETE FROM pipedrive_stages');
  await db.query('DELETE FROM pipedrive_deals');
  if (data.organizations) {
    await db.query('DELETE FROM pipedrive_organizations');
    await bulkInsert(
      db,
      `INSERT INTO pipedrive_organizations (id, name)
       SELECT id, name FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, name text)`,
      data.organizations,
    );
  }
  await bulkInsert(
    db,
    `INSERT INTO pipedrive_stages (id, name, pipeline_id, pipeline_name, order_nr, deal_probability,
       pipeline_deal_probability)
     SELECT id, name, pipeline_id, pipeline_name, order_nr, deal_probability, pipeline_deal_probability
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, name text, pipeline_id integer,
       pipeline_name text, order_nr integer, deal_probability numeric, pipeline_deal_probability boolean)`,
    data.stages.map((s) => ({
      id: s.id,
      name: s.name,
      pipeline_id: s.pipelineId,
      pipeline_name: s.pipelineName,
      order_nr: s.orderNr,
      deal_probability: s.dealProbability,
      pipeline_deal_probability: s.pipelineDealProbability ?? true,
    })),
  );
  await bulkInsert(
    db,
    `INSERT INTO pipedrive_deals (id, title, value, currency, probability, stage_id, owner_id,
       expected_close_date, role_mix, add_time, org_id)
     SELECT id, title, value, currency, probability, stage_id, owner_id, expected_close_date, role_mix,
       add_time, org_id
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, title text, value numeric, currency text,
       probability numeric, stage_id integer, owner_id integer, expected_close_date date, role_mix text,
       add_time timestamptz, org_id integer)`,
    data.deals.map((d) => ({
      id: d.id,
      title: d.title,
      value: d.value,
      currency: d.currency,
      probability: d.probability,
      stage_id: d.stageId,
      owner_id: d.ownerId,
      expected_close_date: d.expectedCloseDate,
      role_mix: d.roleMix ?? null,
      add_time: d.addTime?.toISOString() ?? null,
      org_id: d.orgId ?? null,
    })),
  );
  await db.query('UPDATE capacity_sync_state SET pipedrive_synced_at = $1', [data.at]);
}

export async function getCapacitySyncState(db: Db): Promise<CapacitySyncState> {
  const [row] = await db.query<{
    forecast_synced_at: Date | null;
    pipedrive_synced_at: Date | null;
    rate_card_blended_rate: number | null;
  }>(
    'SELECT forecast_synced_at, pipedrive_synced_at, rate_card_blended_rate FROM capacity_sync_state',
  );
  return {
    forecastSyncedAt: row?.forecast_synced_at ?? null,
    pipedriveSyncedAt: row?.pipedrive_synced_at ?? null,
    rateCardBlendedRate: row?.rate_card_blended_rate ?? null,
  };
}

type DaysRow = WeekMinutes;

export async function readCapacityPersons(db: Db): Promise<StoredCapacityPerson[]> {
  const rows = await db.query<
    DaysRow & {
      id: number;
      name: string;
      team: string;
      start_date: IsoDate | null;
      end_date: IsoDate | null;
      holiday_calendar_id: number | null;
      email: string | null;
      role: string | null;
    }
  >(
    `SELECT id, name, team, ${DAYS}, start_date, end_date, holiday_calendar_id, email, role
     FROM capacity_persons ORDER BY team, name, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    team: r.team,
    workingMinutes: minutesOf(r),
    startDate: r.start_date,
    endDate: r.end_date,
    holidayCalendarId: r.holiday_calendar_id,
    email: r.email,
    role: r.role,
  }));
}

/** Holidays between two dates, inclusive. */
export async function readHolidays(db: Db, from: IsoDate, to: IsoDate): Promise<StoredHoliday[]> {
  const rows = await db.query<{ holiday_calendar_id: number; date: IsoDate; name: string }>(
    `SELECT holiday_calendar_id, date, name FROM capacity_holidays
     WHERE date BETWEEN $1 AND $2 ORDER BY date`,
    [from, to],
  );
  return rows.map((r) => ({
    holidayCalendarId: r.holiday_calendar_id,
    date: r.date,
    name: r.name,
  }));
}

/** Allocations that touch the dates between `from` and `to`. */
export async function readAllocations(
  db: Db,
  from: IsoDate,
  to: IsoDate,
  /** Only time off (leave), for who is away; project allocations are most of the rows. */
  options: { timeOffOnly?: boolean } = {},
): Promise<StoredAllocation[]> {
  const rows = await db.query<
    DaysRow & {
      id: number;
      person_id: number;
      time_off: boolean;
      start_date: IsoDate;
      end_date: IsoDate;
    }
  >(
    `SELECT id, person_id, time_off, start_date, end_date, ${DAYS}
     FROM capacity_allocations WHERE end_date >= $1 AND start_date <= $2 AND (time_off OR NOT $3) ORDER BY id`,
    [from, to, options.timeOffOnly === true],
  );
  return rows.map((r) => ({
    id: r.id,
    personId: r.person_id,
    timeOff: r.time_off,
    startDate: r.start_date,
    endDate: r.end_date,
    minutes: minutesOf(r),
  }));
}

export interface StoredDealWithStage extends StoredDeal {
  stageName: string | null;
  stageProbability: number | null;
  stageOrder: number | null;
  pipelineId: number | null;
  pipelineName: string | null;
  /** The pipeline's deal-probability setting (true when the stage is not known). */
  pipelineDealProbability: boolean;
  roleMix: string | null;
  addTime: Date | null;
  /** Its Pipedrive organisation's name, when the deal has one that was read. */
  organization: string | null;
}

/**
 * The dashboard's projects by their Forecast client's name (as `clientKey` folds it): what a
 * deal's organisation is matched to.
 */
export async function projectsByClient(
  db: Db,
  key: (name: string) => string,
): Promise<Map<string, { id: number; name: string }[]>> {
  const rows = await db.query<{ client: string; id: number; name: string }>(
    `SELECT c.name AS client, p.id, p.name
     FROM forecast_clients c
       JOIN forecast_projects fp ON fp.client_id = c.id
       JOIN projects p ON p.forecast_project_id = fp.id
     ORDER BY p.id`,
  );
  const byClient = new Map<string, { id: number; name: string }[]>();
  for (const r of rows) {
    const list = byClient.get(key(r.client)) ?? [];
    list.push({ id: r.id, name: r.name });
    byClient.set(key(r.client), list);
  }
  return byClient;
}

/** Open deals with their stage, by expected close date (none last), then id. */
export async function readDeals(db: Db): Promise<StoredDealWithStage[]> {
  const rows = await db.query<{
    id: number;
    title: string;
    value: number;
    currency: string;
    probability: number | null;
    stage_id: number | null;
    owner_id: number | null;
    expected_close_date: IsoDate | null;
    stage_name: string | null;
    stage_probability: number | null;
    stage_order: number | null;
    pipeline_id: number | null;
    pipeline_name: string | null;
    pipeline_deal_probability: boolean | null;
    role_mix: string | null;
    add_time: Date | null;
    org_id: number | null;
    org_name: string | null;
  }>(
    `SELECT d.id, d.title, d.value, d.currency, d.probability, d.stage_id, d.owner_id,
       d.expected_close_date, s.name AS stage_name, s.deal_probability AS stage_probability,
       s.order_nr AS stage_order, s.pipeline_id, s.pipeline_name, s.pipeline_deal_probability,
       d.role_mix, d.add_time, d.org_id, o.name AS org_name
     FROM pipedrive_deals d LEFT JOIN pipedrive_stages s ON s.id = d.stage_id
       LEFT JOIN pipedrive_organizations o ON o.id = d.org_id
     ORDER BY d.expected_close_date NULLS LAST, d.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    value: Number(r.value),
    currency: r.currency,
    probability: r.probability === null ? null : Number(r.probability),
    stageId: r.stage_id,
    ownerId: r.owner_id,
    expectedCloseDate: r.expected_close_date,
    stageName: r.stage_name,
    stageProbability: r.stage_probability === null ? null : Number(r.stage_probability),
    stageOrder: r.stage_order,
    pipelineId: r.pipeline_id,
    pipelineName: r.pipeline_name,
    pipelineDealProbability: r.pipeline_deal_probability ?? true,
    roleMix: r.role_mix,
    addTime: r.add_time,
    orgId: r.org_id,
    organization: r.org_name,
  }));
}

/**
 * Applies one deal as Pipedrive last changed it (a deal event, the pipeline catch-up): an open
 * deal is stored unless the stored copy changed later; a deal that is won, lost or deleted leaves
 * the pipeline. Returns whether anything changed.
 */
export async function applyDeal(
  db: Db,
  deal: StoredDeal & { updateTime: Date | null },
  open: boolean,
): Promise<boolean> {
  if (!open) {
    const gone = await db.query(
      `DELETE FROM pipedrive_deals WHERE id = $1
          AND (update_time IS NULL OR $2::timestamptz IS NULL OR update_time <= $2) RETURNING id`,
      [deal.id, deal.updateTime],
    );
    return gone.length > 0;
  }
  const rows = await db.query(
    `INSERT INTO pipedrive_deals (id, title, value, currency, probability, stage_id, owner_id, expected_close_date, update_time,
       role_mix, add_time, org_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, value = EXCLUDED.value, currency = EXCLUDED.currency,
       probability = EXCLUDED.probability, stage_id = EXCLUDED.stage_id, owner_id = EXCLUDED.owner_id,
       expected_close_date = EXCLUDED.expected_close_date, update_time = EXCLUDED.update_time,
       role_mix = COALESCE(EXCLUDED.role_mix, pipedrive_deals.role_mix),
       add_time = COALESCE(EXCLUDED.add_time, pipedrive_deals.add_time),
       org_id = COALESCE(EXCLUDED.org_id, pipedrive_deals.org_id)
     WHERE pipedrive_deals.update_time IS NULL OR EXCLUDED.update_time IS NULL
        OR pipedrive_deals.update_time <= EXCLUDED.update_time
     RETURNING id`,
    [
      deal.id,
      deal.title,
      deal.value,
      deal.currency,
      deal.probability,
      deal.stageId,
      deal.ownerId,
      deal.expectedCloseDate,
      deal.updateTime,
      deal.roleMix ?? null,
      deal.addTime ?? null,
      deal.orgId ?? null,
    ],
  );
  return rows.length > 0;
}
