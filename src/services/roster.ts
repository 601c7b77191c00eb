/**
 * The roster's use cases (docs/decisions/390-one-roster-of-people.md): reading Jira's accounts
 * and Pipedrive's users, rebuilding the roster from the stored copies and the links set by hand,
 * answering GET /api/people and changing a person (PUT /api/people/:id). Other features read
 * people through `loadRoster`.
 */
import { insertAuditEntry } from '../db/audit';
import { addSelectedDevelopers, applyAvailabilityChange } from '../db/developers';
import {
  getPersonRow,
  getRosterState,
  isKnownJiraAccount,
  isKnownPipedriveUser,
  jiraAccountNames,
  listPersonRows,
  lockRoster,
  type PersonRow,
  readRosterSources,
  replaceJiraAccounts,
  replacePipedriveUsers,
  setManualLink,
  setPeopleSyncedAt,
  setPersonTeam,
  setRosterBuiltAt,
  writeRoster,
} from '../db/people';
import type { Db } from '../db/port';
import { readPersonTargets, setPersonTarget } from '../db/utilisation';
import type { IsoDate } from '../shared/calendar';
import {
  byName,
  emailKey,
  employmentOf,
  matchRoster,
  type PeopleResponse,
  type Person,
  type RosterJiraAccount,
} from '../shared/roster';
import { hoursFromMinutes } from '../shared/money';
import type { Actor } from './availability';
import { BadInputError, NotFoundError } from './errors';
import type { JiraClient } from './jira/client';
import type { PipedriveClient } from './pipedrive/client';

export interface RosterBuild {
  people: number;
  tracked: number;
  /** The accounts this build began to track: only the first build of a new roster tracks anyone. */
  newlyTracked: number;
}

/**
 * Matches the roster again from what is stored, in the transaction `tx` (under the roster's
 * lock). The first build, once Forecast's persons and Jira's accounts have both been read and
 * if nobody is tracked yet, tracks every Jira assignee matched to a Forecast person: a new roster
 * starts with the people who deliver (docs/decisions/390).
 */
export async function rebuildRoster(tx: Db, { now }: { now: Date }): Promise<RosterBuild> {
  await lockRoster(tx);
  const [sources, state] = await Promise.all([readRosterSources(tx), getRosterState(tx)]);
  const accounts = mergeAccounts(sources.jiraAccounts, sources.assignees, sources.tracked);
  const match = (tracked: ReadonlySet<string>) =>
    matchRoster({
      forecastPersons: sources.forecastPersons,
      jiraAccounts: accounts,
      pipedriveUsers: sources.pipedriveUsers,
      tracked,
      links: sources.links,
      existing: sources.existing,
    });
  let tracked = new Set(sources.tracked.map((t) => t.accountId));
  let people = match(tracked);
  let newlyTracked = 0;
  const ready = sources.forecastSynced && state.peopleSyncedAt !== null;
  if (state.builtAt === null && ready) {
    if (tracked.size === 0) {
      const delivering = new Set(sources.assignees.map((a) => a.accountId));
      const names = new Map(accounts.map((a) => [a.accountId, a.displayName]));
      const add = people
        .filter((p) => p.forecastPersonId !== null && p.jiraAccountId !== null)
        .filter((p) => delivering.has(p.jiraAccountId!))
        .map((p) => ({
          accountId: p.jiraAccountId!,
          displayName: (names.get(p.jiraAccountId!) ?? p.name).slice(0, 255),
        }));
      await addSelectedDevelopers(tx, add);
      newlyTracked = add.length;
      tracked = new Set(add.map((a) => a.accountId));
      people = match(tracked);
    }
    await setRosterBuiltAt(tx, now);
  }
  await writeRoster(tx, people);
  return { people: people.length, tracked: tracked.size, newlyTracked };
}

/** Jira's accounts, then the assignees and tracked accounts the list lacks (without an email). */
function mergeAccounts(
  site: readonly RosterJiraAccount[],
  assignees: readonly RosterJiraAccount[],
  tracked: readonly { accountId: string; displayName: string }[],
): RosterJiraAccount[] {
  const byId = new Map(site.map((a) => [a.accountId, a]));
  for (const a of [...assignees, ...tracked.map((t) => ({ ...t, email: null }))])
    if (!byId.has(a.accountId)) byId.set(a.accountId, a);
  return [...byId.values()];
}

/**
 * Reads Jira's accounts and Pipedrive's users (when Pipedrive is set up), stores them and
 * rebuilds the roster, in one transaction after both are read: a failure upstream leaves the
 * stored copies as they were.
 */
export async function syncPeople(
  db: Db,
  clients: { jira: JiraClient; pipedrive?: PipedriveClient | undefined },
  { now }: { now: Date },
): Promise<RosterBuild & { accounts: number; pipedriveUsers: number }> {
  const [users, owners] = await Promise.all([
    clients.jira.listUsers(),
    clients.pipedrive ? clients.pipedrive.users() : Promise.resolve(null),
  ]);
  const accounts = users.map((u) => ({
    accountId: u.accountId,
    displayName: u.displayName,
    email: emailKey(u.emailAddress),
  }));
  const pipedriveUsers = (owners ?? [])
    .filter((u) => u.active_flag !== false)
    .map((u) => ({ id: u.id, name: u.name, email: emailKey(u.email) }));
  const build = await db.transaction(async (tx) => {
    await replaceJiraAccounts(tx, accounts);
    if (owners) await replacePipedriveUsers(tx, pipedriveUsers);
    await setPeopleSyncedAt(tx, now);
    return rebuildRoster(tx, { now });
  });
  return { ...build, accounts: accounts.length, pipedriveUsers: pipedriveUsers.length };
}

// ----------------------------------------------------------------------------------- reading

/** A stored row as every call shows a person. */
export function toPerson(row: PersonRow): Person {
  const employment = employmentOf(
    row.tracked ? { startDate: row.ownStartDate, endDate: row.ownEndDate } : null,
    row.forecastPersonId !== null
      ? { startDate: row.forecastStartDate, endDate: row.forecastEndDate }
      : null,
  );
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    team: row.ownTeam ?? row.forecastTeam,
    role: row.role,
    jiraAccountId: row.jiraAccountId,
    forecastPersonId: row.forecastPersonId,
    pipedriveUserId: row.pipedriveUserId,
    startDate: employment.startDate,
    endDate: employment.endDate,
    weeklyHours: row.workingWeek
      ? hoursFromMinutes(row.workingWeek.reduce((a, b) => a + b, 0))
      : null,
    tracked: row.tracked,
  };
}

/** Everyone on the roster, by name, with the stored rows behind them (for calendars). */
export async function loadRoster(db: Db): Promise<{ people: Person[]; rows: PersonRow[] }> {
  const rows = await listPersonRows(db);
  return { people: rows.map(toPerson), rows };
}

/** GET /api/people: the roster and who is on one side only. */
export async function loadPeople(db: Db): Promise<PeopleResponse> {
  const [{ people }, sources] = await Promise.all([loadRoster(db), readRosterSources(db)]);
  const withForecast = new Set(
    people.filter((p) => p.forecastPersonId !== null).map((p) => p.jiraAccountId),
  );
  const delivering = new Map<string, string>();
  for (const a of sources.assignees) delivering.set(a.accountId, a.displayName);
  for (const t of sources.tracked) delivering.set(t.accountId, t.displayName);
  for (const a of sources.jiraAccounts)
    if (delivering.has(a.accountId)) delivering.set(a.accountId, a.displayName);
  const jira = [...delivering]
    .filter(([accountId]) => !withForecast.has(accountId))
    .map(([accountId, displayName]) => ({ accountId, displayName }))
    .sort(
      (a, b) => a.displayName.localeCompare(b.displayName) || (a.accountId < b.accountId ? -1 : 1),
    );
  const forecast = people
    .filter((p) => p.forecastPersonId !== null && p.jiraAccountId === null)
    .map((p) => ({ id: p.forecastPersonId!, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return { people: [...people].sort(byName), unmatched: { jira, forecast } };
}

// ---------------------------------------------------------------------------------- changing

/** What PUT /api/people/:id may change; each field left out stays as it is. */
export interface PersonChange {
  tracked?: boolean | undefined;
  jiraAccountId?: string | null | undefined;
  forecastPersonId?: number | null | undefined;
  pipedriveUserId?: number | null | undefined;
  team?: string | null | undefined;
  /** Admins: the person's utilisation target from `targetFrom` on; null goes back to the role's default. */
  target?: number | null | undefined;
  targetFrom?: IsoDate | undefined;
}

/** The person a row became after a rebuild: the same row, or the one their accounts moved to. */
async function personAfter(
  db: Db,
  before: PersonRow,
  links: { forecastPersonId: number | null; jiraAccountId: string | null },
): Promise<PersonRow | null> {
  const rows = await listPersonRows(db);
  return (
    rows.find((r) => r.id === before.id) ??
    rows.find(
      (r) =>
        (links.forecastPersonId !== null && r.forecastPersonId === links.forecastPersonId) ||
        (links.jiraAccountId !== null && r.jiraAccountId === links.jiraAccountId),
    ) ??
    null
  );
}

/**
 * Changes one person in one transaction, audited: links set or broken by hand, whether velocity
 * tracks them (the availability selection), their team. A value that cannot be applied is a
 * BadInputError naming the field, and nothing changes. Answers the person as they now are
 * (linking someone only in Jira to a Forecast person moves them onto that person's row).
 */
export async function changePerson(
  db: Db,
  id: number,
  change: PersonChange,
  actor: Actor,
  now: Date,
): Promise<Person> {
  return db.transaction(async (tx) => {
    await lockRoster(tx);
    const person = await getPersonRow(tx, id);
    if (!person) throw new NotFoundError(`No person with id ${id} on the roster.`);
    const before = toPerson(person);
    let jiraAccountId = person.jiraAccountId;
    let forecastPersonId = person.forecastPersonId;

    if (change.jiraAccountId !== undefined && change.jiraAccountId !== person.jiraAccountId) {
      if (person.forecastPersonId === null)
        throw new BadInputError(
          `jiraAccountId: ${person.name} is known only by their Jira account; link them to a Forecast person with forecastPersonId instead.`,
        );
      if (change.jiraAccountId !== null && !(await isKnownJiraAccount(tx, change.jiraAccountId)))
        throw new BadInputError(
          `jiraAccountId: no Jira account ${change.jiraAccountId} is known to the dashboard (on the site's list, assigned a ticket, or tracked).`,
        );
      if (person.jiraAccountId !== null)
        await setManualLink(tx, {
          source: 'jira',
          upstreamId: person.jiraAccountId,
          forecastPersonId: null,
        });
      if (change.jiraAccountId !== null)
        await setManualLink(tx, {
          source: 'jira',
          upstreamId: change.jiraAccountId,
          forecastPersonId: person.forecastPersonId,
        });
      jiraAccountId = change.jiraAccountId;
    }

    if (
      change.forecastPersonId !== undefined &&
      change.forecastPersonId !== person.forecastPersonId
    ) {
      if (jiraAccountId === null)
        throw new BadInputError(
          `forecastPersonId: ${person.name} is Forecast person ${person.forecastPersonId}; a person without a Jira account cannot change their Forecast person.`,
        );
      if (change.forecastPersonId !== null) {
        const known = (await readRosterSources(tx)).forecastPersons.some(
          (p) => p.id === change.forecastPersonId,
        );
        if (!known)
          throw new BadInputError(
            `forecastPersonId: no active Forecast person ${change.forecastPersonId} is known to the dashboard.`,
          );
      }
      await setManualLink(tx, {
        source: 'jira',
        upstreamId: jiraAccountId,
        forecastPersonId: change.forecastPersonId,
      });
      forecastPersonId = change.forecastPersonId;
    }

    if (change.pipedriveUserId !== undefined && change.pipedriveUserId !== person.pipedriveUserId) {
      if (
        change.pipedriveUserId !== null &&
        !(await isKnownPipedriveUser(tx, change.pipedriveUserId))
      )
        throw new BadInputError(
          `pipedriveUserId: no Pipedrive user ${change.pipedriveUserId} is known to the dashboard.`,
        );
      if (person.pipedriveUserId !== null)
        await setManualLink(tx, {
          source: 'pipedrive',
          upstreamId: String(person.pipedriveUserId),
          forecastPersonId: null,
          jiraAccountId: null,
        });
      if (change.pipedriveUserId !== null)
        await setManualLink(tx, {
          source: 'pipedrive',
          upstreamId: String(change.pipedriveUserId),
          forecastPersonId,
          jiraAccountId: forecastPersonId === null ? jiraAccountId : null,
        });
    }

    if (change.tracked !== undefined && change.tracked !== person.tracked) {
      if (jiraAccountId === null)
        throw new BadInputError(
          `tracked: ${person.name} has no Jira account, so velocity has no points of theirs to count; link one first (jiraAccountId).`,
        );
      if (change.tracked) {
        const names = await jiraAccountNames(tx, [jiraAccountId]);
        await addSelectedDevelopers(tx, [
          {
            accountId: jiraAccountId,
            displayName: (names.get(jiraAccountId) ?? person.name).slice(0, 255),
          },
        ]);
      } else {
        await applyAvailabilityChange(tx, { add: [], remove: [jiraAccountId], cells: [] });
      }
    }

    await rebuildRoster(tx, { now });
    const after = await personAfter(tx, person, { forecastPersonId, jiraAccountId });
    if (after && change.team !== undefined && change.team !== after.ownTeam)
      await setPersonTeam(tx, after.id, change.team);
    let targetChange: { before: unknown; after: unknown } | null = null;
    if (change.target !== undefined && change.targetFrom !== undefined) {
      if (!after || after.forecastPersonId === null)
        throw new BadInputError(
          `target: ${person.name} has no Forecast person, so there are no billable hours to hold to a target.`,
        );
      const own = (await readPersonTargets(tx)).get(after.id) ?? [];
      const was = own.find((t) => t.from === change.targetFrom);
      if (!was || was.percent !== change.target) {
        await setPersonTarget(tx, after.id, { from: change.targetFrom, percent: change.target });
        targetChange = {
          before: { target: was ? was.percent : undefined, targetFrom: change.targetFrom },
          after: { target: change.target, targetFrom: change.targetFrom },
        };
      }
    }
    // Someone only in Jira who is no longer tracked leaves the roster (they stay listed as unmatched).
    const result = after
      ? toPerson((await getPersonRow(tx, after.id))!)
      : { ...before, tracked: false };

    const changed = changedFields(before, result);
    if (Object.keys(changed.after).length > 0)
      await insertAuditEntry(tx, {
        actor,
        kind: 'people.change',
        target: result.name,
        summary: describeChange(changed.after),
        before: changed.before,
        after: changed.after,
      });
    if (targetChange)
      await insertAuditEntry(tx, {
        actor,
        kind: 'people.target',
        target: result.name,
        summary:
          change.target === null
            ? `Utilisation target back to the role's default from ${change.targetFrom}`
            : `Utilisation target ${change.target}% from ${change.targetFrom}`,
        before: targetChange.before as Record<string, unknown>,
        after: targetChange.after as Record<string, unknown>,
      });
    return result;
  });
}

const AUDITED = [
  'tracked',
  'jiraAccountId',
  'forecastPersonId',
  'pipedriveUserId',
  'team',
] as const satisfies readonly (keyof Person)[];

function changedFields(before: Person, after: Person) {
  const b: Partial<Person> = {};
  const a: Partial<Person> = {};
  for (const key of AUDITED) {
    if (before[key] === after[key]) continue;
    Object.assign(b, { [key]: before[key] });
    Object.assign(a, { [key]: after[key] });
  }
  return { before: b, after: a };
}

function describeChange(after: Partial<Person>): string {
  const parts: string[] = [];
  if (after.tracked !== undefined) parts.push(after.tracked ? 'tracked' : 'no longer tracked');
  if (after.jiraAccountId !== undefined)
    parts.push(
      after.jiraAccountId ? `Jira account ${after.jiraAccountId}` : 'Jira account unlinked',
    );
  if (after.forecastPersonId !== undefined)
    parts.push(
      after.forecastPersonId
        ? `Forecast person ${after.forecastPersonId}`
        : 'Forecast person unlinked',
    );
  if (after.pipedriveUserId !== undefined)
    parts.push(
      after.pipedriveUserId ? `Pipedrive user ${after.pipedriveUserId}` : 'Pipedrive user unlinked',
    );
  if (after.team !== undefined) parts.push(`team ${after.team ?? 'from Forecast'}`);
  const text = parts.join('; ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}
