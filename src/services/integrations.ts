import type { Config } from '../config';
import { createForecastClient, type ForecastClient } from './forecast/client';
import type { HttpClientOptions } from './http';
import { createJiraClient, type JiraClient } from './jira/client';

/**
 * Where the demo agency lives. In demo mode the real clients talk to these hosts unchanged,
 * through a fetch that answers them in this process (src/demo/mocks.ts); the credentials are
 * the demo's own, not secrets.
 */
export const DEMO_JIRA = {
  baseUrl: 'https://demo-agency.atlassian.net',
  email: 'demo@agency.test',
  apiToken: 'demo-jira-token',
} as const;
export const DEMO_FORECAST = {
  baseUrl: 'https://api.forecast.it',
  apiKey: 'demo-forecast-key',
} as const;

/** The Jira site people open in a browser: the configured one, or the demo agency's host. */
export function jiraSiteOf(config: Config): string {
  return config.jiraDemo ? DEMO_JIRA.baseUrl : config.JIRA_BASE_URL!;
}

export interface Integrations {
  jira: JiraClient;
  forecast: ForecastClient;
}

type ClientTuning = Partial<Omit<HttpClientOptions, 'service' | 'baseUrl' | 'headers'>>;

export interface IntegrationOptions extends ClientTuning {
  /**
   * The demo mocks' fetch (`startDemoMocks(...).fetch`), given only to the clients of services
   * in demo mode: a service with credentials always goes to the network.
   */
  demoFetch?: typeof fetch;
}

/** Real clients for both services: configured credentials where set, the demo agency's otherwise. */
export function createIntegrations(
  config: Config,
  { demoFetch, ...tuning }: IntegrationOptions = {},
): Integrations {
  const demoTuning = demoFetch ? { ...tuning, fetch: demoFetch } : tuning;
  const jira = createJiraClient(
    config.jiraDemo
      ? { ...DEMO_JIRA, ...demoTuning }
      : {
          baseUrl: config.JIRA_BASE_URL!,
          email: config.JIRA_EMAIL!,
          apiToken: config.JIRA_API_TOKEN!,
          ...tuning,
        },
  );
  const forecast = createForecastClient(
    config.forecastDemo
      ? { ...DEMO_FORECAST, ...demoTuning }
      : { baseUrl: config.FORECAST_BASE_URL, apiKey: config.FORECAST_API_KEY!, ...tuning },
  );
  return { jira, forecast };
}
