/**
 * The Pipedrive client, read-only: open deals, stages and pipelines from API v2 with cursor
 * pagination (docs/reference/pipedrive-api.md), over the shared HTTP core. A 429 without
 * Retry-After waits out Pipedrive's 2-second burst window before it retries.
 */
import { z } from 'zod';
import { describeZodError } from '../errors';
import { createHttpClient, type HttpClientOptions, UpstreamError } from '../http';
import { type OnSkipped, parseEach } from '../skipped-records';
import {
  type PipedriveDeal,
  type PipedriveOrganization,
  type PipedrivePipeline,
  type PipedriveStage,
  type PipedriveUser,
  pipedriveDealSchema,
  pipedriveListSchema,
  pipedriveOrganizationSchema,
  pipedrivePipelineSchema,
  pipedriveStageSchema,
  pipedriveUserSchema,
} from './schemas';

/** A page whose items are checked one by one (parseEach). */
const anyPage = pipedriveListSchema(z.unknown());

/** Largest page v2 lists allow. */
export const PIPEDRIVE_PAGE_SIZE = 500;
/** Pipedrive's rate limit is counted in 2-second windows. */
export const PIPEDRIVE_BURST_WINDOW_MS = 2_000;
const MAX_PAGES = 1_000;

export type PipedriveClientOptions = {
  baseUrl: string;
  apiToken: string;
  fetch?: typeof fetch;
  /** Told of every list item left out because it cannot be stored (docs/decisions/375). */
  onSkipped?: OnSkipped;
} & Partial<Omit<HttpClientOptions, 'service' | 'baseUrl' | 'headers' | 'fetch'>>;

export interface PipedriveClient {
  openDeals(): Promise<PipedriveDeal[]>;
  stages(): Promise<PipedriveStage[]>;
  pipelines(): Promise<PipedrivePipeline[]>;
  /** Organisations: a deal's client (`org_id`). */
  organizations(): Promise<PipedriveOrganization[]>;
  /** The company's users (deal owners), active or not: API v1, one answer. */
  users(): Promise<PipedriveUser[]>;
}

/** `https://<company>.pipedrive.com`, unless PIPEDRIVE_BASE_URL says otherwise. */
export function pipedriveBaseUrl(companyDomain: string, override?: string): string {
  return override ?? `https://${companyDomain}.pipedrive.com`;
}

export function createPipedriveClient(options: PipedriveClientOptions): PipedriveClient {
  const { baseUrl, apiToken, onSkipped, ...overrides } = options;
  const http = createHttpClient({
    concurrency: 2,
    timeoutMs: 30_000,
    deadlineMs: 90_000,
    rateLimitWindowMs: PIPEDRIVE_BURST_WINDOW_MS,
    ...overrides,
    service: 'Pipedrive',
    baseUrl,
    headers: { 'x-api-token': apiToken },
  });

  /** The envelope checked as a whole; a failure there is the answer's, not a record's. */
  async function readEnvelope(path: string, query?: Record<string, string | number | undefined>) {
    const body = await http.get(path, query ? { query } : {});
    const parsed = anyPage.safeParse(body);
    if (!parsed.success)
      throw new UpstreamError(
        'Pipedrive',
        'malformed_response',
        `GET ${path} answered an unexpected shape: ${describeZodError(parsed.error)}`,
      );
    return parsed.data;
  }

  /**
   * Every page of a v2 list, each item checked on its own: one that cannot be stored, or that
   * repeats the id of one before it, is skipped and reported, and the rest is kept.
   */
  async function readAll<S extends z.ZodType<{ id: number }>>(
    path: string,
    item: S,
    label: string,
    query: Record<string, string | number> = {},
  ): Promise<z.output<S>[]> {
    const items: z.output<S>[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await readEnvelope(path, { ...query, limit: PIPEDRIVE_PAGE_SIZE, cursor });
      items.push(
        ...parseEach(body.data, item, {
          service: 'Pipedrive',
          label,
          onSkipped,
          unique: (row) => ({ id: row.id }),
          seen,
        }),
      );
      const next = body.additional_data.next_cursor;
      if (!next) return items;
      cursor = next;
    }
    throw new UpstreamError(
      'Pipedrive',
      'malformed_response',
      `GET ${path} kept sending a next cursor past page ${MAX_PAGES}`,
    );
  }

  return {
    openDeals: () => readAll('/api/v2/deals', pipedriveDealSchema, 'deal', { status: 'open' }),
    stages: () => readAll('/api/v2/stages', pipedriveStageSchema, 'stage'),
    pipelines: () => readAll('/api/v2/pipelines', pipedrivePipelineSchema, 'pipeline'),
    organizations: () =>
      readAll('/api/v2/organizations', pipedriveOrganizationSchema, 'organization'),
    // v1 has no cursor on users: the one answer holds them all.
    async users() {
      const body = await readEnvelope('/api/v1/users');
      return parseEach(body.data, pipedriveUserSchema, {
        service: 'Pipedrive',
        label: 'user',
        onSkipped,
        unique: (row) => ({ id: row.id }),
      });
    },
  };
}
