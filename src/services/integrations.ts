import type { Config } from '../config';
import { createForecastClient, type ForecastClient } from './forecast/client';
import type { HttpClientOptions } from './http';
import { createJiraClient, type JiraClient } from './jira/client';

/**
 * Where the demo agency lives. In demo mode MSW answers these hosts in-process, and the real
 * clients talk to them unchanged; the credentials are the demo's own, not secrets.
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

export interface Integrations {
  jira: JiraClient;
  forecast: ForecastClient;
}

type ClientTuning = Partial<Omit<HttpClientOptions, 'service' | 'baseUrl' | 'headers'>>;

/** Real clients for both services: configured credentials where set, the demo agency's otherwise. */
export function createIntegrations(config: Config, tuning: ClientTuning = {}): Integrations {
  const jira = createJiraClient(
    config.jiraDemo
      ? { ...DEMO_JIRA, ...tuning }
      : {
          baseUrl: config.JIRA_BASE_URL!,
          email: config.JIRA_EMAIL!,
          apiToken: config.JIRA_API_TOKEN!,
          ...tuning,
        },
  );
  const forecast = createForecastClient(
    config.forecastDemo
      ? { ...DEMO_FORECAST, ...tuning }
      : { baseUrl: config.FORECAST_BASE_URL, apiKey: config.FORECAST_API_KEY!, ...tuning },
  );
  return { jira, forecast };
}
