/**
 * What `GET /metrics` reports, in Prometheus' format through prom-client. Each app gets its own
 * registry (no global default), so tests and several apps in one process do not share counts.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the app's code records; only this type reaches the shared app, so the Worker never loads prom-client. */
export interface AppMetrics {
  /** Content-Type of the exposition text. */
  contentType: string;
  render(): Promise<string>;
  /** `route` is the matched pattern (`/api/projects/:id`), never the raw path. */
  request(method: string, route: string, status: number, seconds: number): void;
  refreshRun(outcome: string): void;
  /** Every upstream HTTP answer; status 0 when none came back (timeout, network). */
  upstreamResponse(info: { service: string; status: number }): void;
  admissionDepth(depth: number): void;
}

export function createMetrics(registry: Registry = new Registry()): AppMetrics {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, matched route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method and matched route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refreshRuns = new Counter({
    name: 'refresh_runs_total',
    help: 'Finished refresh runs, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const upstreamCalls = new Counter({
    name: 'upstream_requests_total',
    help: 'HTTP requests sent to Jira or Forecast, by service and status (0 when none came back).',
    labelNames: ['service', 'status'] as const,
    registers: [registry],
  });
  const upstreamRateLimited = new Counter({
    name: 'upstream_rate_limited_total',
    help: 'Upstream answers with HTTP 429, by service.',
    labelNames: ['service'] as const,
    registers: [registry],
  });
  const admissionWaiting = new Gauge({
    name: 'admission_queue_depth',
    help: 'Requests waiting for their turn in the admission queue.',
    registers: [registry],
  });
  return {
    contentType: registry.contentType,
    render: () => registry.metrics(),
    request: (method, route, status, seconds) => {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    refreshRun: (outcome) => refreshRuns.inc({ outcome }),
    upstreamResponse: ({ service, status }) => {
      upstreamCalls.inc({ service, status: String(status) });
      if (status === 429) upstreamRateLimited.inc({ service });
    },
    admissionDepth: (depth) => admissionWaiting.set(depth),
  };
}
