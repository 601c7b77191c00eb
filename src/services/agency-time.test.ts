import { describe, expect, it } from 'vitest';
import { personName, projectName, summariseWeek, type WeekRegistration } from './agency-time';

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
      [
        { currency: 'USD', amount: 1000.5 },
        { currency: 'EUR', amount: 700 },
        { currency: 'USD', amount: 234.067 },
      ],
      'USD',
    );
    // 60 min in all = 1 h, costing $90: summed in minutes, not from rounded thirds of an hour.
    expect(week).toMatchObject({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      totalHours: 1,
      totalInternalCost: 90,
      totalInvoicesSent: 1234.57,
      // The euro invoice is never added to the dollars: it has a line of its own.
      invoicesSent: [
        { currency: 'USD', amount: 1234.57 },
        { currency: 'EUR', amount: 700 },
      ],
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
      [],
      'USD',
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
      [],
      'USD',
    );
    expect(week.projectTimeData[0]!.timeEntries.map((e) => 'notes' in e)).toEqual([
      true,
      false,
      false,
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
