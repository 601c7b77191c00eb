import { describe, expect, it } from 'vitest';
import type { Project } from '../../../shared/projects';
import type { Role } from '../../../shared/roles';
import PortfolioCards from '../../../islands/PortfolioCards';
import { projectFixture } from '../../../../tests/fixtures/project';
import { renderFragment } from '../../../render/document';
import { Island } from '../../../render/Island';
import { PortfolioProjects } from './PortfolioProjects';

const NOW = '2026-11-21T10:00:00.000Z';
const render = ({
  projects,
  now,
  role = 'user',
}: {
  projects: Project[];
  now: string;
  role?: Role;
}) =>
  renderFragment(
    <PortfolioProjects projects={projects} now={new Date(now)} role={role} companyCurrency="USD" />,
  );
/** The HTML of each card, in order. */
const cards = (html: string) => html.split('data-testid="project-card"').slice(1);
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the portfolio cards rendered on the server', () => {
  it('shows every number of a card in the HTML', () => {
    const [card] = cards(render({ projects: [projectFixture()], now: NOW }));
    const t = text(card!);
    expect(t).toContain('Acme Support Retainer');
    expect(card).toMatch(/class="[^"]+"[^>]*>Active</);
    expect(card).toMatch(/data-marker="forecast">Forecast</);
    expect(card).toMatch(/data-marker="jira">Jira</);
    expect(card).toMatch(/<option selected="">Team 2<\/option>/);
    expect(t).toContain('ASR Sprint 14');
    expect(t).toContain('Agreed Weeks 3/12');
    // 'Billing' is the spec's label; the glossary's definition under it says which amount it is.
    expect(t).toContain('Billing $21,600.00 Invoiced: Invoices that are not drafts, tax excluded');
    expect(t).toContain(
      'Forecast Billing, tax excluded Created: $24,000.00 Sent: $20,160.00 Paid: $14,400.00 Overdue: $0.00 Retainer periods: 3 completed of 12 Forecast ID: 4001 Created Every invoice raised in Forecast for the project, drafts included, tax excluded. Sent Invoices whose Forecast status is SENT, tax excluded.',
    );
    expect(t).toContain('Sent % 42%');
    expect(t).toContain('Paid % 30%');
    expect(t).toContain('Retainer Periods % 25%');
    expect(t).toContain('Epic Progress (3/8 epics done · 70% of their tickets · ASR) 70%');
    expect(t).toContain('Sprint Progress (ASR Sprint 14) 55%');
    // The ring is ticket completion, named under it, in the spec's gauge colours (decision 300).
    expect(card).toMatch(
      /role="meter"[^>]*aria-label="[^"]*: 75% of tickets done"[^>]*aria-valuenow="75"[^>]*aria-valuetext="75%"[^>]*data-color="green"/,
    );
    expect(t).toContain('75% of tickets done 90/120 tickets');
    expect(card).not.toContain('All agreed weeks are completed');
    expect(card).not.toContain('Overdue invoices');
    expect(card).not.toContain('data-stale');
  });

  it('lists only projects whose visible equals 1', () => {
    const html = render({
      projects: [
        projectFixture({ id: 1, name: 'Shown one' }),
        projectFixture({ id: 2, name: 'Hidden one', visible: 0 }),
      ],
      now: NOW,
    });
    expect(cards(html)).toHaveLength(1);
    expect(html).toContain('Shown one');
    expect(text(html)).not.toContain('Hidden one');
  });

  it('shows a green badge for Active and another colour for other statuses', () => {
    const [active, blocked] = cards(
      render({
        projects: [
          projectFixture({ id: 1 }),
          projectFixture({ id: 2, name: 'B', devStatus: 'Billing Blocked' }),
        ],
        now: NOW,
      }),
    );
    const activeBadge = /<span class="([^"]+)">Active<\/span>/.exec(active!)?.[1];
    const blockedBadge = /<span class="([^"]+)">Billing Blocked<\/span>/.exec(blocked!)?.[1];
    expect(activeBadge).toBeDefined();
    expect(blockedBadge).toBeDefined();
    expect(blockedBadge).not.toBe(activeBadge);
  });

  it('falls back from the Jira sprint to "<key> Project", then to the stored sprint name', () => {
    const [a, b, c] = cards(
      render({
        projects: [
          projectFixture({ id: 1, name: 'A' }),
          projectFixture({ id: 2, name: 'B', jiraCurrentSprintName: null }),
          projectFixture({
            id: 3,
            name: 'C',
            jiraCurrentSprintName: null,
            jiraProjectKey: null,
            currentSprintName: 'Sprint 7',
          }),
        ],
        now: NOW,
      }),
    );
    expect(text(a!)).toContain('ASR Sprint 14');
    expect(text(b!)).toContain('ASR Project');
    expect(text(c!)).toContain('Sprint 7');
  });

  it('shows markers only for the links a project has, and Epic and Sprint Progress only when linked to Jira', () => {
    const [card] = cards(
      render({
        projects: [
          projectFixture({
            jiraProjectKey: null,
            forecastProjectId: null,
            jiraCurrentSprintName: null,
          }),
        ],
        now: NOW,
      }),
    );
    const t = text(card!);
    expect(card).not.toContain('data-marker');
    expect(t).not.toContain('Epic Progress');
    expect(t).not.toContain('Sprint Progress');
  });

  it('hides Sprint Progress when the Jira sprint completion is 0', () => {
    const [card] = cards(
      render({ projects: [projectFixture({ jiraSprintCompletionPercentage: 0 })], now: NOW }),
    );
    expect(text(card!)).not.toContain('Sprint Progress');
    expect(text(card!)).toContain('Epic Progress');
  });

  it('warns in red when every agreed week is completed, and not before', () => {
    const [done, notYet, none] = cards(
      render({
        projects: [
          projectFixture({
            id: 1,
            forecastRetainerPeriodsCompleted: 12,
            forecastRetainerPeriodsTotal: 12,
          }),
          projectFixture({
            id: 2,
            forecastRetainerPeriodsCompleted: 11,
            forecastRetainerPeriodsTotal: 12,
          }),
          projectFixture({
            id: 3,
            forecastRetainerPeriodsCompleted: 0,
            forecastRetainerPeriodsTotal: 0,
          }),
        ],
        now: NOW,
      }),
    );
    expect(done).toContain('aria-label="All agreed weeks are completed"');
    expect(notYet).not.toContain('All agreed weeks are completed');
    expect(none).not.toContain('All agreed weeks are completed');
    expect(text(none!)).toContain('Agreed Weeks 0/0');
  });

  it('puts a red warning beside Billing only when something is overdue', () => {
    const [overdue, paid] = cards(
      render({
        projects: [
          projectFixture({ id: 1, forecastOverdueAmount: 0.01 }),
          projectFixture({ id: 2 }),
        ],
        now: NOW,
      }),
    );
    expect(overdue).toContain('aria-label="Overdue invoices"');
    expect(text(overdue!)).toContain('Overdue: $0.01');
    expect(paid).not.toContain('Overdue invoices');
  });

  it('marks the sync button stale once the last sync is more than 24 hours old, or was never made', () => {
    const [fresh, old, never] = cards(
      render({
        projects: [
          projectFixture({ id: 1, lastForecastSync: '2026-11-20T10:00:00.000Z' }),
          projectFixture({ id: 2, lastForecastSync: '2026-11-20T09:59:59.000Z' }),
          projectFixture({ id: 3, lastForecastSync: null }),
        ],
        now: NOW,
      }),
    );
    expect(fresh).not.toContain('data-stale');
    expect(old).toContain('data-stale');
    expect(old).toContain('(billing data is stale)');
    expect(never).toContain('data-stale');
  });

  it('shows ticket completion for every role and project type, coloured by the gauge rule', () => {
    const ringOf = (card: string) =>
      /role="meter"[^>]*aria-label="([^"]+)"[^>]*aria-valuenow="(\d+)"[^>]*aria-valuetext="(\d+)%"[^>]*data-color="(\w+)"/
        .exec(card)!
        .slice(1);
    const fixedPrice = (done: number) =>
      projectFixture({
        name: 'Payments',
        forecastBudgetType: 'FIXED_PRICE',
        forecastProjectValue: 100_000,
        forecastTotalInvoiced: 40_000,
        jiraCompletedTickets: done,
        jiraTotalTickets: 100,
      });
    const colourFor = (done: number) =>
      ringOf(cards(render({ projects: [fixedPrice(done)], now: NOW }))[0]!).slice(1);
    expect(colourFor(99)).toEqual(['99', '99', 'red']);
    expect(colourFor(98)).toEqual(['98', '98', 'green']);
    expect(colourFor(70)).toEqual(['70', '70', 'green']);
    expect(colourFor(69)).toEqual(['69', '69', 'amber']);
    // Spend is no longer the ring's figure, whatever the role: the invoiced 40% is not drawn.
    for (const role of ['user', 'staff', 'admin'] as const) {
      const [card] = cards(render({ projects: [fixedPrice(32)], now: NOW, role }));
      expect(ringOf(card!)).toEqual(['Payments: 32% of tickets done', '32', '32', 'amber']);
      expect(text(card!)).toContain('32% of tickets done 32/100 tickets');
      expect(text(card!)).not.toContain('of budget');
    }
  });

  it("draws all tickets done in the spec's red (99% and above), as every gauge", () => {
    const [card] = cards(
      render({
        projects: [projectFixture({ jiraCompletedTickets: 120, jiraTotalTickets: 120 })],
        now: NOW,
      }),
    );
    expect(card).toMatch(/aria-valuetext="100%"[^>]*data-color="red"/);
  });

  it('caps progress bars at 100% while the text shows the real value', () => {
    const [card] = cards(
      render({ projects: [projectFixture({ billingSentPercentage: 130 })], now: NOW }),
    );
    expect(text(card!)).toContain('Sent % 130%');
    expect(card).toContain('style="--bar-fill:100%"');
    expect(card).not.toContain('--bar-fill:130%');
  });

  it('renders names from upstream as text, never as markup', () => {
    const html = render({
      projects: [projectFixture({ name: 'Brightside <Beta> & "Co" <script>alert(1)</script>' })],
      now: NOW,
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Brightside &lt;Beta&gt; &amp; &quot;Co&quot;');
  });

  it('shows a spinner, not an empty list, when the server could not read the projects', () => {
    const html = renderFragment(
      <Island
        name="PortfolioCards"
        component={PortfolioCards}
        props={{ rendered: false, role: 'user' }}
      />,
    );
    expect(html).toContain('aria-label="Loading projects"');
    expect(cards(html)).toHaveLength(0);
  });

  it('shows the empty state when no project is visible', () => {
    const html = render({ projects: [projectFixture({ visible: 0 })], now: NOW });
    expect(cards(html)).toHaveLength(0);
    expect(text(html)).toContain('No projects on the dashboard');
  });

  it('makes only the team selector and Sync Billing islands, each with the few props it needs', () => {
    const [card] = cards(
      render({
        projects: [projectFixture({ lastForecastSync: '2026-11-21T09:00:00.000Z' })],
        now: NOW,
      }),
    );
    const islands = [...card!.matchAll(/data-island="(\w+)" data-props="([^"]*)"/g)].map(
      ([, name, props]) => [
        name,
        JSON.parse(
          props!
            .replace(/&quot;/g, '"')
            .replace(/&#x27;/g, "'")
            .replace(/&amp;/g, '&'),
        ),
      ],
    );
    expect(islands).toEqual([
      [
        'TeamSelector',
        { projectId: 1, projectName: 'Acme Support Retainer', teamName: 'Team 2', role: 'user' },
      ],
      [
        'SyncButton',
        {
          projectId: 1,
          projectName: 'Acme Support Retainer',
          lastForecastSync: '2026-11-21T09:00:00.000Z',
          stale: false,
          role: 'user',
        },
      ],
    ]);
    // The name is a link to the project's page (it opens the detail modal in place with scripts).
    expect(card).toMatch(
      /<a class="[^"]+" href="\/projects\/1" aria-haspopup="dialog">Acme Support Retainer<\/a>/,
    );
  });
});
