import type { Config } from '../config';
import { createForecastClient, type ForecastClient } from './forecast/client';
import type { HttpClientOptions } from './http';
import { createJiraClient, type JiraClient } from './jira/client';
import type { OnSkipped } from './skipped-records';
import { createPipedriveClient, type PipedriveClient, pipedriveBaseUrl } from './pipedrive/client';

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
/** The demo agency's Forecast app, a host like Jira's demo site: no real account is opened. */
export const DEMO_FORECAST_SITE = 'https://demo-agency.forecast.it';

/** Forecast's web app, where people open a project; the API lives on another host. */
export const FORECAST_APP = 'https://app.forecast.it';

export const DEMO_PIPEDRIVE = {
  baseUrl: 'https://demo-agency.pipedrive.com',
  apiToken: 'demo-pipedrive-token',
} as const;

/** The Jira site people open in a browser: the configured one, or the demo agency's host. */
export function jiraSiteOf(config: Config): string {
  return config.jiraDemo ? DEMO_JIRA.baseUrl : config.JIRA_BASE_URL!;
}

/**
 * The Pipedrive site people open deals in: `<company>.pipedrive.com`, the configured host when
 * only PIPEDRIVE_BASE_URL is set, or the demo agency's host.
 */
export function pipedriveSiteOf(config: Config): string {
  if (config.pipedriveDemo) return DEMO_PIPEDRIVE.baseUrl;
  return config.PIPEDRIVE_COMPANY_DOMAIN
    ? pipedriveBaseUrl(config.PIPEDRIVE_COMPANY_DOMAIN)
    : config.PIPEDRIVE_BASE_URL!;
}

/** The Forecast app people open in a browser: Forecast's own, or the demo agency's host. */
export function forecastSiteOf(config: Config): string {
  return config.forecastDemo ? DEMO_FORECAST_SITE : FORECAST_APP;
}

export interface Integrations {
  jira: JiraClient;
  forecast: ForecastClient;
  /** Absent where a caller wires only Jira and Forecast: the pipeline is then not refreshed. */
  pipedrive?: PipedriveClient;
}

type ClientTuning = Partial<Omit<HttpClientOptions, 'service' | 'baseUrl' | 'headers'>>;

export interface IntegrationOptions extends ClientTuning {
  /**
   * The demo mocks' fetch (`startDemoMocks(...).fetch`), given only to the clients of services
   * in demo mode: a service with credentials always goes to the network.
   */
  demoFetch?: typeof fetch;
  /** Told of every upstream record left out because it cannot be stored. */
  onSkipped?: OnSkipped;
}

/** Real clients for both services: configured credentials where set, the demo agency's otherwise. */
export function createIntegrations(
  config: Config,
  { demoFetch, onSkipped, ...rest }: IntegrationOptions = {},
): Integrations {
  const tuning = { ...rest, onSkipped };
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
      ? { ...DEMO_FORECAST, companyCurrency: config.COMPANY_CURRENCY, ...demoTuning }
      : {
          baseUrl: config.FORECAST_BASE_URL,
          apiKey: config.FORECAST_API_KEY!,
          companyCurrency: config.COMPANY_CURRENCY,
          ...tuning,
        },
  );
  // The demo pipeline is answered only through the demo mocks' fetch: a caller that wires its own
  // stand-ins for Jira and Forecast gets no Pipedrive client (and no pipeline refresh).
  const pipedrive = config.pipedriveDemo
    ? demoFetch
      ? createPipedriveClient({ ...DEMO_PIPEDRIVE, ...demoTuning })
      : undefined
    : createPipedriveClient({
        baseUrl: pipedriveBaseUrl(config.PIPEDRIVE_COMPANY_DOMAIN ?? '', config.PIPEDRIVE_BASE_URL),
        apiToken: config.PIPEDRIVE_API_TOKEN!,
        ...tuning,
      });
  return { jira, forecast, ...(pipedrive ? { pipedrive } : {}) };
}
