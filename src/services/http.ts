/**
 * The HTTP core both upstream clients (Jira, Forecast) stand on: a timeout per call, retries
 * with exponential backoff and full jitter on 429/5xx for idempotent calls (honouring
 * Retry-After) within an overall deadline, a concurrency limit, and errors that say which
 * service failed and why, in words the UI can show.
 */

import { parseUpstreamJson } from '../shared/upstream-text';

export type UpstreamService = 'Jira' | 'Forecast' | 'Pipedrive';

export type UpstreamErrorKind =
  | 'bad_credentials'
  | 'forbidden'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'timeout'
  | 'unavailable'
  | 'malformed_response'
  | 'network';

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly service: UpstreamService,
    readonly kind: UpstreamErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(`${service}: ${message}`);
  }

  /** The status our own API answers with: 504 for a timeout, 502 for anything else upstream. */
  get httpStatus(): 502 | 504 {
    return this.kind === 'timeout' ? 504 : 502;
  }
}

export interface HttpClientOptions {
  service: UpstreamService;
  baseUrl: string;
  /** Headers sent on every call (auth). Never logged. */
  headers: Record<string, string>;
  fetch?: typeof fetch;
  /** Per attempt, from sending the request to the last byte of the answer's body. */
  timeoutMs?: number;
  /** For the whole call including retries and waits, bodies included. */
  deadlineMs?: number;
  /**
   * For everything this client does, from its creation: a client made for one action (a
   * project's billing sync) keeps the whole action within it, and a call it cuts says so.
   */
  budgetMs?: number;
  maxRetries?: number;
  /** Calls in flight at once to this service. */
  concurrency?: number;
  /** Longest Retry-After we are willing to wait; longer means "rate limit exhausted". */
  maxRetryAfterMs?: number;
  /** A 429 without Retry-After waits this long: the service's burst window (Pipedrive: 2 s). */
  rateLimitWindowMs?: number;
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called once per HTTP request sent (for counting upstream calls in the bench). */
  onRequest?: (info: { method: string; url: string }) => void;
  /** Called with every answer's status, 0 when none came (for `GET /metrics`). */
  onResponse?: (info: { service: UpstreamService; status: number }) => void;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  /** Retry on 429/5xx. Defaults to true for GET, false otherwise; a read-only POST (search) sets it. */
  idempotent?: boolean;
}

export interface HttpClient {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  readonly service: UpstreamService;
}

/** One answer, read whole within the attempt's bound. */
interface Exchange {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A counting semaphore: at most `limit` tasks run at once, the rest wait in order. */
export function createLimiter(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

/** Retry-After as milliseconds: seconds, or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function readErrorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as {
      errorMessages?: string[];
      message?: string;
      errors?: Record<string, string>;
    };
    const parts = [
      ...(body.errorMessages ?? []),
      ...(body.message ? [body.message] : []),
      ...Object.values(body.errors ?? {}),
    ];
    if (parts.length) return parts.join('; ').slice(0, 300);
  } catch {
    // Proxies answer HTML or plain text: fall through.
  }
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

function errorForStatus(service: UpstreamService, status: number, detail: string): UpstreamError {
  const suffix = detail ? ` (${detail})` : '';
  switch (status) {
    case 401:
      return new UpstreamError(
        service,
        'bad_credentials',
        `the credentials were refused; check the API token${suffix}`,
        status,
      );
    case 403:
      return new UpstreamError(
        service,
        'forbidden',
        `the account is not allowed to do this${suffix}`,
        status,
      );
    case 404:
      return new UpstreamError(service, 'not_found', `not found${suffix}`, status);
    case 410:
      return new UpstreamError(
        service,
        'bad_request',
        `this endpoint has been removed${suffix}`,
        status,
      );
    case 429:
      return new UpstreamError(
        service,
        'rate_limited',
        `rate limit exhausted; try again later${suffix}`,
        status,
      );
    default:
      if (status >= 500)
        return new UpstreamError(
          service,
          'unavailable',
          `the service is unavailable (HTTP ${status})${suffix}`,
          status,
        );
      return new UpstreamError(
        service,
        'bad_request',
        `the request was rejected (HTTP ${status})${suffix}`,
        status,
      );
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    service,
    baseUrl,
    headers,
    fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
    timeoutMs = 15_000,
    deadlineMs = 45_000,
    budgetMs,
    maxRetries = 4,
    concurrency = 4,
    maxRetryAfterMs = 30_000,
    rateLimitWindowMs,
    sleep = defaultSleep,
    random = Math.random,
    onRequest,
    onResponse,
  } = options;
  const limit = createLimiter(concurrency);
  const budgetEnd = budgetMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + budgetMs;

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: RequestOptions = {},
  ): Promise<T> {
    const url = buildUrl(baseUrl, path, opts.query);
    const idempotent = opts.idempotent ?? method === 'GET';
    const ownEnd = Date.now() + deadlineMs;
    const deadline = Math.min(ownEnd, budgetEnd);
    // A timeout names the bound that cut it: the attempt's, or the whole call's or action's.
    const boundMs = ownEnd <= budgetEnd ? deadlineMs : budgetMs!;
    const tooSlow = (ms: number) =>
      new UpstreamError(service, 'timeout', `no answer within ${Math.round(ms / 1000)} s`);
    // A retry the deadline cuts short says why it was retrying: a service that answered 500
    // until the deadline failed with its 500, not with silence. Silence names the bound.
    let retrying: UpstreamError | null = null;
    const cutShort = () => (retrying && retrying.kind !== 'timeout' ? retrying : tooSlow(boundMs));
    for (let attempt = 0; ; attempt++) {
      if (deadline - Date.now() <= 0) throw cutShort();
      let res: Exchange;
      // Whether what was left of the deadline, not the attempt's own timeout, bounded the attempt.
      let cutByDeadline = false;
      let timedOut = false;
      try {
        res = await limit(async () => {
          onRequest?.({ method, url });
          const controller = new AbortController();
          // Read once the slot is free: waiting for one counts against the deadline too.
          const remaining = Math.max(0, deadline - Date.now());
          cutByDeadline = remaining < timeoutMs;
          const timer = setTimeout(
            () => {
              timedOut = true;
              controller.abort();
            },
            Math.min(timeoutMs, remaining),
          );
          let status = 0;
          try {
            const answer = await fetchImpl(url, {
              method,
              headers: {
                Accept: 'application/json',
                ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
                ...headers,
              },
              body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
              signal: controller.signal,
            });
            status = answer.status;
            onResponse?.({ service, status });
            // The timer runs until the last byte: a body that stalls or dribbles ends at the same
            // bound as a service that never answers (docs/decisions/083).
            const text = await answer.text();
            return { status, ok: answer.ok, headers: answer.headers, text };
          } catch (error) {
            if (status === 0) onResponse?.({ service, status: 0 });
            throw error;
          } finally {
            clearTimeout(timer);
          }
        });
      } catch (error) {
        const aborted =
          timedOut ||
          (error as Error).name === 'AbortError' ||
          (error as Error).name === 'TimeoutError';
        const failure: UpstreamError = aborted
          ? cutByDeadline
            ? cutShort()
            : tooSlow(timeoutMs)
          : new UpstreamError(
              service,
              'network',
              `could not be reached (${(error as Error).message})`,
            );
        if (!idempotent || attempt >= maxRetries) throw failure;
        retrying = failure;
        await waitBeforeRetry(attempt, null, deadline, failure);
        continue;
      }

      if (res.ok) {
        if (res.text === '') return undefined as T;
        try {
          // NUL, control and private-use characters are dropped from every string here, once
          // for both services (docs/decisions/271).
          return parseUpstreamJson(res.text) as T;
        } catch {
          throw new UpstreamError(
            service,
            'malformed_response',
            'answered with a body that is not valid JSON',
            res.status,
          );
        }
      }

      const retryable = res.status === 429 || res.status >= 500;
      const failure = errorForStatus(service, res.status, readErrorDetail(res.text));
      if (!retryable || !idempotent || attempt >= maxRetries) throw failure;
      const retryAfter =
        parseRetryAfter(res.headers.get('retry-after')) ??
        (res.status === 429 ? (rateLimitWindowMs ?? null) : null);
      if (retryAfter !== null && retryAfter > maxRetryAfterMs) throw failure;
      retrying = failure;
      await waitBeforeRetry(attempt, retryAfter, deadline, failure);
    }
  }

  async function waitBeforeRetry(
    attempt: number,
    retryAfterMs: number | null,
    deadline: number,
    failure: UpstreamError,
  ) {
    // Retry-After is honoured exactly (plus a little jitter); otherwise 0.5 s, 1 s, 2 s... with full jitter.
    const wait =
      retryAfterMs !== null
        ? retryAfterMs + random() * 250
        : random() * Math.min(8_000, 500 * 2 ** attempt);
    if (Date.now() + wait >= deadline) throw failure;
    await sleep(wait);
  }

  return {
    service,
    get: (path, opts) => request('GET', path, opts),
    post: (path, opts) => request('POST', path, opts),
  };
}

/**
 * Awaits `call`, turning the upstream's 'no such thing' into the caller's own refusal (an id or
 * key the user gave that Jira or Forecast does not know); any other failure passes through.
 */
export async function whenUpstreamNotFound<T>(call: Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'not_found') throw refusal();
    throw error;
  }
}
