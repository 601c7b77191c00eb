/**
 * What utilisation reads and the targets it keeps (docs/decisions/395-utilisation-18f.md):
 * billable minutes of Forecast's time registrations by person and day, project allocations,
 * days marked by hand, each person's dated targets (sql/0115) and the default per role (a
 * setting). Hours only: no rate or cost is read here.
 */
import type { IsoDate } from '../shared/calendar';
import type { DatedTarget } from '../shared/utilisation';
import { type Db, jsonValue } from './port';

/** Minutes by Forecast person and date. */
export type MinutesByPerson = Map<number, Map<IsoDate, number>>;

function add(out: MinutesByPerson, personId: number, date: IsoDate, minutes: number) {
  const days = out.get(personId) ?? new Map<IsoDate, number>();
  days.set(date, (days.get(date) ?? 0) + minutes);
  out.set(personId, days);
}

/** Billable minutes registered in Forecast from `from` to `to`, by person and date. */
export async function readBillableMinutes(
  db: Db,
  range: { from: IsoDate; to: IsoDate },
): Promise<MinutesByPerson> {
  const rows = await db.query<{ person_id: number; date: IsoDate; minutes: string | number }>(
    `SELECT person_id, date, SUM(billable_minutes) AS minutes
       FROM forecast_time_registrations
      WHERE date BETWEEN $1 AND $2 AND billable_minutes > 0
      GROUP BY person_id, date`,
    [range.from, range.to],
  );
  const out: MinutesByPerson = new Map();
  for (const r of rows) add(out, r.person_id, r.date, Number(r.minutes));
  return out;
}

/**
 * Minutes registered in Forecast on time off (non-project time that is not internal: vacation,
 * sick leave) from `from` to `to`, by person and date: out of office, as leave is. Everyone's,
 * or only the Forecast persons given.
 */
export async function readRegisteredTimeOff(
  db: Db,
  range: { from: IsoDate; to: IsoDate },
  personIds?: readonly number[],
): Promise<MinutesByPerson> {
  const rows = await db.query<{ person_id: number; date: IsoDate; minutes: string | number }>(
    `SELECT r.person_id, r.date, SUM(r.minutes) AS minutes
       FROM forecast_time_registrations r
       JOIN forecast_time_off_types t ON t.id = r.non_project_time_id
      WHERE r.date BETWEEN $1 AND $2 AND r.minutes > 0 AND r.non_project_time_id IS NOT NULL
        AND ($3::int[] IS NULL OR r.person_id = ANY($3::int[]))
      GROUP BY r.person_id, r.date`,
    [range.from, range.to, personIds ? `{${personIds.join(',')}}` : null],
  );
  const out: MinutesByPerson = new Map();
  for (const r of rows) add(out, r.person_id, r.date, Number(r.minutes));
  return out;
}

/** Days marked in the availability grid by hand (tracked people), by Jira account: true is away. */
export async function readMarkedDays(
  db: Db,
  range: { from: IsoDate; to: IsoDate },
): Promise<Map<string, Map<IsoDate, boolean>>> {
  const rows = await db.query<{ account_id: string; date: IsoDate; is_away: boolean }>(
    `SELECT a.account_id, a.date, a.is_away
       FROM developer_availability a JOIN selected_developers s ON s.account_id = a.account_id
      WHERE a.date BETWEEN $1 AND $2`,
    [range.from, range.to],
  );
  const out = new Map<string, Map<IsoDate, boolean>>();
  for (const r of rows) {
    const days = out.get(r.account_id) ?? new Map<IsoDate, boolean>();
    days.set(r.date, r.is_away);
    out.set(r.account_id, days);
  }
  return out;
}

/** Every person's own dated targets, by roster id, oldest first. */
export async function readPersonTargets(db: Db): Promise<Map<number, DatedTarget[]>> {
  const rows = await db.query<{ person_id: number; from_date: IsoDate; percent: number | null }>(
    'SELECT person_id, from_date, percent FROM utilisation_targets ORDER BY person_id, from_date',
  );
  const out = new Map<number, DatedTarget[]>();
  for (const r of rows) {
    const list = out.get(r.person_id) ?? [];
    list.push({ from: r.from_date, percent: r.percent });
    out.set(r.person_id, list);
  }
  return out;
}

/** Sets a person's target from a date (replacing one set for that same date). */
export async function setPersonTarget(
  db: Db,
  personId: number,
  target: DatedTarget,
): Promise<void> {
  await db.query(
    `INSERT INTO utilisation_targets (person_id, from_date, percent) VALUES ($1, $2, $3)
     ON CONFLICT (person_id, from_date) DO UPDATE SET percent = EXCLUDED.percent`,
    [personId, target.from, target.percent],
  );
}

export const ROLE_TARGETS_KEY = 'utilisationRoleTargets';

/** The default target of each role (Forecast's role names); a role left out has none. */
export async function readRoleTargets(db: Db): Promise<Record<string, number>> {
  const [row] = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [
    ROLE_TARGETS_KEY,
  ]);
  const stored = row ? jsonValue<unknown>(row.value) : null;
  const out: Record<string, number> = {};
  if (stored && typeof stored === 'object' && !Array.isArray(stored))
    for (const [role, percent] of Object.entries(stored))
      if (Number.isInteger(percent) && (percent as number) >= 0 && (percent as number) <= 100)
        out[role] = percent as number;
  return out;
}

/** Sets (or, with null, removes) one role's default target; answers the defaults before and after. */
export async function setRoleTarget(
  tx: Db,
  role: string,
  percent: number | null,
): Promise<{ before: number | null; after: number | null }> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [ROLE_TARGETS_KEY]);
  const targets = await readRoleTargets(tx);
  const before = targets[role] ?? null;
  if (percent === null) delete targets[role];
  else targets[role] = percent;
  await tx.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::text::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [ROLE_TARGETS_KEY, JSON.stringify(targets)],
  );
  return { before, after: percent };
}

/** The role names Forecast's persons have, for the settings' list. */
export async function readKnownRoles(db: Db): Promise<string[]> {
  const rows = await db.query<{ role: string }>(
    'SELECT DISTINCT role FROM capacity_persons WHERE role IS NOT NULL ORDER BY role',
  );
  return rows.map((r) => r.role);
}
