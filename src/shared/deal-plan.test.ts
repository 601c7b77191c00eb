import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CapacityPerson, personWeek, weeksFrom } from './capacity';
import { shiftWeek } from './calendar';
import {
  checkRoleMixDraft,
  expectedHours,
  fitAt,
  freeByRole,
  freeByRoleAndTeam,
  ifWonHours,
  noExchangeRateText,
  parseFxRates,
  parseRoleMix,
  pickRoleMix,
  planDeals,
  roleMixDraftOk,
  roleMixShares,
  splitByRole,
  staffingOrder,
  teamHoursLeft,
  toAgencyCurrency,
  verdictText,
} from './deal-plan';

const full = {
  monday: 480,
  tuesday: 480,
  wednesday: 480,
  thursday: 480,
  friday: 480,
  saturday: 0,
  sunday: 0,
};
const person = (id: number, name: string): CapacityPerson => ({
  id,
  name,
  team: 'Delivery',
  workingMinutes: full,
  startDate: null,
  endDate: null,
});

describe('exchange rates', () => {
  it('reads FX_RATES as the value of one unit in the agency currency', () => {
    expect(parseFxRates('EUR=1.08,AUD=0.66')).toEqual({ rates: { EUR: 1.08, AUD: 0.66 } });
    expect(parseFxRates(' eur = 1.1 , ')).toEqual({ rates: { EUR: 1.1 } });
    expect(parseFxRates('')).toEqual({ rates: {} });
    expect(parseFxRates('EUR=0')).toHaveProperty('error');
    expect(parseFxRates('EURO=1.1')).toHaveProperty('error');
    expect(parseFxRates('EUR=1,EUR=2')).toEqual({ error: 'EUR is given twice' });
  });
  it('never converts a currency without a rate, not even 1:1', () => {
    const rates = { EUR: 1.1 };
    expect(toAgencyCurrency(10_000, 'EUR', 'USD', rates)).toBeCloseTo(11_000, 6);
    expect(toAgencyCurrency(10_000, 'USD', 'USD', rates)).toBe(10_000);
    expect(toAgencyCurrency(10_000, 'USDT', 'USD', rates)).toBeNull();
    expect(toAgencyCurrency(10_000, 'US$', 'USD', rates)).toBeNull();
    expect(toAgencyCurrency(10_000, 'constructor', 'USD', rates)).toBeNull();
    expect(noExchangeRateText('USDT')).toBe('no exchange rate for USDT');
  });
});

describe('roles', () => {
  it('splits hours by a mix to the hundredth, summing exactly', () => {
    expect(
      splitByRole(80, [
        { role: 'Developer', weight: 3 },
        { role: 'Designer', weight: 1 },
      ]),
    ).toEqual([
      { role: 'Developer', hours: 60 },
      { role: 'Designer', hours: 20 },
    ]);
    const thirds = splitByRole(100, [
      { role: 'A', weight: 1 },
      { role: 'B', weight: 1 },
      { role: 'C', weight: 1 },
    ]);
    expect(thirds.map((r) => r.hours)).toEqual([33.34, 33.33, 33.33]);
  });
  it('takes the deal field, else the pipeline mix, else billable hours, else the team', () => {
    const team = [{ role: 'Developer', weight: 1 }];
    const field = parseRoleMix('Designer=40, Developer: 60');
    expect(field).toEqual([
      { role: 'Designer', weight: 40 },
      { role: 'Developer', weight: 60 },
    ]);
    expect(parseRoleMix('half and half')).toBeNull();
    expect(pickRoleMix({ dealField: field, pipelineMix: team, teamHours: team }).source).toBe(
      'deal field',
    );
    expect(pickRoleMix({ dealField: null, pipelineMix: team, teamHours: team }).source).toBe(
      'pipeline mix',
    );
    expect(pickRoleMix({ billableHours: team, teamHours: team }).source).toBe('billable hours');
    expect(pickRoleMix({ billableHours: [], teamHours: team }).source).toBe('team hours');
  });
});

describe('a role mix typed in settings', () => {
  it('says what is wrong per field, with the limits the call enforces', () => {
    const ok = checkRoleMixDraft([
      { role: 'Developer', weight: '60' },
      { role: ' Designer ', weight: '40' },
    ]);
    expect(roleMixDraftOk(ok)).toBe(true);
    const bad = checkRoleMixDraft([
      { role: '', weight: '1' },
      { role: 'QA', weight: '0' },
      { role: 'Developer', weight: 'lots' },
      { role: 'Developer ', weight: '1000001' },
    ]);
    expect(bad.rows).toEqual([
      { role: 'Enter a role', weight: null },
      { role: null, weight: 'Enter a weight above 0' },
      { role: 'Name each role once', weight: 'Enter a number' },
      { role: 'Name each role once', weight: 'At most 1,000,000' },
    ]);
    expect(roleMixDraftOk(bad)).toBe(false);
    expect(checkRoleMixDraft([]).mix).toBe('Add at least one role, or clear the mix');
    expect(checkRoleMixDraft([{ role: 'x'.repeat(101), weight: '1' }]).rows[0]!.role).toBe(
      'At most 100 characters',
    );
  });
  it('shows each role as a whole percent of the weights, none for a weight that is not one', () => {
    expect(roleMixShares([3, 1])).toEqual([75, 25]);
    expect(roleMixShares([1, 1, 1])).toEqual([33, 33, 33]);
    expect(roleMixShares([2, Number.NaN, 0])).toEqual([100, null, null]);
    expect(roleMixShares([])).toEqual([]);
  });
});

describe('the heat-map by role and team', () => {
  it("splits each role's free hours by team, an over-allocated person freeing no one", () => {
    const week = (freeHours: number) => [{ weekStart: '2027-01-04', freeHours }];
    const free = freeByRoleAndTeam([
      { role: 'Developer', team: 'Web', weeks: week(30) },
      { role: 'Developer', team: 'Web', weeks: week(-6) },
      { role: 'Developer', team: 'Mobile', weeks: week(10) },
      { role: null, team: 'Web', weeks: week(8) },
    ]);
    expect(free.get('Developer')?.get('Web')?.get('2027-01-04')).toBe(30);
    expect(free.get('Developer')?.get('Mobile')?.get('2027-01-04')).toBe(10);
    expect(free.get('No role')?.get('Web')?.get('2027-01-04')).toBe(8);
  });
  it("draws a role's taken hours from its teams in proportion to their free hours", () => {
    // Developers: Web 30 h and Mobile 10 h free; deals take 20 of the 40, leaving 20.
    expect(teamHoursLeft(30, 40, 20)).toBe(15);
    expect(teamHoursLeft(10, 40, 20)).toBe(5);
    // Nothing free, nothing left; a role taken past its free hours leaves none.
    expect(teamHoursLeft(0, 40, 20)).toBe(0);
    expect(teamHoursLeft(10, 0, 0)).toBe(0);
    expect(teamHoursLeft(10, 40, -5)).toBe(0);
  });
});

/**
 * The worked example (docs/decisions/410-deal-staffing-verdicts.md): agency currency USD at
 * 100 an hour, EUR at 1.10; deals over 2 weeks; five weeks planned from Mon 4 Jan 2027.
 * Developers Ann and Bo, designer Cy, 40 h a week each. Monday 11 Jan is a holiday. Ann is
 * allocated full days in weeks 1–2; Cy 4 h a day in week 3.
 *
 *   free hours      Jan 4  Jan 11  Jan 18  Jan 25  Feb 1
 *   Developer         40     32      80      80     80
 *   Designer          40     32      20      40     40
 *
 * Deals: Alpha $8,000 (50%, closes Jan 4, Developer 3 : Designer 1), Beta €10,000 (25%,
 * closes Jan 4, 1 : 1), Gamma $4,000 (90%, closes Jan 11, Developer only), Gamma marked won.
 *
 *   deal   if won  expected  by role             order  earliest  short at its close week
 *   Gamma    40      36      Dev 40                1    Jan 11    —
 *   Alpha    80      40      Dev 60, Des 20        2    Jan 18    Developer 18 h (Jan 11: 30 needed, 12 left)
 *   Beta    110      27.5    Dev 55, Des 55        3    Jan 25    Developer 15.5 h (Jan 11: 27.5 needed, 12 left)
 */
describe('the worked example: three deals, two currencies, two roles, a holiday week', () => {
  const weeks = weeksFrom('2027-01-04', 5);
  const holidays = new Map([['2027-01-11', 'Founders day']]);
  const allocations = [
    { personId: 1, startDate: '2027-01-04', endDate: '2027-01-17', minutes: full, timeOff: false },
    {
      personId: 3,
      startDate: '2027-01-18',
      endDate: '2027-01-24',
      minutes: { ...full, monday: 240, tuesday: 240, wednesday: 240, thursday: 240, friday: 240 },
      timeOff: false,
    },
  ];
  const people = [
    { p: person(1, 'Ann'), role: 'Developer' },
    { p: person(2, 'Bo'), role: 'Developer' },
    { p: person(3, 'Cy'), role: 'Designer' },
  ].map(({ p, role }) => ({
    role,
    weeks: weeks.map((w) => personWeek(p, w, holidays, allocations)),
  }));
  const free = freeByRole(people);
  const rates = { EUR: 1.1 };
  const deals = [
    {
      id: 1,
      title: 'Alpha',
      value: 8_000,
      currency: 'USD',
      probability: 50,
      expectedCloseDate: '2027-01-04',
      mix: 'Developer=3,Designer=1',
    },
    {
      id: 2,
      title: 'Beta',
      value: 10_000,
      currency: 'EUR',
      probability: 25,
      expectedCloseDate: '2027-01-06',
      mix: 'Developer=1,Designer=1',
    },
    {
      id: 3,
      title: 'Gamma',
      value: 4_000,
      currency: 'USD',
      probability: 90,
      expectedCloseDate: '2027-01-13',
      mix: 'Developer=1',
    },
  ].map((d) => {
    const ifWon = ifWonHours(toAgencyCurrency(d.value, d.currency, 'USD', rates)!, 100);
    return {
      ...d,
      ifWon,
      expected: expectedHours(ifWon, d.probability),
      byRole: splitByRole(ifWon, parseRoleMix(d.mix)!),
    };
  });
  const ordered = staffingOrder(deals, [{ id: 3, status: 'won' }]);
  const plan = planDeals(
    ordered.map((d) => ({ id: d.id, byRole: d.byRole, from: d.expectedCloseDate })),
    free,
    { firstWeek: '2027-01-04', horizonWeeks: 5, dealWeeks: 2 },
  );
  const byId = new Map(plan.deals.map((d) => [d.id, d]));

  it('has the free hours of the table, the holiday week and the allocations out', () => {
    expect([...free.get('Developer')!.values()]).toEqual([40, 32, 80, 80, 80]);
    expect([...free.get('Designer')!.values()]).toEqual([40, 32, 20, 40, 40]);
  });

  it('turns each deal into if-won and expected hours, split by role', () => {
    expect(deals.map((d) => [d.title, d.ifWon, d.expected, d.byRole])).toEqual([
      [
        'Alpha',
        80,
        40,
        [
          { role: 'Developer', hours: 60 },
          { role: 'Designer', hours: 20 },
        ],
      ],
      [
        'Beta',
        110,
        27.5,
        [
          { role: 'Developer', hours: 55 },
          { role: 'Designer', hours: 55 },
        ],
      ],
      ['Gamma', 40, 36, [{ role: 'Developer', hours: 40 }]],
    ]);
  });

  it('staffs the won deal first, then by expected close', () => {
    expect(ordered.map((d) => d.title)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(staffingOrder(deals, [{ id: 1, status: 'lost' }]).map((d) => d.title)).toEqual([
      'Beta',
      'Gamma',
    ]);
  });

  it('finds the earliest start of each and names the role short at its close week', () => {
    expect(plan.deals.map((d) => [d.id, d.earliestStart])).toEqual([
      [3, '2027-01-11'],
      [1, '2027-01-18'],
      [2, '2027-01-25'],
    ]);
    expect(verdictText(byId.get(3)!.verdict)).toBe('fits from Jan 11');
    expect(verdictText(byId.get(1)!.verdict)).toBe(
      'fits from Jan 18; from Jan 4 Developer is short by 18 hours',
    );
    expect(verdictText(byId.get(2)!.verdict)).toBe(
      'fits from Jan 25; from Jan 4 Developer is short by 16 hours',
    );
  });

  it('gives the short hours per role and week of a start', () => {
    expect(fitAt(deals[0]!.byRole, '2027-01-04', 2, byId.get(1)!.freeBefore)).toEqual({
      start: '2027-01-04',
      fits: false,
      planned: true,
      weeks: [
        {
          weekStart: '2027-01-04',
          role: 'Developer',
          demandHours: 30,
          freeHours: 40,
          shortHours: 0,
        },
        {
          weekStart: '2027-01-04',
          role: 'Designer',
          demandHours: 10,
          freeHours: 40,
          shortHours: 0,
        },
        {
          weekStart: '2027-01-11',
          role: 'Developer',
          demandHours: 30,
          freeHours: 12,
          shortHours: 18,
        },
        {
          weekStart: '2027-01-11',
          role: 'Designer',
          demandHours: 10,
          freeHours: 32,
          shortHours: 0,
        },
      ],
    });
    expect(fitAt(deals[1]!.byRole, '2027-01-18', 2, byId.get(2)!.freeBefore).weeks).toEqual([
      {
        weekStart: '2027-01-18',
        role: 'Developer',
        demandHours: 27.5,
        freeHours: 30,
        shortHours: 0,
      },
      {
        weekStart: '2027-01-18',
        role: 'Designer',
        demandHours: 27.5,
        freeHours: 10,
        shortHours: 17.5,
      },
      {
        weekStart: '2027-01-25',
        role: 'Developer',
        demandHours: 27.5,
        freeHours: 50,
        shortHours: 0,
      },
      {
        weekStart: '2027-01-25',
        role: 'Designer',
        demandHours: 27.5,
        freeHours: 30,
        shortHours: 0,
      },
    ]);
  });

  it('leaves the free hours the placed deals did not take', () => {
    expect([...plan.freeAfter.get('Developer')!.values()]).toEqual([40, 12, 30, 22.5, 52.5]);
    expect([...plan.freeAfter.get('Designer')!.values()]).toEqual([40, 32, 10, 2.5, 12.5]);
  });

  it('says when nothing fits in the weeks planned', () => {
    const none = planDeals(
      [{ id: 9, byRole: [{ role: 'Designer', hours: 200 }], from: '2027-01-04' }],
      free,
      { firstWeek: '2027-01-04', horizonWeeks: 5, dealWeeks: 2 },
    );
    expect(none.deals[0]!.earliestStart).toBeNull();
    expect(verdictText(none.deals[0]!.verdict)).toBe(
      'does not fit in the next 5 weeks; from Jan 4 Designer is short by 128 hours',
    );
  });
});

describe('the earliest start, as a property', () => {
  it('fits at the earliest start with nothing short, and a week earlier something is short', () => {
    const first = '2027-01-04';
    const roles = ['Developer', 'Designer', 'QA'];
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 12, maxLength: 12 }), {
          minLength: 3,
          maxLength: 3,
        }),
        fc.array(
          fc.record({
            hours: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 3, maxLength: 3 }),
            from: fc.integer({ min: 0, max: 11 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 6 }),
        (grid, deals, dealWeeks) => {
          const free = new Map(
            roles.map((role, r) => [
              role,
              new Map(grid[r]!.map((h, i) => [shiftWeek(first, i), h])),
            ]),
          );
          const input = deals.map((d, i) => ({
            id: i,
            byRole: roles.map((role, r) => ({ role, hours: d.hours[r]! })),
            from: shiftWeek(first, d.from),
          }));
          const plan = planDeals(input, free, { firstWeek: first, horizonWeeks: 12, dealWeeks });
          plan.deals.forEach((d, i) => {
            if (!d.earliestStart) return;
            const at = fitAt(input[i]!.byRole, d.earliestStart, dealWeeks, d.freeBefore);
            expect(at.fits).toBe(true);
            expect(at.weeks.every((w) => w.shortHours === 0)).toBe(true);
            if (d.earliestStart === input[i]!.from) return;
            const before = fitAt(
              input[i]!.byRole,
              shiftWeek(d.earliestStart, -1),
              dealWeeks,
              d.freeBefore,
            );
            expect(before.weeks.some((w) => w.shortHours > 0)).toBe(true);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
