import { createServer, type Server } from 'node:http';
import { getResponse, type RequestHandler } from 'msw';
import { createForecastHandlers, type ForecastMock } from '../../src/mocks/forecast/handlers';
import { createJiraDemoData, type JiraDemoData } from '../../src/mocks/jira/data';
import { createJiraHandlers } from '../../src/mocks/jira/handlers';
import type { WebhookDelivery } from '../../src/mocks/jira/webhooks';
import { createPipedriveHandlers, type PipedriveMock } from '../../src/mocks/pipedrive/handlers';

export const UPSTREAM_CREDENTIALS = {
  jiraEmail: 'sync-test@agency.test',
  jiraToken: 'sync-test-jira-token',
  forecastKey: 'sync-test-forecast-key',
  pipedriveToken: 'sync-test-pipedrive-token',
};

/**
 * How an answer's body is sent: `chunkBytes` every `everyMs` after the headers (a slow link),
 * and with `stallAfterBytes` nothing more once that many are sent (a stalled one).
 */
export interface BodyPace {
  chunkBytes: number;
  everyMs: number;
  stallAfterBytes?: number;
  /** Only answers to paths starting with this are paced; every answer when unset. */
  pathPrefix?: string;
}

export interface UpstreamServer {
  url: string;
  /** Every request answered: method, path and when (ms since the epoch). */
  requests: { method: string; path: string; at: number }[];
  /** The environment that points the app's Jira and Forecast at this server instead of the demo agency. */
  env: Record<string, string>;
  /** The same for Pipedrive, for the tests that refresh the pipeline from here too. */
  pipedriveEnv: Record<string, string>;
  /** Makes every answer from now on wait this long first (a slow link or a slow service). */
  setDelay(ms: number): void;
  /** Makes every answer from now on this HTTP status with a JSON error body; null answers again. */
  setFailure(status: number | null): void;
  /** Sends answers' bodies at this pace from now on (headers at once); null sends them whole. */
  setBodyPace(pace: BodyPace | null): void;
  /** The data the stand-ins answer from, for a test to change (hostile records). */
  data: { jira: JiraDemoData; forecast: ForecastMock['data']; pipedrive: PipedriveMock['data'] };
  /** The Forecast stand-in's changes (add, update, delete a time registration). */
  forecast: ForecastMock;
  /** Posts a webhook delivery to `url` as the upstream does; resolves with the status and body. */
  deliver(
    url: string,
    delivery: WebhookDelivery,
  ): Promise<{ status: number; body: string; ms: number }>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for Jira, Forecast and Pipedrive, answering with
 * the mocks' handlers: apps in other processes (Node servers, the Worker under wrangler) reach it as they
 * would reach the real services, and every call is counted here.
 */
export async function startUpstreamServer(now = new Date()): Promise<UpstreamServer> {
  const requests: UpstreamServer['requests'] = [];
  let handlers: RequestHandler[] = [];
  let delayMs = 0;
  let failWith: number | null = null;
  let pace: BodyPace | null = null;
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
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // The client gave up while this stand-in was slow (its deadline): nobody waits for an answer.
      return;
    }
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
    const bytes = Buffer.from(await answer.arrayBuffer());
    const paced = pace && url.pathname.startsWith(pace.pathPrefix ?? '') ? pace : null;
    if (!paced) {
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(bytes);
      return;
    }
    // Headers at once, then the body a chunk at a time: the client has its answer's status and
    // waits on the body.
    const answerHeaders = Object.fromEntries(answer.headers);
    delete answerHeaders['content-length'];
    res.writeHead(answer.status, answerHeaders);
    res.flushHeaders();
    const limit = Math.min(bytes.length, paced.stallAfterBytes ?? bytes.length);
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= limit) {
        clearInterval(timer);
        // Stalled: the connection stays open and silent.
        if (limit === bytes.length) res.end();
        return;
      }
      res.write(bytes.subarray(sent, sent + paced.chunkBytes));
      sent += paced.chunkBytes;
    }, paced.everyMs);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const jira = createJiraDemoData({ today: now });
  const forecast = createForecastHandlers({
    baseUrl: url,
    apiKey: UPSTREAM_CREDENTIALS.forecastKey,
    today: now.toISOString().slice(0, 10),
  });
  const pipedrive = createPipedriveHandlers({
    baseUrl: url,
    apiToken: UPSTREAM_CREDENTIALS.pipedriveToken,
    today: now.toISOString().slice(0, 10),
  });
  handlers = [
    ...createJiraHandlers({
      baseUrl: url,
      email: UPSTREAM_CREDENTIALS.jiraEmail,
      apiToken: UPSTREAM_CREDENTIALS.jiraToken,
      today: now,
      data: jira,
    }),
    ...forecast.handlers,
    ...pipedrive.handlers,
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
    pipedriveEnv: {
      PIPEDRIVE_BASE_URL: url,
      PIPEDRIVE_API_TOKEN: UPSTREAM_CREDENTIALS.pipedriveToken,
    },
    data: { jira, forecast: forecast.data, pipedrive: pipedrive.data },
    forecast,
    async deliver(target, delivery) {
      const started = performance.now();
      const res = await fetch(target, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
      const body = await res.text();
      return { status: res.status, body, ms: performance.now() - started };
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    setFailure: (status) => {
      failWith = status;
    },
    setBodyPace: (next) => {
      pace = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Answers still held back by a delay end here rather than keep the server open.
        server.closeAllConnections();
      }),
  };
}
