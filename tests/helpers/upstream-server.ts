import { createServer, type Server } from 'node:http';
import { getResponse, type RequestHandler } from 'msw';
import { createForecastHandlers } from '../../src/mocks/forecast/handlers';
import { createJiraHandlers } from '../../src/mocks/jira/handlers';

export const UPSTREAM_CREDENTIALS = {
  jiraEmail: 'sync-test@agency.test',
  jiraToken: 'sync-test-jira-token',
  forecastKey: 'sync-test-forecast-key',
};

export interface UpstreamServer {
  url: string;
  /** Every request answered: method, path and when (ms since the epoch). */
  requests: { method: string; path: string; at: number }[];
  /** The environment that points the app at this server instead of the demo agency. */
  env: Record<string, string>;
  /** Makes every answer from now on wait this long first (a slow link or a slow service). */
  setDelay(ms: number): void;
  /** Makes every answer from now on this HTTP status with a JSON error body; null answers again. */
  setFailure(status: number | null): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for Jira and Forecast, answering with the mocks'
 * handlers: apps in other processes (Node servers, the Worker under wrangler) reach it as they
 * would reach the real services, and every call is counted here.
 */
export async function startUpstreamServer(now = new Date()): Promise<UpstreamServer> {
  const requests: UpstreamServer['requests'] = [];
  let handlers: RequestHandler[] = [];
  let delayMs = 0;
  let failWith: number | null = null;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, at: Date.now() });
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (failWith !== null) {
      res.writeHead(failWith, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: `stand-in answering ${failWith}` }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const request = new Request(url, { method: req.method, headers, body });
    const answer = await getResponse(handlers, request);
    if (!answer) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: `no mock for ${req.method} ${url.pathname}` }));
      return;
    }
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  handlers = [
    ...createJiraHandlers({
      baseUrl: url,
      email: UPSTREAM_CREDENTIALS.jiraEmail,
      apiToken: UPSTREAM_CREDENTIALS.jiraToken,
      today: now,
    }),
    ...createForecastHandlers({
      baseUrl: url,
      apiKey: UPSTREAM_CREDENTIALS.forecastKey,
      today: now.toISOString().slice(0, 10),
    }).handlers,
  ];
  return {
    url,
    requests,
    env: {
      JIRA_BASE_URL: url,
      JIRA_EMAIL: UPSTREAM_CREDENTIALS.jiraEmail,
      JIRA_API_TOKEN: UPSTREAM_CREDENTIALS.jiraToken,
      FORECAST_BASE_URL: url,
      FORECAST_API_KEY: UPSTREAM_CREDENTIALS.forecastKey,
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    setFailure: (status) => {
      failWith = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Answers still held back by a delay end here rather than keep the server open.
        server.closeAllConnections();
      }),
  };
}
