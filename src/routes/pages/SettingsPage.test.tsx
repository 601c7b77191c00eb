import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import { ISLAND_PROPS_ATTR } from '../../shared/island-markers';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let cookie: string;
// Wednesday 18 November 2026: the grid opens on Monday 16 to Friday 20 November.
const clock = () => new Date('2026-11-18T12:00:00Z');

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, { clock });
  cookie = await t.signIn('user');
});
afterAll(() => drop());

async function page(): Promise<string> {
  const res = await t.request('GET', '/agency/settings', { cookie });
  expect(res.status).toBe(200);
  return res.text();
}
const visibleText = (html: string) =>
  html
    .slice(html.indexOf('<body>'))
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('Agency Settings, rendered on the server', () => {
  it('is titled for all it holds, each setting under its own heading', async () => {
    const html = await page();
    const headings = [...html.matchAll(/<(h[12])[^>]*>([^<]*)<\/\1>/g)].map(
      ([, level, text]) => `${level} ${text}`,
    );
    expect(headings).toEqual([
      'h1 Agency Settings',
      'h2 Developer Availability',
      'h2 Available Points',
      'h2 Monday Digest',
    ]);
    expect(html).toContain('<title>Agency Settings · Agency Dashboard</title>');
  });

  it('says how to start when nobody is selected', async () => {
    const text = visibleText(await page());
    expect(text).toContain('Developer Availability');
    expect(text).toContain('Nov 16 - Nov 22, 2026 Previous Current Next');
    expect(text).toContain(
      'No team members selected. Add Jira users above to track their availability.',
    );
    expect(text).toContain('Save Availability');
    expect(text).toContain('Available Away');
    expect(text).toContain('Story points per developer day');
  });

  it('shows the team employed this week sorted by name, with their dates, away days and the Inactive label', async () => {
    await db.query(`INSERT INTO selected_developers (account_id, display_name, start_date, end_date) VALUES
      ('z-1', 'Zara Ahmed', NULL, NULL),
      ('o-1', 'omar <i>Haddad</i>', '2026-11-10', NULL),
      ('l-1', 'Lena Ortiz', NULL, '2026-12-31'),
      ('g-1', 'Grace Hopper', NULL, '2026-11-13'),
      ('n-1', 'Noah Berg', '2026-11-23', NULL)`);
    await db.query(
      `INSERT INTO developer_availability (account_id, display_name, date, is_away) VALUES ('z-1', 'Zara Ahmed', '2026-11-17', true), ('z-1', 'Zara Ahmed', '2026-11-18', false)`,
    );
    await db.query(`UPDATE settings SET value = '1.5' WHERE key = 'storyPointsPerDeveloperDay'`);
    const html = await page();
    const text = visibleText(html);
    // Grace left before this week; Noah starts after it, so he is listed with his start date
    // and no day he can be marked on (docs/decisions/336).
    const rows = [
      ...html.matchAll(/data-testid="availability-row" data-account-id="([^"]+)"/g),
    ].map((m) => m[1]);
    expect(rows).toEqual(['l-1', 'n-1', 'o-1', 'z-1']);
    expect(text).toContain('Noah Berg starts Nov 23, 2026 Start: Nov 23, 2026');
    const noah = html.slice(
      html.indexOf('data-account-id="n-1"'),
      html.indexOf('data-account-id="o-1"'),
    );
    expect(noah.match(/not employed/g)).toHaveLength(5);
    expect(noah).not.toContain('aria-pressed');
    expect(noah).toContain('>0 days<');
    // Zara is away on Tuesday: 4 days; the team's days add up, Noah counting none.
    expect(text).toContain(
      'Zara Ahmed Set Start Date Set End Date Available Away Available Available Available 4 days',
    );
    expect(text).toContain(
      'Monday Nov 16 Tuesday Nov 17 Wednesday Nov 18 Thursday Nov 19 Friday Nov 20',
    );
    expect(text).toContain('Lena Ortiz (Inactive) Set Start Date End: Dec 31, 2026');
    expect(text).toContain('omar <i>Haddad</i> Start: Nov 10, 2026 Set End Date');
    expect(text).toContain('Zara Ahmed Set Start Date Set End Date');
    expect(html).not.toContain('<i>Haddad</i>');
    const zaraCells = [
      ...html.matchAll(
        /aria-pressed="(true|false)" aria-label="Zara Ahmed, ([^:]+): (Away|Available)"/g,
      ),
    ].map((m) => `${m[2]} ${m[1]} ${m[3]}`);
    expect(zaraCells).toEqual([
      'Monday Nov 16 false Available',
      'Tuesday Nov 17 true Away',
      'Wednesday Nov 18 false Available',
      'Thursday Nov 19 false Available',
      'Friday Nov 20 false Available',
    ]);
    expect(html).toMatch(/aria-label="Remove Zara Ahmed"[^>]*>Remove</);
    expect(html).toMatch(
      new RegExp(
        `data-island="StoryPointsSetting" ${ISLAND_PROPS_ATTR}="\\{&quot;storyPointsPerDeveloperDay&quot;:1.5,&quot;role&quot;:&quot;user&quot;\\}"`,
      ),
    );
    expect(html).toMatch(/value="1.5"/);
    const grid = /<app-island data-island="AvailabilityGrid" data-props="([^"]*)"/
      .exec(html)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    const props = JSON.parse(grid) as {
      currentWeekStart: string;
      availability: { selectedDevelopersList: string[] };
    };
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
    expect(props.currentWeekStart).toBe('2026-11-16');
    expect(props.availability.selectedDevelopersList.sort()).toEqual([
      'g-1',
      'l-1',
      'n-1',
      'o-1',
      'z-1',
    ]);
  });

  it('greys what each role may not change, with the reason on hover and for screen readers', async () => {
    const asRole = async (role: 'user' | 'staff' | 'admin') => {
      const res = await t.request('GET', '/agency/settings', { cookie: await t.signIn(role) });
      return res.text();
    };
    const refused = (html: string, name: RegExp) =>
      new RegExp(`<button[^>]*${name.source}[^>]*aria-disabled="true"[^>]*title="([^"]*)"`).exec(
        html,
      )?.[1] ?? null;
    const user = await asRole('user');
    const team =
      'Only staff and admins can change the team and developers&#x27; away days. Your role is user.';
    expect(refused(user, /aria-label="Remove Zara Ahmed"/)).toBe(team);
    expect(refused(user, /aria-label="Zara Ahmed, Monday Nov 16: Available"/)).toBe(team);
    expect(user).toContain(
      `>Only admins can change global settings and thresholds. Your role is user.</span>`,
    );
    expect(user).toMatch(/readOnly=""|readonly=""/);

    const staff = await asRole('staff');
    expect(refused(staff, /aria-label="Remove Zara Ahmed"/)).toBeNull();
    expect(staff).not.toContain('Only staff and admins');
    expect(staff).toContain(
      'Only admins can change global settings and thresholds. Your role is staff.',
    );

    const admin = await asRole('admin');
    expect(admin).not.toContain('aria-disabled="true"');
  });

  it('gives admins a role mix per pipeline, labelled and with each share, and staff none', async () => {
    await db.query(`INSERT INTO pipedrive_stages (id, name, pipeline_id, pipeline_name, order_nr, deal_probability) VALUES
      (901, 'Qualified', 9, 'Renewals <2027>', 1, 20), (902, 'Won soon', 9, 'Renewals <2027>', 2, 80),
      (801, 'Lead', 8, 'New business', 1, 10)`);
    await db.query(
      `INSERT INTO plan_role_mixes (pipeline_id, mix) VALUES (9, '[{"role":"Developer","weight":3},{"role":"Designer","weight":1}]')`,
    );
    try {
      const staff = await t.request('GET', '/agency/settings', { cookie: await t.signIn('staff') });
      expect(await staff.text()).not.toContain('Role Mix by Pipeline');
      const res = await t.request('GET', '/agency/settings', { cookie: await t.signIn('admin') });
      const html = await res.text();
      const headings = [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map(([, text]) => text);
      expect(headings.at(-1)).toBe('Role Mix by Pipeline');
      const text = visibleText(html);
      // Pipelines by name, each a form of its own; the saved mix in words and as shares.
      expect(text).toContain(
        'New business No mix: its deals without a role field split by billable hours by role, last 12 weeks.',
      );
      expect(text).toContain('Renewals <2027> Saved: Developer 75%, Designer 25%.');
      expect(html).toContain('aria-label="Role mix of Renewals &lt;2027&gt;"');
      expect(html).toContain('aria-label="Renewals &lt;2027&gt;: role 1"');
      expect(html).toContain('aria-label="Renewals &lt;2027&gt;: weight of Designer"');
      expect(html).toContain('aria-label="Remove Developer from Renewals &lt;2027&gt;"');
      expect(text).toContain('Saved: Developer 75%, Designer 25%. 75% Remove 25% Remove');
      expect(html.match(/data-testid="role-mix"/g)).toHaveLength(2);
    } finally {
      await db.query('DELETE FROM plan_role_mixes WHERE pipeline_id = 9');
      await db.query('DELETE FROM pipedrive_stages WHERE id IN (901, 902, 801)');
    }
  });
});
