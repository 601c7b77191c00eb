/**
 * The Developer Availability use cases that the settings page and the API share: the stored
 * availability as the grid reads it, and a save that merges one person's edits
 * (docs/decisions/060-availability-save-merge.md).
 */
import { closeAvailabilityAlerts } from '../db/alerts';
import { insertAuditEntry } from '../db/audit';
import {
  confirmAvailabilityWeek,
  applyAvailabilityChange,
  getStoryPointsPerDeveloperDay,
  listCells,
  readTeamAvailability,
  listSelectedDevelopers,
  setEmploymentDate,
  setStoryPointsPerDeveloperDay,
  type AvailabilityCell,
  type EmploymentEdge,
} from '../db/developers';
import type { Db } from '../db/port';
import {
  type AvailabilityResponse,
  type AvailabilitySave,
  isEmployedOn,
} from '../shared/availability';
import { BadInputError } from './errors';
import type { JiraClient } from './jira/client';
import { type IsoDate, weekDays, weekStartOf } from '../shared/calendar';
import type { PublicHolidayRegion } from '../shared/public-holidays';
import { loadDerivedDays } from './capacity';
import { refreshStoredWeekPoints } from './velocity';
import { rebuildRoster } from './roster';

/** Who makes a change, for the audit log (docs/decisions/166). */
export interface Actor {
  id: string | null;
  email: string;
}

/** What the grid's answer needs besides the database: the week to derive days for, and where public holidays come from. */
export interface AvailabilityView {
  /** Any day of the week whose derived days are sent; they cover its Monday to Friday. */
  weekStart: IsoDate;
  publicHolidays: PublicHolidayRegion | null;
}

/**
 * The 'Developer availability response' (docs/product-spec.md, "Entities and their fields"), plus
 * the names and dates of the selection for the grid and the week's days derived from Forecast and
 * the public holidays.
 */
export async function availabilityResponse(
  db: Db,
  view: AvailabilityView,
): Promise<AvailabilityResponse> {
  const { developers: selected, cells } = await readTeamAvailability(db);
  const week = weekDays(weekStartOf(view.weekStart));
  const derived: AvailabilityResponse['derived'] = {};
  for (const d of await loadDerivedDays(
    db,
    selected.map((d) => d.accountId),
    { from: week[0]!, to: week[4]! },
    view.publicHolidays,
  )) {
    derived[d.accountId] = { ...derived[d.accountId], [d.date]: d.source };
  }
  const nameOf = new Map(selected.map((d) => [d.accountId, d.displayName]));
  const developers: AvailabilityResponse['developers'] = {};
  for (const d of selected) developers[d.displayName] ??= {};
  for (const cell of cells) developers[nameOf.get(cell.accountId)!]![cell.date] = cell.isAway;
  return {
    developers,
    selectedDevelopersList: selected.map((d) => d.accountId),
    developersWithEndDates: selected
      .filter((d) => d.startDate || d.endDate)
      .map((d) => ({
        accountId: d.accountId,
        ...(d.startDate ? { startDate: d.startDate } : {}),
        ...(d.endDate ? { endDate: d.endDate } : {}),
      })),
    selectedDevelopers: selected,
    derived,
    derivedWeek: week[0]!,
  };
}

/**
 * Saves additions, named removals and the changed cells in one transaction and answers the
 * stored availability (docs/decisions/165): a member is removed only when `removeDevelopers`
 * names them, so a body with an empty list changes nothing. Throws BadInputError, with nothing
 * saved, for an account id Jira does not know, a removal of someone not selected, or a name that
 * is not exactly one selected member; UpstreamError when Jira cannot be asked.
 */
export async function saveAvailability(
  db: Db,
  jira: JiraClient,
  input: AvailabilitySave,
  actor: Actor,
  view: AvailabilityView & { now: Date },
): Promise<AvailabilityResponse> {
  const current = await listSelectedDevelopers(db);
  const currentIds = new Set(current.map((d) => d.accountId));
  const wanted = new Set(input.selectedDevelopersList);
  const remove = [...new Set(input.removeDevelopers ?? [])];
  const notSelected = remove.filter((id) => !currentIds.has(id));
  if (notSelected.length > 0)
    throw new BadInputError(
      `Cannot remove ${notSelected.slice(0, 3).join(', ')}: not a selected team member. Nothing was saved.`,
    );
  const both = remove.filter((id) => wanted.has(id));
  if (both.length > 0)
    throw new BadInputError(
      `${both.slice(0, 3).join(', ')} is both kept in selectedDevelopersList and named in removeDevelopers. Nothing was saved.`,
    );
  const newIds = [...wanted].filter((id) => !currentIds.has(id));

  // Names of developers added by this save come from Jira, which also proves the ids exist.
  const add: { accountId: string; displayName: string }[] = [];
  if (newIds.length > 0) {
    const users = await jira.listUsers();
    const byId = new Map(users.map((u) => [u.accountId, u.displayName]));
    const unknown = newIds.filter((id) => !byId.has(id));
    if (unknown.length > 0)
      throw new BadInputError(
        `Unknown Jira account id: ${unknown.slice(0, 3).join(', ')}. Nothing was saved.`,
      );
    for (const id of newIds) add.push({ accountId: id, displayName: byId.get(id)!.slice(0, 255) });
  }

  // The grid names developers by display name (docs/product-spec.md,
  // "Entities and their fields"); each name must mean one developer.
  // Members added by this save have no employment dates yet.
  const kept: {
    accountId: string;
    displayName: string;
    startDate?: IsoDate | null;
    endDate?: IsoDate | null;
  }[] = [...current.filter((d) => !remove.includes(d.accountId)), ...add];
  const idsByName = new Map<string, string[]>();
  for (const d of kept)
    idsByName.set(d.displayName, [...(idsByName.get(d.displayName) ?? []), d.accountId]);
  const cells: AvailabilityCell[] = [];
  for (const [name, days] of Object.entries(input.developers)) {
    const ids = idsByName.get(name);
    if (!ids)
      throw new BadInputError(`"${name}" is not a selected team member. Nothing was saved.`);
    if (ids.length > 1)
      throw new BadInputError(
        `Two selected team members are both named "${name}". Nothing was saved.`,
      );
    const member = kept.find((d) => d.accountId === ids[0])!;
    for (const [date, isAway] of Object.entries(days)) {
      const outside = outsideEmployment(member, date);
      if (outside)
        throw new BadInputError(
          `${name} ${outside} on ${date}: a day outside employment cannot be marked. Nothing was saved.`,
        );
      cells.push({ accountId: ids[0]!, date, isAway });
    }
  }

  await db.transaction(async (tx) => {
    const old = await listCells(tx, cells);
    await applyAvailabilityChange(tx, { add, remove, cells });
    const nameOf = new Map([...current, ...add].map((d) => [d.accountId, d.displayName]));
    const oldValue = new Map(old.map((cell) => [`${cell.accountId} ${cell.date}`, cell.isAway]));
    const changed = cells.filter(
      (cell) => (oldValue.get(`${cell.accountId} ${cell.date}`) ?? null) !== cell.isAway,
    );
    if (add.length + remove.length + changed.length > 0) {
      const days = (value: (cell: AvailabilityCell) => boolean | null) => {
        const out: Record<string, Record<string, boolean | null>> = {};
        for (const cell of changed) {
          const name = nameOf.get(cell.accountId) ?? cell.accountId;
          out[name] = { ...out[name], [cell.date]: value(cell) };
        }
        return out;
      };
      const parts = [
        add.length ? `added ${add.map((d) => d.displayName).join(', ')}` : '',
        remove.length ? `removed ${remove.map((id) => nameOf.get(id) ?? id).join(', ')}` : '',
        changed.length ? `${changed.length} day${changed.length === 1 ? '' : 's'} changed` : '',
      ].filter(Boolean);
      await insertAuditEntry(tx, {
        actor,
        kind: 'developers.availability',
        target: 'Developer availability',
        summary: `${parts.join('; ')[0]!.toUpperCase()}${parts.join('; ').slice(1)}`,
        before: {
          team: current.map((d) => d.displayName),
          days: days((cell) => oldValue.get(`${cell.accountId} ${cell.date}`) ?? null),
        },
        after: {
          team: [...current.filter((d) => !remove.includes(d.accountId)), ...add].map(
            (d) => d.displayName,
          ),
          days: days((cell) => cell.isAway),
        },
      });
    }
    // Tracked is the roster's flag: someone added who matches nobody gets a row of their own.
    if (add.length + remove.length > 0) await rebuildRoster(tx, { now: view.now });
    // Only finished weeks whose away days this save corrects; the selection never reaches them.
    await refreshStoredWeekPoints(
      tx,
      cells.map((cell) => weekStartOf(cell.date)),
      view.publicHolidays,
    );
  });
  return availabilityResponse(db, view);
}

/** Why a day lies outside someone's employment ('starts 2026-12-07', 'left on 2026-11-20'), or null. */
function outsideEmployment(
  dates: { startDate?: IsoDate | null; endDate?: IsoDate | null },
  date: IsoDate,
): string | null {
  const employment = { startDate: dates.startDate ?? null, endDate: dates.endDate ?? null };
  if (isEmployedOn(employment, date)) return null;
  return employment.startDate && date < employment.startDate
    ? `starts ${employment.startDate}, so is not employed`
    : `left on ${employment.endDate}, so is not employed`;
}

/**
 * Sets or clears a selected developer's first or last day: from the current week on, since
 * finished weeks keep the dates they were stored with (docs/decisions/165). Throws
 * BadInputError for an unknown developer or a range that would end before it starts.
 */
export async function saveEmploymentDate(
  db: Db,
  accountId: string,
  edge: EmploymentEdge,
  date: IsoDate | null,
  actor: Actor,
) {
  const result = await db.transaction(async (tx) => {
    const before = (await listSelectedDevelopers(tx)).find((d) => d.accountId === accountId);
    const r = await setEmploymentDate(tx, accountId, edge, date);
    const field = edge === 'start' ? 'startDate' : 'endDate';
    if (r.ok && before && before[field] !== r.developer[field])
      await insertAuditEntry(tx, {
        actor,
        kind: 'developers.employment',
        target: r.developer.displayName,
        summary: `${edge === 'start' ? 'Start' : 'End'} date ${before[field] ?? 'none'} → ${r.developer[field] ?? 'none'}`,
        before: { [field]: before[field] },
        after: { [field]: r.developer[field] },
      });
    return r;
  });
  if (result.ok) return result.developer;
  if (result.reason === 'unknown-developer')
    throw new BadInputError(`Unknown account id: ${accountId} is not a selected team member.`);
  const other = edge === 'end' ? result.developer?.startDate : result.developer?.endDate;
  throw new BadInputError(
    edge === 'end'
      ? `The end date ${date} is before the start date ${other}.`
      : `The start date ${date} is after the end date ${other}.`,
  );
}

/**
 * Sets the points one developer-day is worth, from the current week on: finished weeks keep the
 * setting they were stored with (docs/decisions/165).
 */
export async function saveStoryPointsPerDeveloperDay(
  db: Db,
  points: number,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getStoryPointsPerDeveloperDay(tx);
    await setStoryPointsPerDeveloperDay(tx, points);
    if (before !== points)
      await insertAuditEntry(tx, {
        actor,
        kind: 'settings.points-per-day',
        target: 'Story points per developer day',
        summary: `Story points per developer day ${before} → ${points}`,
        before: { storyPointsPerDeveloperDay: before },
        after: { storyPointsPerDeveloperDay: points },
      });
  });
}

/**
 * "Confirm week": the week of the availability grid holding `weekStart` is right as it is. Saved
 * and audited in one transaction, and the week's open availability alerts close
 * (docs/decisions/392-alerts-people-can-act-on.md); the rule stays quiet for it from then on.
 */
export async function confirmAvailabilityWeekAsIs(
  db: Db,
  weekStart: IsoDate,
  actor: Actor,
  now: Date,
): Promise<{ weekStart: IsoDate; confirmedAt: string; alertsClosed: number }> {
  const week = weekStartOf(weekStart);
  const alertsClosed = await db.transaction(async (tx) => {
    await confirmAvailabilityWeek(tx, week, actor.email, now);
    const closed = await closeAvailabilityAlerts(tx, week, now);
    await insertAuditEntry(tx, {
      actor,
      kind: 'developers.availability',
      target: 'Developer availability',
      summary: `Confirmed the week of ${week} as it is${closed > 0 ? `; ${closed} alert${closed === 1 ? '' : 's'} closed` : ''}`,
      before: { confirmed: null },
      after: { confirmed: week },
    });
    return closed;
  });
  return { weekStart: week, confirmedAt: now.toISOString(), alertsClosed };
}
