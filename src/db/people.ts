/**
 * The roster's tables (sql/0110_roster.sql): people, the links set by hand, the copies of Jira's
 * accounts and Pipedrive's users the matching reads, and the roster's state
 * (docs/decisions/390-one-roster-of-people.md). The availability selection (selected_developers,
 * src/db/developers.ts) is the roster's tracked flag; it is only read here.
 */
import type { IsoDate } from '../shared/calendar';
import type {
  ManualLink,
  MatchedPerson,
  RosterForecastPerson,
  RosterJiraAccount,
  RosterPipedriveUser,
  StoredPersonRow,
  WorkingWeek,
} from '../shared/roster';
import { bulkInsert } from './bulk';
import { type Db, jsonValue } from './port';

// ------------------------------------------------------------------------ the upstream copies

/** Replaces the copy of the Jira site's accounts. */
export async function replaceJiraAccounts(
  db: Db,
  accounts: readonly RosterJiraAccount[],
): Promise<void> {
  await db.query('DELETE FROM jira_accounts');
  await bulkInsert(
    db,
    `INSERT INTO jira_accounts (account_id, display_name, email)
     SELECT "accountId", "displayName", email
       FROM jsonb_to_recordset($1::text::jsonb) AS x("accountId" text, "displayName" text, email text)
     ON CONFLICT (account_id) DO NOTHING`,
    accounts.map((a) => ({ ...a, displayName: a.displayName.slice(0, 255) })),
  );
}

/** Replaces the copy of Pipedrive's users. */
export async function replacePipedriveUsers(
  db: Db,
  users: readonly RosterPipedriveUser[],
): Promise<void> {
  await db.query('DELETE FROM pipedrive_users');
  await bulkInsert(
    db,
    `INSERT INTO pipedrive_users (id, name, email)
     SELECT id, name, email FROM jsonb_to_recordset($1::text::jsonb) AS x(id integer, name text, email text)
     ON CONFLICT (id) DO NOTHING`,
    users,
  );
}

export interface RosterState {
  peopleSyncedAt: Date | null;
  builtAt: Date | null;
}

export async function getRosterState(db: Db): Promise<RosterState> {
  const [row] = await db.query<{ people_synced_at: Date | null; built_at: Date | null }>(
    'SELECT people_synced_at, built_at FROM roster_state',
  );
  return { peopleSyncedAt: row?.people_synced_at ?? null, builtAt: row?.built_at ?? null };
}

export async function setPeopleSyncedAt(db: Db, at: Date): Promise<void> {
  await db.query('UPDATE roster_state SET people_synced_at = $1', [at]);
}

export async function setRosterBuiltAt(db: Db, at: Date): Promise<void> {
  await db.query('UPDATE roster_state SET built_at = $1 WHERE built_at IS NULL', [at]);
}

// ----------------------------------------------------------------------------- the matching

/** Everything the matching reads, in one statement (one snapshot), under the roster's lock. */
export interface StoredRosterSources {
  forecastPersons: RosterForecastPerson[];
  jiraAccounts: RosterJiraAccount[];
  pipedriveUsers: RosterPipedriveUser[];
  /** The availability selection, with the names it keeps. */
  tracked: { accountId: string; displayName: string }[];
  links: ManualLink[];
  existing: StoredPersonRow[];
  /** Jira accounts assigned to a stored ticket of a linked project. */
  assignees: RosterJiraAccount[];
  forecastSynced: boolean;
}

/**
 * Takes the roster's lock for the rest of the transaction `tx`: rebuilds from the refresh run,
 * a link by hand and an availability save happen one after another, across processes.
 */
export async function lockRoster(tx: Db): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('agency-dashboard:roster'))");
}

export async function readRosterSources(db: Db): Promise<StoredRosterSources> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email) ORDER BY id), '[]')
          FROM capacity_persons) AS forecast,
       (SELECT coalesce(json_agg(json_build_object('accountId', account_id, 'displayName', display_name,
                 'email', email) ORDER BY account_id), '[]') FROM jira_accounts) AS jira,
       (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'email', email) ORDER BY id), '[]')
          FROM pipedrive_users) AS pipedrive,
       (SELECT coalesce(json_agg(json_build_object('accountId', account_id, 'displayName', display_name)
                 ORDER BY account_id), '[]') FROM selected_developers) AS tracked,
       (SELECT coalesce(json_agg(json_build_object('source', source, 'upstreamId', upstream_id,
                 'forecastPersonId', forecast_person_id, 'jiraAccountId', jira_account_id)), '[]')
          FROM people_links) AS links,
       (SELECT coalesce(json_agg(json_build_object('id', id, 'jiraAccountId', jira_account_id,
                 'forecastPersonId', forecast_person_id, 'pipedriveUserId', pipedrive_user_id) ORDER BY id), '[]')
          FROM people) AS existing,
       (SELECT coalesce(json_agg(json_build_object('accountId', a.account_id, 'displayName', a.display_name,
                 'email', NULL) ORDER BY a.account_id), '[]')
          FROM (SELECT DISTINCT ON (i.assignee_account_id) i.assignee_account_id AS account_id,
                       i.assignee_display_name AS display_name
                  FROM jira_issues i JOIN projects p ON p.id = i.project_id AND p.jira_project_key IS NOT NULL
                 WHERE i.assignee_account_id IS NOT NULL
                 ORDER BY i.assignee_account_id, i.updated_at DESC) a) AS assignees,
       (SELECT forecast_synced_at IS NOT NULL FROM capacity_sync_state) AS forecast_synced`,
  );
  const r = row!;
  return {
    forecastPersons: jsonValue<RosterForecastPerson[]>(r.forecast),
    jiraAccounts: jsonValue<RosterJiraAccount[]>(r.jira),
    pipedriveUsers: jsonValue<RosterPipedriveUser[]>(r.pipedrive),
    tracked: jsonValue<{ accountId: string; displayName: string }[]>(r.tracked),
    links: jsonValue<
      {
        source: 'jira' | 'pipedrive';
        upstreamId: string;
        forecastPersonId: number | null;
        jiraAccountId: string | null;
      }[]
    >(r.links).map((l) =>
      l.source === 'jira'
        ? { source: 'jira', upstreamId: l.upstreamId, forecastPersonId: l.forecastPersonId }
        : l,
    ),
    existing: jsonValue<StoredPersonRow[]>(r.existing),
    assignees: jsonValue<RosterJiraAccount[]>(r.assignees),
    forecastSynced: r.forecast_synced === true,
  };
}

/**
 * Writes the matched roster in `tx`: rows it no longer has go (with what hangs on them), rows it
 * kept are updated, new ones inserted. The unique links are checked at commit, so one account
 * may move between rows in any order.
 */
export async function writeRoster(tx: Db, people: readonly MatchedPerson[]): Promise<void> {
  const kept = people.filter((p) => p.id !== null).map((p) => p.id!);
  await tx.query(
    'DELETE FROM people WHERE id NOT IN (SELECT value::int FROM jsonb_array_elements_text($1::text::jsonb))',
    [JSON.stringify(kept)],
  );
  await tx.query(
    `UPDATE people p SET name = x.name, email = x.email, jira_account_id = x."jiraAccountId",
            forecast_person_id = x."forecastPersonId", pipedrive_user_id = x."pipedriveUserId"
       FROM jsonb_to_recordset($1::text::jsonb) AS x(id integer, name text, email text,
            "jiraAccountId" text, "forecastPersonId" integer, "pipedriveUserId" integer)
      WHERE p.id = x.id AND (p.name, p.email, p.jira_account_id, p.forecast_person_id, p.pipedrive_user_id)
            IS DISTINCT FROM (x.name, x.email, x."jiraAccountId", x."forecastPersonId", x."pipedriveUserId")`,
    [JSON.stringify(people.filter((p) => p.id !== null))],
  );
  await bulkInsert(
    tx,
    `INSERT INTO people (name, email, jira_account_id, forecast_person_id, pipedrive_user_id)
     SELECT name, email, "jiraAccountId", "forecastPersonId", "pipedriveUserId"
       FROM jsonb_to_recordset($1::text::jsonb) AS x(name text, email text, "jiraAccountId" text,
            "forecastPersonId" integer, "pipedriveUserId" integer)`,
    people.filter((p) => p.id === null),
  );
}

/** Sets (or, with `partner` undefined, removes) a link by hand. */
export async function setManualLink(
  tx: Db,
  link:
    | { source: 'jira'; upstreamId: string; forecastPersonId: number | null }
    | {
        source: 'pipedrive';
        upstreamId: string;
        forecastPersonId: number | null;
        jiraAccountId: string | null;
      },
): Promise<void> {
  await tx.query(
    `INSERT INTO people_links (source, upstream_id, forecast_person_id, jira_account_id)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (source, upstream_id) DO UPDATE
       SET forecast_person_id = EXCLUDED.forecast_person_id, jira_account_id = EXCLUDED.jira_account_id`,
    [
      link.source,
      link.upstreamId,
      link.forecastPersonId,
      link.source === 'pipedrive' ? link.jiraAccountId : null,
    ],
  );
}

export async function setPersonTeam(tx: Db, id: number, team: string | null): Promise<void> {
  await tx.query('UPDATE people SET team = $2 WHERE id = $1', [id, team]);
}

// ------------------------------------------------------------------------------ reading people

/** A roster row with what Forecast and the availability selection say of the person. */
export interface PersonRow {
  id: number;
  name: string;
  email: string | null;
  jiraAccountId: string | null;
  forecastPersonId: number | null;
  pipedriveUserId: number | null;
  /** Set by hand on the roster; null means Forecast's. */
  ownTeam: string | null;
  forecastTeam: string | null;
  role: string | null;
  /** Forecast's working minutes, Monday first; null for someone only in Jira. */
  workingWeek: WorkingWeek | null;
  holidayCalendarId: number | null;
  forecastStartDate: IsoDate | null;
  forecastEndDate: IsoDate | null;
  tracked: boolean;
  /** The dashboard's own dates (Set Start Date, Set End Date) of a tracked person. */
  ownStartDate: IsoDate | null;
  ownEndDate: IsoDate | null;
}

const PERSON_ROWS = `
  SELECT p.id, p.name, p.email, p.jira_account_id, p.forecast_person_id, p.pipedrive_user_id,
         p.team AS own_team, c.team AS forecast_team, c.role,
         CASE WHEN c.id IS NULL THEN NULL
              ELSE json_build_array(c.monday, c.tuesday, c.wednesday, c.thursday, c.friday, c.saturday, c.sunday)
         END AS working_week,
         c.holiday_calendar_id, c.start_date AS forecast_start_date, c.end_date AS forecast_end_date,
         s.account_id IS NOT NULL AS tracked, s.start_date AS own_start_date, s.end_date AS own_end_date
    FROM people p
    LEFT JOIN capacity_persons c ON c.id = p.forecast_person_id
    LEFT JOIN selected_developers s ON s.account_id = p.jira_account_id`;

interface PersonRowDb {
  id: number;
  name: string;
  email: string | null;
  jira_account_id: string | null;
  forecast_person_id: number | null;
  pipedrive_user_id: number | null;
  own_team: string | null;
  forecast_team: string | null;
  role: string | null;
  working_week: unknown;
  holiday_calendar_id: number | null;
  forecast_start_date: string | null;
  forecast_end_date: string | null;
  tracked: boolean;
  own_start_date: string | null;
  own_end_date: string | null;
}

const toPersonRow = (r: PersonRowDb): PersonRow => ({
  id: Number(r.id),
  name: r.name,
  email: r.email,
  jiraAccountId: r.jira_account_id,
  forecastPersonId: r.forecast_person_id,
  pipedriveUserId: r.pipedrive_user_id,
  ownTeam: r.own_team,
  forecastTeam: r.forecast_team,
  role: r.role,
  workingWeek: r.working_week === null ? null : jsonValue<WorkingWeek>(r.working_week),
  holidayCalendarId: r.holiday_calendar_id,
  forecastStartDate: r.forecast_start_date,
  forecastEndDate: r.forecast_end_date,
  tracked: r.tracked,
  ownStartDate: r.own_start_date,
  ownEndDate: r.own_end_date,
});

/** Every person on the roster, by name. */
export async function listPersonRows(db: Db): Promise<PersonRow[]> {
  const rows = await db.query<PersonRowDb>(`${PERSON_ROWS} ORDER BY lower(p.name), p.name, p.id`);
  return rows.map(toPersonRow);
}

/** How a person's Jira account and Forecast person are linked, and their employment dates. */
export type PersonLink = Pick<
  PersonRow,
  | 'jiraAccountId'
  | 'forecastPersonId'
  | 'forecastStartDate'
  | 'forecastEndDate'
  | 'ownStartDate'
  | 'ownEndDate'
>;

/** Every roster person's links and dates only: a forecast reads them on every call. */
export async function listPersonLinks(db: Db): Promise<PersonLink[]> {
  const rows = await db.query<{
    jira_account_id: string | null;
    forecast_person_id: number | null;
    forecast_start_date: string | null;
    forecast_end_date: string | null;
    own_start_date: string | null;
    own_end_date: string | null;
  }>(
    `SELECT p.jira_account_id, p.forecast_person_id,
            c.start_date AS forecast_start_date, c.end_date AS forecast_end_date,
            s.start_date AS own_start_date, s.end_date AS own_end_date
       FROM people p
       LEFT JOIN capacity_persons c ON c.id = p.forecast_person_id
       LEFT JOIN selected_developers s ON s.account_id = p.jira_account_id
      ORDER BY p.id`,
  );
  return rows.map((r) => ({
    jiraAccountId: r.jira_account_id,
    forecastPersonId: r.forecast_person_id === null ? null : Number(r.forecast_person_id),
    forecastStartDate: r.forecast_start_date,
    forecastEndDate: r.forecast_end_date,
    ownStartDate: r.own_start_date,
    ownEndDate: r.own_end_date,
  }));
}

/** One person, or null. */
export async function getPersonRow(db: Db, id: number): Promise<PersonRow | null> {
  const rows = await db.query<PersonRowDb>(`${PERSON_ROWS} WHERE p.id = $1`, [id]);
  return rows[0] ? toPersonRow(rows[0]) : null;
}

/** The people whose Jira accounts are these, by account id. */
export async function personRowsByAccount(
  db: Db,
  accountIds: readonly string[],
): Promise<PersonRow[]> {
  if (accountIds.length === 0) return [];
  const rows = await db.query<PersonRowDb>(
    `${PERSON_ROWS} WHERE p.jira_account_id IN (SELECT value FROM jsonb_array_elements_text($1::text::jsonb))`,
    [JSON.stringify([...new Set(accountIds)])],
  );
  return rows.map(toPersonRow);
}

/** A Jira account's name as the dashboard knows it: the site's list, else its tickets, else the selection. */
export async function jiraAccountNames(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.query<{ account_id: string; display_name: string }>(
    `WITH wanted AS (SELECT value AS account_id FROM jsonb_array_elements_text($1::text::jsonb))
     SELECT w.account_id,
            coalesce(a.display_name, s.display_name,
                     (SELECT i.assignee_display_name FROM jira_issues i
                       WHERE i.assignee_account_id = w.account_id ORDER BY i.updated_at DESC LIMIT 1),
                     w.account_id) AS display_name
       FROM wanted w
       LEFT JOIN jira_accounts a ON a.account_id = w.account_id
       LEFT JOIN selected_developers s ON s.account_id = w.account_id`,
    [JSON.stringify([...new Set(accountIds)])],
  );
  return new Map(rows.map((r) => [r.account_id, r.display_name]));
}

/** Whether the dashboard knows this Jira account: on the site's list, assigned a ticket, or tracked. */
export async function isKnownJiraAccount(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db.query<{ known: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM jira_accounts WHERE account_id = $1)
         OR EXISTS (SELECT 1 FROM jira_issues WHERE assignee_account_id = $1)
         OR EXISTS (SELECT 1 FROM selected_developers WHERE account_id = $1) AS known`,
    [accountId],
  );
  return row?.known === true;
}

export async function isKnownPipedriveUser(db: Db, id: number): Promise<boolean> {
  const [row] = await db.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM pipedrive_users WHERE id = $1) AS known',
    [id],
  );
  return row?.known === true;
}

/**
 * The Jira accounts whose person has a Forecast calendar: Forecast describes their working days,
 * holidays and leave (docs/decisions/392-alerts-people-can-act-on.md).
 */
export async function accountsWithForecastCalendar(db: Db): Promise<Set<string>> {
  const rows = await db.query<{ account_id: string }>(
    `SELECT p.jira_account_id AS account_id FROM people p
       JOIN capacity_persons c ON c.id = p.forecast_person_id
      WHERE p.jira_account_id IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.account_id));
}
