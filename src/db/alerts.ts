/**
 * The alert tables (sql/0060_alerts.sql): thresholds and their changes, alerts with one open row
 * per rule and subject, each person's acknowledgement or snooze, and the Monday digest's weeks,
 * subscriptions and outbox (docs/decisions/200-202).
 */
import {
  type AlertFinding,
  type AlertRule,
  type AlertThresholds,
  DEFAULT_THRESHOLDS,
  MONEY_RULES,
} from '../shared/alerts';
import type { Db } from './port';

// ---------------------------------------------------------------------------------- thresholds

/** The stored thresholds over the defaults (a threshold added later takes its default). */
export async function getAlertThresholds(db: Db): Promise<AlertThresholds> {
  const [row] = await db.query<{ thresholds: Partial<AlertThresholds> }>(
    'SELECT thresholds FROM alert_settings WHERE id = 1',
  );
  return { ...DEFAULT_THRESHOLDS, ...(row?.thresholds ?? {}) };
}

export interface ThresholdsChange {
  changedAt: Date;
  changedBy: string;
  before: AlertThresholds;
  after: AlertThresholds;
}

/** Saves the thresholds and records who changed what, in one transaction. */
export async function saveAlertThresholds(
  db: Db,
  thresholds: AlertThresholds,
  changedBy: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock orders two admins saving at once, so each change records the right 'before'.
    await tx.query(
      `INSERT INTO alert_settings (id, thresholds) VALUES (1, $1::text::jsonb) ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(DEFAULT_THRESHOLDS)],
    );
    const [row] = await tx.query<{ thresholds: Partial<AlertThresholds> }>(
      'SELECT thresholds FROM alert_settings WHERE id = 1 FOR UPDATE',
    );
    const before = { ...DEFAULT_THRESHOLDS, ...(row?.thresholds ?? {}) };
    await tx.query(
      `UPDATE alert_settings SET thresholds = $1::text::jsonb, updated_at = now(), updated_by = $2 WHERE id = 1`,
      [JSON.stringify(thresholds), changedBy],
    );
    await tx.query(
      `INSERT INTO alert_settings_changes (changed_by, before, after) VALUES ($1, $2::text::jsonb, $3::text::jsonb)`,
      [changedBy, JSON.stringify(before), JSON.stringify(thresholds)],
    );
  });
}

export async function listThresholdChanges(db: Db, limit = 20): Promise<ThresholdsChange[]> {
  const rows = await db.query<{
    changed_at: Date;
    changed_by: string;
    before: AlertThresholds;
    after: AlertThresholds;
  }>(
    `SELECT changed_at, changed_by, before, after FROM alert_settings_changes ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    changedAt: r.changed_at,
    changedBy: r.changed_by,
    before: r.before,
    after: r.after,
  }));
}

// -------------------------------------------------------------------------------------- alerts

export interface StoredAlert {
  id: number;
  rule: AlertRule;
  subject: string;
  projectId: number | null;
  projectName: string | null;
  money: boolean;
  openedAt: Date;
  lastSeenAt: Date;
  closedAt: Date | null;
  message: string;
  numbers: Record<string, number | string | null>;
  /** This person's own state of the alert. */
  acknowledgedAt: Date | null;
  snoozedUntil: Date | null;
}

/**
 * Opens the finding's alert, or refreshes the numbers of the one already open: the partial unique
 * index makes two processes evaluating at once meet on one row. `opened` says this call made it.
 */
export async function upsertOpenAlert(
  db: Db,
  finding: AlertFinding,
  now: Date,
): Promise<{ id: number; opened: boolean }> {
  const [row] = await db.query<{ id: number; opened: boolean }>(
    `INSERT INTO alerts (rule, subject, project_id, money, opened_at, last_seen_at, message, numbers)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7::text::jsonb)
     ON CONFLICT (rule, subject) WHERE closed_at IS NULL
     DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at, message = EXCLUDED.message,
                   numbers = EXCLUDED.numbers, project_id = EXCLUDED.project_id
     RETURNING id, (xmax = 0) AS opened`,
    [
      finding.rule,
      finding.subject,
      finding.projectId,
      MONEY_RULES.has(finding.rule),
      now,
      finding.message,
      JSON.stringify(finding.numbers),
    ],
  );
  return { id: Number(row!.id), opened: row!.opened };
}

/**
 * Closes the open alerts of `rules` whose subject is not in `stillTrue` (the condition cleared).
 * Rules not evaluated this time (their data could not be read) keep their alerts open.
 */
export async function closeClearedAlerts(
  db: Db,
  rules: readonly AlertRule[],
  stillTrue: readonly { rule: AlertRule; subject: string }[],
  now: Date,
): Promise<number> {
  if (rules.length === 0) return 0;
  const rows = await db.query<{ id: number }>(
    `UPDATE alerts SET closed_at = $3
      WHERE closed_at IS NULL AND rule IN (SELECT value FROM jsonb_array_elements_text($1::text::jsonb))
        AND (rule || ' ' || subject) NOT IN (SELECT value FROM jsonb_array_elements_text($2::text::jsonb))
      RETURNING id`,
    [JSON.stringify(rules), JSON.stringify(stillTrue.map((s) => `${s.rule} ${s.subject}`)), now],
  );
  return rows.length;
}

/**
 * Who reads alerts: money alerts only for admins, and only the rules their role can act on
 * (docs/decisions/392-alerts-people-can-act-on.md). Both filters are in the SQL, so nothing
 * else can leak an alert.
 */
export interface AlertViewer {
  userId: string;
  isAdmin: boolean;
  rules: readonly AlertRule[];
}
/** The rules' filter: `a.rule` among the JSON array in parameter `n`. */
const RULE_IN = (n: number) => `a.rule IN (SELECT jsonb_array_elements_text($${n}::text::jsonb))`;

export interface AlertQuery extends AlertViewer {
  status?: 'open' | 'closed' | 'all';
  projectId?: number;
  rule?: AlertRule;
  limit?: number;
}

const SELECT_ALERTS = `
  SELECT a.id, a.rule, a.subject, a.project_id, p.name AS project_name, a.money, a.opened_at,
         a.last_seen_at, a.closed_at, a.message, a.numbers, s.acknowledged_at, s.snoozed_until
    FROM alerts a
    LEFT JOIN projects p ON p.id = a.project_id
    LEFT JOIN alert_user_states s ON s.alert_id = a.id AND s.user_id = $1`;

interface AlertRow {
  id: number;
  rule: AlertRule;
  subject: string;
  project_id: number | null;
  project_name: string | null;
  money: boolean;
  opened_at: Date;
  last_seen_at: Date;
  closed_at: Date | null;
  message: string;
  numbers: Record<string, number | string | null>;
  acknowledged_at: Date | null;
  snoozed_until: Date | null;
}

const toAlert = (r: AlertRow): StoredAlert => ({
  id: Number(r.id),
  rule: r.rule,
  subject: r.subject,
  projectId: r.project_id,
  projectName: r.project_name,
  money: r.money,
  openedAt: r.opened_at,
  lastSeenAt: r.last_seen_at,
  closedAt: r.closed_at,
  message: r.message,
  numbers: r.numbers,
  acknowledgedAt: r.acknowledged_at,
  snoozedUntil: r.snoozed_until,
});

/** Alerts the person may see, newest first. */
export async function listAlerts(db: Db, q: AlertQuery): Promise<StoredAlert[]> {
  const rows = await db.query<AlertRow>(
    `${SELECT_ALERTS}
      WHERE ($2::boolean OR NOT a.money)
        AND ($3::text = 'all' OR ($3::text = 'open') = (a.closed_at IS NULL))
        AND ($4::int IS NULL OR a.project_id = $4::int)
        AND ($5::text IS NULL OR a.rule = $5::text)
        AND ${RULE_IN(7)}
      ORDER BY (a.closed_at IS NULL) DESC, a.opened_at DESC, a.id DESC
      LIMIT $6`,
    [
      q.userId,
      q.isAdmin,
      q.status ?? 'open',
      q.projectId ?? null,
      q.rule ?? null,
      q.limit ?? 500,
      JSON.stringify(q.rules),
    ],
  );
  return rows.map(toAlert);
}

/** One alert the person may see (null when it does not exist or is a money alert for a non-admin). */
export async function getAlert(db: Db, id: number, who: AlertViewer): Promise<StoredAlert | null> {
  const rows = await db.query<AlertRow>(
    `${SELECT_ALERTS} WHERE a.id = $2 AND ($3::boolean OR NOT a.money) AND ${RULE_IN(4)}`,
    [who.userId, id, who.isAdmin, JSON.stringify(who.rules)],
  );
  return rows[0] ? toAlert(rows[0]) : null;
}

const NEEDS_ATTENTION = `a.closed_at IS NULL AND ($2::boolean OR NOT a.money) AND ${RULE_IN(4)}
  AND NOT EXISTS (SELECT 1 FROM alert_user_states s WHERE s.alert_id = a.id AND s.user_id = $1
                  AND (s.acknowledged_at IS NOT NULL OR s.snoozed_until > $3))`;

/**
 * Open alerts that still need this person's attention (not acknowledged, not snoozed), in all
 * and per project: the bell's count and the cards' badges.
 */
export async function countAttention(
  db: Db,
  who: AlertViewer,
  now: Date,
): Promise<{ total: number; byProject: Record<number, number> }> {
  const rows = await db.query<{ project_id: number | null; n: number }>(
    `SELECT a.project_id, count(*)::int AS n FROM alerts a WHERE ${NEEDS_ATTENTION} GROUP BY a.project_id`,
    [who.userId, who.isAdmin, now, JSON.stringify(who.rules)],
  );
  const byProject: Record<number, number> = {};
  let total = 0;
  for (const r of rows) {
    total += r.n;
    if (r.project_id !== null) byProject[r.project_id] = r.n;
  }
  return { total, byProject };
}

/** Sets (or clears, with both null) one person's state of one alert. */
export async function setAlertUserState(
  db: Db,
  alertId: number,
  userId: string,
  state: { acknowledgedAt: Date | null; snoozedUntil: Date | null },
): Promise<void> {
  if (!state.acknowledgedAt && !state.snoozedUntil) {
    await db.query('DELETE FROM alert_user_states WHERE alert_id = $1 AND user_id = $2', [
      alertId,
      userId,
    ]);
    return;
  }
  await db.query(
    `INSERT INTO alert_user_states (alert_id, user_id, acknowledged_at, snoozed_until)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (alert_id, user_id) DO UPDATE
       SET acknowledged_at = EXCLUDED.acknowledged_at, snoozed_until = EXCLUDED.snoozed_until`,
    [alertId, userId, state.acknowledgedAt, state.snoozedUntil],
  );
}

/** Of `ids`, the alerts the person may see (a money alert only for an admin). */
export async function visibleAlertIds(
  db: Db,
  ids: readonly number[],
  who: AlertViewer,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT a.id FROM alerts a
      WHERE a.id IN (SELECT value::bigint FROM jsonb_array_elements_text($1::text::jsonb))
        AND ($2::boolean OR NOT a.money) AND ${RULE_IN(3)}`,
    [JSON.stringify(ids), who.isAdmin, JSON.stringify(who.rules)],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Acknowledges each of `ids` for one person at `at`, clearing a snooze; an alert they had
 * acknowledged already keeps its first acknowledgement time.
 */
export async function acknowledgeAlertsFor(
  db: Db,
  ids: readonly number[],
  userId: string,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO alert_user_states (alert_id, user_id, acknowledged_at, snoozed_until)
     SELECT value::bigint, $2::uuid, $3::timestamptz, NULL
       FROM jsonb_array_elements_text($1::text::jsonb)
     ON CONFLICT (alert_id, user_id) DO UPDATE
       SET acknowledged_at = COALESCE(alert_user_states.acknowledged_at, EXCLUDED.acknowledged_at),
           snoozed_until = NULL`,
    [JSON.stringify(ids), userId, at],
  );
}

// -------------------------------------------------------------------------------------- digest

export interface DigestRecipient {
  id: string;
  email: string;
  role: 'admin' | 'staff' | 'user';
}

/** Approved admins, and approved others who subscribed. */
export async function listDigestRecipients(db: Db): Promise<DigestRecipient[]> {
  return db.query<DigestRecipient>(
    `SELECT u.id, u.email, u.role FROM users u
      WHERE u.approved AND (u.role = 'admin' OR EXISTS (SELECT 1 FROM digest_subscriptions d WHERE d.user_id = u.id))
      ORDER BY u.email`,
  );
}

export async function isSubscribedToDigest(db: Db, userId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM digest_subscriptions WHERE user_id = $1', [userId]);
  return rows.length > 0;
}

export async function setDigestSubscription(
  db: Db,
  userId: string,
  subscribed: boolean,
): Promise<void> {
  if (subscribed)
    await db.query(
      'INSERT INTO digest_subscriptions (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING',
      [userId],
    );
  else await db.query('DELETE FROM digest_subscriptions WHERE user_id = $1', [userId]);
}

/** Claims the week's digest for this process: true for exactly one caller, whatever the number. */
export async function claimDigestWeek(db: Db, weekStart: string, by: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO digest_weeks (week_start, claimed_by) VALUES ($1, $2)
     ON CONFLICT (week_start) DO NOTHING RETURNING week_start`,
    [weekStart, by],
  );
  return rows.length === 1;
}

export async function finishDigestWeek(db: Db, weekStart: string, outcome: string): Promise<void> {
  await db.query(`UPDATE digest_weeks SET sent_at = now(), outcome = $2 WHERE week_start = $1`, [
    weekStart,
    outcome,
  ]);
}

export interface OutboxMail {
  id: number;
  createdAt: Date;
  recipients: string[];
  subject: string;
  text: string;
  html: string | null;
}

export async function addToOutbox(
  db: Db,
  mail: { to: string[]; subject: string; text: string; html?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO mail_outbox (recipients, subject, text_body, html_body) VALUES ($1::text::jsonb, $2, $3, $4)`,
    [JSON.stringify(mail.to), mail.subject, mail.text, mail.html ?? null],
  );
}

export async function listOutbox(db: Db, limit = 50): Promise<OutboxMail[]> {
  const rows = await db.query<{
    id: number;
    created_at: Date;
    recipients: string[];
    subject: string;
    text_body: string;
    html_body: string | null;
  }>(
    `SELECT id, created_at, recipients, subject, text_body, html_body FROM mail_outbox ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    createdAt: r.created_at,
    recipients: r.recipients,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
  }));
}

/**
 * Closes the open availability alerts about the week starting `weekStart`: the week was
 * confirmed as it is. Answers how many closed.
 */
export async function closeAvailabilityAlerts(
  db: Db,
  weekStart: string,
  now: Date,
): Promise<number> {
  const rows = await db.query(
    `UPDATE alerts SET closed_at = $2
      WHERE rule = 'availability' AND closed_at IS NULL AND numbers->>'weekStart' = $1
      RETURNING id`,
    [weekStart, now],
  );
  return rows.length;
}
