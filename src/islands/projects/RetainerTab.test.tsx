/**
 * The Retainer tab reads its amounts in the currency the server names (the project's billing
 * currency, else COMPANY_CURRENCY): with a euro company, no A$, US$ or USD is left on it.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { projectFixture } from '../../../tests/fixtures/project';
import { createQueryClient, IslandProviders } from '../../components/IslandProviders';
import type { RetainerForecastResponse } from '../../shared/retainer-forecast';
import { retainerVerdictText } from '../../shared/retainer-forecast';
import { retainerPeriodsKey } from './api';
import { retainerForecastKey } from './RetainerForecastPanel';
import { RetainerTab } from './RetainerTab';

const project = projectFixture({ id: 9, forecastCurrency: null, forecastBudgetType: 'RETAINER' });

function renderWith(currency: string): string {
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
  const difference = 2900;
  const forecast: RetainerForecastResponse = {
    currency,
    forecast: {
      target: 2400,
      actualSoFar: 1200,
      projected: 5300,
      percentOfTarget: 221,
      difference,
      verdict: 'over',
      burnPerWorkingDay: 600,
      remainingWorkingDays: 3,
      range: { low: 5000, high: 5600 },
      periodNumber: 2,
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      verdictText: retainerVerdictText({ verdict: 'over', difference }, currency),
    },
  };
  client.setQueryData(retainerForecastKey(project.id), forecast);
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
    expect(html).not.toMatch(/A\$|US\$|USD|\$/);
  });

  it("reads the spec's '$' texts when the currency is USD", () => {
    const html = renderWith('USD');
    expect(html).toContain('$2,400');
    expect(html).toContain('Will land about $2,900 over target');
    expect(html).not.toContain('A$');
  });
});
