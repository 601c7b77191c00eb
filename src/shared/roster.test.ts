import { describe, expect, it } from 'vitest';
import {
  emailKey,
  JIRA_ONLY_WEEK,
  matchRoster,
  type PersonCalendar,
  personDay,
  personWeek,
  type RosterSources,
} from './roster';

const forecast = [
  { id: 101, name: 'Mia Chen', email: 'Mia.Chen@Agency.test ' },
  { id: 102, name: 'Omar Haddad', email: 'omar@agency.test' },
  { id: 103, name: 'Grace Hopper', email: 'grace@agency.test' },
];
const jira = [
  { accountId: 'acc-mia', displayName: 'Mia Chen', email: 'mia.chen@agency.test' },
  // Profile visibility hides Omar's email: nothing to match him by.
  { accountId: 'acc-omar', displayName: 'Omar H.', email: null },
  { accountId: 'acc-zed', displayName: 'Zed Contractor', email: 'zed@elsewhere.test' },
];
const base: RosterSources = {
  forecastPersons: forecast,
  jiraAccounts: jira,
  pipedriveUsers: [],
  tracked: new Set(),
  links: [],
  existing: [],
};
const byForecast = (rows: ReturnType<typeof matchRoster>, id: number) =>
  rows.find((r) => r.forecastPersonId === id);

describe('matching the roster', () => {
  it('makes every Forecast person a person and joins a Jira account with the same email', () => {
    const rows = matchRoster(base);
    expect(rows).toHaveLength(3);
    expect(byForecast(rows, 101)).toEqual({
      id: null,
      name: 'Mia Chen',
      email: 'mia.chen@agency.test',
      jiraAccountId: 'acc-mia',
      forecastPersonId: 101,
      pipedriveUserId: null,
    });
    expect(byForecast(rows, 102)?.jiraAccountId).toBeNull();
    // A Jira account matching nobody and not tracked is no person.
    expect(rows.some((r) => r.jiraAccountId === 'acc-zed')).toBe(false);
  });

  it('compares emails trimmed, case-folded and in one Unicode form', () => {
    expect(emailKey('  MIA.Chen@Agency.TEST ')).toBe('mia.chen@agency.test');
    // A full-width '＠' and letters are the same address once NFKC-normalised.
    expect(emailKey('ｍｉａ＠agency.test')).toBe('mia@agency.test');
    expect(emailKey('not an email')).toBeNull();
    expect(emailKey(null)).toBeNull();
  });

  it('matches nobody on an email two people share', () => {
    const rows = matchRoster({
      ...base,
      jiraAccounts: [
        { accountId: 'a1', displayName: 'Grace', email: 'grace@agency.test' },
        { accountId: 'a2', displayName: 'Grace (old account)', email: 'GRACE@agency.test' },
      ],
    });
    expect(byForecast(rows, 103)?.jiraAccountId).toBeNull();
  });

  it('gives a tracked account that matches nobody a row of its own', () => {
    const rows = matchRoster({ ...base, tracked: new Set(['acc-zed', 'acc-mia']) });
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.jiraAccountId === 'acc-zed')).toMatchObject({
      name: 'Zed Contractor',
      forecastPersonId: null,
      email: 'zed@elsewhere.test',
    });
    // Mia is tracked and matched: one person, not two.
    expect(rows.filter((r) => r.jiraAccountId === 'acc-mia')).toHaveLength(1);
  });

  it('follows a link by hand over the email, and never rematches an unlinked account', () => {
    const linked = matchRoster({
      ...base,
      links: [{ source: 'jira', upstreamId: 'acc-omar', forecastPersonId: 102 }],
    });
    expect(byForecast(linked, 102)?.jiraAccountId).toBe('acc-omar');

    const unlinked = matchRoster({
      ...base,
      tracked: new Set(['acc-mia']),
      links: [{ source: 'jira', upstreamId: 'acc-mia', forecastPersonId: null }],
    });
    expect(byForecast(unlinked, 101)?.jiraAccountId).toBeNull();
    // Still tracked: a person of their own, only in Jira.
    expect(unlinked.find((r) => r.jiraAccountId === 'acc-mia')?.forecastPersonId).toBeNull();

    // A Forecast person claimed by hand is not matched by email to another account.
    const claimed = matchRoster({
      ...base,
      links: [{ source: 'jira', upstreamId: 'acc-zed', forecastPersonId: 101 }],
    });
    expect(byForecast(claimed, 101)?.jiraAccountId).toBe('acc-zed');
    expect(claimed.some((r) => r.jiraAccountId === 'acc-mia')).toBe(false);
  });

  it('keeps row ids: by Forecast person, then by Jira account', () => {
    const rows = matchRoster({
      ...base,
      tracked: new Set(['acc-omar']),
      existing: [
        { id: 7, jiraAccountId: null, forecastPersonId: 101, pipedriveUserId: null },
        // Omar was only in Jira; linked now, his row becomes his Forecast person's.
        { id: 9, jiraAccountId: 'acc-omar', forecastPersonId: null, pipedriveUserId: null },
      ],
      links: [{ source: 'jira', upstreamId: 'acc-omar', forecastPersonId: 102 }],
    });
    expect(byForecast(rows, 101)?.id).toBe(7);
    expect(byForecast(rows, 102)?.id).toBe(9);
    expect(byForecast(rows, 103)?.id).toBeNull();
  });

  it('joins a Pipedrive user by the Forecast or Jira email, or by hand', () => {
    const rows = matchRoster({
      ...base,
      tracked: new Set(['acc-zed']),
      pipedriveUsers: [
        { id: 1, name: 'Mia', email: 'MIA.CHEN@agency.test' },
        { id: 2, name: 'Zed', email: 'zed@elsewhere.test' },
        { id: 3, name: 'Director', email: 'director@agency.test' },
      ],
      links: [{ source: 'pipedrive', upstreamId: '3', forecastPersonId: 103, jiraAccountId: null }],
    });
    expect(byForecast(rows, 101)?.pipedriveUserId).toBe(1);
    expect(rows.find((r) => r.jiraAccountId === 'acc-zed')?.pipedriveUserId).toBe(2);
    expect(byForecast(rows, 103)?.pipedriveUserId).toBe(3);
  });
});

/**
 * A person's week, by hand: Monday 1 February 2027 (a 4-day week of 7.5 hours, Friday off), a
 * public holiday on Tuesday, 3.75 hours of leave on Wednesday, a full day of leave on Thursday.
 */
describe("a person's days and week", () => {
  const calendar: PersonCalendar = {
    workingWeek: [450, 450, 450, 450, 0, 0, 0],
    employment: { startDate: null, endDate: null },
    holidays: new Map([['2027-02-02', 'Founders Day']]),
    leaveMinutes: new Map([
      ['2027-02-03', 225],
      ['2027-02-04', 450],
    ]),
    marked: new Map(),
  };

  it('takes holidays and leave out of the hours and says why', () => {
    expect(personDay(calendar, '2027-02-02')).toMatchObject({
      availableMinutes: 0,
      availableDay: false,
      source: 'holiday: Founders Day',
    });
    // Half a day of leave shortens the day; the day still counts.
    expect(personDay(calendar, '2027-02-03')).toMatchObject({
      availableMinutes: 225,
      availableDay: true,
      source: 'leave',
    });
    expect(personDay(calendar, '2027-02-05')).toMatchObject({
      availableDay: false,
      source: 'not a working day',
    });
    expect(personWeek(calendar, '2027-02-01')).toEqual({
      weekStart: '2027-02-01',
      availableDays: 2,
      availableHours: 11.25,
      awayHours: 18.75,
    });
  });

  it('lets a mark by hand win, and counts nothing outside employment', () => {
    const marked = {
      ...calendar,
      marked: new Map([
        ['2027-02-02', false],
        ['2027-02-01', true],
      ]),
    };
    expect(personWeek(marked, '2027-02-01').availableDays).toBe(2);
    expect(personWeek(marked, '2027-02-01').availableHours).toBe(7.5 + 3.75);
    const starter = { ...calendar, employment: { startDate: '2027-02-03', endDate: null } };
    expect(personWeek(starter, '2027-02-01')).toMatchObject({ availableDays: 1, awayHours: 11.25 });
  });

  it('counts only the days of a week inside a period', () => {
    const jiraOnly = { ...calendar, workingWeek: JIRA_ONLY_WEEK, holidays: new Map() };
    expect(
      personWeek(jiraOnly, '2027-02-01', { from: '2027-02-03', to: '2027-02-28' }),
      // Wednesday 8 h less 3.75 h of leave, Thursday 8 h less 7.5 h, Friday 8 h.
    ).toMatchObject({ availableDays: 3, availableHours: 4.25 + 0.5 + 8 });
  });
});
