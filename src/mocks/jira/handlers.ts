/**
 * MSW handlers that imitate Jira Cloud for the demo and the tests: the real paths, the real
 * pagination (nextPageToken cursors, startAt/isLast pages, bare arrays), real error bodies
 * (ErrorCollection), 401 for a wrong Basic auth, 410 for the retired search, and a JQL subset
 * that answers 400 rather than guess. Fault rules let tests add latency, 429 bursts, 5xx,
 * hangs and malformed JSON to any endpoint.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import { basicAuthHeader } from '../../services/jira/client';
import {
  createJiraDemoData,
  DEMO_FIELDS,
  DEMO_SITE_URL,
  type DemoIssue,
  type JiraDemoData,
} from './data';
import { JqlError, parseJql, type JqlClause } from './jql';

export type JiraFault =
  | { kind: 'latency'; ms: number }
  /** 429 with Retry-After in seconds (left out when undefined). */
  | { kind: 'rateLimit'; retryAfterSeconds?: number }
  | { kind: 'serverError'; status?: number }
  /** Never answers (until the caller gives up and aborts). */
  | { kind: 'hang' }
  | { kind: 'malformedJson' };

/**
 * A fault for the requests that match `method` and `path` (an exact API path such as
 * '/rest/api/3/search/jql', or a prefix ending in '*'): the first `skip` of them pass, the next
 * `times` (default: all) get the fault.
 */
export type JiraFaultRule = JiraFault & {
  method?: 'GET' | 'POST';
  path?: string;
  skip?: number;
  times?: number;
};

export interface RecordedJiraRequest {
  method: string;
  url: URL;
  body: unknown;
}

export interface JiraHandlerOptions {
  baseUrl?: string;
  email: string;
  apiToken: string;
  /** "Now" for the generated site; ignored when `data` is given. */
  today: Date;
  scale?: number;
  seed?: number;
  issueCounts?: Record<string, number>;
  /** A site made earlier with createJiraDemoData, so a test can change it between calls. */
  data?: JiraDemoData;
  faults?: JiraFaultRule[];
  /** Sees every request that reaches the handlers (the contract test checks them). */
  onRequest?: (request: RecordedJiraRequest) => void;
}

const errorBody = (messages: string[], errors: Record<string, string> = {}) => ({
  errorMessages: messages,
  errors,
});
const jiraError = (status: number, messages: string[], errors: Record<string, string> = {}) =>
  HttpResponse.json(errorBody(messages, errors), { status });

class BadRequest extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A non-negative integer query parameter, its default when absent, 400 when not a number. */
function intParam(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new BadRequest(`The '${name}' parameter must be a non-negative integer.`, {
      [name]: `'${raw}' is not a valid number.`,
    });
  return n;
}

/** FNV-1a: binds a page token to the query that made it, as Jira's tokens are. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
const encodeToken = (offset: number, bound: string) =>
  encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify({ o: offset, h: hash(bound) })));
function decodeToken(token: string | undefined, bound: string): number {
  if (token === undefined) return 0;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(token))) as {
      o?: unknown;
      h?: unknown;
    };
    if (
      typeof parsed.o === 'number' &&
      Number.isInteger(parsed.o) &&
      parsed.o >= 0 &&
      parsed.h === hash(bound)
    )
      return parsed.o;
  } catch {
    // Fall through: not a token of ours.
  }
  throw new BadRequest('The nextPageToken is invalid or belongs to another query.');
}

function checkBody(
  body: unknown,
  spec: Record<string, 'string' | 'integer' | 'boolean' | 'string[]' | 'integer[]'>,
): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequest('The request body must be a JSON object.');
  for (const [key, value] of Object.entries(body)) {
    const type = spec[key];
    if (!type) throw new BadRequest(`Unrecognized field "${key}".`);
    const ok =
      type === 'string'
        ? typeof value === 'string'
        : type === 'integer'
          ? Number.isInteger(value)
          : type === 'boolean'
            ? typeof value === 'boolean'
            : type === 'string[]'
              ? Array.isArray(value) && value.every((v) => typeof v === 'string')
              : Array.isArray(value) && value.every((v) => Number.isInteger(v));
    if (!ok)
      throw new BadRequest(`The field "${key}" must be of type ${type}.`, {
        [key]: `expected ${type}`,
      });
  }
  return body as Record<string, unknown>;
}

export function createJiraHandlers(options: JiraHandlerOptions): RequestHandler[] {
  const base = (options.baseUrl ?? DEMO_SITE_URL).replace(/\/+$/, '');
  const data =
    options.data ??
    createJiraDemoData({
      today: options.today,
      scale: options.scale,
      seed: options.seed,
      issueCounts: options.issueCounts,
    });
  const expectedAuth = basicAuthHeader(options.email, options.apiToken);
  const rules = (options.faults ?? []).map((rule) => ({ rule, seen: 0, applied: 0 }));
  const self = (path: string) => `${base}${path}`;

  async function faultFor(request: Request, path: string): Promise<Response | null> {
    for (const entry of rules) {
      const { rule } = entry;
      if (rule.method && rule.method !== request.method) continue;
      if (
        rule.path &&
        !(rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path)
      )
        continue;
      entry.seen++;
      if (entry.seen <= (rule.skip ?? 0) || entry.applied >= (rule.times ?? Infinity)) continue;
      entry.applied++;
      switch (rule.kind) {
        case 'latency':
          await delay(rule.ms);
          break;
        case 'rateLimit':
          return HttpResponse.json(errorBody(['Rate limit exceeded.']), {
            status: 429,
            headers: {
              ...(rule.retryAfterSeconds !== undefined
                ? { 'Retry-After': String(rule.retryAfterSeconds) }
                : {}),
              'X-RateLimit-Limit': '100',
              'X-RateLimit-Remaining': '0',
              'RateLimit-Reason': 'jira-burst-based',
            },
          });
        case 'serverError':
          return jiraError(rule.status ?? 500, ['Internal server error']);
        case 'hang':
          // Answer only once the caller has given up, so no timer outlives the test.
          await new Promise<void>((resolve) => {
            if (request.signal.aborted) resolve();
            request.signal.addEventListener('abort', () => resolve(), { once: true });
          });
          return HttpResponse.error();
        case 'malformedJson':
          return new HttpResponse('{"values": [{"id": "10000", "key": ', {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
      }
    }
    return null;
  }

  type Resolver = (ctx: {
    request: Request;
    url: URL;
    params: Record<string, string>;
    body: unknown;
    authorised: boolean;
  }) => Response | Promise<Response>;

  /** Records, applies faults, checks credentials (unless the endpoint allows anonymous access), then resolves. */
  function route(
    method: 'get' | 'post',
    path: string,
    resolver: Resolver,
    { anonymous = false } = {},
  ) {
    return http[method](`${base}${path}`, async ({ request, params }) => {
      const url = new URL(request.url);
      let body: unknown;
      if (method === 'post') {
        const text = await request.clone().text();
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch {
          body = text;
        }
      }
      options.onRequest?.({ method: request.method, url, body });
      const apiPath = url.pathname;
      const fault = await faultFor(request, apiPath);
      if (fault) return fault;
      const authorised = request.headers.get('authorization') === expectedAuth;
      if (!authorised && !anonymous) {
        return jiraError(401, ['Client must be authenticated to access this resource.']);
      }
      if (method === 'post' && typeof body === 'string')
        return jiraError(400, ['The request body is not valid JSON.']);
      try {
        return await resolver({
          request,
          url,
          params: params as Record<string, string>,
          body,
          authorised,
        });
      } catch (error) {
        if (error instanceof BadRequest) return jiraError(400, [error.message], error.errors);
        if (error instanceof JqlError) return jiraError(400, [error.message]);
        throw error;
      }
    });
  }

  const projectWire = (p: JiraDemoData['projects'][number]) => ({
    expand: 'description,lead,issueTypes,url,projectKeys,permissions,insight',
    self: self(`/rest/api/3/project/${p.id}`),
    id: p.id,
    key: p.key,
    name: p.name,
    avatarUrls: {
      '48x48': self(
        `/rest/api/3/universal_avatar/view/type/project/avatar/${10400 + (p.index % 20)}`,
      ),
      '24x24': self(
        `/rest/api/3/universal_avatar/view/type/project/avatar/${10400 + (p.index % 20)}?size=small`,
      ),
      '16x16': self(
        `/rest/api/3/universal_avatar/view/type/project/avatar/${10400 + (p.index % 20)}?size=xsmall`,
      ),
      '32x32': self(
        `/rest/api/3/universal_avatar/view/type/project/avatar/${10400 + (p.index % 20)}?size=medium`,
      ),
    },
    projectTypeKey: 'software' as const,
    simplified: p.style === 'next-gen',
    style: p.style,
    isPrivate: false,
    properties: {},
  });

  /** The issues a parsed JQL query selects, in its order. */
  function select(
    clauses: JqlClause[],
    orderBy: ReturnType<typeof parseJql>['orderBy'],
  ): DemoIssue[] {
    const keyClauses = clauses.filter(
      (c): c is Extract<JqlClause, { values: string[] }> => 'values' in c,
    );
    for (const c of keyClauses) {
      if (c.field === 'project') {
        for (const v of c.values) {
          if (!data.projectByKey(v) && !data.projects.some((p) => p.id === v))
            throw new JqlError(`The value '${v}' does not exist for the field 'project'.`);
        }
      }
      if (c.field === 'issuetype') {
        for (const v of c.values) {
          if (!['epic', 'story', 'task', 'bug'].includes(v.toLowerCase()))
            throw new JqlError(`The value '${v}' does not exist for the field 'issuetype'.`);
        }
      }
    }
    // Which projects to look in: named ones, else those named by issue keys, else all of them.
    const projectKey = (v: string) =>
      data.projectByKey(v)?.key ?? data.projects.find((p) => p.id === v)!.key;
    const named = keyClauses.find((c) => c.field === 'project' && !c.not)?.values.map(projectKey);
    const byKeys = keyClauses
      .find((c) => c.field === 'key' && !c.not)
      ?.values.map((k) => k.toUpperCase().slice(0, k.lastIndexOf('-')));
    const keys =
      named ?? byKeys?.filter((k) => data.projectByKey(k)) ?? data.projects.map((p) => p.key);
    let issues = [...new Set(keys)].flatMap((k) => data.detail(k).issues);
    for (const c of clauses) {
      if ('values' in c) {
        const wanted = new Set(
          c.field === 'project' ? c.values.map(projectKey) : c.values.map((v) => v.toUpperCase()),
        );
        const fieldValue = (i: DemoIssue) =>
          c.field === 'project'
            ? i.projectKey
            : c.field === 'key'
              ? i.key
              : i.typeName.toUpperCase();
        issues = issues.filter((i) => wanted.has(fieldValue(i)) !== c.not);
      } else {
        const t = c.at.getTime();
        const time = (i: DemoIssue) => (c.field === 'updated' ? i.updatedAt : i.createdAt);
        const test = {
          '>=': (x: number) => x >= t,
          '>': (x: number) => x > t,
          '<=': (x: number) => x <= t,
          '<': (x: number) => x < t,
        }[c.op];
        issues = issues.filter((i) => test(time(i)));
      }
    }
    const order = orderBy.length
      ? orderBy
      : [{ field: 'key' as const, direction: 'DESC' as const }];
    return issues.sort((a, b) => {
      for (const o of order) {
        const d =
          o.field === 'key'
            ? a.key
                .slice(0, a.key.lastIndexOf('-'))
                .localeCompare(b.key.slice(0, b.key.lastIndexOf('-'))) || a.number - b.number
            : o.field === 'updated'
              ? a.updatedAt - b.updatedAt
              : a.createdAt - b.createdAt;
        if (d !== 0) return o.direction === 'ASC' ? d : -d;
      }
      return 0;
    });
  }

  const fieldNames = new Map(data.fields.map((f) => [f.id as string, f.name as string]));
  function issueWire(issue: DemoIssue, fields: readonly string[], expand: readonly string[]) {
    const all = fields.includes('*all') || fields.includes('*navigable');
    const excluded = new Set(fields.filter((f) => f.startsWith('-')).map((f) => f.slice(1)));
    const picked: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(data.issueFields(issue))) {
      if ((all || fields.includes(id)) && !excluded.has(id)) picked[id] = value;
    }
    const bean: Record<string, unknown> = {
      expand: 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
      id: issue.id,
      self: self(`/rest/api/3/issue/${issue.id}`),
      key: issue.key,
      fields: picked,
    };
    if (expand.includes('changelog')) {
      // The enhanced search embeds only the newest 40 histories (docs/reference/jira-api.md,
      // "Reading the transition date from the changelog").
      const histories = data.issueHistories(issue);
      const newest = histories.reverse().slice(0, 40);
      bean.changelog = {
        startAt: 0,
        maxResults: newest.length,
        total: histories.length,
        histories: newest,
      };
    }
    if (expand.includes('names'))
      bean.names = Object.fromEntries(
        Object.keys(picked).map((id) => [id, fieldNames.get(id) ?? id]),
      );
    return bean;
  }

  const searchGone = () =>
    jiraError(410, [
      'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046',
    ]);

  return [
    route('get', '/rest/api/3/myself', () => HttpResponse.json(data.myself(options.email))),

    // Anonymous browsing is allowed here: a wrong token gets an empty 200 marked by X-Seraph-LoginReason.
    route(
      'get',
      '/rest/api/3/project/search',
      ({ url, authorised }) => {
        const startAt = intParam(url, 'startAt', 0);
        const maxResults = Math.min(100, intParam(url, 'maxResults', 50));
        const query = url.searchParams.get('query')?.toLowerCase();
        const keys = url.searchParams.getAll('keys');
        let values = authorised ? data.projects : [];
        if (query)
          values = values.filter(
            (p) => p.key.toLowerCase().includes(query) || p.name.toLowerCase().includes(query),
          );
        if (keys.length) values = values.filter((p) => keys.includes(p.key));
        if (url.searchParams.get('orderBy')?.replace(/^[+-]/, '') === 'name')
          values = [...values].sort((a, b) => a.name.localeCompare(b.name));
        if (url.searchParams.get('orderBy')?.startsWith('-')) values = [...values].reverse();
        const page = values.slice(startAt, startAt + maxResults);
        const isLast = startAt + page.length >= values.length;
        const link = (s: number) =>
          self(`/rest/api/3/project/search?maxResults=${maxResults}&startAt=${s}`);
        return HttpResponse.json(
          {
            self: link(startAt),
            ...(isLast ? {} : { nextPage: link(startAt + page.length) }),
            maxResults,
            startAt,
            total: values.length,
            isLast,
            values: page.map(projectWire),
          },
          authorised ? undefined : { headers: { 'X-Seraph-LoginReason': 'AUTHENTICATED_FAILED' } },
        );
      },
      { anonymous: true },
    ),

    route('get', '/rest/api/3/project/:projectIdOrKey', ({ params }) => {
      const idOrKey = params.projectIdOrKey!;
      const project = data.projectByKey(idOrKey) ?? data.projects.find((p) => p.id === idOrKey);
      if (!project) return jiraError(404, [`No project could be found with key '${idOrKey}'.`]);
      return HttpResponse.json(projectWire(project));
    }),

    route('get', '/rest/api/3/field', () => HttpResponse.json(data.fields)),

    route('post', '/rest/api/3/search/jql', ({ body }) => {
      const req = checkBody(body ?? {}, {
        jql: 'string',
        nextPageToken: 'string',
        maxResults: 'integer',
        fields: 'string[]',
        expand: 'string',
        properties: 'string[]',
        fieldsByKeys: 'boolean',
        reconcileIssues: 'integer[]',
      });
      const jql = (req.jql as string | undefined) ?? '';
      const { clauses, orderBy } = parseJql(jql, data.today);
      const issues = select(clauses, orderBy);
      const requested = req.maxResults as number | undefined;
      if (requested !== undefined && requested < 1)
        throw new BadRequest('maxResults must be at least 1.');
      const pageSize = Math.min(100, requested ?? 50);
      const offset = decodeToken(req.nextPageToken as string | undefined, jql);
      const page = issues.slice(offset, offset + pageSize);
      const next = offset + page.length;
      const fields = (req.fields as string[] | undefined) ?? ['id'];
      const expand = ((req.expand as string | undefined) ?? '').split(',').map((s) => s.trim());
      return HttpResponse.json({
        issues: page.map((i) => issueWire(i, fields, expand)),
        ...(next < issues.length ? { nextPageToken: encodeToken(next, jql) } : {}),
        isLast: next >= issues.length,
      });
    }),

    route('get', '/rest/api/3/search', searchGone),
    route('post', '/rest/api/3/search', searchGone),

    route('post', '/rest/api/3/changelog/bulkfetch', ({ body }) => {
      const req = checkBody(body, {
        issueIdsOrKeys: 'string[]',
        fieldIds: 'string[]',
        maxResults: 'integer',
        nextPageToken: 'string',
      });
      const ids = req.issueIdsOrKeys as string[] | undefined;
      if (!ids || ids.length < 1 || ids.length > 1000)
        throw new BadRequest('issueIdsOrKeys must hold between 1 and 1000 issue ids or keys.');
      const fieldIds = (req.fieldIds as string[] | undefined) ?? [];
      if (fieldIds.length > 10) throw new BadRequest('At most 10 fieldIds may be given.');
      const maxResults = (req.maxResults as number | undefined) ?? 1000;
      if (maxResults < 1 || maxResults > 10_000)
        throw new BadRequest('maxResults must be between 1 and 10000.');
      // Every matching history of every visible issue, in request order, oldest first; unknown ids are skipped.
      const entries: { issueId: string; history: unknown }[] = [];
      for (const idOrKey of ids) {
        const issue = data.issueByIdOrKey(idOrKey);
        if (!issue) continue;
        for (const h of data.issueHistories(issue)) {
          const items = fieldIds.length
            ? h.items.filter((i) => fieldIds.includes(i.fieldId))
            : h.items;
          if (items.length) entries.push({ issueId: issue.id, history: { ...h, items } });
        }
      }
      const bound = `${ids.join(',')}|${fieldIds.join(',')}`;
      const offset = decodeToken(req.nextPageToken as string | undefined, bound);
      const page = entries.slice(offset, offset + maxResults);
      // One issue's histories may be split across two pages, as the real endpoint may do.
      const grouped: { issueId: string; changeHistories: unknown[] }[] = [];
      for (const e of page) {
        const last = grouped[grouped.length - 1];
        if (last?.issueId === e.issueId) last.changeHistories.push(e.history);
        else grouped.push({ issueId: e.issueId, changeHistories: [e.history] });
      }
      const next = offset + page.length;
      return HttpResponse.json({
        issueChangeLogs: grouped,
        ...(next < entries.length ? { nextPageToken: encodeToken(next, bound) } : {}),
      });
    }),

    route('get', '/rest/agile/1.0/board', ({ url }) => {
      const startAt = intParam(url, 'startAt', 0);
      const maxResults = Math.min(50, intParam(url, 'maxResults', 50));
      const projectKeyOrId = url.searchParams.get('projectKeyOrId');
      const types = url.searchParams.get('type')?.split(',');
      let boards = data.boards();
      if (projectKeyOrId) {
        const project =
          data.projectByKey(projectKeyOrId) ?? data.projects.find((p) => p.id === projectKeyOrId);
        if (!project)
          throw new BadRequest(`No project could be found with key or id '${projectKeyOrId}'.`, {
            projectKeyOrId: 'not found',
          });
        boards = boards.filter((b) => b.location.projectKey === project.key);
      }
      if (types) boards = boards.filter((b) => types.includes(b.type));
      const page = boards.slice(startAt, startAt + maxResults);
      return HttpResponse.json({
        maxResults,
        startAt,
        total: boards.length,
        isLast: startAt + page.length >= boards.length,
        values: page,
      });
    }),

    route('get', '/rest/agile/1.0/board/:boardId/sprint', ({ url, params }) => {
      const found = data.board(Number(params.boardId));
      if (!found)
        return jiraError(404, ['Board does not exist or you do not have permission to see it.']);
      if (found.board.type !== 'scrum')
        return jiraError(400, ['The board does not support sprints']);
      const startAt = intParam(url, 'startAt', 0);
      const maxResults = Math.min(50, intParam(url, 'maxResults', 50));
      const states = url.searchParams.get('state')?.split(',');
      const sprints = found.detail.sprints.filter((s) => !states || states.includes(s.state));
      const page = sprints.slice(startAt, startAt + maxResults);
      return HttpResponse.json({
        maxResults,
        startAt,
        isLast: startAt + page.length >= sprints.length,
        values: page,
      });
    }),

    route('get', '/rest/agile/1.0/board/:boardId/configuration', ({ params }) => {
      const found = data.board(Number(params.boardId));
      if (!found)
        return jiraError(404, ['Board does not exist or you do not have permission to see it.']);
      const { board, detail } = found;
      const status = (id: string) => ({ id, self: self(`/rest/api/3/status/${id}`) });
      return HttpResponse.json({
        id: board.id,
        name: board.name,
        type: board.type,
        self: self(`/rest/agile/1.0/board/${board.id}/configuration`),
        location: { type: 'project', projectKeyOrId: detail.project.id },
        filter: {
          id: String(10_000 + board.id),
          self: self(`/rest/api/3/filter/${10_000 + board.id}`),
        },
        columnConfig: {
          constraintType: 'none',
          columns: [
            { name: 'To Do', statuses: [status('10000')] },
            { name: 'In Progress', statuses: [status('3'), status('10109'), status('10110')] },
            { name: 'Review', statuses: [status('10101'), status('10107'), status('10108')] },
            { name: 'Done', statuses: [status('10001'), status('10111'), status('10112')] },
          ],
        },
        ...(board.type === 'scrum'
          ? {
              estimation: {
                type: 'field',
                field: { fieldId: DEMO_FIELDS.storyPoints, displayName: 'Story point estimate' },
              },
            }
          : {}),
        ranking: { rankCustomFieldId: Number(DEMO_FIELDS.rank.split('_')[1]) },
      });
    }),

    route('get', '/rest/api/3/users/search', ({ url }) => {
      const startAt = intParam(url, 'startAt', 0);
      const maxResults = intParam(url, 'maxResults', 50);
      if (maxResults > 1000) throw new BadRequest('maxResults must not be more than 1000.');
      return HttpResponse.json(data.users.slice(startAt, startAt + maxResults));
    }),
  ];
}
