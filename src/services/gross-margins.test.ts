import { describe, expect, it } from 'vitest';
import { marginFigures, toGrossMarginProjects, type GrossMarginRow } from './gross-margins';

const project = { id: 7, name: 'Northwind Mobile App', devStatus: 'Active', totalInvoiced: 1000, totalPaid: 0 };
const row = (over: Partial<GrossMarginRow>): GrossMarginRow => ({
  ...project,
  personId: 101,
  personName: 'Mia Chen',
  hourlyRate: 60,
  rateKnown: true,
  minutes: 60,
  ...over,
});

describe('toGrossMarginProjects', () => {
  it('gives each person and rate its own line: hours × rate = cost', () => {
    const [p] = toGrossMarginProjects([
      row({ minutes: 150, hourlyRate: 60 }),
      row({ minutes: 90, hourlyRate: 66.5 }),
      row({ personId: 102, personName: 'Omar Haddad', minutes: 20, hourlyRate: 80 }),
    ]);
    expect(p!.totalHours).toBe(4.33);
    expect(p!.costBreakdown).toEqual([
      { personId: 101, personName: 'Mia Chen', hours: 2.5, hourlyRate: 60, cost: 150 },
      { personId: 101, personName: 'Mia Chen', hours: 1.5, hourlyRate: 66.5, cost: 99.75 },
      // 20 min at $80 is $26.67, from the minutes rather than from 0.33 h.
      { personId: 102, personName: 'Omar Haddad', hours: 0.33, hourlyRate: 80, cost: 26.67 },
    ]);
  });

  it('keeps people at the default rate in the breakdown when someone else has a known rate', () => {
    const [p] = toGrossMarginProjects([row({ minutes: 60 }), row({ personId: 103, personName: 'Lena Ortiz', hourlyRate: 100, rateKnown: false, minutes: 30 })]);
    expect(p!.costBreakdown!.map((e) => [e.personName, e.hourlyRate, e.cost])).toEqual([
      ['Mia Chen', 60, 60],
      ['Lena Ortiz', 100, 50],
    ]);
  });

  it('has no breakdown when every hour is at the default rate, or costs nothing', () => {
    const [allDefault, free] = toGrossMarginProjects([
      row({ rateKnown: false, hourlyRate: 100, minutes: 90 }),
      row({ id: 8, name: 'Free work', hourlyRate: 0, minutes: 60 }),
    ]);
    expect(allDefault).toEqual({ ...project, totalHours: 1.5 });
    expect(free!.costBreakdown).toBeUndefined();
    // Spec §9: cost = hours × $100 when there is no breakdown.
    expect(marginFigures(allDefault!).internalCost).toBe(150);
    expect(marginFigures(free!).internalCost).toBe(100);
  });

  it('lists a project with no time at all with zero hours', () => {
    const projects = toGrossMarginProjects([row({ personId: null, personName: null, hourlyRate: null, rateKnown: null, minutes: null })]);
    expect(projects).toEqual([{ ...project, totalHours: 0 }]);
  });
});

describe('marginFigures (spec §9)', () => {
  const withCost = (cost: number, invoiced: number, paid: number) =>
    marginFigures({ totalHours: 1, totalInvoiced: invoiced, totalPaid: paid, costBreakdown: [{ personId: 1, personName: 'A', hours: 1, hourlyRate: cost, cost }] });

  it('takes margin as invoiced minus cost and margin % to one decimal', () => {
    // 10 000 − 6 667 = 3 333 → 33.33 % → 33.3.
    expect(withCost(6667, 10000, 0)).toMatchObject({ internalCost: 6667, grossMargin: 3333, marginPercent: 33.3 });
  });

  it('shows margin % 0 when nothing is invoiced, even with a loss', () => {
    expect(withCost(500, 0, 0)).toMatchObject({ grossMargin: -500, marginPercent: 0 });
  });

  it('computes the live margin from the paid amount, with no percentage when nothing is paid', () => {
    expect(withCost(300, 1000, 400).live).toEqual({ margin: 100, percent: 25 });
    expect(withCost(300, 1000, 0).live).toEqual({ margin: -300, percent: null });
  });
});
