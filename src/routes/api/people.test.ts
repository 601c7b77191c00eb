import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import { replaceCapacityForecast } from '../../db/capacity';
import { addSelectedDevelopers, setEmploymentDate } from '../../db/developers';
import { replaceJiraAccounts, replacePipedriveUsers, setPeopleSyncedAt } from '../../db/people';
import type { Db } from '../../db/port';
import { rebuildRoster } from '../../services/roster';
import type { PeopleResponse, Person } from '../../shared/roster';

/**
 * The roster's calls on a small agency. Forecast has Mia (37.5 h a week, Team 1, Developer,
 * started 2025-03-01), Omar (30 h, 4 days) and Grace (a designer with no Jira account). Jira has
 * Mia with the same email in another case, Omar with his email hidden, and a contractor only in
 * Jira who is tracked. Pipedrive has Mia as a deal owner.
 */
const NOW = new Date('2026-12-01T10:00:00Z');
const week = (perDay: number, days = 5) => ({
  monday: perDay,
  tuesday: perDay,
  wednesday: perDay,
  thursday: perDay,
  friday: days === 5 ? perDay : 0,
  saturday: 0,
  sunday: 0,
});

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let staff: string;
let user: string;
let admin: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => NOW });
  [staff, user, admin] = await Promise.all([
    t.signIn('staff'),
    t.signIn('user'),
    t.signIn('admin'),
  ]);
  await addSelectedDevelopers(db, [
    { accountId: 'acc-mia', displayName: 'Mia Chen' },
    { accountId: 'acc-zed', displayName: 'Zed Contractor' },
  ]);
  await setEmploymentDate(db, 'acc-zed', 'end', '2026-12-31');
  const person = (id: number, name: string, email: string, minutes: ReturnType<typeof week>) => ({
    id,
    name,
    team: 'Team 1',
    workingMinutes: minutes,
    startDate: id === 101 ? '2025-03-01' : null,
    endDate: null,
    holidayCalendarId: null,
    email,
    role: id === 103 ? 'Designer' : 'Developer',
  });
  await db.transaction(async (tx) => {
    await replaceCapacityForecast(tx, {
      persons: [
        person(101, 'Mia Chen', 'mia.chen@agency.test', week(450)),
        person(102, 'Omar Haddad', 'omar@agency.test', week(450, 4)),
        person(103, 'Grace Hopper', 'grace@agency.test', week(480)),
      ],
      holidays: [],
      allocations: [],
      rateCardBlendedRate: 150,
      at: NOW,
    });
    await replaceJiraAccounts(tx, [
      { accountId: 'acc-mia', displayName: 'Mia Chen', email: 'MIA.CHEN@agency.test' },
      { accountId: 'acc-omar', displayName: 'Omar H.', email: null },
      { accountId: 'acc-zed', displayName: 'Zed Contractor', email: 'zed@elsewhere.test' },
    ]);
    await replacePipedriveUsers(tx, [{ id: 1, name: 'Mia', email: 'mia.chen@agency.test' }]);
    await setPeopleSyncedAt(tx, NOW);
    await rebuildRoster(tx, { now: NOW });
  });
}, 120_000);
afterAll(() => drop());

const getPeople = async (cookie = staff) => {
  const res = await t.request('GET', '/api/people', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as PeopleResponse;
};
const put = (id: number, body: unknown, cookie = staff) =>
  t.request('PUT', `/api/people/${id}`, { cookie, body });
const byName = (r: PeopleResponse, name: string) => r.people.find((p) => p.name === name)!;

describe('GET /api/people', () => {
  it('lists one row per person with their links, Forecast facts and whether velocity tracks them', async () => {
    const r = await getPeople();
    expect(r.people.map((p) => p.name)).toEqual([
      'Grace Hopper',
      'Mia Chen',
      'Omar Haddad',
      'Zed Contractor',
    ]);
    expect(byName(r, 'Mia Chen')).toEqual({
      id: expect.any(Number),
      name: 'Mia Chen',
      email: 'mia.chen@agency.test',
      team: 'Team 1',
      role: 'Developer',
      jiraAccountId: 'acc-mia',
      forecastPersonId: 101,
      pipedriveUserId: 1,
      startDate: '2025-03-01',
      endDate: null,
      weeklyHours: 37.5,
      tracked: true,
    });
    expect(byName(r, 'Omar Haddad')).toMatchObject({ weeklyHours: 30, jiraAccountId: null });
    // Only in Jira: no Forecast facts, the end date set on the dashboard.
    expect(byName(r, 'Zed Contractor')).toMatchObject({
      forecastPersonId: null,
      role: null,
      weeklyHours: null,
      team: null,
      endDate: '2026-12-31',
      tracked: true,
    });
    expect(r.unmatched).toEqual({
      jira: [{ accountId: 'acc-zed', displayName: 'Zed Contractor' }],
      forecast: [
        { id: 103, name: 'Grace Hopper' },
        { id: 102, name: 'Omar Haddad' },
      ],
    });
  });

  it('is for staff and admins: it names working hours', async () => {
    expect((await t.request('GET', '/api/people', { cookie: user })).status).toBe(403);
    expect((await t.request('GET', '/api/people', { cookie: admin })).status).toBe(200);
    expect((await t.request('GET', '/api/people')).status).toBe(401);
  });

  it('holds no money: no cost, rate or value in any person', async () => {
    const text = JSON.stringify(await getPeople(admin));
    expect(text).not.toMatch(/cost|rate|value|margin|amount|price/i);
  });

  it('gives the command palette the tracked names, for any signed-in role', async () => {
    const res = await t.request('GET', '/api/people/names', { cookie: user });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      people: [{ name: 'Mia Chen' }, { name: 'Zed Contractor' }],
    });
  });
});

describe('PUT /api/people/:id', () => {
  it('links an unmatched Jira account by hand, and unlinks it again for good', async () => {
    const omar = byName(await getPeople(), 'Omar Haddad');
    const res = await put(omar.id, { jiraAccountId: 'acc-omar' });
    expect(res.status).toBe(200);
    const { person } = (await res.json()) as { person: Person };
    expect(person).toMatchObject({ id: omar.id, jiraAccountId: 'acc-omar', tracked: false });
    expect((await getPeople()).unmatched.forecast.map((f) => f.name)).toEqual(['Grace Hopper']);

    // The email match does not come back once unlinked by hand: Mia stays apart after a rebuild.
    const mia = byName(await getPeople(), 'Mia Chen');
    expect((await put(mia.id, { jiraAccountId: null })).status).toBe(200);
    await db.transaction((tx) => rebuildRoster(tx, { now: NOW }));
    const after = await getPeople();
    expect(byName(after, 'Mia Chen').forecastPersonId).toBe(101);
    expect(after.people.filter((p) => p.name === 'Mia Chen')).toHaveLength(2);
    expect(after.unmatched.jira.map((j) => j.accountId)).toContain('acc-mia');

    // Linking her account back moves it onto her Forecast row: one Mia again, still tracked.
    const back = await put(byName(after, 'Mia Chen').id, { jiraAccountId: 'acc-mia' });
    expect(back.status).toBe(200);
    const again = await getPeople();
    expect(again.people.filter((p) => p.name === 'Mia Chen')).toEqual([
      expect.objectContaining({ jiraAccountId: 'acc-mia', forecastPersonId: 101, tracked: true }),
    ]);
  });

  it('tracks and untracks a person through the availability selection, audited', async () => {
    const omar = byName(await getPeople(), 'Omar Haddad');
    expect((await put(omar.id, { tracked: true })).status).toBe(200);
    const selection = await db.query<{ account_id: string }>(
      'SELECT account_id FROM selected_developers ORDER BY account_id',
    );
    expect(selection.map((s) => s.account_id)).toEqual(['acc-mia', 'acc-omar', 'acc-zed']);
    const [entry] = await db.query<{ kind: string; target: string; summary: string }>(
      "SELECT kind, target, summary FROM audit_log WHERE kind = 'people.change' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({ kind: 'people.change', target: 'Omar Haddad', summary: 'Tracked' });
    expect((await put(omar.id, { tracked: false })).status).toBe(200);
    expect(byName(await getPeople(), 'Omar Haddad').tracked).toBe(false);
  });

  it('sets a team by hand, and null goes back to Forecast’s department', async () => {
    const grace = byName(await getPeople(), 'Grace Hopper');
    const res = await put(grace.id, { team: 'Design' });
    expect(((await res.json()) as { person: Person }).person.team).toBe('Design');
    await put(grace.id, { team: null });
    expect(byName(await getPeople(), 'Grace Hopper').team).toBe('Team 1');
  });

  it('refuses a value that cannot apply with a 400 naming the field, and changes nothing', async () => {
    const grace = byName(await getPeople(), 'Grace Hopper');
    const zed = byName(await getPeople(), 'Zed Contractor');
    const before = await getPeople();
    const cases: [number, unknown, RegExp][] = [
      [grace.id, { tracked: true, team: 'Design' }, /^tracked: Grace Hopper has no Jira account/],
      [grace.id, { tracked: 'yes' }, /^tracked: /],
      [grace.id, { jiraAccountId: 'nobody-knows-me' }, /^jiraAccountId: no Jira account/],
      [grace.id, { team: '' }, /^team: /],
      [grace.id, { pipedriveUserId: 99 }, /^pipedriveUserId: no Pipedrive user 99/],
      [zed.id, { forecastPersonId: 4242 }, /^forecastPersonId: no active Forecast person 4242/],
      [zed.id, { forecastPersonId: 1.5 }, /^forecastPersonId: /],
      [zed.id, { role: 'admin' }, /role/],
      [zed.id, {}, /at least one/],
    ];
    for (const [id, body, message] of cases) {
      const res = await put(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(await getPeople()).toEqual(before);
    expect((await put(999_999, { team: 'x' })).status).toBe(404);
  });

  it('is for staff and admins', async () => {
    const grace = byName(await getPeople(), 'Grace Hopper');
    expect((await put(grace.id, { team: 'Design' }, user)).status).toBe(403);
    expect(byName(await getPeople(), 'Grace Hopper').team).toBe('Team 1');
  });
});
