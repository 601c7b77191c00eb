/**
 * The availability grid's rules (docs/product-spec.md, "Agency Settings" and
 * "States and transitions"), pure so the island and its tests share them: which developers a week
 * shows, what a cell reads, and what 'Save Availability' sends. Edits stay local until saved; a
 * save sends only the cells that were changed, so it never overwrites what someone else saved
 * meanwhile.
 */
import {
  type AvailabilityResponse,
  type AvailabilitySave,
  availablePoints,
  awayKey,
  isAwayOn,
  isEmployedOn,
  type JiraUser,
  type TeamMember,
} from '../../shared/availability';
import { type IsoDate, weekDays } from '../../shared/calendar';

/** What the person changed since the last load: added and removed members, and toggled cells. */
export interface LocalEdits {
  added: JiraUser[];
  removed: string[];
  /** accountId → date → away, only for cells that differ from the saved value. */
  cells: Record<string, Record<IsoDate, boolean>>;
}

export const NO_EDITS: LocalEdits = { added: [], removed: [], cells: {} };

export function hasEdits(edits: LocalEdits): boolean {
  return (
    edits.added.length > 0 ||
    edits.removed.length > 0 ||
    Object.values(edits.cells).some((days) => Object.keys(days).length > 0)
  );
}

/** Names in English order, case and accents aside; one collator, as building one per compare is slow. */
const nameOrder = new Intl.Collator('en', { sensitivity: 'base' });

const byName = (a: TeamMember, b: TeamMember) =>
  nameOrder.compare(a.displayName, b.displayName) || a.accountId.localeCompare(b.accountId);

/** The selection as the person sees it: saved members not removed, plus those added, sorted by name. */
export function teamMembers(
  saved: AvailabilityResponse,
  edits: LocalEdits,
): (TeamMember & { saved: boolean })[] {
  const removed = new Set(edits.removed);
  const kept = saved.selectedDevelopers
    .filter((d) => !removed.has(d.accountId))
    .map((d) => ({ ...d, saved: true }));
  const keptIds = new Set(kept.map((d) => d.accountId));
  const added = edits.added
    .filter((u) => !keptIds.has(u.accountId))
    .map((u) => ({
      accountId: u.accountId,
      displayName: u.displayName,
      startDate: null,
      endDate: null,
      saved: false,
    }));
  return [...kept, ...added].sort(byName);
}

/**
 * The grid's rows for a week, sorted by name: every member whose employment has not ended before
 * its Monday. One who starts after the week is listed too, with 'starts <date>' and no day to mark
 * (docs/decisions/336-availability-grid-employment.md).
 */
export function gridRows<T extends TeamMember>(members: readonly T[], weekStart: IsoDate): T[] {
  return members.filter((m) => !m.endDate || m.endDate >= weekStart).sort(byName);
}

/** The start date of a member who starts after this week's Friday, else null. */
export function startsAfterWeek(member: TeamMember, weekStart: IsoDate): IsoDate | null {
  return member.startDate && member.startDate > weekDays(weekStart)[4]! ? member.startDate : null;
}

/** The source of a day derived from Forecast or the public holidays, if the answer covers that day's week. */
export function derivedSource(
  saved: AvailabilityResponse,
  member: TeamMember,
  date: IsoDate,
): string | undefined {
  return saved.derived[member.accountId]?.[date];
}

/** The day as saved: marked by hand, else derived, else available. */
function savedAway(saved: AvailabilityResponse, member: TeamMember, date: IsoDate): boolean {
  return isAwayOn(saved.developers[member.displayName]?.[date], derivedSource(saved, member, date));
}

/** Whether a member is away on a day: the local change if there is one, else the saved day. */
export function isAway(
  saved: AvailabilityResponse,
  edits: LocalEdits,
  member: TeamMember,
  date: IsoDate,
): boolean {
  const local = edits.cells[member.accountId]?.[date];
  if (local !== undefined) return local;
  return savedAway(saved, member, date);
}

/** What a cell shows: outside employment, or Away/Available with the derived source, if any. */
export type CellState =
  | { kind: 'not-employed' }
  | { kind: 'day'; away: boolean; source: string | undefined; overridden: boolean };

export function cellState(
  saved: AvailabilityResponse,
  edits: LocalEdits,
  member: TeamMember,
  date: IsoDate,
): CellState {
  if (!isEmployedOn(member, date)) return { kind: 'not-employed' };
  const away = isAway(saved, edits, member, date);
  const source = derivedSource(saved, member, date);
  return { kind: 'day', away, source, overridden: source !== undefined && !away };
}

/** Days a member is available in a week (Monday to Friday, within employment), as available points count them. */
export function availableDays(
  saved: AvailabilityResponse,
  edits: LocalEdits,
  member: TeamMember,
  weekStart: IsoDate,
): number {
  const awayDays = new Set(
    weekDays(weekStart)
      .filter((day) => isAway(saved, edits, member, day))
      .map((day) => awayKey(member.accountId, day)),
  );
  return availablePoints({ developers: [member], awayDays, weekStart, pointsPerDay: 1 });
}

/** Flips one cell locally; flipping it back to the saved value leaves nothing to send. */
export function toggleCell(
  saved: AvailabilityResponse,
  edits: LocalEdits,
  member: TeamMember,
  date: IsoDate,
): LocalEdits {
  if (!isEmployedOn(member, date)) return edits;
  const next = !isAway(saved, edits, member, date);
  const savedValue = savedAway(saved, member, date);
  const days = { ...edits.cells[member.accountId] };
  if (next === savedValue && saved.selectedDevelopersList.includes(member.accountId))
    delete days[date];
  else days[date] = next;
  return { ...edits, cells: { ...edits.cells, [member.accountId]: days } };
}

/** Adds a Jira user to the selection locally (undoing an earlier local removal if there was one). */
export function addMember(edits: LocalEdits, user: JiraUser): LocalEdits {
  if (edits.removed.includes(user.accountId))
    return { ...edits, removed: edits.removed.filter((id) => id !== user.accountId) };
  if (edits.added.some((u) => u.accountId === user.accountId)) return edits;
  return { ...edits, added: [...edits.added, user] };
}

/**
 * Removes a member locally and drops their local cell changes (docs/product-spec.md,
 * "States and transitions").
 */
export function removeMember(
  saved: AvailabilityResponse,
  edits: LocalEdits,
  accountId: string,
): LocalEdits {
  const cells = { ...edits.cells };
  delete cells[accountId];
  const added = edits.added.filter((u) => u.accountId !== accountId);
  const wasSaved = saved.selectedDevelopersList.includes(accountId);
  const removed =
    wasSaved && !edits.removed.includes(accountId) ? [...edits.removed, accountId] : edits.removed;
  return { added, removed, cells };
}

export function savePayload(saved: AvailabilityResponse, edits: LocalEdits): AvailabilitySave {
  const members = teamMembers(saved, edits);
  const developers: AvailabilitySave['developers'] = {};
  for (const m of members) {
    const days = edits.cells[m.accountId] ?? {};
    // A newly added member is always named, so the save carries their name with their id.
    if (Object.keys(days).length > 0 || !m.saved) developers[m.displayName] = { ...days };
  }
  return {
    developers,
    selectedDevelopersList: members.map((m) => m.accountId),
    // Removal is explicit: the save names whom it removes (docs/decisions/165).
    ...(edits.removed.length > 0 ? { removeDevelopers: [...edits.removed] } : {}),
  };
}

/** Users the Add Team Member list offers: not chosen yet, matching the search by name or email. */
export function addableUsers(
  users: readonly JiraUser[],
  members: readonly TeamMember[],
  search: string,
): JiraUser[] {
  const chosen = new Set(members.map((m) => m.accountId));
  const q = search.trim().toLowerCase();
  return users
    .filter((u) => !chosen.has(u.accountId))
    .filter(
      (u) =>
        !q ||
        u.displayName.toLowerCase().includes(q) ||
        (u.emailAddress ?? '').toLowerCase().includes(q),
    )
    .sort((a, b) => nameOrder.compare(a.displayName, b.displayName));
}
