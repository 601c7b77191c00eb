import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { Config } from '../config';
import { createForecastHandlers } from '../mocks/forecast/handlers';
import { createJiraHandlers } from '../mocks/jira/handlers';
import { isoDateInZone } from '../shared/time-zones';
import { DEMO_FORECAST, DEMO_JIRA } from '../services/integrations';

export interface DemoMocks {
  /** Upstream requests answered so far, per service (the bench reads these). */
  readonly calls: { Jira: number; Forecast: number };
  resetCalls(): void;
  close(): void;
}

/**
 * Demo mode: MSW answers the demo Jira site and Forecast account in this process, over a
 * deterministic generated agency dated relative to `now`, so the current week always has
 * data. Only services without credentials are mocked; a configured service is left alone.
 */
export function startDemoMocks(
  config: Config,
  now: Date,
  options: {
    onUnhandledRequest?: 'bypass' | 'error';
    jiraIssueCounts?: Record<string, number>;
  } = {},
): DemoMocks {
  const handlers: RequestHandler[] = [];
  const scale = config.DEMO_SCALE;
  if (config.jiraDemo)
    handlers.push(
      ...createJiraHandlers({
        ...DEMO_JIRA,
        today: now,
        scale,
        issueCounts: options.jiraIssueCounts,
      }),
    );
  if (config.forecastDemo) {
    const today = isoDateInZone(now, config.AGENCY_TIMEZONE);
    handlers.push(...createForecastHandlers({ ...DEMO_FORECAST, today, scale }).handlers);
  }
  const server = setupServer(...handlers);
  const calls = { Jira: 0, Forecast: 0 };
  const jiraHost = new URL(DEMO_JIRA.baseUrl).host;
  const forecastHost = new URL(DEMO_FORECAST.baseUrl).host;
  server.events.on('request:start', ({ request }) => {
    const host = new URL(request.url).host;
    if (config.jiraDemo && host === jiraHost) calls.Jira++;
    else if (config.forecastDemo && host === forecastHost) calls.Forecast++;
  });
  server.listen({ onUnhandledRequest: options.onUnhandledRequest ?? 'bypass' });
  return {
    calls,
    resetCalls() {
      calls.Jira = 0;
      calls.Forecast = 0;
    },
    close: () => server.close(),
  };
}
