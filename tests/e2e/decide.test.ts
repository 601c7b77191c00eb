import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration } from './harness';

// Forecasts, burn, cost per point, unbilled work and trends in real Chromium, as a newcomer to
// the demo sees them with nothing configured: the demo admin on Insights and in a project's detail.

const harness = useHarness({ shared: true });

/** A fresh tab signed in as the demo admin (the tabs share cookies, so sign out first). */
async function adminPage() {
  await harness().context.clearCookies();
  const opened = await harness().openPage();
  await signIn(opened.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return opened;
}

describe(`Deciding ahead in Chromium (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('shows the 12-week trends as a chart with the current week marked, and as a table', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await adminPage();
    await page.goto('/agency?tab=trends');
    await waitForHydration(page);
    const rows = page.getByTestId('trends-table').locator('tbody tr');
    expect(await rows.count()).toBe(12);
    await expect.poll(() => rows.last().getAttribute('aria-current')).toBe('date');
    // The chart arrives after the page is interactive, with the current week shaded.
    await page.getByTestId('current-week').first().waitFor();
    const charts = page.locator('svg[role="group"]');
    expect(await charts.count()).toBe(3);
    // The current week reads 'so far' in the table and on the chart.
    expect(await rows.last().locator('th').textContent()).toContain('so far');
    // Both axes are titled; the margin runs on, so no week is an invented loss.
    expect(await charts.first().textContent()).toContain('Week starting (Monday)');
    // A week's tooltip opens on hover and on keyboard focus, naming every line's value.
    const tip = page.getByTestId('chart-tooltip');
    await page.getByTestId('chart-week').first().hover();
    await tip.waitFor();
    expect(await tip.textContent()).toMatch(/Internal Cost: \$[\d,]+.*Invoiced: \$[\d,]+/);
    expect(await tip.textContent()).not.toContain('so far');
    await page.getByTestId('chart-week').nth(11).focus();
    await expect.poll(() => tip.textContent()).toContain('so far');
    expect(await tip.count()).toBe(1);
    // A chart is one Tab stop; the arrow keys walk its weeks.
    expect(await charts.first().locator('[data-testid="chart-week"][tabindex="0"]').count()).toBe(
      1,
    );
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tip.textContent()).not.toContain('so far');
    const weekBefore = await rows.nth(10).getByRole('link').textContent();
    expect(await tip.textContent()).toContain(`Week of ${weekBefore}`);
    // Choosing a project redraws both for it; the keyboard reaches the choice.
    const select = page.getByLabel('Show');
    await select.focus();
    const firstProject = (await select.locator('option').nth(1).textContent())!;
    await select.selectOption({ index: 1 });
    await page.getByText(`Per week for ${firstProject}`).waitFor();
    expect(watch.problems()).toEqual([]);
  });

  it('shows eight weeks of cost per point with the 8-week figure and its chart', {
    timeout: 120_000,
  }, async () => {
    const { page, watch } = await adminPage();
    await page.goto('/agency?tab=cost-per-point');
    await waitForHydration(page);
    expect(await page.getByTestId('cpp-table').locator('tbody tr').count()).toBe(8);
    expect(await page.getByTestId('cpp-overall').textContent()).toMatch(/^\$[\d,]+$/);
    await page.locator('svg[role="group"]').waitFor();
    expect(watch.problems()).toEqual([]);
  });

  it('opens a project from the unbilled work table, with the forecast on its Retainer tab', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await adminPage();
    await page.goto('/agency?tab=unbilled');
    const table = page.getByTestId('unbilled-table');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    // A sum in Insights leads to what it sums: the project's own page.
    await table.getByRole('link', { name: 'Acme Support Retainer' }).click();
    await page.waitForURL((url) => /^\/projects\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Acme Support Retainer' }).waitFor();
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Retainer Periods' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'retainer');
    const forecast = page.getByTestId('retainer-forecast');
    await forecast.waitFor();
    expect(await forecast.textContent()).toMatch(
      /(On track|Will land about \$[\d,]+ (over|under) target)/,
    );
    expect(watch.problems()).toEqual([]);
  });

  it('shows budget burn on a fixed-price project, on its page and in the table', {
    timeout: 180_000,
  }, async () => {
    const { page, watch } = await adminPage();
    await page.goto('/agency?tab=budget-burn');
    const table = page.getByTestId('budget-burn-table');
    const first = table.locator('tbody tr').first();
    const used = (await first.locator('td').nth(2).textContent())!;
    const name = (await first.getByRole('link').textContent())!;
    await first.getByRole('link').click();
    await page.waitForURL((url) => /^\/projects\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Budget Burn' }).click();
    const burn = page.getByTestId('budget-burn');
    await burn.waitFor();
    expect(
      await burn
        .getByRole('progressbar', { name: 'Budget used (internal cost; alert at 80%)' })
        .textContent(),
    ).toContain(used);
    expect(await burn.getByTestId('run-out').textContent()).toMatch(
      /^(Week of \w+ \d+, \d{4}|Budget reached|not at this pace)$/,
    );
    expect(watch.problems()).toEqual([]);
  });
});
