/**
 * The Jira Cloud client: the real endpoints of docs/reference/jira-api.md over the shared HTTP
 * core (timeouts, retries, concurrency limit, UpstreamError), with every response checked
 * against the schemas before anyone reads it, and every list read to its last page.
 */
import { encodeBase64 } from '@oslojs/encoding';
import { z } from 'zod';
import { describeZodError } from '../errors';
import { type OnSkipped, parseEach, reportSkipped } from '../skipped-records';
import {
  createHttpClient,
  UpstreamError,
  type HttpClientOptions,
  type RequestOptions,
} from '../http';
import {
  parseJiraTimestamp,
  pickSprintFieldId,
  pickStoryPointsFieldIds,
  UnreadableIssueError,
  type JiraStatusChange,
} from './model';
import {
  jiraBoardConfigurationSchema,
  jiraBoardSchema,
  jiraBulkChangelogPageSchema,
  jiraChangelogSchema,
  jiraIssueChangeLogSchema,
  jiraFieldListSchema,
  jiraIssueBeanSchema,
  jiraProjectSchema,
  jiraSprintSchema,
  jiraUserSchema,
  offsetPageSchema,
  type JiraBoard,
  type JiraBoardConfiguration,
  type JiraField,
  type JiraIssueBean,
  type JiraProjectBean,
  type JiraSprintBean,
  type JiraUserBean,
} from './schemas';

/** Jira's largest page for project search and issue search. */
export const JIRA_PAGE_SIZE = 100;
/** Issue ids per bulk changelog call (the documented maximum). */
export const CHANGELOG_IDS_PER_CALL = 1000;
/** Change histories per bulk changelog page (the documented maximum), so a call is rarely paged. */
export const CHANGELOG_PAGE_SIZE = 10_000;
/**
 * What the offset-paged lists share (docs/reference/jira-api.md, "The three pagination styles").
 */
type OffsetPage<T> = { values: T[]; isLast?: boolean | null; total?: number | null };
/** A guard against a server that never signals the last page. */
const MAX_PAGES = 10_000;
/** Lists whose items are checked one by one (parseEach). */
const anyList = z.array(z.unknown());
const anyOffsetPage = offsetPageSchema(z.unknown());
const anySearchPage = z.object({
  issues: z.array(z.unknown()).nullish(),
  nextPageToken: z.string().nullish(),
  isLast: z.boolean().nullish(),
});

export type JiraClientOptions = {
  /** The site, e.g. https://acme.atlassian.net */
  baseUrl: string;
  email: string;
  apiToken: string;
  fetch?: typeof fetch;
  /** Told of every list item left out because it cannot be stored (docs/decisions/271). */
  onSkipped?: OnSkipped;
} & Partial<Omit<HttpClientOptions, 'service' | 'baseUrl' | 'headers' | 'fetch'>>;

export interface JiraUser {
  accountId: string;
  displayName: string;
  emailAddress?: string;
}

export interface IssueSearch {
  /** Must be bounded (e.g. contain `project = KEY`). */
  jql: string;
  /** Field ids to return; Jira returns only ids when none are given. */
  fields: readonly string[];
  expand?: readonly string[];
}

export interface JiraClient {
  /** The account behind the token: the credential check. */
  myself(): Promise<JiraUser>;
  /** Every project the account can browse, as key and name. */
  listProjects(): Promise<{ key: string; name: string }[]>;
  /** One project; UpstreamError kind 'not_found' for a key Jira does not know (or hides). */
  getProject(key: string): Promise<JiraProjectBean>;
  /**
   * Issue search, one page (up to 100 issues) at a time. Each issue is checked on its own: one
   * whose id or key came earlier in the answer, or that `read` refuses (UnreadableIssueError),
   * is skipped and reported, and the rest are given read (docs/decisions/375).
   */
  searchIssuePages<T = JiraIssueBean>(
    search: IssueSearch,
    read?: (bean: JiraIssueBean) => T,
  ): AsyncGenerator<T[]>;
  /** Issue search, every page. */
  searchIssues(search: IssueSearch): Promise<JiraIssueBean[]>;
  /** Every field the account can see (GET /rest/api/3/field). */
  fields(): Promise<JiraField[]>;
  /** The story points fields, best first; the board's estimation field wins when it is one. */
  storyPointsFieldIds(options?: { boardEstimationFieldId?: string | null }): Promise<string[]>;
  /** The Sprint field's id, or null without Jira Software. */
  sprintFieldId(): Promise<string | null>;
  /** Boards whose filter includes the project. */
  boardsForProject(key: string): Promise<JiraBoard[]>;
  /** Every sprint of a scrum board, in Jira's order (closed, active, future). */
  sprintsForBoard(boardId: number): Promise<JiraSprintBean[]>;
  boardConfiguration(boardId: number): Promise<JiraBoardConfiguration>;
  /** Every status change of the given issues, oldest first per issue, from the bulk changelog. */
  statusChanges(issueIdsOrKeys: readonly string[]): Promise<JiraStatusChange[]>;
  /** Active human (accountType 'atlassian') users. */
  listUsers(): Promise<JiraUser[]>;
}

/** Basic auth from "email:token", UTF-8 safe (emails and tokens are ASCII in practice). */
export function basicAuthHeader(email: string, apiToken: string): string {
  return `Basic ${encodeBase64(new TextEncoder().encode(`${email}:${apiToken}`))}`;
}

/**
 * A wrong or expired token can still get 200 with an anonymous view, marked by this header
 * (docs/reference/jira-api.md, "Status codes"). It is turned into the 401 it really is, so the HTTP
 * core reports 'bad_credentials' and never retries it.
 */
function refuseAnonymousAnswers(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    const reason = res.headers.get('x-seraph-loginreason') ?? '';
    if (res.ok && /AUTHENTICATED_FAILED|AUTHENTICATION_DENIED/i.test(reason)) {
      // The anonymous body is of no use; release it without waiting on the stream.
      void res.body?.cancel().catch(() => {});
      return new Response(
        JSON.stringify({
          errorMessages: [`Jira answered as an anonymous user (X-Seraph-LoginReason: ${reason})`],
          errors: {},
        }),
        { status: 401, headers: { 'Content-Type': 'application/json' } },
      );
    }
    return res;
  };
}

export function createJiraClient(options: JiraClientOptions): JiraClient {
  const { baseUrl, email, apiToken, fetch: fetchImpl, onSkipped, ...overrides } = options;
  const http = createHttpClient({
    // docs/reference/jira-api.md, "Rate limiting": keep concurrency low, at most 4 parallel
    // requests per site.
    concurrency: 4,
    ...overrides,
    service: 'Jira',
    baseUrl,
    headers: { Authorization: basicAuthHeader(email, apiToken) },
    // Resolved per call, so a fetch patched later (MSW in tests) is used.
    fetch: refuseAnonymousAnswers(fetchImpl ?? ((input, init) => globalThis.fetch(input, init))),
  });

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    opts?: RequestOptions,
  ): Promise<z.output<S>> {
    const body = method === 'GET' ? await http.get(path, opts) : await http.post(path, opts);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new UpstreamError(
        'Jira',
        'malformed_response',
        `${method} ${path} answered an unexpected shape: ${describeZodError(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  /**
   * Offset paging (docs/reference/jira-api.md, "The three pagination styles"): stop on isLast, an
   * empty page, or startAt past total.
   */
  async function readOffsetPages<S extends z.ZodType>(
    path: string,
    item: S,
    label: string,
    query: Record<string, string | number>,
    pageSize: number,
    unique?: (row: z.output<S>) => Record<string, string | number>,
  ): Promise<z.output<S>[]> {
    const all: z.output<S>[] = [];
    const seen = new Set<string>();
    let startAt = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body: OffsetPage<unknown> = await call('GET', path, anyOffsetPage, {
        query: { ...query, startAt, maxResults: pageSize },
      });
      // Each item on its own: one that cannot be stored is skipped, not the whole list.
      all.push(
        ...parseEach(body.values, item, {
          service: 'Jira',
          label,
          onSkipped,
          seen,
          ...(unique ? { unique } : {}),
        }),
      );
      startAt += body.values.length;
      if (body.isLast === true || body.values.length === 0) return all;
      if (body.isLast == null && typeof body.total === 'number' && startAt >= body.total)
        return all;
    }
    throw new UpstreamError(
      'Jira',
      'malformed_response',
      `GET ${path} kept sending pages past page ${MAX_PAGES}`,
    );
  }

  async function* searchIssuePages<T = JiraIssueBean>(
    search: IssueSearch,
    readWith?: (bean: JiraIssueBean) => T,
  ): AsyncGenerator<T[]> {
    const where = { service: 'Jira' as const, label: 'issue', onSkipped };
    // Two issues with one id or one key in the same answer: the first is kept.
    const seen = new Set<string>();
    let nextPageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await call('POST', '/rest/api/3/search/jql', anySearchPage, {
        body: {
          jql: search.jql,
          fields: search.fields,
          maxResults: JIRA_PAGE_SIZE,
          ...(search.expand?.length ? { expand: search.expand.join(',') } : {}),
          ...(nextPageToken ? { nextPageToken } : {}),
        },
        // A search only reads, so it is safe to retry.
        idempotent: true,
      });
      const beans = parseEach(body.issues ?? [], jiraIssueBeanSchema, { ...where, idField: 'key' });
      const page: T[] = [];
      for (const bean of beans) {
        let read: T;
        try {
          read = readWith ? readWith(bean) : (bean as T);
        } catch (error) {
          if (!(error instanceof UnreadableIssueError)) throw error;
          reportSkipped(where, bean.key, error.detail);
          continue;
        }
        // Only an issue kept claims its id and key: one unreadable copy does not hide another.
        const twice = seen.has(`id=${bean.id}`)
          ? `id ${bean.id}`
          : seen.has(`key=${bean.key}`)
            ? `key ${bean.key}`
            : null;
        if (twice) {
          reportSkipped(
            where,
            bean.key,
            `${twice.slice(0, 60)} appears twice in the answer; the first is kept`,
          );
          continue;
        }
        seen.add(`id=${bean.id}`);
        seen.add(`key=${bean.key}`);
        page.push(read);
      }
      yield page;
      if (!body.nextPageToken || body.isLast === true) return;
      if (body.nextPageToken === nextPageToken) {
        throw new UpstreamError(
          'Jira',
          'malformed_response',
          'the issue search sent the same page token twice',
        );
      }
      nextPageToken = body.nextPageToken;
    }
    throw new UpstreamError(
      'Jira',
      'malformed_response',
      `the issue search kept sending pages past page ${MAX_PAGES}`,
    );
  }

  const fields = () => call('GET', '/rest/api/3/field', jiraFieldListSchema);

  /** One chunk of ids (≤1000) through every page of the bulk changelog. */
  async function changelogChunk(ids: readonly string[]): Promise<JiraStatusChange[]> {
    const changes: JiraStatusChange[] = [];
    const seen = new Set<string>();
    let nextPageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await call(
        'POST',
        '/rest/api/3/changelog/bulkfetch',
        jiraBulkChangelogPageSchema,
        {
          body: {
            issueIdsOrKeys: ids,
            fieldIds: ['status'],
            maxResults: CHANGELOG_PAGE_SIZE,
            ...(nextPageToken ? { nextPageToken } : {}),
          },
          idempotent: true,
        },
      );
      // Each issue's log, and each history in it, on its own: one that cannot be read is skipped.
      const logs = parseEach(body.issueChangeLogs, jiraIssueChangeLogSchema, {
        service: 'Jira',
        label: 'changelog of issue',
        idField: 'issueId',
        onSkipped,
      });
      for (const log of logs) {
        const where = {
          service: 'Jira' as const,
          label: `change history of issue ${log.issueId.slice(0, 40)}`,
          onSkipped,
        };
        for (const history of parseEach(log.changeHistories, jiraChangelogSchema, where)) {
          const at = parseJiraTimestamp(history.created);
          if (!at) {
            reportSkipped(where, history.id, 'created: expected a date and time');
            continue;
          }
          for (const item of history.items) {
            const isStatus = item.fieldId ? item.fieldId === 'status' : item.field === 'status';
            if (!isStatus || !item.toName) continue;
            // One issue's histories may continue on the next page; an entry is kept once.
            const id = `${log.issueId}/${history.id}`;
            if (seen.has(id)) continue;
            seen.add(id);
            changes.push({
              issueId: log.issueId,
              historyId: history.id,
              at,
              fromStatusId: item.from ?? null,
              fromStatusName: item.fromString ?? null,
              toStatusId: item.to ?? null,
              toStatusName: item.toName,
            });
          }
        }
      }
      if (!body.nextPageToken) return changes;
      if (body.nextPageToken === nextPageToken) {
        throw new UpstreamError(
          'Jira',
          'malformed_response',
          'the bulk changelog sent the same page token twice',
        );
      }
      nextPageToken = body.nextPageToken;
    }
    throw new UpstreamError(
      'Jira',
      'malformed_response',
      `the bulk changelog kept sending pages past page ${MAX_PAGES}`,
    );
  }

  const client: JiraClient = {
    async myself() {
      const user = await call('GET', '/rest/api/3/myself', jiraUserSchema);
      return toUser(user);
    },

    async listProjects() {
      const projects = await readOffsetPages(
        '/rest/api/3/project/search',
        jiraProjectSchema,
        'project',
        {},
        JIRA_PAGE_SIZE,
      );
      return projects.map((p) => ({ key: p.key, name: p.name }));
    },

    async getProject(key) {
      // Keys are letters, digits and underscores; anything else could only reach another path.
      if (!/^[A-Za-z0-9_]{1,255}$/.test(key)) {
        throw new UpstreamError(
          'Jira',
          'not_found',
          `"${key.slice(0, 40)}" is not a Jira project key`,
        );
      }
      return call('GET', `/rest/api/3/project/${key}`, jiraProjectSchema);
    },

    searchIssuePages,

    async searchIssues(search) {
      const all: JiraIssueBean[] = [];
      for await (const page of searchIssuePages(search)) all.push(...page);
      return all;
    },

    fields,

    async storyPointsFieldIds({ boardEstimationFieldId } = {}) {
      return pickStoryPointsFieldIds(await fields(), boardEstimationFieldId);
    },

    async sprintFieldId() {
      return pickSprintFieldId(await fields());
    },

    boardsForProject: (key) =>
      readOffsetPages(
        '/rest/agile/1.0/board',
        jiraBoardSchema,
        'board',
        { projectKeyOrId: key },
        50,
      ),

    sprintsForBoard: (boardId) =>
      readOffsetPages(
        `/rest/agile/1.0/board/${boardId}/sprint`,
        jiraSprintSchema,
        'sprint',
        {},
        50,
        (sprint) => ({ id: sprint.id }),
      ),

    boardConfiguration: (boardId) =>
      call('GET', `/rest/agile/1.0/board/${boardId}/configuration`, jiraBoardConfigurationSchema),

    async statusChanges(issueIdsOrKeys) {
      const unique = [...new Set(issueIdsOrKeys)];
      const chunks: string[][] = [];
      for (let i = 0; i < unique.length; i += CHANGELOG_IDS_PER_CALL)
        chunks.push(unique.slice(i, i + CHANGELOG_IDS_PER_CALL));
      // Chunks are independent; the HTTP core's concurrency limit keeps the site safe.
      const results = await Promise.all(chunks.map(changelogChunk));
      return results.flat();
    },

    async listUsers() {
      const users: JiraUserBean[] = [];
      let startAt = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const raw = await call('GET', '/rest/api/3/users/search', anyList, {
          query: { startAt, maxResults: JIRA_PAGE_SIZE },
        });
        const batch = parseEach(raw, jiraUserSchema, { service: 'Jira', label: 'user', onSkipped });
        // docs/reference/jira-api.md, "All users": a short page is not documented as the end; only
        // an empty one is.
        if (raw.length === 0) {
          const byId = new Map<string, JiraUser>();
          for (const u of users)
            if (u.accountType === 'atlassian' && u.active === true)
              byId.set(u.accountId, toUser(u));
          return [...byId.values()];
        }
        users.push(...batch);
        // The offset counts what Jira sent, skipped users included.
        startAt += raw.length;
      }
      throw new UpstreamError(
        'Jira',
        'malformed_response',
        `GET /rest/api/3/users/search kept sending pages past page ${MAX_PAGES}`,
      );
    },
  };
  return client;
}

function toUser(u: JiraUserBean): JiraUser {
  return {
    accountId: u.accountId,
    displayName: u.displayName ?? u.accountId,
    ...(u.emailAddress ? { emailAddress: u.emailAddress } : {}),
  };
}
