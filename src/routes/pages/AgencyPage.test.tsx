import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { allowConsoleErrors } from '../../../tests/helpers/console';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import { ISLAND_PROPS_ATTR } from '../../shared/island-markers';
import { insertAgencyFixture } from '../../../tests/fixtures/agency';

let db: Db;
let drop: () => Promise<void>;
// Wednesday 18 November 2026, noon UTC: the current week is Monday 16 to Sunday 22 November.
const clock = () => new Date('2026-11-18T12:00:00Z');

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await insertAgencyFixture(db);
});
afterAll(() => drop());

async function pageAs(t: TestApp, path: string): Promise<string> {
  const cookie = await t.signIn('admin');
  const res = await t.request('GET', path, { cookie });
  expect(res.status).toBe(200);
  return res.text();
}

/** The text a reader sees: tags dropped, React's text separators and entities undone. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body>'));
  return body
    .replace(/<!-- -->/g, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

function islandProps(html: string, name: string): Record<string, unknown> {
  const match = new RegExp(`<app-island data-island="${name}" ${ISLAND_PROPS_ATTR}="([^"]*)"`).exec(
    html,
  );
  expect(match, `island ${name} in the page`).not.toBeNull();
  const decoded = match![1]!
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded) as Record<string, unknown>;
}

describe('the Weekly Hours tab, rendered on the server', () => {
  it('shows the current week with its four cards and the project rows on first paint', async () => {
    const html = await pageAs(createTestApp(db, { clock }), '/agency');
    const text = visibleText(html);
    expect(text).toContain('Weekly Summary');
    expect(text).toContain('Nov 16 - Nov 22, 2026');
    for (const button of ['Previous', 'Current', 'Next'])
      expect(html).toMatch(new RegExp(`<button[^>]*>(<svg[\\s\\S]*?</svg>)?${button}`));
    // The cards: 315 min on the two Active dashboard projects with time, $360 of cost, $2,499.99
    // of invoices in whole dollars (docs/decisions/194).
    expect(text).toMatch(
      /Total Hours 5 hrs 15 min Active Projects 2 Total Internal Cost \$360 Invoices This Week \$2,500/,
    );
    expect(text).toContain('Project Time Breakdown');
    expect(text).toMatch(/Acme Support Retainer 3 entries 4 hrs 30 min/);
    expect(text).toMatch(/Globex Checkout Revamp 1 entry 45 min/);
    // Hidden (Hooli) and off-dashboard (Initech) projects are not in the tab's scope.
    expect(text).not.toContain('Hooli');
    expect(text).not.toContain('Initech');
    expect(html).toMatch(/<a [^>]*href="\/agency" aria-current="page"[^>]*>Weekly Hours<\/a>/);
  });

  it('starts with every row collapsed and ships the entries to the island as data, never as markup', async () => {
    const html = await pageAs(createTestApp(db, { clock }), '/agency');
    // The rows of the page itself (the top bar's Menu button has one too).
    const main = html.slice(html.indexOf('<main'));
    expect(main.match(/aria-expanded="false"/g)).toHaveLength(2);
    expect(html).not.toContain('Sprint planning</');
    // The note with a script fragment travels escaped inside the props attribute only.
    expect(html).not.toContain('<script>alert(1)</script>');
    const props = islandProps(html, 'WeeklyHours');
    expect(props.currentWeekStart).toBe('2026-11-16');
    expect(JSON.stringify(props.initial)).toContain('<script>alert(1)</script>');
  });

  it('opens on the week named in the address, and on the current week when it is not a date', async () => {
    const t = createTestApp(db, { clock });
    expect(visibleText(await pageAs(t, '/agency?week=2026-11-25'))).toMatch(
      /Nov 23 - Nov 29, 2026 .*Total Hours 1 hr Active Projects 1 Total Internal Cost \$70 Invoices This Week \$0/,
    );
    expect(visibleText(await pageAs(t, '/agency?week=2026-13-01'))).toContain(
      'Nov 16 - Nov 22, 2026',
    );
  });

  it('shows the empty texts for a week without time', async () => {
    const text = visibleText(await pageAs(createTestApp(db, { clock }), '/agency?week=2026-06-01'));
    expect(text).toContain('Jun 1 - Jun 7, 2026');
    expect(text).toContain(
      'No Time Entries No time has been logged for the selected week across any projects.',
    );
    expect(text).toMatch(
      /Total Hours 0 min Active Projects 0 Total Internal Cost \$0 Invoices This Week \$0/,
    );
  });

  it("takes 'this week' in the agency's time zone, not the server's", async () => {
    // Sunday 22 November 12:00 UTC is already Monday 23 November in Auckland.
    const t = createTestApp(db, {
      clock: () => new Date('2026-11-22T12:00:00Z'),
      env: { AGENCY_TIMEZONE: 'Pacific/Auckland' },
    });
    const html = await pageAs(t, '/agency');
    expect(visibleText(html)).toContain('Nov 23 - Nov 29, 2026');
    expect(islandProps(html, 'WeeklyHours').currentWeekStart).toBe('2026-11-23');
  });
});

describe('when the stored figures cannot be read', () => {
  it('still renders the tab, logs why, and leaves the island to ask the call again', async () => {
    allowConsoleErrors();
    const failing: Db = {
      ...db,
      query: (text, params) =>
        text.includes('forecast_')
          ? Promise.reject(new Error('connection lost'))
          : db.query(text, params),
    } as Db;
    const t = createTestApp(failing, { clock });
    for (const [path, island, text] of [
      ['/agency', 'WeeklyHours', 'Loading project time data...'],
      ['/agency?tab=gross-margins', 'GrossMarginsTable', 'Loading gross margins...'],
    ] as const) {
      const html = await pageAs(t, path);
      expect(visibleText(html)).toContain(text);
      expect(islandProps(html, island).initial).toBeNull();
    }
  });
});

describe('the Gross Margins tab, rendered on the server', () => {
  it('shows the table with its six columns and each project’s figures', async () => {
    const html = await pageAs(createTestApp(db, { clock }), '/agency?tab=gross-margins');
    const text = visibleText(html);
    expect(text).toContain('Active Projects Gross Margins');
    expect(text).toContain(
      'Project Total Hours Internal Cost Invoices Created Gross Margin Margin %',
    );
    expect(text).toMatch(
      /Acme Support Retainer Active 6 hrs 30 min \$405 .*\$12,000 \$11,595 96\.6%/,
    );
    expect(text).toMatch(/Globex Checkout Revamp Active 45 min \$75 .*\$50 -\$25 -50\.0%/);
    expect(text).toMatch(/Wayne Foundation Website Active 0 min \$0 .*\$0 \$0 0\.0%/);
    expect(text).not.toContain('Hooli');
    expect(html).toMatch(
      /<a [^>]*href="\/agency\?tab=gross-margins" aria-current="page"[^>]*>Gross Margins<\/a>/,
    );
  });

  it('puts the cost breakdown and the live margin behind focusable triggers', async () => {
    const html = await pageAs(createTestApp(db, { clock }), '/agency?tab=gross-margins');
    const text = visibleText(html);
    expect(text).toMatch(
      /Cost Breakdown Mia Chen 3 hrs x \$50\/hr \$150 Mia Chen 2 hrs 30 min x \$70\/hr \$175 Omar Haddad 1 hr x \$80\/hr \$80 Total \$405/,
    );
    expect(text).toContain('No detailed breakdown available. Using default rate: $100/hr');
    expect(text).toMatch(
      /Live Gross Margin Analysis Total Invoiced \$12,000 Amount Paid \$4,000 Internal Cost \$405 Live Margin \(Paid\) \$3,595 Live Margin % 89\.9%/,
    );
    expect(text).toMatch(
      /Live Gross Margin Analysis Total Invoiced \$50 Amount Paid \$0 Internal Cost \$75 Live Margin \(Paid\) -\$75 Live Margin % N\/A/,
    );
    // Each hover is a button described by its details, so keyboard and screen reader users get it.
    for (const m of html.matchAll(/<button type="button"[^>]*aria-describedby="([^"]+)"/g)) {
      expect(html).toContain(`role="tooltip" id="${m[1]}"`);
    }
    expect(html.match(/aria-describedby="cost-breakdown-\d+"/g)).toHaveLength(3);
    expect(html.match(/aria-describedby="live-margin-\d+"/g)).toHaveLength(3);
  });
});

describe('the Sales tab', () => {
  it('frames the shared Pipedrive dashboard in a sandbox, and the CSP allows only its origin', async () => {
    const url = 'https://acme.pipedrive.com/dashboards/share/abc123?x=1&y=2';
    const t = createTestApp(db, { clock, env: { PIPEDRIVE_DASHBOARD_URL: url } });
    const cookie = await t.signIn('admin');
    const res = await t.request('GET', '/agency?tab=sales', { cookie });
    const html = await res.text();
    const frames = [...html.matchAll(/<iframe[^>]*>/g)].map((m) => m[0]);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toContain('title="Pipedrive Sales Dashboard"');
    expect(frames[0]).toContain(
      'src="https://acme.pipedrive.com/dashboards/share/abc123?x=1&amp;y=2"',
    );
    expect(frames[0]).toContain('sandbox="allow-scripts allow-same-origin allow-popups"');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-src https:\/\/acme\.pipedrive\.com(;|$)/);
    // The Sales tab needs no island of its own.
    expect(html).not.toContain('data-island="WeeklyHours"');
  });

  it('says how to set PIPEDRIVE_DASHBOARD_URL when it is not set, and frames nothing', async () => {
    const html = await pageAs(createTestApp(db, { clock }), '/agency?tab=sales');
    expect(html).not.toContain('<iframe');
    expect(visibleText(html)).toMatch(
      /Set PIPEDRIVE_DASHBOARD_URL to the link of a shared Pipedrive dashboard .* and restart the server/,
    );
  });
});

describe('who reaches /agency', () => {
  for (const role of ['user', 'staff'] as const) {
    it(`sends a ${role} to / without rendering any figure`, async () => {
      const t = createTestApp(db, { clock });
      const res = await t.request('GET', '/agency?tab=gross-margins', {
        cookie: await t.signIn(role),
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect(await res.text()).not.toContain('Acme');
    });
  }

  it('sends a signed-out visitor to /auth', async () => {
    const res = await createTestApp(db, { clock }).request('GET', '/agency');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });
});
