import { describe, expect, it } from 'vitest';
import {
  type Allocation,
  type CapacityPerson,
  capacityViewQuery,
  dayCapacity,
  demandHours,
  personWeek,
  spreadDemand,
  sumWeeks,
  weeksFrom,
} from './capacity';

const week = (mon: number, tue: number, wed: number, thu: number, fri: number) => ({
  monday: mon,
  tuesday: tue,
  wednesday: wed,
  thursday: thu,
  friday: fri,
  saturday: 0,
  sunday: 0,
});

// Hand-computed fixture: 7.5 h Monday to Thursday, 4 h on Friday; starts on Wednesday 2 December
// 2026; a holiday on Tuesday 8 December and a day of leave on Thursday 10 December.
const ana: CapacityPerson = {
  id: 1,
  name: 'Ana Pereira',
  team: 'Team 1',
  workingMinutes: week(450, 450, 450, 450, 240),
  startDate: '2026-12-02',
  endDate: null,
};
const holidays = new Map([['2026-12-08', "Founders' Day"]]);
const allocations: Allocation[] = [
  // 6 h a day on a project for two weeks.
  {
    personId: 1,
    startDate: '2026-11-30',
    endDate: '2026-12-13',
    minutes: week(360, 360, 360, 360, 360),
    timeOff: false,
  },
  // The day of leave (Forecast: an allocation to non-project time).
  {
    personId: 1,
    startDate: '2026-12-10',
    endDate: '2026-12-10',
    minutes: week(450, 450, 450, 450, 450),
    timeOff: true,
  },
  // A second project on Monday 7 December: 4 h more than the day holds.
  {
    personId: 1,
    startDate: '2026-12-07',
    endDate: '2026-12-07',
    minutes: week(240, 0, 0, 0, 0),
    timeOff: false,
  },
  // Someone else's allocation never counts for Ana.
  {
    personId: 2,
    startDate: '2026-11-30',
    endDate: '2026-12-31',
    minutes: week(480, 480, 480, 480, 480),
    timeOff: false,
  },
];

describe('a person’s week', () => {
  it('counts only the days from the start date in the week the person starts', () => {
    // Wed 7.5 + Thu 7.5 + Fri 4 = 19 h; allocated 6 h on each of those 3 days = 18 h.
    expect(personWeek(ana, '2026-11-30', holidays, allocations)).toEqual({
      weekStart: '2026-11-30',
      availableHours: 19,
      allocatedHours: 18,
      freeHours: 1,
      utilisation: 95, // 18 / 19 = 94.7 %
      overAllocated: false,
    });
  });

  it('takes out the holiday and the day of leave, and flags over-allocation', () => {
    // Mon 7.5 + Wed 7.5 + Fri 4 = 19 h (Tue holiday, Thu leave);
    // allocated: Mon 6 + 4, Wed 6, Fri 6 = 22 h; free -3 h; 22 / 19 = 115.8 %.
    expect(personWeek(ana, '2026-12-07', holidays, allocations)).toEqual({
      weekStart: '2026-12-07',
      availableHours: 19,
      allocatedHours: 22,
      freeHours: -3,
      utilisation: 116,
      overAllocated: true,
    });
  });

  it('has the full working week once the allocations end', () => {
    expect(personWeek(ana, '2026-12-14', holidays, allocations)).toMatchObject({
      availableHours: 34, // 4 × 7.5 + 4
      allocatedHours: 0,
      freeHours: 34,
      utilisation: 0,
    });
  });

  it('has nothing after the end date', () => {
    const leaving = { ...ana, endDate: '2026-12-15' };
    // Mon 7.5 + Tue 7.5.
    expect(personWeek(leaving, '2026-12-14', holidays, []).availableHours).toBe(15);
    expect(personWeek(leaving, '2026-12-21', holidays, []).utilisation).toBeNull();
  });

  it('names the source of a day without time', () => {
    expect(dayCapacity(ana, '2026-12-08', holidays, allocations).source).toEqual({
      kind: 'holiday',
      name: "Founders' Day",
    });
    expect(dayCapacity(ana, '2026-12-10', holidays, allocations).source).toEqual({
      kind: 'leave',
    });
    // Before the start date there is no working day to lose: no source.
    expect(dayCapacity(ana, '2026-12-01', holidays, allocations)).toMatchObject({
      availableMinutes: 0,
      source: null,
    });
  });

  it('adds people week by week for a team row', () => {
    const weeks = weeksFrom('2026-12-02', 2);
    expect(weeks).toEqual(['2026-11-30', '2026-12-07']);
    const row = personWeek(ana, '2026-11-30', holidays, allocations);
    const row2 = personWeek(ana, '2026-12-07', holidays, allocations);
    const total = sumWeeks(
      [
        [row, row2],
        [row, row2],
      ],
      weeks,
    );
    expect(total[0]).toMatchObject({ availableHours: 38, allocatedHours: 36, freeHours: 2 });
    expect(total[1]).toMatchObject({ freeHours: -6, overAllocated: true });
  });
});

describe('tentative demand', () => {
  it('turns value into hours at the blended rate and spreads them from the close week', () => {
    // 4,800 weighted at 100 an hour = 48 h over 4 weeks from Wednesday 9 December.
    expect(demandHours(4800, 100)).toBe(48);
    expect(demandHours(4800, 0)).toBe(0);
    expect(spreadDemand(48, '2026-12-09', 4)).toEqual([
      { weekStart: '2026-12-07', hours: 12 },
      { weekStart: '2026-12-14', hours: 12 },
      { weekStart: '2026-12-21', hours: 12 },
      { weekStart: '2026-12-28', hours: 12 },
    ]);
  });
});

describe('capacityViewQuery', () => {
  it('writes only what differs from the default view', () => {
    expect(capacityViewQuery({ tentative: true, minProbability: 0 })).toBe('');
    expect(capacityViewQuery({ tentative: false, minProbability: 0 })).toBe('tentative=0');
    expect(capacityViewQuery({ tentative: true, minProbability: 50 })).toBe('minProbability=50');
  });
});
