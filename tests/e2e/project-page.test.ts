import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../src/shared/projects';
import { DEMO_FORECAST_SITE } from '../../src/services/integrations';
import { DEMO_ADMIN, signIn, useHarness, waitForHydration } from './harness';

// A project is a URL (docs/decisions/345): the card is a link to the project's page, which reads
// in full without JavaScript; with it a click opens the modal in place at the project's address.

const harness = useHarness({ shared: true });
let page: Page;
let linked: Project;
/** Signs the harness's browser in once (it polls, so from inside a test) and picks the project. */
async function ready(): Promise<void> {
  if (linked) return;
  ({ page } = await harness().openPage());
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const projects = (await (await page.request.get('/api/projects')).json()) as Project[];
  linked = projects.find((p) => p.visible && p.jiraProjectKey && p.forecastCompanyProjectId)!;
}

describe('a project’s page', () => {
  it('is reached by clicking its card with JavaScript off, and shows its name and tickets', async () => {
    await ready();
    const browser = page.context().browser()!;
    const noScript = await browser.newContext({
      baseURL: new URL(page.url()).origin,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await noScript.newPage();
      await plain.goto('/');
      await plain
        .getByTestId('project-card')
        .getByRole('link', { name: linked.name, exact: true })
        .click();
      await plain.waitForURL((url) => url.pathname === `/projects/${linked.id}`);
      await plain.getByRole('heading', { level: 1, name: linked.name }).waitFor();
      // The Jira tab's content is in the page: its ticket figures and epics.
      const tickets = plain.getByText('Total Tickets', { exact: true });
      expect(await tickets.count()).toBe(1);
      expect(await plain.getByTestId('epic').count()).toBeGreaterThan(0);
      // The Forecast id leads to the project in (the demo agency's) Forecast, in a new tab.
      const forecastLink = plain.getByTestId('forecast-project-id').getByRole('link');
      expect(await forecastLink.getAttribute('href')).toBe(
        `${DEMO_FORECAST_SITE}/project/P-${linked.forecastCompanyProjectId}/workflow`,
      );
      expect(await forecastLink.getAttribute('target')).toBe('_blank');
      // Another tab is a link too.
      await plain.getByRole('tab', { name: 'Retainer Periods' }).click();
      await plain.waitForURL((url) => url.searchParams.get('tab') === 'retainer');
      expect(
        await plain.getByRole('tab', { name: 'Retainer Periods' }).getAttribute('aria-selected'),
      ).toBe('true');
    } finally {
      await noScript.close();
    }
  });

  it('opens in place with JavaScript, at the project’s address, and Back returns to the list', async () => {
    await ready();
    const { page: live, watch } = await harness().openPage();
    await live.goto('/');
    await waitForHydration(live);
    await live
      .getByTestId('project-card')
      .getByRole('link', { name: linked.name, exact: true })
      .click();
    const dialog = live.getByRole('dialog', { name: linked.name });
    await dialog.waitFor();
    await live.waitForURL((url) => url.pathname === `/projects/${linked.id}`);
    await live.goBack();
    await live.waitForURL((url) => url.pathname === '/');
    await dialog.waitFor({ state: 'detached' });

    // The shared address, opened directly, shows the project.
    await live.goto(`/projects/${linked.id}`);
    await waitForHydration(live);
    await live.getByRole('heading', { level: 1, name: linked.name }).waitFor();
    await live.getByRole('tab', { name: 'Retainer Periods' }).click();
    await live.waitForURL((url) => url.searchParams.get('tab') === 'retainer');
    expect(watch.problems()).toEqual([]);
  });
});

describe('the command palette', () => {
  it('finds a person and opens their tickets on Weekly History', async () => {
    await ready();
    const { page: live } = await harness().openPage();
    await live.goto('/');
    await waitForHydration(live);
    // Through the page, as the palette asks: the context's own request pool kept the socket
    // `ready()` used, which the server may close as it idles (an ECONNRESET seen once).
    const { people } = (await live.evaluate(async () =>
      (await fetch('/api/people/names')).json(),
    )) as { people: { name: string }[] };
    const person = people[0]!;
    await live.keyboard.press('Control+k');
    const palette = live.getByRole('dialog', { name: 'Search' });
    await palette.getByRole('combobox').fill(person.name.slice(0, 5).toLowerCase());
    const option = palette.getByRole('option', { name: `Person ${person.name}` });
    await option.waitFor();
    await option.click();
    await live.waitForURL(
      (url) => url.pathname === '/developer' && url.searchParams.get('assignee') === person.name,
    );
    await live.getByRole('heading', { level: 1, name: 'Weekly History' }).waitFor();
  });
});
