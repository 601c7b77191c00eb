import { format, parseISO } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate, formatWeekLabel } from '../../src/shared/format';
import { shiftWeek, weekDays, weekEndOf } from '../../src/shared/calendar';
import { currentWeekStart } from '../../src/shared/time-zones';
import { createDemoSpine } from '../../src/mocks/agency/spine';
import type { AvailabilityResponse } from '../../src/shared/availability';
import type { PeopleResponse, Person } from '../../src/shared/roster';
import {
  DEMO_ADMIN,
  signIn,
  takesClicks,
  toastWithTitle,
  waitForHydration,
  useHarness,
} from './harness';

// A walk through the Developers tab and Agency Settings, in real Chromium against the
// built server in demo mode (the demo's roster tracks the Jira assignees it matched to a
// Forecast person, docs/decisions/390).

const harness = useHarness();

const spine = createDemoSpine();

/** Who the roster tracks, and a developer in Jira it does not: read from the roster itself. */
async function rosterOf(page: Page) {
  const res = await page.request.get('/api/people');
  expect(res.status()).toBe(200);
  const { people } = (await res.json()) as PeopleResponse;
  const byName = (a: Person, b: Person) => a.name.localeCompare(b.name);
  const tracked = people.filter((p) => p.tracked).sort(byName);
  const newcomer = people.find((p) => !p.tracked && p.jiraAccountId !== null)!;
  expect(newcomer).toBeDefined();
  return {
    tracked,
    newcomer: { ...newcomer, accountId: newcomer.jiraAccountId!, displayName: newcomer.name },
    firstTracked: { displayName: tracked[0]!.name },
  };
}

const thisWeek = currentWeekStart(new Date(), 'UTC');
const [monday] = weekDays(thisWeek) as [string];
const dayLabel = (day: string) => format(parseISO(day), 'EEEE MMM d');
const cell = (page: Page, name: string, day: string) =>
  page.getByRole('button', { name: new RegExp(`^${name}, ${dayLabel(day)}: `) });
const pressed = async (page: Page, name: string, day: string) =>
  (await cell(page, name, day).getAttribute('aria-pressed')) === 'true';

/**
 * This week's weekdays that Forecast and the holidays already take away, per Jira account, once
 * the refresh runner has copied Forecast's plan (next week's anniversary holiday is in it).
 */
async function derivedAwayThisWeek(page: Page): Promise<Record<string, string[]>> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/developer-availability?weekStart=${shiftWeek(thisWeek, 1)}`,
        );
        return Object.keys(((await res.json()) as AvailabilityResponse).derived).length;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  const res = await page.request.get(`/api/developer-availability?weekStart=${thisWeek}`);
  const { derived } = (await res.json()) as AvailabilityResponse;
  const weekdays = weekDays(thisWeek);
  return Object.fromEntries(
    Object.entries(derived).map(([id, days]) => [
      id,
      Object.keys(days).filter((d) => weekdays.includes(d)),
    ]),
  );
}

/** Signs the demo admin in unless the browser already holds their session (the profile is shared by the tests). */
async function signedIn(page: Page): Promise<void> {
  await page.goto('/developer');
  if (new URL(page.url()).pathname === '/auth')
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
}

async function availablePointsOnWeeklyHistory(page: Page): Promise<number> {
  await page.goto('/developer');
  await waitForHydration(page);
  return Number(
    await page.getByTestId('stat-available-points').locator('span').nth(1).textContent(),
  );
}

describe(`the Developers tab and Agency Settings in Chromium (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('adds a team member, marks days away, saves, reloads and sees them kept, and sets and clears an end date', {
    timeout: 120_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await signedIn(page);
    const { tracked, newcomer } = await rosterOf(page);
    // The demo sets its own points per developer day; every count below is in days times it.
    const setting = await page.request.get('/api/settings/story-points-per-developer-day');
    const perDay = ((await setting.json()) as { storyPointsPerDeveloperDay: number })
      .storyPointsPerDeveloperDay;
    expect(perDay).toBeGreaterThan(0);
    // Days this week already away in Forecast (leave, holidays) count for nobody.
    const away = await derivedAwayThisWeek(page);
    const awayOf = (accountId: string | null) => away[accountId ?? ''] ?? [];
    const trackedDays = tracked.reduce((n, p) => n + 5 - awayOf(p.jiraAccountId).length, 0);
    expect(await availablePointsOnWeeklyHistory(page)).toBe(trackedDays * perDay);
    // Days marked below are ones Forecast leaves free, so each mark takes a day away.
    const first = tracked.find((p) => !awayOf(p.jiraAccountId).includes(monday))!;
    const firstTracked = { displayName: first.name };
    const [tuesday, wednesday] = weekDays(thisWeek)
      .slice(1)
      .filter((d) => !awayOf(newcomer.accountId).includes(d)) as [string, string];
    const newcomerDays = 5 - awayOf(newcomer.accountId).length;

    await page.goto('/agency/settings');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Developer Availability' }).waitFor();
    await page.getByText(formatWeekLabel(thisWeek), { exact: true }).waitFor();
    expect(await page.getByTestId('availability-row').count()).toBe(tracked.length);

    // Add Team Member: search, pick, see the chosen list grow.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
    await dialog
      .getByText('Search and select Jira users to add to availability tracking')
      .waitFor();
    await dialog.getByText(`Selected Team Members (${tracked.length})`).waitFor();
    await dialog.getByPlaceholder('Search by name or email...').fill('no such person');
    await dialog.getByText('No users found matching your search').waitFor();
    await dialog
      .getByPlaceholder('Search by name or email...')
      .fill(newcomer.displayName.split(' ')[0]!.toUpperCase());
    await dialog.getByRole('button', { name: `Add ${newcomer.displayName}` }).click();
    await dialog.getByText(`Selected Team Members (${tracked.length + 1})`).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('availability-row').count()).toBe(tracked.length + 1);

    // Mark days away: local until saved.
    await cell(page, newcomer.displayName, tuesday).click();
    await cell(page, newcomer.displayName, wednesday).click();
    await cell(page, firstTracked.displayName, monday).click();
    expect(await pressed(page, newcomer.displayName, tuesday)).toBe(true);
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save Availability' }).click();
    await toastWithTitle(page, 'Availability saved').waitFor();

    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId('availability-row').count()).toBe(tracked.length + 1);
    expect(await pressed(page, newcomer.displayName, tuesday)).toBe(true);
    expect(await pressed(page, newcomer.displayName, wednesday)).toBe(true);
    expect(await pressed(page, firstTracked.displayName, monday)).toBe(true);
    expect(await pressed(page, newcomer.displayName, monday)).toBe(
      awayOf(newcomer.accountId).includes(monday),
    );

    const withNewcomer = (trackedDays + newcomerDays - 3) * perDay;
    expect(await availablePointsOnWeeklyHistory(page)).toBe(withNewcomer);

    // End of Employment on this Monday: the newcomer then counts for Monday only, and shows (Inactive).
    await page.goto('/agency/settings');
    await waitForHydration(page);
    const row = page.locator(`[data-account-id="${newcomer.accountId}"]`);
    await row.getByRole('button', { name: 'Set End Date' }).click();
    const endDialog = page.getByRole('dialog', { name: 'End of Employment' });
    await endDialog
      .getByText(
        "Leave empty to remove end date. After this date, they won't count in Available Points calculations.",
      )
      .waitFor();
    await endDialog.getByLabel('End Date (optional)').fill(monday);
    await endDialog.getByRole('button', { name: 'Save End Date' }).click();
    await endDialog.waitFor({ state: 'detached' });
    await row.getByText('(Inactive)').waitFor();
    await row.getByRole('button', { name: `End: ${formatDate(monday)}` }).waitFor();
    // Monday is all the newcomer keeps of the week, if Forecast leaves it free.
    const mondayOnly = awayOf(newcomer.accountId).includes(monday) ? 0 : 1;
    expect(await availablePointsOnWeeklyHistory(page)).toBe(
      withNewcomer - (newcomerDays - 2 - mondayOnly) * perDay,
    );

    // Clearing it brings the days back.
    await page.goto('/agency/settings');
    await waitForHydration(page);
    await row.getByRole('button', { name: `End: ${formatDate(monday)}` }).click();
    await endDialog.getByLabel('End Date (optional)').fill('');
    await endDialog.getByRole('button', { name: 'Save End Date' }).click();
    await endDialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Set End Date' }).waitFor();
    expect(await row.getByText('(Inactive)').count()).toBe(0);
    expect(await availablePointsOnWeeklyHistory(page)).toBe(withNewcomer);

    expect(watch.problems()).toEqual([]);
  });

  it('moves between weeks without a reload and opens both chart modals, loading chart code only then', async () => {
    const { page, watch } = await harness().openPage();
    await signedIn(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/developer');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Weekly History' }).waitFor();
    const label = page.getByTestId('week-label');
    expect(await label.textContent()).toBe(`Week: ${formatWeekLabel(thisWeek)}`);
    await page
      .getByText(
        `Tasks, Bugs, and Stories moved to "Ready for QA Testing" during ${formatWeekLabel(thisWeek)}`,
      )
      .waitFor();
    // The demo agency always has tickets ready for QA in the current week.
    expect(await page.getByTestId('qa-ticket').count()).toBeGreaterThan(0);

    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect
      .poll(() => label.textContent())
      .toBe(`Week: ${formatWeekLabel(shiftWeek(thisWeek, -1))}`);
    expect(new URL(page.url()).searchParams.get('week')).toBe(shiftWeek(thisWeek, -1));
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect
      .poll(() => label.textContent())
      .toBe(`Week: ${formatWeekLabel(shiftWeek(thisWeek, -2))}`);
    await page
      .getByText(`during ${formatWeekLabel(shiftWeek(thisWeek, -2))}`, { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect
      .poll(() => label.textContent())
      .toBe(`Week: ${formatWeekLabel(shiftWeek(thisWeek, -1))}`);
    await page.goBack();
    await expect
      .poll(() => label.textContent())
      .toBe(`Week: ${formatWeekLabel(shiftWeek(thisWeek, -2))}`);
    await page.getByRole('button', { name: 'Current', exact: true }).click();
    await expect.poll(() => label.textContent()).toBe(`Week: ${formatWeekLabel(thisWeek)}`);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );

    // Story Points by Assignee: the week's range by default, a bar per assignee.
    const loadedBefore = scripts.length;
    await page.getByTestId('stat-story-points').click();
    const story = page.getByRole('dialog', { name: 'Story Points by Assignee' });
    expect(await story.getByLabel('From', { exact: true }).inputValue()).toBe(thisWeek);
    expect(await story.getByLabel('To', { exact: true }).inputValue()).toBe(weekEndOf(thisWeek));
    await story.locator('svg[aria-label="Story points by assignee"]').waitFor();
    expect(await story.locator('[data-assignee]').count()).toBeGreaterThan(0);
    // The smallest bar with any points is at the bottom: hovering it proves the chart is not
    // cut off (an assignee with 0 points has a bar of no width, which cannot be hovered).
    await story.locator('[data-assignee]:not([width="0"])').last().hover();
    await story
      .getByRole('tooltip')
      .getByText(/story points/)
      .waitFor();
    for (const stat of ['Total Assignees', 'Avg Points', 'Top Performer', 'Top Points'])
      await story.getByText(stat, { exact: true }).waitFor();
    expect(scripts.length).toBeGreaterThan(loadedBefore);
    await page.keyboard.press('Escape');
    await story.waitFor({ state: 'detached' });

    // Velocity Percentage Trend: eight weeks, the line and the 100% target.
    await page.getByTestId('stat-velocity').click();
    const velocity = page.getByRole('dialog', { name: 'Velocity Percentage Trend' });
    await velocity.getByText('8-week velocity percentage history with 100% target line').waitFor();
    await velocity.getByTestId('target-line').waitFor({ state: 'attached' });
    expect(await velocity.locator('circle[data-week]').count()).toBe(8);
    for (const stat of ['Avg Velocity', 'Best Week', 'Lowest Week', 'This Week'])
      await velocity.getByText(stat, { exact: true }).waitFor();
    // Every week's point is on top where it is drawn, so the pointer reaches it: a week at 0%
    // sits on the bottom axis, which once covered it.
    expect(await takesClicks(velocity.locator('circle[data-week]'))).toEqual(Array(8).fill(true));
    await velocity.locator('circle[data-week]').last().hover();
    await velocity
      .getByRole('tooltip')
      .getByText(`Week: ${formatWeekLabel(thisWeek)}`)
      .waitFor();
    await velocity.getByRole('button', { name: 'Close' }).click();
    await velocity.waitFor({ state: 'detached' });

    expect(watch.problems()).toEqual([]);
  });

  it('lists the week’s tickets grouped by project, one line each, and filters them by assignee and project', async () => {
    const { page, watch } = await harness().openPage();
    await signedIn(page);
    // Last week, whole: early on a Monday this week has a ticket or two, all by one person.
    await page.goto(`/developer?week=${shiftWeek(thisWeek, -1)}`);
    await waitForHydration(page);
    const groups = page.getByTestId('qa-group');
    await groups.first().waitFor();
    const all = await page.getByTestId('qa-ticket').count();
    // Each group's count is its number of lines, and the lines add up to the header's badge.
    let sum = 0;
    for (const group of await groups.all()) {
      const lines = await group.getByTestId('qa-ticket').count();
      expect(await group.getByTestId('qa-group-count').textContent()).toBe(String(lines));
      sum += lines;
    }
    expect(sum).toBe(all);
    expect(await page.getByTestId('qa-count').textContent()).toBe(String(all));
    // One line per ticket: a line is about as tall as its text.
    const height = await page
      .getByTestId('qa-ticket')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThan(48);

    // Filter by the first assignee, with the keyboard.
    const assignee = page.getByLabel('Assignee');
    const names = (await assignee.locator('option').allTextContents()).slice(1);
    expect(names.length).toBeGreaterThan(0);
    await assignee.focus();
    await assignee.selectOption(names[0]!);
    const shown = page.getByTestId('qa-ticket');
    await expect.poll(() => page.getByTestId('qa-shown').textContent()).toMatch(/^Showing \d+ of/);
    for (const line of await shown.all()) expect(await line.textContent()).toContain(names[0]!);
    // The choice is in the address, so a reload (or the link, shared) shows the same list.
    const param = (name: string) => new URL(page.url()).searchParams.get(name);
    expect(param('assignee')).toBe(names[0]);
    const filtered = await page.getByTestId('qa-shown').textContent();
    await page.reload();
    await waitForHydration(page);
    expect(await assignee.inputValue()).toBe(names[0]);
    expect(await page.getByTestId('qa-shown').textContent()).toBe(filtered);

    // Then by project alone: one group, that project's.
    await assignee.selectOption('All assignees');
    await expect.poll(() => page.getByTestId('qa-ticket').count()).toBe(all);
    expect(param('assignee')).toBeNull();
    const project = page.getByLabel('Project');
    const projects = (await project.locator('option').allTextContents()).slice(1);
    await project.selectOption(projects[0]!);
    await expect.poll(() => page.getByTestId('qa-group').count()).toBe(1);
    expect(await page.getByTestId('qa-group').locator('h3 span').first().textContent()).toBe(
      projects[0],
    );
    expect(param('project')).toBe(projects[0]);
    expect(watch.problems()).toEqual([]);
  });
});

describe('the availability grid, at a desktop width and by touch at 375 px', () => {
  const nextWeek = shiftWeek(thisWeek, 1);
  const nextDays = weekDays(nextWeek);
  // The demo's Forecast plan: its holiday calendar has 'Agency anniversary' next Monday, and the
  // first developer (tracked, on that calendar) has a day off next Thursday.
  const onLeave = spine.developers[0]!;
  const startDate = shiftWeek(thisWeek, 2);
  const row = (page: Page, accountId: string) => page.locator(`[data-account-id="${accountId}"]`);
  const daysIn = async (text: Promise<string | null>) =>
    Number(/^(\d+) days?$/.exec((await text) ?? '')?.[1]);

  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    it(`at ${width} px: says Available or Away in words, shows derived days with their source, 'starts', totals and inert days outside employment`, {
      timeout: 120_000,
    }, async () => {
      const { page, watch } = await harness().openPage();
      await page.setViewportSize({ width, height });
      await signedIn(page);
      const { tracked } = await rosterOf(page);
      expect(tracked.map((p) => p.jiraAccountId)).toContain(onLeave.accountId);
      const last = tracked.at(-1)!;
      const starter = { accountId: last.jiraAccountId!, displayName: last.name };
      const headers = { Origin: new URL(page.url()).origin };
      const started = await page.request.post('/api/developer-start-date', {
        data: { accountId: starter.accountId, startDate },
        headers,
      });
      expect(started.status()).toBe(200);
      // The refresh runner copies Forecast's plan soon after the server starts.
      await expect
        .poll(
          async () => {
            const res = await page.request.get(`/api/developer-availability?weekStart=${nextWeek}`);
            const body = (await res.json()) as { derived: Record<string, Record<string, string>> };
            return body.derived[onLeave.accountId]?.[nextDays[0]!];
          },
          { timeout: 60_000 },
        )
        .toBe('holiday: Agency anniversary');

      await page.goto('/agency/settings');
      await waitForHydration(page);
      const grid = page.getByTestId('availability-grid');
      await grid.waitFor();

      // Every day within employment says Available or Away in words, not by colour alone.
      const toggles = grid.locator('button[data-date]');
      expect(await toggles.count()).toBeGreaterThan(0);
      for (const text of await toggles.allTextContents()) expect(text).toMatch(/^(Available|Away)/);
      // Day columns share one width.
      const widths = await grid
        .locator('thead th')
        .evaluateAll((ths) => ths.slice(1, 6).map((th) => th.getBoundingClientRect().width));
      expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(1);
      // Cells are finger-sized.
      const box = (await toggles.first().boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);

      // A future starter is listed, with their start date and every day inert.
      const starterRow = row(page, starter.accountId);
      expect(await starterRow.getByTestId('starts').textContent()).toBe(
        `starts ${formatDate(startDate)}`,
      );
      expect(await starterRow.locator('button[data-date]').count()).toBe(0);
      const outside = starterRow.getByTestId('not-employed');
      expect(await outside.count()).toBe(5);
      expect(await outside.first().textContent()).toContain('not employed');
      await outside.first().click();
      expect(await page.getByText('Unsaved changes').count()).toBe(0);
      expect(await starterRow.getByTestId('available-days').textContent()).toBe('0 days');

      // The server refuses to mark such a day too, and keeps nothing of the save.
      const before = (await (
        await page.request.get('/api/developer-availability')
      ).json()) as AvailabilityResponse;
      const refused = await page.request.post('/api/developer-availability', {
        data: {
          developers: { [starter.displayName]: { [monday]: true } },
          selectedDevelopersList: before.selectedDevelopersList,
        },
        headers,
      });
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(
        'a day outside employment cannot be marked',
      );
      const after = (await (
        await page.request.get('/api/developer-availability')
      ).json()) as AvailabilityResponse;
      expect(after.developers[starter.displayName]).toEqual(before.developers[starter.displayName]);

      // The team's total is the sum of each person's.
      let sum = 0;
      for (const cellText of await grid.getByTestId('available-days').allTextContents())
        sum += await daysIn(Promise.resolve(cellText));
      expect(await daysIn(grid.getByTestId('team-available-days').textContent())).toBe(sum);

      // Next week: the holiday and the day of leave from Forecast, each with its source in view.
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText(formatWeekLabel(nextWeek), { exact: true }).waitFor();
      const holiday = cell(page, onLeave.displayName, nextDays[0]!);
      await expect
        .poll(() => holiday.getAttribute('aria-label'))
        .toBe(
          `${onLeave.displayName}, ${dayLabel(nextDays[0]!)}: Away (holiday: Agency anniversary)`,
        );
      await holiday.getByText('holiday: Agency anniversary').waitFor();
      const leave = cell(page, onLeave.displayName, nextDays[3]!);
      expect(await leave.getAttribute('aria-label')).toBe(
        `${onLeave.displayName}, ${dayLabel(nextDays[3]!)}: Away (leave)`,
      );
      expect(await leave.textContent()).toBe('Away (leave)');
      expect(await row(page, onLeave.accountId).getByTestId('available-days').textContent()).toBe(
        '3 days',
      );

      // A mark by hand overrides the derived day; marking it back leaves nothing to save.
      await holiday.click();
      expect(await holiday.getAttribute('aria-label')).toBe(
        `${onLeave.displayName}, ${dayLabel(nextDays[0]!)}: Available (holiday: Agency anniversary), marked by hand`,
      );
      expect(await row(page, onLeave.accountId).getByTestId('available-days').textContent()).toBe(
        '4 days',
      );
      await page.getByText('Unsaved changes').waitFor();
      await holiday.click();
      expect(await holiday.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByText('Unsaved changes').count()).toBe(0);

      expect(watch.problems()).toEqual([]);
    });
  }
});
