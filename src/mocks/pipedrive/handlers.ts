/**
 * Pipedrive API v2 as MSW handlers over the demo pipeline: `x-api-token` checked, cursor
 * pagination (`cursor`, `limit`, `additional_data.next_cursor`), `status` on deals, and faults
 * for tests (an HTTP status, a 429 without Retry-After, latency).
 */
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { createPipedriveDemoData, type PipedriveDemoData } from './data';

export interface PipedriveFaults {
  /** Answer every call with this status (429 sends no Retry-After, as Pipedrive's burst limit). */
  status?: number;
  /** Only this many calls fail, then answers resume. */
  times?: number;
  latencyMs?: number;
}

export interface PipedriveMock {
  handlers: HttpHandler[];
  data: PipedriveDemoData;
  requests: string[];
  setFaults(faults: PipedriveFaults | null): void;
}

const DEFAULT_LIMIT = 100;

const safeAtob = (s: string) => {
  try {
    return atob(s);
  } catch {
    return 'bad';
  }
};
const MAX_LIMIT = 500;

export function createPipedriveHandlers(options: {
  baseUrl: string;
  apiToken: string;
  today: string;
}): PipedriveMock {
  const base = options.baseUrl.replace(/\/$/, '');
  const data = createPipedriveDemoData({ today: options.today });
  const requests: string[] = [];
  let faults: PipedriveFaults = {};

  function list<T extends { id: number }>(request: Request, items: readonly T[]) {
    const url = new URL(request.url);
    const limit = Math.min(MAX_LIMIT, Number(url.searchParams.get('limit')) || DEFAULT_LIMIT);
    // The cursor is opaque to clients; here it is the base64 of the last id sent.
    const cursor = url.searchParams.get('cursor');
    const after = cursor ? Number(safeAtob(cursor)) : 0;
    if (!Number.isFinite(after))
      return HttpResponse.json(
        { success: false, error: 'Invalid cursor', code: 'ERR_SCHEMA_VALIDATION_FAILED' },
        { status: 400 },
      );
    const sorted = [...items].sort((a, b) => a.id - b.id).filter((i) => i.id > after);
    const page = sorted.slice(0, limit);
    const last = page.at(-1);
    return HttpResponse.json({
      success: true,
      data: page,
      additional_data: {
        next_cursor: sorted.length > limit && last ? btoa(String(last.id)) : null,
      },
    });
  }

  const get = (path: string, answer: (request: Request) => Response) =>
    http.get(`${base}${path}`, async ({ request }) => {
      const url = new URL(request.url);
      requests.push(`GET ${url.pathname}${url.search}`);
      if (faults.latencyMs) await delay(faults.latencyMs);
      if (faults.status && (faults.times === undefined || faults.times-- > 0))
        return HttpResponse.json(
          { success: false, error: `Demo fault ${faults.status}` },
          { status: faults.status },
        );
      if (request.headers.get('x-api-token') !== options.apiToken)
        return HttpResponse.json(
          { success: false, error: 'unauthorized access', errorCode: 401 },
          { status: 401 },
        );
      return answer(request);
    });

  const handlers = [
    get('/api/v2/deals', (r) => {
      const status = new URL(r.url).searchParams.get('status');
      return list(
        r,
        data.deals.filter((d) => !d.is_deleted && (status === null || d.status === status)),
      );
    }),
    get('/api/v2/stages', (r) => list(r, data.stages)),
    get('/api/v2/pipelines', (r) => list(r, data.pipelines)),
    get('/api/v2/organizations', (r) => list(r, data.organizations)),
    // API v1: the whole list in one answer, no cursor.
    get('/api/v1/users', () => HttpResponse.json({ success: true, data: data.users })),
  ];

  return {
    handlers,
    data,
    requests,
    setFaults(next) {
      faults = { ...next };
    },
  };
}
