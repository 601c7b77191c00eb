/**
 * Utilisation per person over a run of weeks, from stored data only (docs/decisions/395-
 * utilisation-18f.md): the roster's people with a Forecast person, their calendars (working
 * week, employment, holidays, leave, days marked by hand), Forecast's billable minutes and
 * project allocations, and the targets. Hours and percentages only.
 */
import type { Config } from '../config';
import { readAllocations, readHolidays } from '../db/capacity';
import { insertAuditEntry } from '../db/audit';
import type { Db } from '../db/port';
import {
  readBillableMinutes,
  readKnownRoles,
  readMarkedDays,
  readPersonTargets,
  readRegisteredTimeOff,
  readRoleTargets,
  setRoleTarget,
} from '../db/utilisation';
import { addCalendarDays, type IsoDate, shiftWeek, weekStartOf } from '../shared/calendar';
import { leaveMinutes, outOfOfficeMinutes } from '../shared/capacity';
import { type PublicHolidayRegion, publicHolidays } from '../shared/public-holidays';
import { byName, type PersonCalendar } from '../shared/roster';
import { isoDateInZone } from '../shared/time-zones';
import {
  allocatedMinutesByDate,
  type DatedTarget,
  personUtilisation,
  targetOn,
  type UtilisationPerson,
} from '../shared/utilisation';
import type { Actor } from './availability';
import { loadRoster } from './roster';

export interface UtilisationOptions {
  /** Any day of the first week. */
  from: IsoDate;
  weeks: number;
  /** The agency's today: billable hours count up to it, allocations after it. */
  today: IsoDate;
  publicHolidays: PublicHolidayRegion | null;
}

/** A person's figures with what the page says of them besides the call's fields. */
export interface UtilisationRow extends UtilisationPerson {
  /** Hours still short of the target, unrounded minutes; 0 when met; null without a target. */
  shortByMinutes: number | null;
  /** Whether the target is the person's own (else their role's default). */
  ownTarget: boolean;
}

export interface UtilisationAnswer {
  weeks: IsoDate[];
  people: UtilisationRow[];
}

const NO_DAYS: ReadonlyMap<IsoDate, number> = new Map();

export async function loadUtilisation(
  db: Db,
  options: UtilisationOptions,
): Promise<UtilisationAnswer> {
  const first = weekStartOf(options.from);
  const weeks = Array.from({ length: options.weeks }, (_, i) => shiftWeek(first, i));
  const range = { from: first, to: addCalendarDays(weeks.at(-1)!, 6) };
  const [roster, holidays, allocations, billable, timeOff, marked, targets, roleTargets] =
    await Promise.all([
      loadRoster(db),
      readHolidays(db, range.from, range.to),
      readAllocations(db, range.from, range.to),
      readBillableMinutes(db, range),
      readRegisteredTimeOff(db, range),
      readMarkedDays(db, range),
      readPersonTargets(db),
      readRoleTargets(db),
    ]);
  const calendars = new Map<number, Map<IsoDate, string>>();
  for (const h of holidays) {
    const days = calendars.get(h.holidayCalendarId) ?? new Map<IsoDate, string>();
    days.set(h.date, h.name);
    calendars.set(h.holidayCalendarId, days);
  }
  const publicDays = options.publicHolidays
    ? publicHolidays(options.publicHolidays, range.from, range.to)
    : new Map<IsoDate, string>();
  const rowsById = new Map(roster.rows.map((r) => [r.id, r]));

  const people: UtilisationRow[] = [];
  for (const person of [...roster.people].sort(byName)) {
    const row = rowsById.get(person.id);
    if (!row || row.forecastPersonId === null || row.workingWeek === null) continue;
    const forecastId = row.forecastPersonId;
    const calendar: PersonCalendar = {
      workingWeek: row.workingWeek,
      employment: { startDate: person.startDate, endDate: person.endDate },
      holidays:
        row.holidayCalendarId !== null
          ? (calendars.get(row.holidayCalendarId) ?? new Map<IsoDate, string>())
          : publicDays,
      leaveMinutes: outOfOfficeMinutes(
        leaveMinutes(forecastId, allocations, range.from, range.to),
        timeOff.get(forecastId) ?? NO_DAYS,
      ),
      marked:
        row.tracked && row.jiraAccountId !== null
          ? (marked.get(row.jiraAccountId) ?? new Map())
          : new Map(),
    };
    const own: DatedTarget[] = targets.get(person.id) ?? [];
    const roleDefault = person.role !== null ? (roleTargets[person.role] ?? null) : null;
    const target = targetOn(first, own, roleDefault);
    const result = personUtilisation({
      calendar,
      billableMinutes: billable.get(forecastId) ?? NO_DAYS,
      allocatedMinutes: allocatedMinutesByDate(forecastId, allocations, range.from, range.to),
      weeks,
      targetPercent: target,
      today: options.today,
    });
    // Nobody to judge: not employed in these weeks and nothing billed.
    if (result.period.availableHours === 0 && result.period.billableHours === 0) continue;
    people.push({
      id: person.id,
      name: person.name,
      team: person.team,
      role: person.role,
      targetPercent: result.targetPercent,
      weeks: result.weeks,
      period: result.period,
      shortByMinutes: result.shortByMinutes,
      ownTarget: target !== null && targetOn(first, own, null) === target,
    });
  }
  return { weeks, people };
}

/** The call's answer: exactly the fields of GET /api/utilisation. */
export function utilisationResponse(answer: UtilisationAnswer) {
  return {
    people: answer.people.map(
      (p): UtilisationPerson => ({
        id: p.id,
        name: p.name,
        team: p.team,
        role: p.role,
        targetPercent: p.targetPercent,
        weeks: p.weeks,
        period: p.period,
      }),
    ),
  };
}

/** Utilisation for the agency's weeks: the same for the call and the page. */
export function utilisationFor(
  deps: { db: Db; config: Config; clock: () => Date },
  q: { from: IsoDate; weeks: number },
): Promise<UtilisationAnswer> {
  return loadUtilisation(deps.db, {
    ...q,
    today: isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE),
    publicHolidays: deps.config.publicHolidays,
  });
}

// ----------------------------------------------------------------------------- the targets

export interface RoleTargets {
  /** Each role's default target, by Forecast's role names, sorted; roles without one are left out. */
  roles: { role: string; targetPercent: number }[];
  /** The roles Forecast's persons have, for choosing one. */
  knownRoles: string[];
}

export async function loadRoleTargets(db: Db): Promise<RoleTargets> {
  const [targets, knownRoles] = await Promise.all([readRoleTargets(db), readKnownRoles(db)]);
  return {
    roles: Object.entries(targets)
      .map(([role, targetPercent]) => ({ role, targetPercent }))
      .sort((a, b) => a.role.localeCompare(b.role)),
    knownRoles,
  };
}

/** Sets one role's default target (null removes it), audited. */
export async function changeRoleTarget(
  db: Db,
  change: { role: string; targetPercent: number | null },
  actor: Actor,
): Promise<RoleTargets> {
  await db.transaction(async (tx) => {
    const { before, after } = await setRoleTarget(tx, change.role, change.targetPercent);
    if (before === after) return;
    await insertAuditEntry(tx, {
      actor,
      kind: 'settings.utilisation-target',
      target: change.role,
      summary:
        after === null
          ? `No default utilisation target for ${change.role}`
          : `Default utilisation target of ${change.role} set to ${after}%`,
      before: { targetPercent: before },
      after: { targetPercent: after },
    });
  });
  return loadRoleTargets(db);
}
