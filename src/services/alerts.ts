/**
 * Alert evaluation after every refresh run, and what people do with alerts
 * (docs/decisions/200-alert-rules.md, 201-alert-lifecycle.md). Each rule reads stored data
 * only; a rule whose data cannot be read this time keeps its open alerts as they are.
 */
import {
  acknowledgeAlertsFor,
  closeClearedAlerts,
  countAttention,
  getAlert,
  getAlertThresholds,
  listAlerts,
  setAlertUserState,
  type AlertQuery,
  type AlertViewer,
  type StoredAlert,
  upsertOpenAlert,
  visibleAlertIds,
} from '../db/alerts';
import { isAvailabilityWeekConfirmed, readTeamAvailability } from '../db/developers';
import { accountsWithForecastCalendar } from '../db/people';
import type { Db } from '../db/port';
import { listVisibleProjects } from '../db/projects';
import { lastFinishedRefresh, lastSuccessfulRefreshAt } from '../db/sync-runs';
import { costOf, readWeeklyFigures } from '../db/weekly-figures';
import {
  type AlertFinding,
  type AlertJson,
  type AlertRule,
  RULE_LABELS,
  type AlertThresholds,
  alertRulesFor,
  availabilityRule,
  blockedRule,
  budgetBurnRule,
  marginRule,
  overdueRule,
  retainerRule,
  staleRule,
  velocityRule,
} from '../shared/alerts';
import { addCalendarDays, lastWeeks, shiftWeek, weekEndOf, weekStartOf } from '../shared/calendar';
import { currentWeekStart, isoDateInZone } from '../shared/time-zones';
import { loadBudgetBurns } from './budget-burn';
import { NotFoundError } from './errors';
import { activeSprintBlocked } from './jira/queries';
import { loadRetainerForecast } from './retainer-forecast';
import type { SlackNotifier } from './slack';
import type { PublicHolidayRegion } from '../shared/public-holidays';
import type { Role } from '../shared/roles';
import type { CurrencyCode } from '../shared/currency';
import { availablePointsByWeek, readyForQaFromStore, velocityHistory } from './velocity';

export interface AlertDeps {
  db: Db;
  now: Date;
  timeZone: string;
  qaStatus: string;
  /** Public holidays for people without a Forecast holiday calendar, as available points count them. */
  publicHolidays: PublicHolidayRegion | null;
  /** COMPANY_CURRENCY: of costs, budget burn and margins in the alerts' messages. */
  companyCurrency: CurrencyCode;
  slack?: SlackNotifier;
  log?: (line: string) => void;
}

type RuleGroup = { rules: AlertRule[]; find: () => Promise<AlertFinding[]> };

/** The findings of every rule, grouped by the data each reads. */
function ruleGroups(deps: AlertDeps, t: AlertThresholds): RuleGroup[] {
  const { db, now, timeZone, companyCurrency } = deps;
  const today = isoDateInZone(now, timeZone);
  const projects = listVisibleProjects(db);
  const thisWeek = currentWeekStart(now, timeZone);
  return [
    {
      rules: ['overdue'],
      find: async () =>
        (await projects).flatMap((p) => {
          const f = overdueRule(
            {
              projectId: p.id,
              name: p.name,
              overdueAmount: p.forecastOverdueAmount,
              overdueSince: p.overdueSince ?? null,
              currency: p.forecastCurrency ?? companyCurrency,
            },
            today,
            t,
          );
          return f ? [f] : [];
        }),
    },
    {
      rules: ['budget_burn'],
      find: async () =>
        (await loadBudgetBurns(db, today, companyCurrency)).projects.flatMap((b) => {
          const f = budgetBurnRule(
            { projectId: b.projectId, name: b.name, burn: b, currency: companyCurrency },
            t,
          );
          return f ? [f] : [];
        }),
    },
    {
      rules: ['retainer'],
      find: async () => {
        const retainers = (await projects).filter((p) => p.forecastBudgetType === 'RETAINER');
        const found: AlertFinding[] = [];
        for (const p of retainers) {
          const forecast = (await loadRetainerForecast(db, p.id, today, companyCurrency))?.forecast;
          if (!forecast) continue;
          const f = retainerRule(
            {
              projectId: p.id,
              name: p.name,
              target: forecast.target,
              projected: forecast.projected,
              periodNumber: forecast.periodNumber,
              currency: p.forecastCurrency ?? companyCurrency,
            },
            t,
          );
          if (f) found.push(f);
        }
        return found;
      },
    },
    {
      rules: ['margin'],
      find: async () => {
        const weeks = lastWeeks(shiftWeek(thisWeek, -1), 4);
        const figures = await readWeeklyFigures(db, {
          from: weeks[0]!,
          to: weekEndOf(weeks[weeks.length - 1]!),
        });
        return (await projects).flatMap((p) => {
          if (p.forecastProjectId === null) return [];
          // Only invoices in the company currency can be set against its costs.
          const invoiced = figures.invoices
            .filter(
              (i) =>
                i.forecastProjectId === p.forecastProjectId &&
                (i.currency ?? companyCurrency) === companyCurrency,
            )
            .reduce((sum, i) => sum + i.amount, 0);
          const cost = costOf(
            figures.time.filter((x) => x.forecastProjectId === p.forecastProjectId),
          );
          const f = marginRule(
            { projectId: p.id, name: p.name, invoiced, cost, currency: companyCurrency },
            t,
          );
          return f ? [f] : [];
        });
      },
    },
    {
      rules: ['velocity'],
      find: async () => {
        const history = await velocityHistory(
          {
            db,
            readyForQa: readyForQaFromStore(db, { qaStatus: deps.qaStatus, timeZone }),
            timeZone,
            publicHolidays: deps.publicHolidays,
            now,
          },
          3,
        );
        const finished = history.slice(0, 2);
        const points = await availablePointsByWeek(
          db,
          finished.map((w) => w.weekStart),
          deps.publicHolidays,
        );
        const f = velocityRule(
          finished.map((w) => ({ ...w, availablePoints: points.get(w.weekStart) ?? 0 })),
          t,
        );
        return f ? [f] : [];
      },
    },
    {
      rules: ['blocked'],
      find: async () => {
        const names = new Map((await projects).map((p) => [p.id, p.name]));
        return (await activeSprintBlocked(db)).flatMap((s) => {
          const name = names.get(s.projectId);
          if (name === undefined) return [];
          const f = blockedRule({ ...s, name }, t);
          return f ? [f] : [];
        });
      },
    },
    {
      rules: ['stale'],
      find: async () => {
        const [last, success] = await Promise.all([
          lastFinishedRefresh(db),
          lastSuccessfulRefreshAt(db),
        ]);
        const failed =
          last && last.outcome === 'failed'
            ? { at: last.finishedAt ?? last.startedAt, reason: last.failure ?? 'no reason given' }
            : null;
        const f = staleRule({ lastSuccessAt: success, lastFailed: failed, now }, t);
        return f ? [f] : [];
      },
    },
    {
      rules: ['availability'],
      find: async () => {
        const next = shiftWeek(weekStartOf(today), 1);
        const friday = addCalendarDays(next, 4);
        const [{ developers, cells }, described, confirmed] = await Promise.all([
          readTeamAvailability(db, { from: next, to: friday }),
          accountsWithForecastCalendar(db),
          isAvailabilityWeekConfirmed(db, next),
        ]);
        return developers.flatMap((d) => {
          const f = availabilityRule(
            {
              accountId: d.accountId,
              displayName: d.displayName,
              daysSavedNextWeek: cells.filter((c) => c.accountId === d.accountId).length,
              forecastCalendar: described.has(d.accountId),
              weekConfirmed: confirmed,
              employedNextWeek:
                (d.startDate === null || d.startDate <= friday) &&
                (d.endDate === null || d.endDate >= next),
            },
            today,
            next,
            t,
          );
          return f ? [f] : [];
        });
      },
    },
  ];
}

export interface EvaluationResult {
  opened: AlertFinding[];
  open: number;
  closed: number;
  /** Rules whose data could not be read: their alerts stay as they were. */
  skipped: AlertRule[];
}

/** Evaluates every rule, opens, refreshes and closes alerts; Slack hears of the new ones. */
export async function evaluateAlerts(deps: AlertDeps): Promise<EvaluationResult> {
  const thresholds = await getAlertThresholds(deps.db);
  const evaluated: AlertRule[] = [];
  const skipped: AlertRule[] = [];
  const findings: AlertFinding[] = [];
  for (const group of ruleGroups(deps, thresholds)) {
    try {
      findings.push(...(await group.find()));
      evaluated.push(...group.rules);
    } catch (error) {
      skipped.push(...group.rules);
      deps.log?.(
        `Alert rules ${group.rules.join(', ')} could not be evaluated: ${(error as Error).message}`,
      );
    }
  }
  const opened: AlertFinding[] = [];
  for (const f of findings) {
    const { opened: isNew } = await upsertOpenAlert(deps.db, f, deps.now);
    if (isNew) opened.push(f);
  }
  const closed = await closeClearedAlerts(deps.db, evaluated, findings, deps.now);
  if (opened.length > 0) await deps.slack?.alertsOpened(opened);
  return { opened, open: findings.length, closed, skipped };
}

// ----------------------------------------------------------------------------- people's views

export function toAlertJson(a: StoredAlert): AlertJson {
  return {
    id: a.id,
    rule: a.rule,
    ruleLabel: RULE_LABELS[a.rule],
    projectId: a.projectId,
    projectName: a.projectName,
    status: a.closedAt ? 'closed' : 'open',
    openedAt: a.openedAt.toISOString(),
    lastSeenAt: a.lastSeenAt.toISOString(),
    closedAt: a.closedAt?.toISOString() ?? null,
    message: a.message,
    numbers: a.numbers,
    acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
    snoozedUntil: a.snoozedUntil?.toISOString() ?? null,
  };
}

export type Viewer = AlertViewer;

/** A person as alerts see them: admins read money, each role the rules it can act on. */
export const viewerOf = (user: { id: string; role: Role }): Viewer => ({
  userId: user.id,
  isAdmin: user.role === 'admin',
  rules: alertRulesFor(user.role),
});

export function listAlertsFor(db: Db, viewer: Viewer, filters: Omit<AlertQuery, keyof Viewer>) {
  return listAlerts(db, { ...viewer, ...filters });
}

export function attentionCounts(db: Db, viewer: Viewer, now: Date) {
  return countAttention(db, viewer, now);
}

/** The bell's count, or null when it cannot be read (the page still renders). */
export async function bellCount(db: Db, viewer: Viewer, now: Date): Promise<number | null> {
  try {
    return (await countAttention(db, viewer, now)).total;
  } catch (error) {
    console.error('Could not count the alerts for the bell:', error);
    return null;
  }
}

async function visibleAlert(db: Db, id: number, viewer: Viewer): Promise<StoredAlert> {
  // A money alert is 'not found' for a non-admin, the same as one that does not exist.
  const alert = await getAlert(db, id, viewer);
  if (!alert) throw new NotFoundError('No alert with this id.');
  return alert;
}

export async function acknowledgeAlert(db: Db, id: number, viewer: Viewer, now: Date) {
  await visibleAlert(db, id, viewer);
  await setAlertUserState(db, id, viewer.userId, { acknowledgedAt: now, snoozedUntil: null });
  return visibleAlert(db, id, viewer);
}

/**
 * Acknowledges several alerts for one person at once, all or none: an id the person may not see
 * (or that does not exist) refuses the whole call, naming it, and changes nothing. Answers the
 * person's new attention count, the bell's number.
 */
export async function acknowledgeAlerts(
  db: Db,
  ids: readonly number[],
  viewer: Viewer,
  now: Date,
): Promise<{ acknowledged: number; attention: number }> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const visible = new Set(await visibleAlertIds(tx, unique, viewer));
    const missing = unique.filter((id) => !visible.has(id));
    if (missing.length > 0)
      throw new NotFoundError(
        `No alert with ${missing.length === 1 ? 'id' : 'ids'} ${missing.join(', ')}. Nothing was acknowledged.`,
      );
    await acknowledgeAlertsFor(tx, unique, viewer.userId, now);
  });
  const counts = await countAttention(db, viewer, now);
  return { acknowledged: unique.length, attention: counts.total };
}

export async function snoozeAlert(db: Db, id: number, viewer: Viewer, until: Date) {
  await visibleAlert(db, id, viewer);
  await setAlertUserState(db, id, viewer.userId, { acknowledgedAt: null, snoozedUntil: until });
  return visibleAlert(db, id, viewer);
}

/** Undoes this person's acknowledgement or snooze. */
export async function reopenAlertForMe(db: Db, id: number, viewer: Viewer) {
  await visibleAlert(db, id, viewer);
  await setAlertUserState(db, id, viewer.userId, { acknowledgedAt: null, snoozedUntil: null });
  return visibleAlert(db, id, viewer);
}

/**
 * The refresh runner's afterRun hook: evaluates the rules after every run (scheduled, Sync now,
 * a billing sync, a link). Evaluations in one process run one after another.
 */
export function alertsAfterRun(deps: Omit<AlertDeps, 'now'> & { clock: () => Date }) {
  let chain: Promise<unknown> = Promise.resolve();
  return (): Promise<void> => {
    const next = chain.then(() => evaluateAlerts({ ...deps, now: deps.clock() }));
    chain = next.catch(() => {});
    return next.then(() => {});
  };
}
