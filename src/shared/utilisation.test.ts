import { describe, expect, it } from 'vitest';
import { addCalendarDays, type IsoDate } from './calendar';
import type { PersonCalendar } from './roster';
import { outOfOfficeMinutes } from './capacity';
import {
  parsePeriod,
  periodHolding,
  personUtilisation,
  shiftPeriod,
  targetOn,
  targetVerdict,
} from './utilisation';

/** Every weekday from `from` to `to` with the same minutes. */
function weekdays(from: IsoDate, to: IsoDate, minutes: number): Map<IsoDate, number> {
  const out = new Map<IsoDate, number>();
  for (let d = from; d <= to; d = addCalendarDays(d, 1)) {
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) out.set(d, minutes);
  }
  return out;
}

/**
 * By hand: February 2027 starts on a Monday and has four whole weeks, 20 working days of 8 hours
 * (160 h). Ana is on leave for 10 of them (15 to 26 February), so 80 h are available. She bills
 * 6.4 h on each of the 10 days she is in: 64 h, which is 80% of 80 h, so her 80% target is met. Judged on the month's 160 working hours, leave
 * ignored, the same 64 h would read 40% and short by 64 h: that is the wrong denominator.
 */
describe('utilisation of a month with leave (the 18F method)', () => {
  const calendar: PersonCalendar = {
    workingWeek: [480, 480, 480, 480, 480, 0, 0],
    employment: { startDate: null, endDate: null },
    holidays: new Map(),
    leaveMinutes: weekdays('2027-02-15', '2027-02-26', 480),
    marked: new Map(),
  };
  const february = parsePeriod('2027-02')!;
  const weeks = Array.from({ length: february.weeks }, (_, i) =>
    addCalendarDays(february.from, i * 7),
  );
  const billed = new Map([
    ...weekdays('2027-02-01', '2027-02-12', 384),
    ...weekdays('2027-02-15', '2027-02-26', 0),
  ]);
  const ana = (billableMinutes: ReadonlyMap<IsoDate, number>, today: IsoDate = '2027-03-10') =>
    personUtilisation({
      calendar,
      billableMinutes,
      allocatedMinutes: new Map(),
      weeks,
      targetPercent: 80,
      today,
    });

  it('is four whole weeks, 20 working days', () => {
    expect(february).toMatchObject({ from: '2027-02-01', weeks: 4, label: 'February 2027' });
  });

  it('meets an 80% target by billing 80% of the hours she was in', () => {
    const result = ana(billed);
    expect(result.period).toEqual({
      availableHours: 80,
      billableHours: 64,
      utilisationPercent: 80,
      targetMet: true,
      projectedPercent: 80,
    });
    expect(targetVerdict(result.shortByMinutes)).toBe('target met');
  });

  it('takes the leave out of the denominator, not the month’s working hours', () => {
    const result = ana(billed);
    // 160 working hours less 80 of leave; the weeks of leave have nothing available.
    expect(result.period.availableHours).not.toBe(160);
    expect(result.weeks.map((w) => w.availableHours)).toEqual([40, 40, 0, 0]);
    expect(result.weeks.map((w) => w.utilisationPercent)).toEqual([80, 80, null, null]);
    // An hour less is short, whatever the month's working hours were.
    const less = new Map(billed);
    less.set('2027-02-12', 384 - 60);
    expect(targetVerdict(ana(less).shortByMinutes)).toBe('short by 1 h');
    expect(ana(less).period.targetMet).toBe(false);
  });

  it('projects the rest of the period from allocations on days with time left', () => {
    // On 5 February she has billed 5 × 6.4 h = 32 h; 6 h a day is allocated from 8 to 28
    // February, but the fortnight of leave leaves 5 days of it: 30 h. (32 + 30) / 80 = 77.5%.
    const result = personUtilisation({
      calendar,
      billableMinutes: weekdays('2027-02-01', '2027-02-05', 384),
      allocatedMinutes: weekdays('2027-02-08', '2027-02-28', 360),
      weeks,
      targetPercent: 80,
      today: '2027-02-05',
    });
    expect(result.period).toMatchObject({
      billableHours: 32,
      utilisationPercent: 40,
      targetMet: false,
      projectedPercent: 78,
    });
    expect(targetVerdict(result.shortByMinutes)).toBe('short by 32 h');
  });

  it('counts nothing outside the employment dates, and says so with no target', () => {
    const leaver = personUtilisation({
      calendar: {
        ...calendar,
        leaveMinutes: new Map(),
        employment: { startDate: null, endDate: '2027-02-05' },
      },
      billableMinutes: new Map(),
      allocatedMinutes: new Map(),
      weeks,
      targetPercent: null,
      today: '2027-03-10',
    });
    expect(leaver.weeks.map((w) => w.availableHours)).toEqual([40, 0, 0, 0]);
    expect(leaver.period).toMatchObject({ utilisationPercent: 0, targetMet: null });
    expect(targetVerdict(leaver.shortByMinutes)).toBe('no target');
  });
});

describe('out of office', () => {
  it('is the more of time off planned and time off registered, each day once', () => {
    const planned = new Map([
      ['2027-02-01', 480],
      ['2027-02-02', 240],
    ]);
    const registered = new Map([
      ['2027-02-02', 480],
      ['2027-02-03', 480],
      ['2027-02-01', 480],
    ]);
    expect(outOfOfficeMinutes(planned, registered)).toEqual(
      new Map([
        ['2027-02-01', 480],
        ['2027-02-02', 480],
        ['2027-02-03', 480],
      ]),
    );
  });
});

describe('dated targets', () => {
  const own = [
    { from: '2027-01-01', percent: 70 },
    { from: '2027-04-01', percent: null },
    { from: '2027-03-01', percent: 75 },
  ];
  it('takes the latest own target dated on or before the day, else the role default', () => {
    expect(targetOn('2026-12-31', own, 80)).toBe(80);
    expect(targetOn('2027-01-01', own, 80)).toBe(70);
    expect(targetOn('2027-03-15', own, 80)).toBe(75);
    // Back to the role's default from April.
    expect(targetOn('2027-04-01', own, 80)).toBe(80);
    expect(targetOn('2027-04-01', own, null)).toBeNull();
  });
});

describe('periods', () => {
  it('are the weeks whose Monday lies in the month or quarter', () => {
    // 1 March 2027 is a Monday; March has five Mondays (1, 8, 15, 22, 29).
    expect(parsePeriod('2027-03')).toMatchObject({ from: '2027-03-01', weeks: 5 });
    // December 2026 starts on a Tuesday: its first week is the one of Monday 7 December.
    expect(parsePeriod('2026-12')).toMatchObject({ from: '2026-12-07', weeks: 4 });
    expect(parsePeriod('2027-Q1')).toMatchObject({
      from: '2027-01-04',
      weeks: 13,
      label: 'Q1 2027',
    });
    expect(parsePeriod('2027-13')).toBeNull();
    expect(parsePeriod('2027-Q5')).toBeNull();
    expect(parsePeriod('27-01')).toBeNull();
  });

  it('hold a date by its Monday, and step back and forth', () => {
    // Friday 1 January 2027 is in the week of Monday 28 December: December's.
    expect(periodHolding('2027-01-01', 'month').key).toBe('2026-12');
    expect(periodHolding('2027-01-04', 'quarter').key).toBe('2027-Q1');
    expect(shiftPeriod(parsePeriod('2027-01')!, -1).key).toBe('2026-12');
    expect(shiftPeriod(parsePeriod('2026-Q4')!, 1).key).toBe('2027-Q1');
  });
});
