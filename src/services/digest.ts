/**
 * The Monday digest (docs/decisions/202-monday-digest.md): due from Monday 08:00 in the agency's
 * zone, claimed once per week in PostgreSQL (whatever the number of processes), sent through the
 * mailer or kept in the outbox. Admins get the money figures and money alerts; subscribed
 * staff get neither.
 */
import {
  addToOutbox,
  claimDigestWeek,
  finishDigestWeek,
  listDigestRecipients,
  listOpenAlertsForDigest,
} from '../db/alerts';
import type { Db } from '../db/port';
import { costOf, readWeeklyFigures } from '../db/weekly-figures';
import { RULE_LABELS } from '../shared/alerts';
import { shiftWeek, weekEndOf } from '../shared/calendar';
import { composeDigest, DIGEST_HOUR, type DigestFigures, type DigestMail } from '../shared/digest';
import { marginPercent, roundMoney } from '../shared/money';
import { totalStoryPoints } from '../shared/story-points';
import { currentWeekStart, instantAtLocalTime } from '../shared/time-zones';
import { velocityPercentage } from '../shared/velocity';
import type { Mailer } from './mail';
import { availablePointsByWeek, readyForQaFromStore, weekOf } from './velocity';

export interface DigestDeps {
  db: Db;
  mailer?: Mailer;
  clock: () => Date;
  timeZone: string;
  qaStatus: string;
  /** Who claims the week ('node 1234@host'), kept in digest_weeks. */
  runner: string;
  log?: (line: string) => void;
}

/** The Monday of the week whose digest is due at `now`, or null before Monday 08:00. */
export function dueDigestWeek(now: Date, timeZone: string): string | null {
  const monday = currentWeekStart(now, timeZone);
  return now >= instantAtLocalTime(monday, DIGEST_HOUR, timeZone) ? monday : null;
}

/** The digest's figures for last week, with or without money. */
export async function digestFigures(
  deps: Pick<DigestDeps, 'db' | 'timeZone' | 'qaStatus'>,
  thisMonday: string,
  withMoney: boolean,
): Promise<DigestFigures> {
  const { db, timeZone } = deps;
  const weekStart = shiftWeek(thisMonday, -1);
  const weekEnd = weekEndOf(weekStart);
  const [alerts, completed, points, figures] = await Promise.all([
    listOpenAlertsForDigest(db, withMoney),
    readyForQaFromStore(db, { qaStatus: deps.qaStatus, timeZone })(weekOf(weekStart)),
    availablePointsByWeek(db, [weekStart]),
    readWeeklyFigures(db, { from: weekStart, to: weekEnd }),
  ]);
  const storyPoints = totalStoryPoints(completed.tickets);
  const availablePoints = points.get(weekStart) ?? 0;
  const invoiced = figures.invoices.reduce((sum, i) => sum + i.amount, 0);
  const cost = costOf(figures.time);
  return {
    weekStart,
    weekEnd,
    alerts: alerts.map((a) => ({
      ruleLabel: RULE_LABELS[a.rule],
      projectName: a.projectName,
      message: a.message,
      openedAt: a.openedAt.toISOString(),
    })),
    tickets: completed.tickets.map((t) => ({
      key: t.key,
      summary: t.summary,
      projectName: t.projectName,
      storyPoints: t.storyPoints,
    })),
    storyPoints,
    availablePoints,
    velocityPercentage: velocityPercentage(storyPoints, availablePoints),
    hours: figures.time.reduce((sum, t) => sum + t.minutes, 0) / 60,
    money: withMoney
      ? {
          invoiced: roundMoney(invoiced),
          cost: roundMoney(cost),
          margin: roundMoney(invoiced - cost),
          marginPercent: invoiced > 0 ? marginPercent(invoiced - cost, invoiced) : null,
        }
      : null,
  };
}

export type DigestOutcome =
  | { sent: false; reason: 'not_due' | 'claimed' }
  | { sent: true; weekStart: string; delivery: 'smtp' | 'outbox'; recipients: number };

/**
 * Sends this week's digest when it is due and no process has claimed it. A send that fails
 * leaves the mail in the outbox (and the week claimed): nobody gets it twice.
 */
export async function runDigest(deps: DigestDeps): Promise<DigestOutcome> {
  const week = dueDigestWeek(deps.clock(), deps.timeZone);
  if (!week) return { sent: false, reason: 'not_due' };
  if (!(await claimDigestWeek(deps.db, week, deps.runner)))
    return { sent: false, reason: 'claimed' };
  const recipients = await listDigestRecipients(deps.db);
  const groups = [
    { to: recipients.filter((r) => r.role === 'admin').map((r) => r.email), withMoney: true },
    { to: recipients.filter((r) => r.role !== 'admin').map((r) => r.email), withMoney: false },
  ].filter((g) => g.to.length > 0);
  let delivery: 'smtp' | 'outbox' = deps.mailer ? 'smtp' : 'outbox';
  const failures: string[] = [];
  for (const group of groups) {
    const mail: DigestMail = composeDigest(await digestFigures(deps, week, group.withMoney));
    const message = { to: group.to, ...mail };
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

/** Asks every minute (and at start) whether the digest is due; the claim lets one process send. */
export function startDigestSchedule(deps: DigestDeps, { everyMs = 60_000 } = {}) {
  const tick = () =>
    runDigest(deps).catch((error) => console.error('The Monday digest could not be sent:', error));
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
