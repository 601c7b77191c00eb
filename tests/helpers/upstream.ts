import { setupServer } from 'msw/node';
import { createForecastHandlers } from '../../src/mocks/forecast/handlers';
import { createJiraDemoData } from '../../src/mocks/jira/data';
import { createJiraHandlers } from '../../src/mocks/jira/handlers';
import { createPipedriveHandlers } from '../../src/mocks/pipedrive/handlers';
import { DEMO_FORECAST, DEMO_JIRA, DEMO_PIPEDRIVE } from '../../src/services/integrations';

/**
 * The demo Jira site and Forecast account, answered in this test process by MSW at the hosts
 * the app's clients use, with their data at hand so a test can change it or add faults.
 * Call `server.listen({ onUnhandledRequest: 'error' })` in beforeAll and `server.close()` after.
 */
export function demoUpstream(now = new Date()) {
  const jiraData = createJiraDemoData({ today: now });
  const jiraAuth = { ...DEMO_JIRA, today: now, data: jiraData };
  const forecast = createForecastHandlers({
    ...DEMO_FORECAST,
    today: now.toISOString().slice(0, 10),
  });
  const pipedrive = createPipedriveHandlers({
    ...DEMO_PIPEDRIVE,
    today: now.toISOString().slice(0, 10),
  });
  const server = setupServer(
    ...createJiraHandlers(jiraAuth),
    ...forecast.handlers,
    ...pipedrive.handlers,
  );
  return { now, jiraData, jiraAuth, forecast, pipedrive, server };
}
