import { describe, expect, it } from 'vitest';
import {
  costRegistrations,
  hoursFromMinutes,
  personName,
  projectName,
  summariseWeek,
  type WeekRegistration,
} from './agency-time';

const registration = (over: Partial<WeekRegistration>): WeekRegistration => ({
  id: 1,
  projectId: 4001,
  projectName: 'Acme Support Retainer',
  date: '2026-11-16',
  personName: 'Mia Chen',
  notes: null,
  minutes: 60,
  hourlyRate: 100,
  ...over,
});

describe('summariseWeek', () => {
  it('totals hours and cost over every project, and names the week from Monday to Sunday', () => {
    const week = summariseWeek(
      '2026-11-16',
      [
        registration({ id: 1, minutes: 20, hourlyRate: 90 }),
        registration({ id: 2, minutes: 20, hourlyRate: 90 }),
        registration({
          id: 3,
          minutes: 20,
          hourlyRate: 90,
          projectId: 4002,
          projectName: 'Globex',
        }),
      ],
      1234.567,
    );
    // 60 min in all = 1 h, costing $90: summed in minutes, not from rounded thirds of an hour.
    expect(week).toMatchObject({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      totalHours: 1,
      totalInternalCost: 90,
      totalInvoicesSent: 1234.57,
    });
    expect(week.projectTimeData.map((p) => [p.projectName, p.totalHours])).toEqual([
      ['Acme Support Retainer', 0.67],
      ['Globex', 0.33],
    ]);
  });

  it('orders projects with equal hours by name', () => {
    const week = summariseWeek(
      '2026-11-16',
      [
        registration({ id: 1, projectId: 2, projectName: 'Zeta' }),
        registration({ id: 2, projectId: 1, projectName: 'Alpha' }),
      ],
      0,
    );
    expect(week.projectTimeData.map((p) => p.projectName)).toEqual(['Alpha', 'Zeta']);
  });

  it('keeps notes that say something and drops empty ones', () => {
    const week = summariseWeek(
      '2026-11-16',
      [
        registration({ id: 1, notes: 'Review' }),
        registration({ id: 2, notes: '' }),
        registration({ id: 3, notes: null }),
      ],
      0,
    );
    expect(week.projectTimeData[0]!.timeEntries.map((e) => 'notes' in e)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('turns minutes into hours to two decimals', () => {
    expect([
      hoursFromMinutes(45),
      hoursFromMinutes(50),
      hoursFromMinutes(0),
      hoursFromMinutes(450),
    ]).toEqual([0.75, 0.83, 0, 7.5]);
  });
});

describe('costRegistrations', () => {
  const stored = (id: number, personId: number, date: string, personCost: number | null) => {
    const { hourlyRate: _unused, ...r } = registration({ id, date });
    return { ...r, personId, personCost };
  };

  it("costs each registration at its person's rate on its own day", () => {
    // Mia's rate moves from $50 to $70 on Wednesday; Omar has only his own cost; Lena has nothing.
    const costed = costRegistrations(
      [
        stored(1, 101, '2026-11-17', 70),
        stored(2, 101, '2026-11-18', 70),
        stored(3, 102, '2026-11-18', 80),
        stored(4, 103, '2026-11-18', null),
      ],
      [
        { personId: 101, startDate: null, cost: 50 },
        { personId: 101, startDate: '2026-11-18', cost: 70 },
      ],
    );
    expect(costed.map((r) => [r.id, r.hourlyRate])).toEqual([
      [1, 50],
      [2, 70],
      [3, 80],
      [4, 100],
    ]);
    expect(Object.keys(costed[0]!).sort()).toEqual([
      'date',
      'hourlyRate',
      'id',
      'minutes',
      'notes',
      'personName',
      'projectId',
      'projectName',
    ]);
  });
});

describe('names of people and projects', () => {
  it("uses Forecast's names and stands in for ones no longer synced", () => {
    expect(personName('Mia Chen', 101)).toBe('Mia Chen');
    expect(personName('  ', 101)).toBe('Person #101');
    expect(personName(undefined, 7)).toBe('Person #7');
    expect(projectName('Acme <Beta>', 4001)).toBe('Acme <Beta>');
    expect(projectName(null, 4009)).toBe('Forecast project #4009');
  });
});
