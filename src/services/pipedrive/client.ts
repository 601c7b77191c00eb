/**
 * The Pipedrive client, read-only: open deals, stages and pipelines from API v2 with cursor
 * pagination (docs/reference/pipedrive-api.md), over the shared HTTP core. A 429 without
 * Retry-After waits out Pipedrive's 2-second burst window before it retries.
 */
import type { z } from 'zod';
import { describeZodError } from '../errors';
import { createHttpClient, type HttpClientOptions, UpstreamError } from '../http';
import {
  type PipedriveDeal,
  type PipedrivePipeline,
  type PipedriveStage,
  pipedriveDealListSchema,
  pipedrivePipelineListSchema,
  pipedriveStageListSchema,
} from './schemas';

/** Largest page v2 lists allow. */
export const PIPEDRIVE_PAGE_SIZE = 500;
/** Pipedrive's rate limit is counted in 2-second windows. */
export const PIPEDRIVE_BURST_WINDOW_MS = 2_000;
const MAX_PAGES = 1_000;

export type PipedriveClientOptions = {
  baseUrl: string;
  apiToken: string;
  fetch?: typeof fetch;
} & Partial<Omit<HttpClientOptions, 'service' | 'baseUrl' | 'headers' | 'fetch'>>;

export interface PipedriveClient {
  openDeals(): Promise<PipedriveDeal[]>;
  stages(): Promise<PipedriveStage[]>;
  pipelines(): Promise<PipedrivePipeline[]>;
}

/** `https://<company>.pipedrive.com`, unless PIPEDRIVE_BASE_URL says otherwise. */
export function pipedriveBaseUrl(companyDomain: string, override?: string): string {
  return override ?? `https://${companyDomain}.pipedrive.com`;
}

export function createPipedriveClient(options: PipedriveClientOptions): PipedriveClient {
  const { baseUrl, apiToken, ...overrides } = options;
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

  async function readAll<Item>(
    path: string,
    schema: z.ZodType<{ data: Item[]; additional_data: { next_cursor: string | null } }>,
    query: Record<string, string | number> = {},
  ): Promise<Item[]> {
    const items: Item[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await http.get(path, {
        query: { ...query, limit: PIPEDRIVE_PAGE_SIZE, cursor },
      });
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        throw new UpstreamError(
          'Pipedrive',
          'malformed_response',
          `GET ${path} answered an unexpected shape: ${describeZodError(parsed.error)}`,
        );
      items.push(...parsed.data.data);
      const next = parsed.data.additional_data.next_cursor;
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
    openDeals: () => readAll('/api/v2/deals', pipedriveDealListSchema, { status: 'open' }),
    stages: () => readAll('/api/v2/stages', pipedriveStageListSchema),
    pipelines: () => readAll('/api/v2/pipelines', pipedrivePipelineListSchema),
  };
}
