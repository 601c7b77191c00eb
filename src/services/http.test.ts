import { describe, expect, it } from 'vitest';
import { createHttpClient, createLimiter, parseRetryAfter, UpstreamError } from './http';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

function clientWith(
  handler: Handler,
  overrides: Partial<Parameters<typeof createHttpClient>[0]> = {},
) {
  const waits: number[] = [];
  const calls: string[] = [];
  const client = createHttpClient({
    service: 'Jira',
    baseUrl: 'https://acme.atlassian.net',
    headers: { Authorization: 'Basic secret' },
    fetch: (async (input: string, init: RequestInit) => {
      calls.push(`${init.method} ${input}`);
      return handler(input, init);
    }) as typeof fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0,
    ...overrides,
  });
  return { client, waits, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('the upstream HTTP core', () => {
  it('builds the URL from the base, path and query, repeating array parameters', async () => {
    const { client, calls } = clientWith(() => json({ ok: true }));
    await client.get('/rest/api/3/project/search', {
      query: { startAt: 0, keys: ['PA', 'PB'], skip: undefined },
    });
    expect(calls).toEqual([
      'GET https://acme.atlassian.net/rest/api/3/project/search?startAt=0&keys=PA&keys=PB',
    ]);
  });

  it('waits exactly as Retry-After says after a 429, then succeeds', async () => {
    let n = 0;
    const { client, waits } = clientWith(() =>
      n++ < 2
        ? json({ errorMessages: ['slow down'] }, 429, { 'Retry-After': '3' })
        : json({ ok: 1 }),
    );
    expect(await client.get('/x')).toEqual({ ok: 1 });
    expect(waits).toEqual([3000, 3000]);
  });

  it('backs off exponentially on 5xx without Retry-After, and gives up after the retries with a clear error', async () => {
    const { client, waits, calls } = clientWith(() => json({ message: 'boom' }, 503), {
      random: () => 1,
      maxRetries: 3,
    });
    const error = (await client.get('/x').catch((e: unknown) => e)) as UpstreamError;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Jira: the service is unavailable (HTTP 503) (boom)');
    expect(error.httpStatus).toBe(502);
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('does not retry a non-idempotent POST', async () => {
    const { client, calls } = clientWith(() => json({}, 500));
    await expect(client.post('/x', { body: { a: 1 } })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect(calls).toHaveLength(1);
  });

  it('retries a read-only POST marked idempotent', async () => {
    let n = 0;
    const { client, calls } = clientWith(() => (n++ === 0 ? json({}, 500) : json({ issues: [] })));
    expect(await client.post('/search', { body: {}, idempotent: true })).toEqual({ issues: [] });
    expect(calls).toHaveLength(2);
  });

  it('treats a Retry-After longer than it is willing to wait as an exhausted rate limit', async () => {
    const { client, waits } = clientWith(() => json({}, 429, { 'Retry-After': '3600' }));
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(waits).toEqual([]);
  });

  it('names bad credentials, forbidden and not found without retrying', async () => {
    for (const [status, kind] of [
      [401, 'bad_credentials'],
      [403, 'forbidden'],
      [404, 'not_found'],
    ] as const) {
      const { client, calls } = clientWith(() => json({ errorMessages: ['no'] }, status));
      await expect(client.get('/x')).rejects.toMatchObject({ kind, status });
      expect(calls).toHaveLength(1);
    }
  });

  it('rejects a body that is not JSON as a malformed response', async () => {
    const { client } = clientWith(() => new Response('{"truncated": ', { status: 200 }));
    await expect(client.get('/x')).rejects.toMatchObject({
      kind: 'malformed_response',
      message: 'Jira: answered with a body that is not valid JSON',
    });
  });

  it('times out an attempt that hangs and reports a timeout (504) when retries run out', async () => {
    const hang: Handler = (_url, init) =>
      new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        ),
      );
    const { client, calls } = clientWith(hang, { timeoutMs: 20, maxRetries: 1 });
    const error = (await client.get('/x').catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(error.httpStatus).toBe(504);
    expect(calls).toHaveLength(2);
  });

  it('reports the 500 it was retrying when the deadline cuts the retry short, not a timeout', async () => {
    let answered = false;
    const { client, calls } = clientWith(
      (_url, init) => {
        if (!answered) {
          answered = true;
          return json({}, 500);
        }
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
          ),
        );
      },
      // The attempt's own timeout is longer than what is left of the deadline after the 500.
      { timeoutMs: 1_000, deadlineMs: 50, maxRetries: 3 },
    );
    const error = (await client.get('/x').catch((e: unknown) => e)) as UpstreamError;
    expect(calls).toHaveLength(2);
    expect(error.httpStatus).toBe(502);
    expect(error.kind).not.toBe('timeout');
  });

  it('stops at the overall deadline even when retries remain', async () => {
    const { client } = clientWith(() => json({}, 503, { 'Retry-After': '20' }), {
      deadlineMs: 1000,
      maxRetries: 10,
    });
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('keeps the credentials out of error messages', async () => {
    const { client } = clientWith(() => json({ errorMessages: ['bad'] }, 401));
    const error = (await client.get('/x').catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain('secret');
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('the concurrency limiter', () => {
  it('never runs more than the limit at once and runs every task', async () => {
    const run = createLimiter(2);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
