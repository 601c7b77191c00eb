/**
 * The share_links table (sql/0150_share_links.sql): client retainer room links. The token is
 * never stored, only its hash (docs/decisions/430-client-retainer-room.md).
 */
import type { IsoDate } from '../shared/calendar';
import type { Db } from './port';

export interface StoredShareLink {
  id: number;
  projectId: number;
  label: string;
  rolling: boolean;
  from: IsoDate | null;
  to: IsoDate | null;
  expiresOn: IsoDate;
  createdAt: Date;
  createdBy: string;
  revokedAt: Date | null;
  lastOpenedAt: Date | null;
  opens: number;
}

interface Row {
  id: number;
  project_id: number;
  label: string;
  rolling: boolean;
  range_from: IsoDate | null;
  range_to: IsoDate | null;
  expires_on: IsoDate;
  created_at: Date;
  created_by: string;
  revoked_at: Date | null;
  last_opened_at: Date | null;
  opens: number;
}

const COLUMNS = `id, project_id, label, rolling, range_from, range_to, expires_on, created_at,
  created_by, revoked_at, last_opened_at, opens`;

const toLink = (r: Row): StoredShareLink => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  label: r.label,
  rolling: r.rolling,
  from: r.range_from,
  to: r.range_to,
  expiresOn: r.expires_on,
  createdAt: r.created_at,
  createdBy: r.created_by,
  revokedAt: r.revoked_at,
  lastOpenedAt: r.last_opened_at,
  opens: Number(r.opens),
});

export interface NewShareLink {
  projectId: number;
  tokenLookup: Uint8Array;
  tokenHash: Uint8Array;
  label: string;
  rolling: boolean;
  from: IsoDate | null;
  to: IsoDate | null;
  expiresOn: IsoDate;
  createdAt: Date;
  createdBy: string;
}

export async function insertShareLink(tx: Db, l: NewShareLink): Promise<StoredShareLink> {
  const [row] = await tx.query<Row>(
    `INSERT INTO share_links (project_id, token_lookup, token_hash, label, rolling, range_from,
       range_to, expires_on, created_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING ${COLUMNS}`,
    [
      l.projectId,
      l.tokenLookup,
      l.tokenHash,
      l.label,
      l.rolling,
      l.from,
      l.to,
      l.expiresOn,
      l.createdAt,
      l.createdBy,
    ],
  );
  return toLink(row!);
}

/** A project's links, newest first. */
export async function listShareLinks(db: Db, projectId: number): Promise<StoredShareLink[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM share_links WHERE project_id = $1 ORDER BY created_at DESC, id DESC`,
    [projectId],
  );
  return rows.map(toLink);
}

export async function getShareLink(db: Db, id: number): Promise<StoredShareLink | null> {
  const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM share_links WHERE id = $1`, [id]);
  return row ? toLink(row) : null;
}

/** The links whose token hash starts with `lookup`, with their whole hash to compare. */
export async function findShareLinksByLookup(
  db: Db,
  lookup: Uint8Array,
): Promise<(StoredShareLink & { tokenHash: Uint8Array })[]> {
  const rows = await db.query<Row & { token_hash: Uint8Array }>(
    `SELECT ${COLUMNS}, token_hash FROM share_links WHERE token_lookup = $1`,
    [lookup],
  );
  return rows.map((r) => ({ ...toLink(r), tokenHash: new Uint8Array(r.token_hash) }));
}

/** Revokes a link once; null when it does not exist or was revoked already. */
export async function revokeShareLink(
  tx: Db,
  id: number,
  by: string,
  at: Date,
): Promise<StoredShareLink | null> {
  const [row] = await tx.query<Row>(
    `UPDATE share_links SET revoked_at = $2, revoked_by = $3
      WHERE id = $1 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [id, at, by],
  );
  return row ? toLink(row) : null;
}

/** Counts an open of a link that is still good (not revoked) at that moment. */
export async function recordShareLinkOpen(tx: Db, id: number, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE share_links SET opens = opens + 1, last_opened_at = $2
      WHERE id = $1 AND revoked_at IS NULL RETURNING id`,
    [id, at],
  );
  return rows.length > 0;
}

/** A ticket done in a room's range: its status now, and the day (agency time) it got there. */
export interface DoneWorkRow {
  key: string;
  summary: string;
  statusName: string;
  epicKey: string | null;
  doneOn: IsoDate;
}

/**
 * The project's tickets now in a done-category status whose latest change into that status fell
 * in [from, to) (docs/decisions/172: the day a ticket was done), oldest first.
 */
export async function readDoneWork(
  db: Db,
  projectId: number,
  range: { from: Date; to: Date; timeZone: string },
): Promise<DoneWorkRow[]> {
  return db.query<DoneWorkRow>(
    `SELECT i.issue_key AS key, i.summary, i.status_name AS "statusName", i.epic_key AS "epicKey",
            to_char(d.at AT TIME ZONE $4, 'YYYY-MM-DD') AS "doneOn"
       FROM jira_issues i
       CROSS JOIN LATERAL (
         SELECT max(t.at) AS at FROM jira_status_transitions t
          WHERE t.project_id = i.project_id AND t.issue_key = i.issue_key
            AND (t.to_status_id = i.status_id
                 OR (t.to_status_id IS NULL AND lower(t.to_status_name) = lower(i.status_name)))
       ) d
      WHERE i.project_id = $1 AND i.status_category_key = 'done'
        AND d.at >= $2 AND d.at < $3
      ORDER BY d.at, split_part(i.issue_key, '-', 1), length(i.issue_key), i.issue_key`,
    [projectId, range.from, range.to, range.timeZone],
  );
}

/** Each of the project's epics with its tickets and those done: the room's epic progress. */
export async function readEpicCounts(
  db: Db,
  projectId: number,
): Promise<{ key: string; name: string; tickets: number; completed: number }[]> {
  return db.query(
    `SELECT e.epic_key AS key, e.name, count(i.issue_key)::int AS tickets,
            (count(i.issue_key) FILTER (WHERE i.status_category_key = 'done'))::int AS completed
       FROM jira_epics e
       LEFT JOIN jira_issues i ON i.project_id = e.project_id AND i.epic_key = e.epic_key
      WHERE e.project_id = $1
      GROUP BY e.epic_key, e.name`,
    [projectId],
  );
}

/** The demo's retainer project for its client link: one linked to Jira first, then by id. */
export async function findDemoRetainerProject(
  db: Db,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM projects
      WHERE visible = 1 AND forecast_budget_type = 'RETAINER' AND forecast_project_id IS NOT NULL
      ORDER BY jira_project_key IS NULL, id LIMIT 1`,
  );
  return row ? { id: Number(row.id), name: row.name } : null;
}

/** Ids of the links with this label made by this person that still open. */
export async function openLinksMadeBy(db: Db, label: string, createdBy: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM share_links WHERE label = $1 AND created_by = $2 AND revoked_at IS NULL',
    [label, createdBy],
  );
  return rows.map((r) => Number(r.id));
}

/** What a room needs of its project, in one light read (no billing or Jira summary columns). */
export interface RoomProjectRow {
  id: number;
  name: string;
  visible: boolean;
  budgetType: string | null;
  forecastProjectId: number | null;
  jiraProjectKey: string | null;
  currency: string | null;
  lastJiraSync: Date | null;
  lastForecastSync: Date | null;
  /** When the time registrations were last synced: the forecast range reads them. */
  lastTimeSync: Date | null;
}

export async function readRoomProject(db: Db, id: number): Promise<RoomProjectRow | null> {
  const [row] = await db.query<RoomProjectRow>(
    `SELECT p.id, p.name, p.visible = 1 AS visible, p.forecast_budget_type AS "budgetType",
            p.forecast_project_id AS "forecastProjectId", p.jira_project_key AS "jiraProjectKey",
            p.forecast_currency AS currency, p.last_jira_sync AS "lastJiraSync",
            p.last_forecast_sync AS "lastForecastSync",
            (SELECT s.last_time_sync FROM forecast_sync_state s WHERE s.id) AS "lastTimeSync"
       FROM projects p WHERE p.id = $1`,
    [id],
  );
  return row ? { ...row, id: Number(row.id) } : null;
}
