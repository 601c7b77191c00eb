/**
 * The Monday digest (docs/decisions/202-monday-digest.md): due from Monday 08:00 in the agency's
 * zone, asked for by the job queue, sent once per week (its week's row in PostgreSQL, whatever
 * the number of processes or of times the queue hands out a job), through the mailer or kept in
 * the outbox. Admins get the money figures and money alerts; subscribed
 * staff get neither.
 */
import { addToOutbox, claimDigestWeek, finishDigestWeek, listDigestRecipients } from '../db/alerts';
import type { Db } from '../db/port';
import { ALERT_RULES, needsAttention } from '../shared/alerts';
import { type CurrencyCode, DEFAULT_COMPANY_CURRENCY } from '../shared/currency';
import { shiftWeek, weekEndOf } from '../shared/calendar';
import { composeDigest, DIGEST_HOUR, type DigestFigures, type DigestMail } from '../shared/digest';
import { currentWeekStart, instantAtLocalTime } from '../shared/time-zones';
import { loadAgencyWeek } from './agency-time';
import { loadTrends } from './trends';
import { attentionCounts, toAlertJson, listAlertsFor, type Viewer, viewerOf } from './alerts';
import type { Mailer } from './mail';
import type { PublicHolidayRegion } from '../shared/public-holidays';
import { readyForQaFromStore, weekSummary } from './velocity';
import { JOB, type JobWorkers } from './live/jobs';

export interface DigestDeps {
  db: Db;
  mailer?: Mailer;
  clock: () => Date;
  timeZone: string;
  qaStatus: string;
  /** Public holidays for people without a Forecast holiday calendar, as available points count them. */
  publicHolidays: PublicHolidayRegion | null;
  /** COMPANY_CURRENCY: the currency of the week's cost and margin; USD when unset. */
  companyCurrency?: CurrencyCode;
  /** The dashboard's public origin for the digest's links; unset leaves them relative. */
  origin?: string;
  /** Who claims the week ('node 1234@host'), kept in digest_weeks. */
  runner: string;
  log?: (line: string) => void;
}

/** The Monday of the week whose digest is due at `now`, or null before Monday 08:00. */
export function dueDigestWeek(now: Date, timeZone: string): string | null {
  const monday = currentWeekStart(now, timeZone);
  return now >= instantAtLocalTime(monday, DIGEST_HOUR, timeZone) ? monday : null;
}

/**
 * The digest's figures for last week as `recipient` would read them at `now`: the open alerts
 * are the bell's count for that person at that moment (with the alerts behind it), the week's
 * hours and money are Weekly Hours' own figures for the week, and the margin is Trends'
 * cumulative one on that week's row (docs/figures.md).
 */
export async function digestFigures(
  deps: Pick<
    DigestDeps,
    'db' | 'timeZone' | 'qaStatus' | 'publicHolidays' | 'origin' | 'companyCurrency'
  >,
  thisMonday: string,
  recipient: Viewer,
  now: Date,
): Promise<DigestFigures> {
  const { db, timeZone } = deps;
  const weekStart = shiftWeek(thisMonday, -1);
  const weekEnd = weekEndOf(weekStart);
  const currency = deps.companyCurrency ?? DEFAULT_COMPANY_CURRENCY;
  const [alerts, attention, delivery, week, trends] = await Promise.all([
    listAlertsFor(db, recipient, { status: 'open' }),
    attentionCounts(db, recipient, now),
    weekSummary(
      {
        db,
        readyForQa: readyForQaFromStore(db, { qaStatus: deps.qaStatus, timeZone }),
        timeZone,
        publicHolidays: deps.publicHolidays,
        now,
      },
      weekStart,
    ),
    loadAgencyWeek(db, weekStart, currency),
    recipient.isAdmin ? loadTrends(db, thisMonday, currency) : null,
  ]);
  const { completed } = delivery;
  // Grouped by rule in the rules' own order, oldest first within a rule.
  const needing = alerts
    .map(toAlertJson)
    .filter((a) => needsAttention(a, now))
    .sort(
      (a, b) =>
        ALERT_RULES.indexOf(a.rule) - ALERT_RULES.indexOf(b.rule) ||
        a.openedAt.localeCompare(b.openedAt),
    );
  // The margin as Trends reads it this week: the running total on the digest week's row.
  const trendWeek = trends?.agency.find((w) => w.weekStart === weekStart);
  return {
    weekStart,
    weekEnd,
    composedAt: now.toISOString(),
    timeZone,
    openAlerts: attention.total,
    alerts: needing.map((a) => ({
      ruleLabel: a.ruleLabel,
      projectName: a.projectName,
      message: a.message,
      openedAt: a.openedAt,
    })),
    tickets: completed.tickets.map((t) => ({
      key: t.key,
      summary: t.summary,
      projectName: t.projectName,
      storyPoints: t.storyPoints,
    })),
    storyPoints: delivery.storyPoints,
    trackedStoryPoints: delivery.trackedStoryPoints,
    availablePoints: delivery.availablePoints,
    velocityPercentage: delivery.velocityPercentage,
    hours: week.totalHours,
    money:
      recipient.isAdmin && trends && trendWeek
        ? {
            invoiced: week.totalInvoicesSent,
            cost: week.totalInternalCost,
            cumulativeMargin: trendWeek.cumulativeMargin,
            marginSince: trends.agency[0]!.weekStart,
            currency,
          }
        : null,
    origin: deps.origin ?? '',
  };
}

export type DigestOutcome =
  | { sent: false; reason: 'not_due' | 'claimed' }
  | { sent: true; weekStart: string; delivery: 'smtp' | 'outbox'; recipients: number };

/**
 * Sends this week's digest when it is due and no process has claimed it. The claim is what
 * makes the queue's at-least-once job send at most once: a job handed out again (its process
 * died mid-send, or two processes asked) finds the week claimed. A send that fails leaves the
 * mail in the outbox (and the week claimed): nobody gets it twice.
 */
export async function runDigest(deps: DigestDeps): Promise<DigestOutcome> {
  const week = dueDigestWeek(deps.clock(), deps.timeZone);
  if (!week) return { sent: false, reason: 'not_due' };
  if (!(await claimDigestWeek(deps.db, week, deps.runner)))
    return { sent: false, reason: 'claimed' };
  const recipients = await listDigestRecipients(deps.db);
  let delivery: 'smtp' | 'outbox' = deps.mailer ? 'smtp' : 'outbox';
  const failures: string[] = [];
  // One mail per person: each reads their own bell's count (acknowledged and snoozed alerts
  // are per person), counted when their mail is composed.
  for (const recipient of recipients) {
    const viewer = viewerOf(recipient);
    const mail: DigestMail = composeDigest(await digestFigures(deps, week, viewer, deps.clock()));
    const message = { to: [recipient.email], ...mail };
    if (deps.mailer) {
      try {
        await deps.mailer.send(message);
        continue;
      } catch (error) {
        failures.push((error as Error).message);
        delivery = 'outbox';
      }
    }
    await addToOutbox(deps.db, message);
  }
  const outcome = failures.length
    ? `kept in the outbox: ${failures.join('; ')}`
    : `${delivery}, ${recipients.length} recipients`;
  await finishDigestWeek(deps.db, week, outcome);
  deps.log?.(JSON.stringify({ event: 'digest', week, outcome }));
  return { sent: true, weekStart: week, delivery, recipients: recipients.length };
}

/**
 * When the queue asks whether the digest is due: every hour on the hour in the agency's zone,
 * so a week's digest goes out at Monday 08:00, or within the hour after a failed try.
 */
export const DIGEST_CRON = '0 * * * *';

/**
 * The digest on the job queue (docs/decisions/403-catch-up-and-scheduling-on-the-queue.md): the
 * engine adds one job per hour across every process and retries a failed one with backoff; this
 * process asks once at start too. Nothing runs before `after`: at start that is the first
 * refresh and alert pass, so a digest due at start reports the alerts the bell shows, not an
 * empty table before they were evaluated.
 */
export async function startDigestJobs(
  jobs: JobWorkers,
  deps: DigestDeps,
  { after = Promise.resolve() }: { after?: Promise<unknown> } = {},
): Promise<void> {
  await after.catch(() => {});
  await jobs.work({
    [JOB.digest]: async () => {
      await runDigest(deps);
    },
  });
  await jobs.schedule(JOB.digest, DIGEST_CRON, deps.timeZone);
  await jobs.send(JOB.digest, {});
  jobs.wake(JOB.digest);
}
