import { afterAll, describe, expect, it } from 'vitest';
import { browserTest } from '../helpers/chromium';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';
import {
  type Harness,
  screenshotOnFailure,
  signIn,
  signUp,
  startHarness,
  waitForHydration,
} from './harness';

// Sync now on /agency/sync in real Chromium, against a Jira and Forecast stand-in slowed down so
// the run lasts long enough to reload the page in the middle of it (docs/decisions/131).

const PASSWORD = 'a long enough password';
const EMAIL = `sync-admin-${Date.now()}@agency.test`;
/** Each upstream answer waits this long while Sync now runs, so the run takes seconds. */
const SLOW_MS = 1_500;

let upstream: UpstreamServer;
let h: Harness | undefined;
const harness = () => h!;

browserTest.beforeAll(async ({ chromium }) => {
  upstream = await startUpstreamServer();
  // Not 'production': on PostgreSQL the harness makes the demo admin, which a production server
  // on real upstream data refuses to start beside (docs/decisions/163).
  h = await startHarness(chromium, {
    env: { ...upstream.env, NODE_ENV: 'test' },
    firstStart: true,
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await upstream?.close();
});
screenshotOnFailure(() => h);

describe(`Sync now in Chromium (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('shows its progress again after a reload, then the finished run at the top of the history', {
    timeout: 120_000,
  }, async () => {
    const { page, watch } = await harness().openPage();
    await page.goto('/auth');
    await signUp(page, EMAIL, PASSWORD);
    for (const args of [
      ['approve', EMAIL],
      ['role', EMAIL, 'admin'],
    ]) {
      const done = await harness().runUsersCommand(args);
      expect(done.code, done.output).toBe(0);
    }
    await signIn(page, EMAIL, PASSWORD);

    await page.goto('/agency/sync');
    await waitForHydration(page);
    // The run at start has finished before the button is used (it took the lease first).
    const button = page.getByRole('button', { name: 'Sync now', exact: true });
    await expect
      .poll(
        async () => {
          await page.reload();
          await waitForHydration(page);
          return button.count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);

    upstream.setDelay(SLOW_MS);
    await button.click();
    const progress = page.getByTestId('sync-progress');
    await expect.poll(() => progress.textContent()).toMatch(/^Syncing /);

    // The run lives in the database: the reloaded page shows it from the server's HTML, and
    // its island goes on polling it.
    await page.reload();
    expect(await progress.textContent()).toMatch(/^Syncing /);
    await page.getByRole('button', { name: 'Syncing…' }).waitFor();
    expect(await page.getByText(/^Started .* by /).textContent()).toContain(EMAIL);
    await waitForHydration(page);

    const freshness = page.getByTestId('freshness');
    expect(await freshness.textContent()).toContain('Sync in progress');

    upstream.setDelay(0);
    await progress.waitFor({ state: 'detached', timeout: 60_000 });
    await button.waitFor();
    // The freshness line follows the run's end without a reload, each source named once.
    await expect.poll(() => freshness.textContent()).not.toContain('Sync in progress');
    // Only the time data is synced here (no project is linked yet): one source, named once.
    expect(await freshness.textContent()).toMatch(/^Synced just now/);
    expect(
      (await freshness.locator('[role="tooltip"]').textContent())?.match(/Forecast/g),
    ).toHaveLength(1);
    const newest = page.getByTestId('sync-history').locator('tbody tr').first();
    await expect.poll(() => newest.textContent()).toContain('Sync now');
    expect(await newest.textContent()).toContain('Succeeded');
    expect(await newest.textContent()).toContain(EMAIL);
    expect(watch.problems()).toEqual([]);
  });

  it('says how fresh the data is on every page that reads it, and shows admins why a run failed', {
    timeout: 120_000,
  }, async () => {
    // The tab shares the first test's browser context, so the admin is still signed in.
    const { page, watch } = await harness().openPage();
    await page.goto('/');
    // A project on the dashboard, so the detail modal has something to show.
    const imported = await page.evaluate(async () => {
      const list = (await (await fetch('/api/forecast/projects')).json()) as {
        projects: { id: number; stage: string }[];
      };
      const open = list.projects.find((p) => !['DONE', 'HALTED'].includes(p.stage))!;
      const res = await fetch('/api/projects/import-forecast', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ forecastProjectId: open.id }),
      });
      return res.status;
    });
    expect([201, 409]).toContain(imported);

    const pages: [string, string][] = [
      ['/', 'Project Portfolio'],
      ['/developer', 'Weekly History'],
      ['/agency', 'Weekly Summary'],
      ['/agency?tab=gross-margins', 'Active Projects Gross Margins'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      const line = page.getByTestId('freshness').first();
      expect(await line.textContent(), path).toMatch(/Synced|Not synced yet/);
      // The exact time shows on keyboard focus as on hover.
      await line.locator('[tabindex="0"]').focus();
      await line.getByRole('tooltip').waitFor({ state: 'visible' });
      // Named for a run in progress while one is (the scheduled refresh may have started one).
      const toSync = line.getByRole('link', { name: /^(Sync history|Sync in progress)$/ });
      expect(await toSync.getAttribute('href'), path).toBe('/agency/sync');
    }
    await page.goto('/');
    await waitForHydration(page);
    await page.getByTestId('project-card').first().locator('a[aria-haspopup=dialog]').click();
    const detail = page.getByRole('dialog').first();
    expect(await detail.getByTestId('freshness').textContent()).toMatch(/Synced|Not synced yet/);

    // Forecast and Jira refuse the credentials: the run fails, and admins read why.
    upstream.setFailure(401);
    try {
      await page.goto('/agency/sync');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Sync now', exact: true }).click();
      const newest = page.getByTestId('sync-history').locator('tbody tr').first();
      await expect
        .poll(
          async () => {
            await page.reload();
            return newest.textContent();
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toContain('Failed');
      await page.goto('/agency');
      const warning = page.getByTestId('freshness').getByRole('status');
      expect(await warning.textContent()).toMatch(/failed.*credentials were refused/i);
    } finally {
      upstream.setFailure(null);
    }
    expect(watch.problems().filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  });
  it('follows Sync now on the portfolio without a reload: in progress, then the new ages', {
    timeout: 120_000,
  }, async () => {
    // Signed in as the admin still; the second test put a Forecast project on the dashboard.
    const { page, watch } = await harness().openPage();
    await page.goto('/');
    await waitForHydration(page);
    const line = page.getByTestId('freshness').first();
    const synced = () =>
      page.evaluate(async () => {
        const res = await fetch('/api/freshness?sources=jira,billing');
        const body = (await res.json()) as { sources: { service: string; at: string | null }[] };
        return body.sources.map((s) => `${s.service} ${s.at}`);
      });
    const before = await synced();
    expect(before.length).toBeGreaterThan(0);
    // A reload would clear this mark.
    await page.evaluate(() => {
      (window as unknown as { stayed?: boolean }).stayed = true;
    });

    upstream.setDelay(SLOW_MS);
    await line.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => line.textContent(), { timeout: 30_000 }).toContain('Sync in progress');
    upstream.setDelay(0);
    await expect
      .poll(() => line.textContent(), { timeout: 60_000, interval: 500 })
      .not.toContain('Sync in progress');
    expect(await line.textContent()).toMatch(/^Synced(:| )[^·]*just now/);
    expect(await line.getByRole('button', { name: 'Sync now' }).count()).toBe(1);
    // Every source the portfolio reads came in again, and the page was never reloaded.
    const after = await synced();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    expect(watch.problems()).toEqual([]);
  });
});
