import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app';
import { createTestDb } from '../../tests/helpers/db';
import { replaceCapacityForecast } from '../db/capacity';
import { replaceJiraData, type JiraTicket, type StoredTransition } from '../db/jira';
import { replaceJiraAccounts, setPeopleSyncedAt } from '../db/people';
import type { Db } from '../db/port';
import { addCalendarDays, shiftWeek } from '../shared/calendar';
import type { ProjectForecastResponse } from '../shared/delivery-forecast';
import { rebuildRoster } from './roster';

/**
 * Two teams of two with the same history: twelve weeks before Monday 30 November 2026, each
 * week 10 tickets of a finished epic done, five by each person, on a full week of 10
 * developer-days: 1 ticket per developer-day, every week. Today is Wednesday 2 December.
 * Epic -2 has 6 tickets left and epic -3 (worked after it) 10; the active sprint, to Friday
 * 11 December, has 30 tickets, 4 done.
 *
 * ACME's team (Ada, Grace) is at work every day: 2 tickets a day from Thursday 3 December.
 *   epic -2: 6 by Monday 7 December; epic -3: 16 by Monday 14 December;
 *   sprint: 4 + 14 (7 working days × 2) = 18 of 30 = 60%.
 * BETA's team (Cleo, Dan) has Cleo on leave for two weeks, 7 to 18 December: 1 a day then.
 *   epic -2: 4 by Friday, 5 Monday, 6 Tuesday 8 December; epic -3: 16 by Monday 21 December;
 *   sprint: 4 + 4 + 5 = 13 of 30 = 43%.
 */
const TODAY = '2026-12-02';
const MONDAY = '2026-11-30';
const WORKING_DAY = 480;
const week = (perDay: number) => ({
  monday: perDay,
  tuesday: perDay,
  wednesday: perDay,
  thursday: perDay,
  friday: perDay,
  saturday: 0,
  sunday: 0,
});

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
const cookies: Record<'user' | 'admin', string> = { user: '', admin: '' };
const ids: Record<'ACME' | 'BETA' | 'GAMMA', number> = { ACME: 0, BETA: 0, GAMMA: 0 };

/** Points of the history's ticket `i` of a week and of the sprint's ticket `i`; none: tickets. */
interface Estimates {
  done: (i: number) => number | null;
  sprint: (i: number) => number | null;
}

function snapshot(key: string, team: readonly string[], estimates?: Estimates) {
  const tickets: JiraTicket[] = [];
  const transitions: StoredTransition[] = [];
  const ticket = (n: number, over: Partial<JiraTicket>): JiraTicket => ({
    id: `${key}${n}`,
    key: `${key}-${n}`,
    summary: `Ticket ${n}`,
    issueType: 'Story',
    statusId: '1',
    statusName: 'To Do',
    statusCategoryKey: 'new',
    assignee: null,
    storyPoints: null,
    created: new Date('2026-08-01T09:00:00Z'),
    updated: new Date('2026-08-01T09:00:00Z'),
    epicKey: null,
    sprintIds: [],
    ...over,
  });
  let n = 10;
  for (let w = 12; w >= 1; w--) {
    const weekStart = shiftWeek(MONDAY, -w);
    for (let i = 0; i < 10; i++) {
      const at = new Date(`${addCalendarDays(weekStart, i % 5)}T14:00:00Z`);
      const who = team[i % 2]!;
      tickets.push(
        ticket(++n, {
          statusId: '3',
          statusName: 'Done',
          statusCategoryKey: 'done',
          assignee: { accountId: who, displayName: who },
          storyPoints: estimates?.done(i) ?? null,
          updated: at,
          epicKey: `${key}-1`,
        }),
      );
      transitions.push({
        issueKey: `${key}-${n}`,
        historyId: `h${n}`,
        at,
        fromStatusId: '1',
        fromStatusName: 'To Do',
        toStatusId: '3',
        toStatusName: 'Done',
      });
    }
  }
  // The sprint: 4 done this week (not in the history), 26 open: 6 of epic -2, 10 of -3, 10 more.
  for (let i = 0; i < 30; i++) {
    const done = i < 4;
    const at = new Date('2026-11-30T15:00:00Z');
    tickets.push(
      ticket(++n, {
        ...(done
          ? { statusId: '3', statusName: 'Done', statusCategoryKey: 'done', updated: at }
          : {}),
        epicKey: done ? null : i < 10 ? `${key}-2` : i < 20 ? `${key}-3` : null,
        storyPoints: estimates?.sprint(i) ?? null,
        sprintIds: [7],
      }),
    );
    if (done)
      transitions.push({
        issueKey: `${key}-${n}`,
        historyId: `h${n}`,
        at,
        fromStatusId: '1',
        fromStatusName: 'To Do',
        toStatusId: '3',
        toStatusName: 'Done',
      });
  }
  const epic = (k: number, done: boolean) => ({
    id: `${key}e${k}`,
    key: `${key}-${k}`,
    name: `Epic ${k}`,
    statusName: done ? 'Done' : 'In Progress',
    statusCategoryKey: done ? 'done' : 'indeterminate',
  });
  return {
    tickets,
    transitions,
    epics: [epic(1, true), epic(2, false), epic(3, false)],
    sprints: [
      {
        id: 7,
        boardId: 1,
        state: 'active',
        name: `${key} Sprint 7`,
        startDate: new Date('2026-11-30T08:00:00Z'),
        endDate: new Date('2026-12-11T17:00:00Z'),
        completeDate: null,
        goal: '',
      },
    ],
  };
}

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock: () => new Date(`${TODAY}T10:00:00Z`) });
  cookies.user = await t.signIn('user');
  cookies.admin = await t.signIn('admin');
  const person = (id: number, name: string) => ({
    id,
    name,
    email: `${name.toLowerCase()}@agency.test`,
    role: 'Developer',
    team: 'Team 1',
    workingMinutes: week(WORKING_DAY),
    startDate: null,
    endDate: null,
    holidayCalendarId: null,
  });
  await db.transaction((tx) =>
    replaceCapacityForecast(tx, {
      persons: [person(1, 'Ada'), person(2, 'Grace'), person(3, 'Cleo'), person(4, 'Dan')],
      holidays: [],
      // Cleo's two weeks of leave ahead.
      allocations: [
        {
          id: 1,
          personId: 3,
          timeOff: true,
          startDate: '2026-12-07',
          endDate: '2026-12-18',
          minutes: week(WORKING_DAY),
        },
      ],
      rateCardBlendedRate: null,
      at: new Date(`${TODAY}T08:00:00Z`),
    }),
  );
  await db.transaction(async (tx) => {
    await replaceJiraAccounts(
      tx,
      ['Ada', 'Grace', 'Cleo', 'Dan'].map((name) => ({
        accountId: `acc-${name.toLowerCase()}`,
        displayName: name,
        email: `${name.toLowerCase()}@agency.test`,
      })),
    );
    await setPeopleSyncedAt(tx, new Date(`${TODAY}T08:00:00Z`));
    await rebuildRoster(tx, { now: new Date(`${TODAY}T08:00:00Z`) });
  });
  // GAMMA is ACME's team with estimated tickets: each past week's 10 done tickets carry 2 points
  // but the last, none (90% estimated: points are the unit; the mean, 2). Its sprint's tickets
  // carry 3 points but every fifth, none.
  const gamma: Estimates = {
    done: (i) => (i === 9 ? null : 2),
    sprint: (i) => (i % 5 === 4 ? null : 3),
  };
  for (const [key, team, estimates] of [
    ['ACME', ['acc-ada', 'acc-grace'], undefined],
    ['BETA', ['acc-cleo', 'acc-dan'], undefined],
    ['GAMMA', ['acc-ada', 'acc-grace'], gamma],
  ] as const) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO projects (name, dev_status, jira_project_key, visible) VALUES ($1, 'Active', $2, 1) RETURNING id`,
      [`${key} Portal`, key],
    );
    ids[key] = row!.id;
    await db.transaction((tx) => replaceJiraData(tx, row!.id, snapshot(key, team, estimates)));
  }
  // ACME is also a weekly $8,000 retainer at $100 an hour, billed by Ada (1) and Grace (2):
  // each bills 6 hours a day Monday to Wednesday, then 4, 6 or 8 on Thursday and Friday by turns
  // of weeks; this week's period has $3,600 billed by Wednesday, $600 a person-day.
  await db.query(
    `UPDATE projects SET forecast_project_id = 4001, forecast_budget_type = 'RETAINER',
            client_hourly_rate = 100, forecast_currency = 'USD' WHERE id = $1`,
    [ids.ACME],
  );
  let id = 0;
  const registrations: unknown[][] = [];
  for (let w = 12; w >= 0; w--) {
    const weekStart = shiftWeek(MONDAY, -w);
    const minutes = (4 + (w % 3) * 2) * 60;
    for (let d = 0; d < (w === 0 ? 3 : 5); d++)
      for (const person of [1, 2])
        registrations.push([++id, person, addCalendarDays(weekStart, d), d < 3 ? 360 : minutes]);
    await db.query(
      `INSERT INTO forecast_retainer_periods (id, project_id, period_number, status, locked, start_date, end_date,
         target_amount, actual_amount, actual_billable_minutes)
       VALUES ($1, $2, $3, $4, $5, $6::date, $6::date + 6, 8000, $7, 0)`,
      [
        13 - w,
        ids.ACME,
        13 - w,
        w === 0 ? 'ACTIVE' : 'COMPLETED',
        w !== 0,
        weekStart,
        w === 0 ? 3600 : 2 * (1800 + ((2 * minutes) / 60) * 100),
      ],
    );
  }
  await db.query(
    `INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, billable_minutes, updated_at)
     SELECT x.id, x.person, 4001, x.date, x.minutes, x.minutes, now()
       FROM jsonb_to_recordset($1::text::jsonb) AS x(id int, person int, date date, minutes int)`,
    [
      JSON.stringify(
        registrations.map(([i, person, date, minutes]) => ({ id: i, person, date, minutes })),
      ),
    ],
  );
}, 120_000);

afterAll(async () => {
  await drop?.();
});

async function forecastOf(id: number, who: 'user' | 'admin' = 'user') {
  const res = await t.request('GET', `/api/projects/${id}/forecast`, { cookie: cookies[who] });
  expect(res.status).toBe(200);
  return (await res.json()) as ProjectForecastResponse;
}

describe('GET /api/projects/:id/forecast', () => {
  it('forecasts the epics and the sprint from throughput and who is at work', async () => {
    const acme = await forecastOf(ids.ACME);
    expect(acme.asOf).toBe(TODAY);
    expect(acme.basis).toEqual({
      weeks: 12,
      people: 2,
      unit: 'tickets',
      throughputPerDevDay: 1,
      daysAwayAhead: 0,
      text: 'from 12 weeks of ticket throughput, 2 people, 0 days away in the next 8 weeks',
    });
    expect(acme.epics).toEqual([
      { key: 'ACME-2', remaining: 6, p50Date: '2026-12-07', p85Date: '2026-12-07' },
      { key: 'ACME-3', remaining: 10, p50Date: '2026-12-14', p85Date: '2026-12-14' },
    ]);
    expect(acme.sprint).toEqual({ name: 'ACME Sprint 7', p50Done: 60, p85Done: 60 });
    expect(acme.retainer).toBe(null);
  });

  it('counts points where the history is estimated, a ticket without at the mean', async () => {
    // 20 points a week (9 × 2 and one at the mean 2) on 10 developer-days: 4 points a day from
    // Thursday 3 December. Epic -2 (sprint tickets 4-9, 4 and 9 without points): 4 × 3 + 2 × 2
    // = 16, by Tuesday 8 December; epic -3 (10-19): 28 more, 44 by Thursday 17 December.
    // Sprint: 24 × 3 + 6 × 2 = 84 points, 12 done; 7 working days × 4 = 28 more: 40 of 84 = 48%.
    const g = await forecastOf(ids.GAMMA);
    expect(g.basis).toEqual({
      weeks: 12,
      people: 2,
      unit: 'points',
      throughputPerDevDay: 2,
      daysAwayAhead: 0,
      text: 'from 12 weeks of points throughput, 2 people, 0 days away in the next 8 weeks; a ticket without points counts as 2, the mean',
    });
    expect(g.epics).toEqual([
      { key: 'GAMMA-2', remaining: 16, p50Date: '2026-12-08', p85Date: '2026-12-08' },
      { key: 'GAMMA-3', remaining: 28, p50Date: '2026-12-17', p85Date: '2026-12-17' },
    ]);
    expect(g.sprint).toEqual({ name: 'GAMMA Sprint 7', p50Done: 48, p85Done: 48 });
  });

  it('lands later for the team with a two-week holiday ahead, and says so', async () => {
    const beta = await forecastOf(ids.BETA);
    expect(beta.basis.daysAwayAhead).toBe(10);
    expect(beta.basis.text).toBe(
      'from 12 weeks of ticket throughput, 2 people, 10 days away in the next 8 weeks',
    );
    expect(beta.epics).toEqual([
      { key: 'BETA-2', remaining: 6, p50Date: '2026-12-08', p85Date: '2026-12-08' },
      { key: 'BETA-3', remaining: 10, p50Date: '2026-12-21', p85Date: '2026-12-21' },
    ]);
    expect(beta.sprint).toEqual({ name: 'BETA Sprint 7', p50Done: 43, p85Done: 43 });
  });

  it('gives admins the retainer period’s billed amount as P10-P50-P90, and no one else', async () => {
    // Each person's pace: $1,800 so far, their usual for Monday to Wednesday, weighed with 2
    // days at their last 10 days' pace (last week $600 a day; the week before, Thursday and
    // Friday $800: $6,400 where $6,000 is usual): (1,800 + 2 × 600 × 16/15) ÷ (1,800 + 2 × 600)
    // = 1.02667. $3,600 + Thursday and Friday × 2 people × a past week's $400, $600 or $800 × it.
    const admin = await forecastOf(ids.ACME, 'admin');
    expect(admin.retainer).toEqual({
      periodNumber: 13,
      currency: 'USD',
      startDate: MONDAY,
      endDate: '2026-12-06',
      finished: false,
      target: 8000,
      actualSoFar: 3600,
      p10: 5242.67,
      p50: 6064,
      p90: 6885.33,
      basis: 'from 12 weeks of billing, 2 people, 2 working days left',
    });
    expect((await forecastOf(ids.ACME, 'user')).retainer).toBe(null);
  });

  it('answers the same twice', async () => {
    expect(await forecastOf(ids.BETA)).toEqual(await forecastOf(ids.BETA));
  });

  it('is 404 for a project that is not on the dashboard', async () => {
    const res = await t.request('GET', '/api/projects/999999/forecast', { cookie: cookies.user });
    expect(res.status).toBe(404);
  });
});
