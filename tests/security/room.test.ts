import { afterAll, expect } from 'vitest';
import { seedDemoDashboard } from '../../src/demo/seed';
import { formatMoney } from '../../src/shared/currency';
import { formatHours } from '../../src/shared/format';
import { type GrossMarginsResponse, marginFigures } from '../../src/shared/margins';
import { percentTextOneDecimal } from '../../src/shared/percent';
import type { Project } from '../../src/shared/projects';
import { createTestApp, type TestApp } from '../helpers/app';
import { browserTest } from '../helpers/chromium';
import { createTestDb } from '../helpers/db';
import { demoUpstream } from '../helpers/upstream';
import { waitForHydration } from '../e2e/harness';
import { seriousViolations } from '../e2e/every-page';
import { builtAssets, type InProcessBrowser, startInProcessBrowser } from './in-process-browser';

// A client's retainer room (docs/decisions/430-client-retainer-room.md), opened in a fresh
// browser context with no session, on the seeded demo agency: it holds none of the money the
// admin's Gross Margins and cost breakdown show for that project, and no other project's name.

const upstream = demoUpstream();
let t: TestApp;
let drop: () => Promise<void>;
let browser: InProcessBrowser;
let admin: string;
let project: Project;
let roomPath: string;

browserTest.beforeAll(async ({ chromium }) => {
  upstream.server.listen({ onUnhandledRequest: 'error' });
  const created = await createTestDb();
  drop = created.drop;
  t = createTestApp(created.db, { clock: () => upstream.now, assets: await builtAssets() });
  await seedDemoDashboard(
    created.db,
    { jira: t.deps.jira, forecast: t.deps.forecast },
    { spine: upstream.forecast.data.spine, now: upstream.now, timeZone: 'UTC' },
  );
  admin = await t.signIn('admin');
  const projects = (await (
    await t.request('GET', '/api/projects', { cookie: admin })
  ).json()) as Project[];
  project = projects.find(
    (p) => p.visible && p.forecastBudgetType === 'RETAINER' && p.jiraProjectKey,
  )!;
  const made = await t.request('POST', `/api/projects/${project.id}/share-links`, {
    cookie: admin,
    body: { label: 'Client', expiresAt: upstream.now.toISOString().slice(0, 10), rolling: true },
  });
  expect(made.status, await made.clone().text()).toBe(201);
  roomPath = new URL(((await made.json()) as { url: string }).url).pathname;
  browser = await startInProcessBrowser(chromium, t.app);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  upstream.server.close();
  await drop?.();
});

/** Every money field name and value the admin's Gross Margins and cost breakdown show for it. */
async function adminMoneyTexts(): Promise<{ names: string[]; values: string[] }> {
  const margins = (await (
    await t.request('GET', '/api/gross-margins', { cookie: admin })
  ).json()) as GrossMarginsResponse;
  const row = margins.projects.find((p) => p.id === project.id)!;
  expect(row, 'the room’s project is on Gross Margins').toBeDefined();
  const breakdown = (await (
    await t.request('GET', `/api/projects/${project.id}/cost-breakdown`, { cookie: admin })
  ).json()) as {
    internalCost: number;
    costBreakdown: { personName: string; hours: number; hourlyRate: number; cost: number }[];
  };
  const f = marginFigures(row);
  const money = (n: number) => formatMoney(n, margins.currency);
  const values = [
    money(f.internalCost),
    money(f.grossMargin),
    percentTextOneDecimal(f.marginPercent),
    money(f.live.margin),
    money(breakdown.internalCost),
    String(breakdown.internalCost),
    ...breakdown.costBreakdown.flatMap((e) => [
      e.personName,
      `${formatHours(e.hours)} x ${money(e.hourlyRate)}/hr`,
      `${money(e.hourlyRate)}/hr`,
      money(e.cost),
      String(e.cost),
    ]),
  ];
  expect(
    breakdown.costBreakdown.length,
    'the project has a cost breakdown to hide',
  ).toBeGreaterThan(0);
  const names = [
    'Internal Cost',
    'Gross Margin',
    'Margin %',
    'Cost Breakdown',
    'Live Margin',
    'Live Gross Margin Analysis',
    'Amount Paid',
    'Total Invoiced',
    '/hr',
    'hourly',
  ];
  return { names, values: [...new Set(values)] };
}

browserTest('the room shows none of the admin’s money figures and no other project', async () => {
  const { names, values } = await adminMoneyTexts();
  const page = await browser.context.newPage();
  try {
    await page.setViewportSize({ width: 375, height: 740 });
    const res = await page.goto(roomPath);
    expect(res?.status()).toBe(200);
    const html = await page.content();
    const text = await page.locator('body').innerText();
    // It is the room, with the client's own figures.
    expect(text).toContain(project.name);
    expect(text).toMatch(/Retainer period \d+:/);
    expect(text).toContain('Hours billed');
    expect(text).toContain('Work delivered');
    const found = [...names, ...values].filter(
      (v) =>
        html.toLowerCase().includes(v.toLowerCase()) ||
        text.toLowerCase().includes(v.toLowerCase()),
    );
    expect(found).toEqual([]);
    // Nobody's email address.
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(html).not.toContain('mailto:');
    const others = (
      (await (await t.request('GET', '/api/projects', { cookie: admin })).json()) as Project[]
    )
      .map((p) => p.name)
      .filter((n) => n !== project.name && !project.name.includes(n));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((n) => html.includes(n))).toEqual([]);
    // No session and no cookie, nothing run; readable on a phone without sideways scrolling.
    expect(await browser.context.cookies()).toEqual([]);
    expect(await page.locator('script').count()).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Accessible, in the light and the dark theme alike.
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page, { contrastOnly: true })).toEqual([]);
    // And on paper: the period, its figures and the work are all in the printed page.
    await page.emulateMedia({ media: 'print' });
    const printed = await page.locator('body').innerText();
    expect(printed).toContain('Hours billed');
    expect(printed).toContain('Work delivered');
  } finally {
    await page.close();
  }
});

browserTest(
  'a revoked link is the same plain 404 as an unknown one, in the browser too',
  async () => {
    const made = await t.request('POST', `/api/projects/${project.id}/share-links`, {
      cookie: admin,
      body: {
        label: 'To revoke',
        expiresAt: upstream.now.toISOString().slice(0, 10),
        rolling: true,
      },
    });
    const { id, url } = (await made.json()) as { id: number; url: string };
    expect((await t.request('DELETE', `/api/share-links/${id}`, { cookie: admin })).status).toBe(
      200,
    );
    const page = await browser.context.newPage();
    try {
      const revoked = await page.goto(new URL(url).pathname);
      const revokedText = await page.locator('body').innerText();
      const unknown = await page.goto('/r/AAAAAAAAAAAAAAAAAAAAAA');
      expect([revoked?.status(), unknown?.status()]).toEqual([404, 404]);
      expect(await page.locator('body').innerText()).toBe(revokedText);
      expect(revokedText).not.toContain(project.name);
    } finally {
      await page.close();
    }
  },
);

browserTest(
  'an admin makes a link on the project page, opens it, and revokes it after confirming',
  async ({ chromium }) => {
    const adminBrowser = await startInProcessBrowser(chromium, t.app);
    const [, token] = admin.split('=');
    await adminBrowser.context.addCookies([
      { name: 'session', value: token!, url: 'http://localhost' },
    ]);
    const { page } = await adminBrowser.openPage();
    try {
      await page.goto(`/projects/${project.id}`);
      await waitForHydration(page);
      const links = page.getByTestId('share-links');
      await links.getByLabel('Label').fill('Board pack');
      await links.getByRole('button', { name: 'Make link' }).click();
      const address = await links.getByLabel('Client link address').inputValue();
      const row = links.getByTestId('share-link-row').filter({ hasText: 'Board pack' });
      await row.getByText('Active').waitFor();
      const room = new URL(address).pathname;
      expect((await t.request('GET', room)).status).toBe(200);

      await row.getByRole('button', { name: 'Revoke' }).click();
      const dialog = page.getByTestId('revoke-share-link');
      await dialog.getByRole('button', { name: 'Revoke link' }).click();
      await row.getByText('Revoked').waitFor();
      expect((await t.request('GET', room)).status).toBe(404);
    } finally {
      await adminBrowser.close();
    }
  },
);
