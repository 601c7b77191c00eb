import { getResponse, type RequestHandler } from 'msw';
import type { Config } from '../config';
import { demoDaysOff } from '../mocks/forecast/data';
import { createForecastHandlers } from '../mocks/forecast/handlers';
import { createJiraDemoData, type JiraDemoData } from '../mocks/jira/data';
import { createJiraHandlers } from '../mocks/jira/handlers';
import { createPipedriveHandlers } from '../mocks/pipedrive/handlers';
import { isoDateInZone } from '../shared/time-zones';
import { DEMO_FORECAST, DEMO_JIRA, DEMO_PIPEDRIVE } from '../services/integrations';

export interface DemoMocks {
  /**
   * Answers the demo services' requests from the mock handlers. Only the clients of services
   * in demo mode are given it (`createIntegrations(config, { demoFetch })`); nothing global is
   * patched, so any other `fetch` in the process goes to the network.
   */
  readonly fetch: typeof fetch;
  /** Upstream requests made through `fetch` so far, per service (the bench reads these). */
  readonly calls: { Jira: number; Forecast: number; Pipedrive: number };
  resetCalls(): void;
  /** The demo Jira's data, when Jira is the demo's: the live demo changes its tickets. */
  readonly jiraData: JiraDemoData | null;
  /** From now on `fetch` refuses every request: nothing reaches the network in the mocks' name. */
  close(): void;
}

/**
 * Demo mode: the demo Jira site and Forecast account answered in this process by MSW's
 * handlers, over a deterministic generated agency dated relative to `now`, so the current week
 * always has data. Only services without credentials get handlers; a configured service is
 * left alone. A request no handler answers goes to the network (`bypass`) or fails (`error`).
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
  const forecast = config.forecastDemo
    ? createForecastHandlers({
        ...DEMO_FORECAST,
        today: isoDateInZone(now, config.AGENCY_TIMEZONE),
        scale,
        currency: config.COMPANY_CURRENCY,
      })
    : null;
  // The tickets follow the days off of the same demo Forecast, made once.
  const jiraData = config.jiraDemo
    ? createJiraDemoData({
        today: now,
        scale,
        issueCounts: options.jiraIssueCounts,
        ...(forecast ? { daysOff: demoDaysOff(forecast.data) } : {}),
      })
    : null;
  if (jiraData) handlers.push(...createJiraHandlers({ ...DEMO_JIRA, today: now, data: jiraData }));
  if (forecast) handlers.push(...forecast.handlers);
  if (config.pipedriveDemo) {
    const today = isoDateInZone(now, config.AGENCY_TIMEZONE);
    handlers.push(...createPipedriveHandlers({ ...DEMO_PIPEDRIVE, today }).handlers);
  }
  const onUnhandledRequest = options.onUnhandledRequest ?? 'bypass';
  const calls = { Jira: 0, Forecast: 0, Pipedrive: 0 };
  const pipedriveHost = new URL(DEMO_PIPEDRIVE.baseUrl).host;
  const jiraHost = new URL(DEMO_JIRA.baseUrl).host;
  const forecastHost = new URL(DEMO_FORECAST.baseUrl).host;
  let closed = false;

  async function demoFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    if (closed) throw new TypeError(`The demo mocks are closed (${request.method} ${request.url})`);
    const host = new URL(request.url).host;
    if (config.jiraDemo && host === jiraHost) calls.Jira++;
    else if (config.forecastDemo && host === forecastHost) calls.Forecast++;
    else if (config.pipedriveDemo && host === pipedriveHost) calls.Pipedrive++;
    // A body is kept unread for the network: a handler may read the request it is given.
    const unhandled = request.body ? request.clone() : request;
    const response = await answered(handlers, request);
    if (response && !isPassthrough(response)) {
      // HttpResponse.error(), the handlers' dropped connection, fails as fetch would.
      if (response.type === 'error') throw new TypeError('fetch failed');
      return response;
    }
    if (onUnhandledRequest === 'error')
      throw new TypeError(
        `The demo mocks have no answer for ${request.method} ${request.url} (onUnhandledRequest: 'error')`,
      );
    return globalThis.fetch(unhandled);
  }

  return {
    fetch: demoFetch,
    calls,
    jiraData,
    resetCalls() {
      calls.Jira = 0;
      calls.Forecast = 0;
      calls.Pipedrive = 0;
    },
    close() {
      closed = true;
    },
  };
}

/** The handlers' answer, or the request's abort (a client timeout) if that comes first, as fetch does. */
function answered(handlers: RequestHandler[], request: Request): Promise<Response | undefined> {
  const { signal } = request;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    getResponse(handlers, request)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A handler's `passthrough()`: MSW's own marker for "let the real service answer". */
function isPassthrough(response: Response): boolean {
  return response.status === 302 && response.headers.get('x-msw-intention') === 'passthrough';
}
