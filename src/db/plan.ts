/**
 * The deal plan's tables (sql/0130_deal_plan.sql): named scenarios and the admins' role mix per
 * pipeline, and the billable hours by role a deal's split falls back on
 * (docs/decisions/410-deal-staffing-verdicts.md).
 */
import type { IsoDate } from '../shared/calendar';
import type { RoleMix, ScenarioDeal } from '../shared/deal-plan';
import { type Db, jsonValue } from './port';

export interface Scenario {
  id: number;
  name: string;
  deals: ScenarioDeal[];
  createdAt: Date;
  updatedAt: Date;
}

interface ScenarioRow {
  id: number;
  name: string;
  deals: unknown;
  created_at: Date;
  updated_at: Date;
}
const scenarioOf = (r: ScenarioRow): Scenario => ({
  id: r.id,
  name: r.name,
  deals: jsonValue<ScenarioDeal[]>(r.deals),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function listScenarios(db: Db): Promise<Scenario[]> {
  const rows = await db.query<ScenarioRow>(
    'SELECT id, name, deals, created_at, updated_at FROM plan_scenarios ORDER BY name, id',
  );
  return rows.map(scenarioOf);
}

export async function getScenario(db: Db, id: number): Promise<Scenario | null> {
  const [row] = await db.query<ScenarioRow>(
    'SELECT id, name, deals, created_at, updated_at FROM plan_scenarios WHERE id = $1',
    [id],
  );
  return row ? scenarioOf(row) : null;
}

export async function createScenario(
  db: Db,
  s: { name: string; deals: readonly ScenarioDeal[]; createdBy: string | null },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO plan_scenarios (name, deals, created_by) VALUES ($1, $2::text::jsonb, $3) RETURNING id',
    [s.name, JSON.stringify(s.deals), s.createdBy],
  );
  return row!.id;
}

/** Replaces a scenario's name and deals; false when there is no such scenario. */
export async function updateScenario(
  db: Db,
  id: number,
  s: { name: string; deals: readonly ScenarioDeal[] },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE plan_scenarios SET name = $2, deals = $3::text::jsonb, updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, s.name, JSON.stringify(s.deals)],
  );
  return rows.length > 0;
}

export async function deleteScenario(db: Db, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM plan_scenarios WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** The admins' role mix of each pipeline that has one. */
export async function readRoleMixes(db: Db): Promise<Map<number, RoleMix>> {
  const rows = await db.query<{ pipeline_id: number; mix: unknown }>(
    'SELECT pipeline_id, mix FROM plan_role_mixes',
  );
  return new Map(rows.map((r) => [r.pipeline_id, jsonValue<RoleMix>(r.mix)]));
}

/** Sets a pipeline's role mix; null clears it. */
export async function saveRoleMix(db: Db, pipelineId: number, mix: RoleMix | null): Promise<void> {
  if (mix === null) {
    await db.query('DELETE FROM plan_role_mixes WHERE pipeline_id = $1', [pipelineId]);
    return;
  }
  await db.query(
    `INSERT INTO plan_role_mixes (pipeline_id, mix) VALUES ($1, $2::text::jsonb)
     ON CONFLICT (pipeline_id) DO UPDATE SET mix = EXCLUDED.mix, updated_at = now()`,
    [pipelineId, JSON.stringify(mix)],
  );
}

/**
 * Billable hours by Forecast default role between two dates (people with no role left out), as
 * a mix: the agency's own split of billable work.
 */
export async function billableHoursByRole(db: Db, from: IsoDate, to: IsoDate): Promise<RoleMix> {
  const rows = await db.query<{ role: string; minutes: number }>(
    `SELECT trim(p.role) AS role, SUM(r.billable_minutes)::bigint AS minutes
     FROM forecast_time_registrations r JOIN capacity_persons p ON p.id = r.person_id
     WHERE r.date BETWEEN $1 AND $2 AND r.billable_minutes > 0 AND trim(coalesce(p.role, '')) <> ''
     GROUP BY trim(p.role) ORDER BY trim(p.role)`,
    [from, to],
  );
  return rows.map((r) => ({ role: r.role, weight: Number(r.minutes) / 60 }));
}

/** Whether the stored pipeline has stages in this Pipedrive pipeline. */
export async function pipelineKnown(db: Db, pipelineId: number): Promise<boolean> {
  const [row] = await db.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM pipedrive_stages WHERE pipeline_id = $1) AS known',
    [pipelineId],
  );
  return row?.known === true;
}

/** The stored pipelines (those with stages), by name: what a role mix is set for. */
export async function listPipelines(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db.query<{ id: number; name: string | null }>(
    `SELECT pipeline_id AS id, max(pipeline_name) AS name FROM pipedrive_stages
     GROUP BY pipeline_id ORDER BY max(pipeline_name), pipeline_id`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name ?? `Pipeline ${r.id}` }));
}

/** Pipedrive users' names by id: a deal's owner. */
export async function pipedriveUserNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; name: string }>('SELECT id, name FROM pipedrive_users');
  return new Map(rows.map((r) => [r.id, r.name]));
}
