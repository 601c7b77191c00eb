import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availablePoints,
  awayKey,
  BILLING_STALE_AFTER_MS,
  billingPercentages,
  capPercent,
  completionRate,
  costRateOn,
  dayRangeInZone,
  DEFAULT_HOURLY_RATE,
  gaugeColor,
  grossMargin,
  internalCost,
  isBillingStale,
  isBlockedStatus,
  isDescopedStatus,
  isEmployedInWeek,
  isIsoDate,
  isoDateInZone,
  lastWeeks,
  liveMargin,
  marginPercent,
  percentOf,
  retainerProgress,
  retainerStatusColor,
  roundMoney,
  shiftWeek,
  sprintProgress,
  statusColor,
  velocityColor,
  velocityPercentage,
  weekDays,
  weekEndOf,
  weekRangeInZone,
  weekStartOf,
} from './metrics';

const HOUR = 60 * 60 * 1000;

// A Monday and its week, used throughout: Mon 2026-11-16 .. Sun 2026-11-22.
const MONDAY = '2026-11-16';
const FRIDAY = '2026-11-20';
const SUNDAY = '2026-11-22';

describe('percentages and the gauge', () => {
  it('caps progress bars and the gauge ring at 100 and never below 0', () => {
    expect(capPercent(100)).toBe(100);
    expect(capPercent(100.4)).toBe(100);
    expect(capPercent(250)).toBe(100);
    expect(capPercent(99)).toBe(99);
    expect(capPercent(0)).toBe(0);
    expect(capPercent(-5)).toBe(0);
    expect(capPercent(Number.NaN)).toBe(0);
  });

  it('rounds a share to a whole percent and gives 0 when there is no whole', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13); // 12.5 rounds up
    expect(percentOf(3, 2)).toBe(150); // not capped here: the bar caps, the number is honest
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('colours the gauge red at 99 or above, green from 70, amber below 70', () => {
    expect(gaugeColor(0)).toBe('amber');
    expect(gaugeColor(69)).toBe('amber');
    expect(gaugeColor(69.9)).toBe('amber');
    expect(gaugeColor(70)).toBe('green');
    expect(gaugeColor(98)).toBe('green');
    expect(gaugeColor(98.9)).toBe('green');
    expect(gaugeColor(99)).toBe('red');
    expect(gaugeColor(100)).toBe('red');
    expect(gaugeColor(140)).toBe('red');
  });
});

describe('retainer periods', () => {
  const periods = (...statuses: string[]) => statuses.map((status) => ({ status }));

  it('counts only COMPLETED periods as done and rounds the percentage', () => {
    expect(retainerProgress(periods('COMPLETED', 'ACTIVE', 'DRAFT'))).toEqual({
      completed: 1,
      total: 3,
      percentage: 33,
      allCompleted: false,
    });
    expect(retainerProgress(periods('COMPLETED', 'COMPLETED', 'ACTIVE'))).toMatchObject({ completed: 2, percentage: 67 });
  });

  it('does not count cancelled, lower-case or unknown statuses as done', () => {
    expect(retainerProgress(periods('CANCELLED', 'completed', 'DONE', 'COMPLETED'))).toMatchObject({
      completed: 1,
      total: 4,
      percentage: 25,
    });
  });

  it('flags all periods completed only when there is at least one period', () => {
    expect(retainerProgress(periods('COMPLETED', 'COMPLETED'))).toEqual({
      completed: 2,
      total: 2,
      percentage: 100,
      allCompleted: true,
    });
    expect(retainerProgress([])).toEqual({ completed: 0, total: 0, percentage: 0, allCompleted: false });
  });

  it('colours the status badge green, blue, grey, red, and grey for anything unknown', () => {
    expect(retainerStatusColor('COMPLETED')).toBe('green');
    expect(retainerStatusColor('ACTIVE')).toBe('blue');
    expect(retainerStatusColor('DRAFT')).toBe('grey');
    expect(retainerStatusColor('CANCELLED')).toBe('red');
    expect(retainerStatusColor('PAUSED')).toBe('grey');
    expect(retainerStatusColor('')).toBe('grey');
  });
});

describe('tickets and sprints', () => {
  it('gives the completion rate as a rounded percent, 0 with no tickets', () => {
    expect(completionRate(45, 120)).toBe(38); // 37.5
    expect(completionRate(120, 120)).toBe(100);
    expect(completionRate(0, 0)).toBe(0);
  });

  it('treats a status as blocked when it contains blocked or impediment in any case', () => {
    expect(isBlockedStatus('Blocked')).toBe(true);
    expect(isBlockedStatus('BLOCKED BY CLIENT')).toBe(true);
    expect(isBlockedStatus('Impediment')).toBe(true);
    expect(isBlockedStatus('Has impediments')).toBe(true);
    expect(isBlockedStatus('Unblocked')).toBe(true); // the spec's rule is a plain "contains"
    expect(isBlockedStatus('Block')).toBe(false);
    expect(isBlockedStatus('In Progress')).toBe(false);
  });

  it("treats descoped, won't do and cancelled statuses as descoped in any spelling and case", () => {
    for (const name of ['Descoped', 'DESCOPED', "Won't Do", 'Wont Do', 'won’t do', 'Cancelled', 'Canceled', 'Closed (Cancelled)']) {
      expect(isDescopedStatus(name), name).toBe(true);
    }
    for (const name of ['Done', 'Closed', 'To Do', 'Scoped', 'Will do']) {
      expect(isDescopedStatus(name), name).toBe(false);
    }
  });

  it('counts descoped tickets as progress in the sprint bar', () => {
    expect(sprintProgress({ completed: 6, descoped: 2, total: 10 })).toBe(80);
    expect(sprintProgress({ completed: 6, descoped: 0, total: 10 })).toBe(60);
    expect(sprintProgress({ completed: 1, descoped: 1, total: 3 })).toBe(67);
    expect(sprintProgress({ completed: 0, descoped: 0, total: 0 })).toBe(0);
  });

  it('colours each status by the first keyword of the spec that it contains', () => {
    const cases: [string, ReturnType<typeof statusColor>][] = [
      ['Done', 'green'],
      ['Closed', 'green'],
      ['In Progress', 'blue'],
      ['In Development', 'blue'],
      ['Testing', 'purple'],
      ['QA', 'purple'],
      ['Code Review', 'amber'],
      ['UAT', 'amber'],
      ['Blocked', 'red'],
      ['Impediment', 'red'],
      ['TODO', 'grey'],
      ['To Do', 'grey'],
      ['Backlog', 'grey'],
      ['Ready', 'cyan'],
      ['Selected for Development', 'blue'],
      ['Triage', 'violet'],
      ['', 'violet'],
    ];
    for (const [name, color] of cases) expect(statusColor(name), name).toBe(color);
  });

  it('lets the earlier keyword win when a status names several', () => {
    expect(statusColor('Ready for QA Testing')).toBe('purple'); // testing/qa before ready
    expect(statusColor('Ready for Review')).toBe('amber'); // review before ready
    expect(statusColor('Blocked in Review')).toBe('amber'); // review before blocked
    expect(statusColor('QA Blocked')).toBe('purple'); // qa before blocked
    expect(statusColor('Done - Ready to Deploy')).toBe('green'); // done before everything
    expect(statusColor('Development Done')).toBe('green');
    expect(statusColor('In Progress - UAT')).toBe('blue');
    expect(statusColor('Backlog Ready')).toBe('grey'); // backlog before ready
  });

  it('matches status keywords regardless of case', () => {
    expect(statusColor('in progress')).toBe('blue');
    expect(statusColor('READY FOR QA TESTING')).toBe('purple');
    expect(statusColor('ready')).toBe('cyan');
  });
});

describe('billing staleness', () => {
  const now = new Date('2026-11-18T12:00:00Z');

  it('is 24 hours', () => {
    expect(BILLING_STALE_AFTER_MS).toBe(24 * HOUR);
  });

  it('is stale when billing was never synced', () => {
    expect(isBillingStale(null, now)).toBe(true);
    expect(isBillingStale('', now)).toBe(true);
  });

  it('is fresh up to exactly 24 hours and stale just after', () => {
    expect(isBillingStale(new Date(now.getTime() - HOUR), now)).toBe(false);
    expect(isBillingStale(new Date(now.getTime() - 23 * HOUR), now)).toBe(false);
    expect(isBillingStale(new Date(now.getTime() - 24 * HOUR), now)).toBe(false);
    expect(isBillingStale(new Date(now.getTime() - 24 * HOUR - 1), now)).toBe(true);
    expect(isBillingStale(new Date(now.getTime() - 25 * HOUR), now)).toBe(true);
  });

  it('accepts the ISO timestamp the API sends', () => {
    expect(isBillingStale('2026-11-17T13:00:00.000Z', now)).toBe(false); // 23 h ago
    expect(isBillingStale('2026-11-17T11:00:00.000Z', now)).toBe(true); // 25 h ago
  });

  it('asks for a sync when the timestamp is unreadable', () => {
    expect(isBillingStale('not a date', now)).toBe(true);
    expect(isBillingStale(new Date(Number.NaN), now)).toBe(true);
  });
});

describe('billing percentages', () => {
  it('gives sent and paid as rounded shares of the project value', () => {
    expect(billingPercentages({ projectValue: 80_000, sent: 30_000, paid: 20_000.5 })).toEqual({
      sentPercentage: 38, // 37.5
      paidPercentage: 25,
    });
  });

  it('reports over-billing honestly above 100 (the bars cap it)', () => {
    expect(billingPercentages({ projectValue: 1000, sent: 1500, paid: 1000 })).toEqual({
      sentPercentage: 150,
      paidPercentage: 100,
    });
  });

  it('gives 0 for both when the project has no value', () => {
    expect(billingPercentages({ projectValue: 0, sent: 500, paid: 200 })).toEqual({ sentPercentage: 0, paidPercentage: 0 });
  });
});

describe('velocity', () => {
  it('is round(story points / available points × 100), 0 with no available points', () => {
    expect(velocityPercentage(34, 40)).toBe(85);
    expect(velocityPercentage(13, 15)).toBe(87); // 86.67
    expect(velocityPercentage(50, 40)).toBe(125);
    expect(velocityPercentage(12, 0)).toBe(0);
  });

  it('is green from 80, yellow from 60 to below 80, red below 60', () => {
    expect(velocityColor(120)).toBe('green');
    expect(velocityColor(80)).toBe('green');
    expect(velocityColor(79.9)).toBe('yellow');
    expect(velocityColor(79)).toBe('yellow');
    expect(velocityColor(60)).toBe('yellow');
    expect(velocityColor(59.9)).toBe('red');
    expect(velocityColor(59)).toBe('red');
    expect(velocityColor(0)).toBe('red');
  });
});

describe('weeks', () => {
  it('starts a week on Monday for every day from Monday to Sunday', () => {
    for (const day of ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']) {
      expect(weekStartOf(day), day).toBe(MONDAY);
    }
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
  });

  it('reads a Date as the calendar day it shows locally', () => {
    expect(weekStartOf(new Date(2026, 10, 22, 23, 59))).toBe(MONDAY);
    expect(weekStartOf(new Date(2026, 10, 16, 0, 0))).toBe(MONDAY);
  });

  it('crosses month and year boundaries', () => {
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(weekStartOf('2026-03-01')).toBe('2026-02-23');
  });

  it('ends a week on the Sunday, 6 days after its Monday', () => {
    expect(weekEndOf(MONDAY)).toBe(SUNDAY);
    expect(weekEndOf('2026-12-28')).toBe('2027-01-03');
    expect(weekEndOf('2028-02-28')).toBe('2028-03-05'); // leap year
  });

  it('steps 7 days at a time, forward and back', () => {
    expect(shiftWeek(MONDAY, 1)).toBe('2026-11-23');
    expect(shiftWeek(MONDAY, -1)).toBe('2026-11-09');
    expect(shiftWeek(MONDAY, 0)).toBe(MONDAY);
    expect(shiftWeek('2026-12-28', 1)).toBe('2027-01-04');
    // Across both DST changes of the runtime's zone, whatever it is, a week stays 7 calendar days.
    expect(shiftWeek('2026-03-23', 1)).toBe('2026-03-30');
    expect(shiftWeek('2026-10-26', -1)).toBe('2026-10-19');
  });

  it('lists Monday to Friday for the availability grid', () => {
    expect(weekDays(MONDAY)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', FRIDAY]);
    expect(weekDays('2026-03-30')).toEqual(['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03']);
  });

  it('lists the last 8 weeks oldest first, ending with the current one', () => {
    expect(lastWeeks(MONDAY, 8)).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      MONDAY,
    ]);
    expect(lastWeeks(MONDAY, 1)).toEqual([MONDAY]);
    expect(lastWeeks(MONDAY, 0)).toEqual([]);
  });

  it('keeps every week start a Monday within the week of the given day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }), (d) => {
        const start = weekStartOf(d);
        const [y, m, day] = start.split('-').map(Number) as [number, number, number];
        const monday = new Date(y, m - 1, day);
        expect(monday.getDay()).toBe(1);
        const local = new Date(d.getFullYear(), d.getMonth(), d.getDate());
        const daysIn = Math.round((local.getTime() - monday.getTime()) / (24 * HOUR));
        expect(daysIn).toBeGreaterThanOrEqual(0);
        expect(daysIn).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('accepts only strict YYYY-MM-DD strings naming a real day', () => {
    for (const s of ['2026-11-16', '2028-02-29', '2026-12-31', '2026-01-01']) expect(isIsoDate(s), s).toBe(true);
    for (const s of [
      '2026-02-30',
      '2026-02-29', // not a leap year
      '2026-13-01',
      '2026-00-10',
      '2026-11-31',
      '2026-11-00',
      '2026-1-5',
      '26-11-16',
      '2026/11/16',
      '2026-11-16T00:00:00Z',
      ' 2026-11-16',
      '',
      'yesterday',
    ]) {
      expect(isIsoDate(s), s).toBe(false);
    }
  });

  it('refuses a week start that is not a date, naming the value', () => {
    expect(() => weekEndOf('2026-02-30')).toThrow(RangeError);
    expect(() => shiftWeek('soon', 1)).toThrow(/"soon"/);
    expect(() => weekStartOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('weeks in the agency time zone', () => {
  it('runs Monday 00:00 to the next Monday 00:00 in UTC', () => {
    expect(weekRangeInZone(MONDAY, 'UTC')).toEqual({
      from: new Date('2026-11-16T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
  });

  it('shifts the instants by the zone offset', () => {
    expect(weekRangeInZone(MONDAY, 'Europe/London')).toEqual({
      from: new Date('2026-11-16T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
    expect(weekRangeInZone(MONDAY, 'America/New_York')).toEqual({
      from: new Date('2026-11-16T05:00:00Z'),
      to: new Date('2026-11-23T05:00:00Z'),
    });
    expect(weekRangeInZone(MONDAY, 'Australia/Sydney')).toEqual({
      from: new Date('2026-11-15T13:00:00Z'),
      to: new Date('2026-11-22T13:00:00Z'),
    });
    expect(weekRangeInZone(MONDAY, 'Asia/Kolkata').from).toEqual(new Date('2026-11-15T18:30:00Z'));
  });

  it('is 167 hours long in London the week the clocks go forward and 169 the week they go back', () => {
    // BST starts Sun 29 Mar 2026 and ends Sun 25 Oct 2026.
    const spring = weekRangeInZone('2026-03-23', 'Europe/London');
    expect(spring).toEqual({ from: new Date('2026-03-23T00:00:00Z'), to: new Date('2026-03-29T23:00:00Z') });
    expect(spring.to.getTime() - spring.from.getTime()).toBe(167 * HOUR);

    const autumn = weekRangeInZone('2026-10-19', 'Europe/London');
    expect(autumn).toEqual({ from: new Date('2026-10-18T23:00:00Z'), to: new Date('2026-10-26T00:00:00Z') });
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(169 * HOUR);
  });

  it('is 167 hours long in New York the week the clocks go forward and 169 the week they go back', () => {
    // EDT starts Sun 8 Mar 2026 and ends Sun 1 Nov 2026.
    const spring = weekRangeInZone('2026-03-02', 'America/New_York');
    expect(spring).toEqual({ from: new Date('2026-03-02T05:00:00Z'), to: new Date('2026-03-09T04:00:00Z') });
    expect(spring.to.getTime() - spring.from.getTime()).toBe(167 * HOUR);

    const autumn = weekRangeInZone('2026-10-26', 'America/New_York');
    expect(autumn).toEqual({ from: new Date('2026-10-26T04:00:00Z'), to: new Date('2026-11-02T05:00:00Z') });
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(169 * HOUR);
  });

  it('starts the week at the transition when the clocks skip Monday midnight', () => {
    // Iran moved its clocks from 00:00 to 01:00 on Monday 22 March 2021.
    expect(weekRangeInZone('2021-03-22', 'Asia/Tehran').from).toEqual(new Date('2021-03-21T20:30:00Z'));
  });

  it('takes the week of any day passed in, not only a Monday', () => {
    expect(weekRangeInZone('2026-11-19', 'UTC')).toEqual(weekRangeInZone(MONDAY, 'UTC'));
  });

  it('covers a range of whole days, both ends included, for the story points modal', () => {
    expect(dayRangeInZone('2026-11-16', '2026-11-18', 'America/New_York')).toEqual({
      from: new Date('2026-11-16T05:00:00Z'),
      to: new Date('2026-11-19T05:00:00Z'),
    });
    expect(dayRangeInZone('2026-11-18', '2026-11-18', 'UTC')).toEqual({
      from: new Date('2026-11-18T00:00:00Z'),
      to: new Date('2026-11-19T00:00:00Z'),
    });
    // The Sunday London's clocks go back is 25 hours long.
    const autumnSunday = dayRangeInZone('2026-10-25', '2026-10-25', 'Europe/London');
    expect(autumnSunday.to.getTime() - autumnSunday.from.getTime()).toBe(25 * HOUR);
  });

  it('gives an empty range when the last day comes before the first', () => {
    const range = dayRangeInZone('2026-11-18', '2026-11-16', 'UTC');
    expect(range.to.getTime()).toBeLessThan(range.from.getTime());
  });

  it('refuses an unknown time zone', () => {
    expect(() => weekRangeInZone(MONDAY, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('tells the calendar day in a zone, for "this week" wherever the server runs', () => {
    const instant = new Date('2026-11-22T23:30:00Z'); // Sunday night in London
    expect(isoDateInZone(instant, 'Europe/London')).toBe(SUNDAY);
    expect(isoDateInZone(instant, 'Australia/Sydney')).toBe('2026-11-23'); // already Monday
    expect(isoDateInZone(instant, 'America/New_York')).toBe(SUNDAY);
    expect(weekStartOf(isoDateInZone(instant, 'Australia/Sydney'))).toBe('2026-11-23');
  });
});

describe('employment in a week', () => {
  it('shows a developer with no dates in every week', () => {
    expect(isEmployedInWeek({ startDate: null, endDate: null }, MONDAY)).toBe(true);
  });

  it('shows a developer who starts on or before the Friday, and hides one who starts after it', () => {
    expect(isEmployedInWeek({ startDate: FRIDAY, endDate: null }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: MONDAY, endDate: null }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: '2026-11-21', endDate: null }, MONDAY)).toBe(false); // Saturday
    expect(isEmployedInWeek({ startDate: '2026-11-23', endDate: null }, MONDAY)).toBe(false);
  });

  it('shows a developer who leaves on or after the Monday, and hides one who left before it', () => {
    expect(isEmployedInWeek({ startDate: null, endDate: MONDAY }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: null, endDate: FRIDAY }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: null, endDate: '2026-11-15' }, MONDAY)).toBe(false); // Sunday before
  });

  it('needs both dates to allow the week', () => {
    expect(isEmployedInWeek({ startDate: '2026-11-18', endDate: '2026-11-18' }, MONDAY)).toBe(true);
    expect(isEmployedInWeek({ startDate: '2026-11-01', endDate: '2026-11-13' }, MONDAY)).toBe(false);
  });
});

describe('available points', () => {
  const dev = (accountId: string, startDate: string | null = null, endDate: string | null = null) => ({
    accountId,
    startDate,
    endDate,
  });

  it('counts five weekdays per developer times the points per day', () => {
    expect(availablePoints({ developers: [dev('a'), dev('b')], awayDays: new Set(), weekStart: MONDAY, pointsPerDay: 1 })).toBe(10);
    expect(availablePoints({ developers: [dev('a'), dev('b')], awayDays: new Set(), weekStart: MONDAY, pointsPerDay: 2.5 })).toBe(25);
  });

  it('leaves out the days a developer is away, only for that developer', () => {
    const awayDays = new Set([awayKey('a', '2026-11-17'), awayKey('a', FRIDAY), awayKey('b', '2026-11-18')]);
    expect(availablePoints({ developers: [dev('a'), dev('b')], awayDays, weekStart: MONDAY, pointsPerDay: 1 })).toBe(7);
  });

  it('ignores away days outside the week and weekend days', () => {
    const awayDays = new Set([awayKey('a', '2026-11-13'), awayKey('a', '2026-11-21'), awayKey('a', '2026-11-23')]);
    expect(availablePoints({ developers: [dev('a')], awayDays, weekStart: MONDAY, pointsPerDay: 1 })).toBe(5);
  });

  it('counts a start date and an end date as working days', () => {
    const developers = [
      dev('starts-wed', '2026-11-18'), // Wed, Thu, Fri
      dev('leaves-tue', null, '2026-11-17'), // Mon, Tue
      dev('starts-fri', FRIDAY), // Fri
      dev('leaves-mon', null, MONDAY), // Mon
    ];
    expect(availablePoints({ developers, awayDays: new Set(), weekStart: MONDAY, pointsPerDay: 1 })).toBe(7);
  });

  it('gives nothing for developers employed outside the week', () => {
    const developers = [dev('future', '2026-11-21'), dev('gone', null, '2026-11-15'), dev('later', '2026-12-01', '2026-12-31')];
    expect(availablePoints({ developers, awayDays: new Set(), weekStart: MONDAY, pointsPerDay: 3 })).toBe(0);
  });

  it('is 0 with nobody selected', () => {
    expect(availablePoints({ developers: [], awayDays: new Set(), weekStart: MONDAY, pointsPerDay: 1 })).toBe(0);
  });
});

describe('money', () => {
  it('uses $100 an hour by default', () => {
    expect(DEFAULT_HOURLY_RATE).toBe(100);
  });

  it('rounds to cents, halves away from zero, without binary drift', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(1.004)).toBe(1);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(1234.5)).toBe(1234.5);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(roundMoney(Number.NaN)).toBe(0);
  });

  it('rounds any amount to at most two decimals, idempotently', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        const r = roundMoney(n);
        expect(Math.abs(r - n)).toBeLessThanOrEqual(0.005 + 1e-6);
        expect(roundMoney(r)).toBe(r);
        expect(Number.isInteger(Math.round(r * 100))).toBe(true);
      }),
    );
  });

  it('takes the internal cost from the breakdown when it adds up to more than 0', () => {
    expect(internalCost({ hours: 40, breakdownCosts: [1200, 850.5] })).toBe(2050.5);
    expect(internalCost({ hours: 40, breakdownCosts: [0.1, 0.2] })).toBe(0.3);
  });

  it('falls back to hours × $100 with no breakdown or a zero one', () => {
    expect(internalCost({ hours: 12.5, breakdownCosts: [] })).toBe(1250);
    expect(internalCost({ hours: 12.5, breakdownCosts: [0, 0] })).toBe(1250);
    expect(internalCost({ hours: 0, breakdownCosts: [] })).toBe(0);
  });

  it('takes gross margin as invoiced minus cost, negative when cost is higher', () => {
    expect(grossMargin(10_000, 6_500)).toBe(3500);
    expect(grossMargin(1000, 1250.75)).toBe(-250.75);
    expect(grossMargin(0.3, 0.1)).toBe(0.2);
  });

  it('gives margin % to one decimal, 0 when nothing is invoiced', () => {
    expect(marginPercent(3500, 10_000)).toBe(35);
    expect(marginPercent(1, 3)).toBe(33.3);
    expect(marginPercent(2, 3)).toBe(66.7);
    expect(marginPercent(-250, 1000)).toBe(-25);
    expect(marginPercent(-1, 3)).toBe(-33.3);
    expect(marginPercent(1, 8)).toBe(12.5);
    expect(marginPercent(1, 1600)).toBe(0.1); // 0.0625
    expect(marginPercent(-500, 0)).toBe(0);
  });

  it('uses the paid amount for the live margin and has no percentage when nothing is paid', () => {
    expect(liveMargin({ paid: 8000, cost: 6000 })).toEqual({ margin: 2000, percent: 25 });
    expect(liveMargin({ paid: 3000, cost: 4000 })).toEqual({ margin: -1000, percent: -33.3 });
    expect(liveMargin({ paid: 0, cost: 1500 })).toEqual({ margin: -1500, percent: null });
  });
});

describe('cost rate on a day', () => {
  const periods = [
    { startDate: null, cost: 60 },
    { startDate: '2026-01-01', cost: 80 },
    { startDate: '2026-07-01', cost: 90 },
  ];

  it('uses the period with the latest start on or before the day', () => {
    expect(costRateOn(periods, '2026-03-15', 120)).toBe(80);
    expect(costRateOn(periods, '2026-07-01', 120)).toBe(90); // starts that very day
    expect(costRateOn(periods, '2026-06-30', 120)).toBe(80);
    expect(costRateOn(periods, '2027-02-01', 120)).toBe(90);
  });

  it('does not depend on the order of the periods', () => {
    expect(costRateOn([...periods].reverse(), '2026-03-15', 120)).toBe(80);
  });

  it('uses the start-less period before every dated one', () => {
    expect(costRateOn(periods, '2025-12-31', 120)).toBe(60);
  });

  it("falls back to the person's cost, then to $100 an hour", () => {
    const dated = [{ startDate: '2026-01-01', cost: 80 }];
    expect(costRateOn(dated, '2025-06-01', 120)).toBe(120);
    expect(costRateOn([], '2026-03-15', 120)).toBe(120);
    expect(costRateOn([], '2026-03-15', null)).toBe(100);
    expect(costRateOn(dated, '2025-06-01', null)).toBe(100);
  });

  it('keeps a cost of 0 rather than replacing it with the default', () => {
    expect(costRateOn([{ startDate: null, cost: 0 }], '2026-03-15', 120)).toBe(0);
    expect(costRateOn([], '2026-03-15', 0)).toBe(0);
  });
});
