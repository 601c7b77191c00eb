import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient, IslandProviders } from '../../components/IslandProviders';
import type { AgencyTimeData } from '../../shared/weekly-hours';
import { formatWeekLabel } from '../../shared/format';
import type { GrossMarginsResponse } from '../../shared/margins';
import GrossMarginsTable, {
  GrossMarginsView,
  type Props as GrossMarginsProps,
} from '../GrossMarginsTable';
import WeeklyHours, { WeeklyHoursView, type Props as WeeklyHoursProps } from '../WeeklyHours';

/** Renders as the server does and returns the visible text. */
function render(element: ReactElement): string {
  return renderToString(<IslandProviders client={createQueryClient()}>{element}</IslandProviders>)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}
const noop = () => {};

const week: AgencyTimeData = {
  weekStart: '2026-11-16',
  weekEnd: '2026-11-22',
  totalHours: 1.5,
  totalInternalCost: 1234.5,
  totalInvoicesSent: 0,
  currency: 'USD',
  invoicesSent: [],
  projectTimeData: [
    {
      projectId: 4001,
      projectName: 'Acme',
      totalHours: 1.5,
      timeEntries: [{ id: 1, date: '2026-11-16', personName: 'Mia Chen', hours: 1.5 }],
    },
  ],
};
const weeklyProps = (initial: AgencyTimeData | null): WeeklyHoursProps => ({
  currentWeekStart: '2026-11-16',
  weekStart: '2026-11-16',
  initial,
});

const margins: GrossMarginsResponse = {
  currency: 'USD',
  projects: [
    {
      id: 1,
      name: 'Acme',
      devStatus: 'Active',
      totalHours: 2,
      totalInvoiced: 1000,
      totalPaid: 250,
      currency: 'USD',
      costBreakdown: [{ personId: 1, personName: 'Mia Chen', hours: 2, hourlyRate: 60, cost: 120 }],
    },
  ],
};

describe('WeeklyHours states', () => {
  it('shows a spinner in each card and the loading text while the week loads, under its label', () => {
    const text = render(<WeeklyHours {...weeklyProps(null)} />);
    // The week asked for keeps its label while it loads: no flicker to 'No data'.
    expect(text).toContain(formatWeekLabel(weeklyProps(null).weekStart));
    expect(text).not.toContain('No data');
    expect(text).toContain(
      'Covers the Active projects on the dashboard that are linked to Forecast.',
    );
    expect(text.match(/Loading/g)?.length).toBe(5);
    expect(text).toContain('Loading project time data...');
  });

  it("shows 'Error' in every card and the error panel when the week cannot be read", () => {
    // A failed query on the client (the server never renders this state: it has no failed fetch).
    const text = render(
      <WeeklyHoursView data={undefined} isError onPrevious={noop} onCurrent={noop} onNext={noop} />,
    );
    expect(text).toMatch(
      /Total Hours Error Active Projects Error Total Internal Cost Error Invoices This Week Error/,
    );
    expect(text).toContain(
      'Error Loading Time Data Failed to load project time entries. Please try again later.',
    );
    expect(text).toContain('No data');
  });

  it('shows the week it was given, cost in whole dollars', () => {
    const text = render(<WeeklyHours {...weeklyProps(week)} />);
    expect(text).toMatch(
      /Nov 16 - Nov 22, 2026 .*Total Hours 1 hr 30 min Active Projects 1 Total Internal Cost \$1,235 Invoices This Week \$0/,
    );
    expect(text).toContain('Acme 1 entry 1 hr 30 min');
  });

  it('says a week not started has nothing logged, and marks the running week as so far', () => {
    const next: AgencyTimeData = {
      weekStart: '2026-11-23',
      weekEnd: '2026-11-29',
      totalHours: 0,
      totalInternalCost: 0,
      totalInvoicesSent: 0,
      currency: 'USD',
      invoicesSent: [],
      projectTimeData: [],
    };
    const future = render(
      <WeeklyHours currentWeekStart="2026-11-16" weekStart="2026-11-23" initial={next} />,
    );
    expect(future).toContain('This week has not started: nothing is logged yet.');
    expect(future).not.toContain('so far');
    expect(render(<WeeklyHours {...weeklyProps(week)} />)).toContain(
      'This week so far: its figures grow until Sunday.',
    );
  });
});

describe('GrossMarginsTable states', () => {
  const props = (initial: GrossMarginsResponse | null): GrossMarginsProps => ({ initial });

  it('shows the error panel when the margins cannot be read', () => {
    const text = render(<GrossMarginsView data={undefined} isError />);
    expect(text).toContain(
      'Error Loading Gross Margins Failed to fetch gross margin data. Please try again later.',
    );
  });

  it('shows the empty texts when no project is linked to Forecast', () => {
    const text = render(<GrossMarginsTable {...props({ currency: 'USD', projects: [] })} />);
    expect(text).toContain('No Projects Found No active projects with Forecast integration found.');
  });

  it('colours a positive margin green and a loss red', async () => {
    const loss = { ...margins, projects: [{ ...margins.projects[0]!, id: 2, totalInvoiced: 100 }] };
    const html = (p: GrossMarginsResponse) =>
      renderToString(
        <IslandProviders client={createQueryClient()}>
          {<GrossMarginsTable initial={p} />}
        </IslandProviders>,
      );
    const { margin } = await import('../GrossMarginsTable.css');
    // $1,000 − $120 = $880 (88.0 %); $100 − $120 = −$20 (−20.0 %).
    expect(html(margins)).toMatch(
      new RegExp(`<td class="[^"]*${margin.nonNegative}[^"]*">\\$880</td>`),
    );
    expect(html(loss)).toMatch(new RegExp(`<td class="[^"]*${margin.negative}[^"]*">-\\$20</td>`));
    expect(html(loss)).toMatch(
      new RegExp(`class="[^"]*${margin.negative}[^"]*"[^>]*>-20\\.0%</button>`),
    );
  });

  it('keeps its props plain JSON', () => {
    expect(JSON.parse(JSON.stringify(props(margins)))).toEqual(props(margins));
    expect(JSON.parse(JSON.stringify(weeklyProps(week)))).toEqual(weeklyProps(week));
  });
});
