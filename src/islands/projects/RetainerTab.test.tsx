/**
 * The Retainer tab reads its amounts in the currency the server names (the project's billing
 * currency, else COMPANY_CURRENCY): with a euro company, no A$, US$ or USD is left on it.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { projectFixture } from '../../../tests/fixtures/project';
import { createQueryClient, IslandProviders } from '../../components/IslandProviders';
import type { ProjectForecastResponse } from '../../shared/delivery-forecast';
import { projectForecastKey, retainerPeriodsKey } from './api';
import { RetainerTab } from './RetainerTab';

const project = projectFixture({ id: 9, forecastCurrency: null, forecastBudgetType: 'RETAINER' });

function renderWith(currency: string, finished = false): string {
  const client = createQueryClient();
  client.setQueryData(retainerPeriodsKey(project.id), {
    currency,
    retainerPeriods: [
      {
        id: 1,
        period_number: 1,
        status: 'COMPLETED',
        start_date: '2026-11-09',
        end_date: '2026-11-15',
        target_amount: 2400,
        actual_amount: 2650.5,
        actual_billable_minutes: 1060,
      },
    ],
  });
  // Week 2 runs: $1,200 billed, P50 $5,300 (about $2,900 over the $2,400 target), P10-P90 $5,000-$5,600.
  const forecast: ProjectForecastResponse = {
    asOf: '2026-11-18',
    basis: {
      weeks: 12,
      people: 2,
      unit: 'tickets',
      throughputPerDevDay: 1,
      daysAwayAhead: 0,
      text: 'from 12 weeks of ticket throughput, 2 people, 0 days away in the next 8 weeks',
    },
    retainer: {
      periodNumber: 2,
      currency,
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      finished,
      target: 2400,
      actualSoFar: finished ? 2650.5 : 1200,
      p10: finished ? 2650.5 : 5000,
      p50: finished ? 2650.5 : 5300,
      p90: finished ? 2650.5 : 5600,
      basis: 'from 12 weeks of billing, 2 people, 3 working days left',
    },
    epics: [],
    sprint: null,
  };
  client.setQueryData(projectForecastKey(project.id), forecast);
  return renderToString(
    <IslandProviders client={client}>
      <RetainerTab project={project} isAdmin />
    </IslandProviders>,
  ).replace(/<!-- -->/g, '');
}

describe('the Retainer tab and its currency', () => {
  it('shows every amount in euros when the company currency is EUR, and no A$ or USD', () => {
    const html = renderWith('EUR');
    expect(html).toContain('€2,400');
    expect(html).toContain('€2,651');
    expect(html).toContain('Will land about €2,900 over target');
    expect(html).toContain('€5,000 – €5,600');
    expect(html).not.toMatch(/A\$|US\$|USD|\$/);
  });

  it("reads the spec's '$' texts when the currency is USD", () => {
    const html = renderWith('USD');
    expect(html).toContain('$2,400');
    expect(html).toContain('Will land about $2,900 over target');
    // A real range while working days remain: P10 below P90, P50 between.
    expect(html).toContain('$5,000 – $5,600');
    expect(html).toContain('Likely at period end (P50)');
    expect(html).toContain(
      '$1,200 billed so far; from 12 weeks of billing, 2 people, 3 working days left.',
    );
    expect(html).not.toContain('A$');
  });

  it('shows a period that has ended as its actual, not a range', () => {
    const html = renderWith('USD', true);
    expect(html).toContain('Billed (actual)');
    expect(html).toContain('110% of $2,400');
    expect(html).toContain('has ended: no period is running today');
    expect(html).not.toContain('P10');
  });
});
