import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createJiraDemoData,
  DEMO_FIELDS,
  DEMO_SITE_URL,
  type JiraDemoData,
} from '../../mocks/jira/data';
import { createJiraHandlers, type JiraFaultRule } from '../../mocks/jira/handlers';
import { createHttpClient, UpstreamError } from '../http';
import { basicAuthHeader, createJiraClient, type JiraClientOptions } from './client';

const NOW = new Date('2026-11-19T14:30:00Z');
const AUTH = { baseUrl: DEMO_SITE_URL, email: 'client@agency.test', apiToken: 'right-token' };
const server = setupServer();
const requests: { method: string; url: URL; body: unknown }[] = [];
let data: JiraDemoData;

function useSite(options: { faults?: JiraFaultRule[]; site?: JiraDemoData } = {}) {
  server.resetHandlers(
    ...createJiraHandlers({
      ...AUTH,
      today: NOW,
      data: options.site ?? data,
      faults: options.faults,
      onRequest: (r) => requests.push(r),
    }),
  );
}
const client = (overrides: Partial<JiraClientOptions> = {}) =>
  createJiraClient({ ...AUTH, sleep: async () => {}, ...overrides });
const calls = (path: string) => requests.filter((r) => r.url.pathname === path);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  data = createJiraDemoData({ today: NOW, issueCounts: { NMA: 250 } });
});
afterEach(() => {
  requests.length = 0;
  server.resetHandlers();
});
afterAll(() => server.close());

describe('credentials', () => {
  it('sends Basic auth from email and token and reads the account behind it', async () => {
    useSite();
    expect(basicAuthHeader('a@b.test', 'tok')).toBe(
      `Basic ${Buffer.from('a@b.test:tok').toString('base64')}`,
    );
    const me = await client().myself();
    expect(me).toEqual({
      accountId: data.myself(AUTH.email).accountId,
      displayName: 'Dashboard Integration',
      emailAddress: AUTH.email,
    });
  });

  it('reports a refused token as bad credentials, without retrying', async () => {
    useSite();
    const error = await client({ apiToken: 'wrong-token' })
      .myself()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ service: 'Jira', kind: 'bad_credentials', status: 401 });
    expect((error as Error).message).toMatch(/^Jira: the credentials were refused/);
    expect(calls('/rest/api/3/myself')).toHaveLength(1);
  });

  it('treats a 200 marked X-Seraph-LoginReason: AUTHENTICATED_FAILED as bad credentials, not as "no projects"', async () => {
    useSite();
    const error = await client({ apiToken: 'expired-token' })
      .listProjects()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad_credentials', status: 401 });
    expect((error as Error).message).toMatch(/anonymous user/);
  });
});

describe('pagination', () => {
  it('lists every project across page boundaries (startAt/isLast)', async () => {
    const big = createJiraDemoData({ today: NOW, scale: 12 });
    useSite({ site: big });
    const projects = await client().listProjects();
    expect(projects).toHaveLength(big.projects.length);
    expect(big.projects.length).toBeGreaterThan(100);
    expect(new Set(projects.map((p) => p.key)).size).toBe(projects.length);
    expect(projects[0]).toEqual({ key: big.projects[0]!.key, name: big.projects[0]!.name });
    expect(
      calls('/rest/api/3/project/search').map((r) => r.url.searchParams.get('startAt')),
    ).toEqual(['0', '100']);
  });

  it('follows nextPageToken through every page of an issue search, in order and without duplicates', async () => {
    useSite();
    const issues = await client().searchIssues({
      jql: 'project = NMA ORDER BY key ASC',
      fields: ['summary', 'status'],
    });
    const site = data.detail('NMA').issues;
    expect(issues.map((i) => i.key)).toEqual(site.map((i) => i.key));
    expect(Object.keys(issues[0]!.fields).sort()).toEqual(['status', 'summary']);
    const pages = calls('/rest/api/3/search/jql');
    expect(pages).toHaveLength(3);
    expect((pages[0]!.body as { nextPageToken?: string }).nextPageToken).toBeUndefined();
    expect((pages[1]!.body as { nextPageToken?: string }).nextPageToken).toEqual(
      expect.any(String),
    );
    expect(pages.every((p) => (p.body as { maxResults: number }).maxResults === 100)).toBe(true);
  });

  it('reads every sprint when the server pages smaller than asked', async () => {
    useSite();
    const board = data.detail('GCR').scrumBoard;
    // Jira may cap a page below maxResults: two sprints a page, whatever was asked.
    server.use(
      http.get(`${DEMO_SITE_URL}/rest/agile/1.0/board/:boardId/sprint`, ({ request }) => {
        const startAt = Number(new URL(request.url).searchParams.get('startAt') ?? 0);
        const all = data.detail('GCR').sprints;
        return HttpResponse.json({
          maxResults: 2,
          startAt,
          isLast: startAt + 2 >= all.length,
          values: all.slice(startAt, startAt + 2),
        });
      }),
    );
    const sprints = await client().sprintsForBoard(board.id);
    expect(sprints.map((s) => s.id)).toEqual(data.detail('GCR').sprints.map((s) => s.id));
  });

  it('reads status changes in bulk: at most 1,000 issues a call, every page, status changes only', async () => {
    const site = createJiraDemoData({ today: NOW, issueCounts: { SLT: 1_600 } });
    useSite({ site });
    const tickets = site.detail('SLT').issues.filter((i) => i.typeName !== 'Epic');
    // A server that pages well below what was asked, so histories split across pages and issues.
    const smallPages: typeof fetch = (input, init) => {
      const body =
        typeof init?.body === 'string' ? { ...JSON.parse(init.body), maxResults: 500 } : undefined;
      return globalThis.fetch(input, body ? { ...init, body: JSON.stringify(body) } : init);
    };
    const changes = await client({ fetch: smallPages }).statusChanges(tickets.map((t) => t.id));

    const expected = tickets.flatMap((t) =>
      t.transitions.map(
        (tr) => `${t.id} ${new Date(tr.at).toISOString()} ${tr.from.name} > ${tr.to.name}`,
      ),
    );
    expect(
      changes
        .map((c) => `${c.issueId} ${c.at.toISOString()} ${c.fromStatusName} > ${c.toStatusName}`)
        .sort(),
    ).toEqual(expected.sort());
    const bulk = calls('/rest/api/3/changelog/bulkfetch');
    const bodies = bulk.map(
      (r) => r.body as { issueIdsOrKeys: string[]; fieldIds: string[]; nextPageToken?: string },
    );
    expect(Math.max(...bodies.map((b) => b.issueIdsOrKeys.length))).toBe(1_000);
    expect(new Set(bodies.map((b) => b.issueIdsOrKeys[0])).size).toBe(2);
    expect(bodies.filter((b) => b.nextPageToken).length).toBeGreaterThan(0);
    expect(bodies.every((b) => b.fieldIds.length === 1 && b.fieldIds[0] === 'status')).toBe(true);
  });

  it('lists only active people (accountType atlassian), paging until an empty page', async () => {
    const site = createJiraDemoData({ today: NOW, scale: 10 });
    useSite({ site });
    const users = await client().listUsers();
    const people = site.users.filter((u) => u.accountType === 'atlassian' && u.active);
    expect(users.map((u) => u.accountId).sort()).toEqual(people.map((u) => u.accountId).sort());
    expect(
      users.some(
        (u) => u.displayName === 'Automation for Jira' || u.displayName === 'Former Contractor',
      ),
    ).toBe(false);
    expect(calls('/rest/api/3/users/search').map((r) => r.url.searchParams.get('startAt'))).toEqual(
      ['0', '100', String(site.users.length)],
    );
    // Hidden addresses stay absent rather than empty.
    expect(users.some((u) => !('emailAddress' in u))).toBe(true);
  });
});

describe('fields and boards', () => {
  it("discovers the story points field from the site's fields, preferring the board's estimation field", async () => {
    useSite();
    const jira = client();
    expect(await jira.storyPointsFieldIds()).toEqual([
      DEMO_FIELDS.storyPoints,
      DEMO_FIELDS.legacyStoryPoints,
    ]);
    expect(
      await jira.storyPointsFieldIds({ boardEstimationFieldId: DEMO_FIELDS.legacyStoryPoints }),
    ).toEqual([DEMO_FIELDS.legacyStoryPoints, DEMO_FIELDS.storyPoints]);
    // A board that estimates by time does not make time into story points.
    expect(
      await jira.storyPointsFieldIds({ boardEstimationFieldId: 'timeoriginalestimate' }),
    ).toEqual([DEMO_FIELDS.storyPoints, DEMO_FIELDS.legacyStoryPoints]);
    expect(await jira.sprintFieldId()).toBe(DEMO_FIELDS.sprint);
  });

  it('never assumes a field id: another site’s ids are found by type and name', async () => {
    useSite();
    server.use(
      http.get(`${DEMO_SITE_URL}/rest/api/3/field`, () =>
        HttpResponse.json([
          {
            id: 'customfield_12001',
            name: 'Points',
            custom: true,
            schema: {
              type: 'number',
              custom: 'com.atlassian.jira.plugin.system.customfieldtypes:float',
            },
          },
          {
            id: 'customfield_12002',
            name: 'story points',
            custom: true,
            schema: {
              type: 'number',
              custom: 'com.atlassian.jira.plugin.system.customfieldtypes:float',
            },
          },
          {
            id: 'customfield_12003',
            name: 'Estimate',
            custom: true,
            schema: { type: 'number', custom: 'com.pyxis.greenhopper.jira:jsw-story-points' },
          },
        ]),
      ),
    );
    expect(await client().storyPointsFieldIds()).toEqual([
      'customfield_12003',
      'customfield_12002',
    ]);
  });

  it("finds the project's boards and reads the scrum board's configuration", async () => {
    useSite();
    const boards = await client().boardsForProject('BBCP');
    expect(boards.map((b) => b.type).sort()).toEqual(['kanban', 'scrum']);
    const scrum = boards.find((b) => b.type === 'scrum')!;
    const config = await client().boardConfiguration(scrum.id);
    expect(config.estimation?.field?.fieldId).toBe(DEMO_FIELDS.storyPoints);
  });

  it('reports an unknown project key as not_found', async () => {
    useSite();
    await expect(client().getProject('ZZZ')).rejects.toMatchObject({
      kind: 'not_found',
      status: 404,
      message: expect.stringMatching(/ZZZ/),
    });
  });

  it('never sends a "key" that could reach another path', async () => {
    useSite();
    for (const key of ['..', '%2E%2E', 'ASR/../myself', 'ASR?expand=lead', '']) {
      await expect(client().getProject(key), key).rejects.toMatchObject({ kind: 'not_found' });
    }
    expect(requests).toEqual([]);
  });
});

describe('faults', () => {
  it('retries after a 429 waiting exactly as long as Retry-After says', async () => {
    useSite({
      faults: [{ kind: 'rateLimit', retryAfterSeconds: 3, path: '/rest/api/3/field', times: 2 }],
    });
    const sleep = vi.fn(async () => {});
    const ids = await client({ sleep, random: () => 0 }).storyPointsFieldIds();
    expect(ids).toContain(DEMO_FIELDS.storyPoints);
    expect(sleep.mock.calls).toEqual([[3000], [3000]]);
    expect(calls('/rest/api/3/field')).toHaveLength(3);
  });

  it('retries a read-only search POST after a 429 too', async () => {
    useSite({
      faults: [
        { kind: 'rateLimit', retryAfterSeconds: 1, path: '/rest/api/3/search/jql', times: 1 },
      ],
    });
    const sleep = vi.fn(async () => {});
    const issues = await client({ sleep, random: () => 0 }).searchIssues({
      jql: 'project = HDM',
      fields: ['status'],
    });
    expect(issues).toHaveLength(data.detail('HDM').issues.length);
    expect(sleep.mock.calls).toEqual([[1000]]);
  });

  it('gives up with a clear error once the retries are spent', async () => {
    useSite({ faults: [{ kind: 'serverError', status: 503, path: '/rest/api/3/myself' }] });
    const error = await client({ maxRetries: 2 })
      .myself()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ service: 'Jira', kind: 'unavailable', status: 503 });
    expect((error as Error).message).toMatch(/^Jira: the service is unavailable \(HTTP 503\)/);
    expect(calls('/rest/api/3/myself')).toHaveLength(3);
  });

  it('gives up at once when Retry-After would pass the deadline', async () => {
    useSite({ faults: [{ kind: 'rateLimit', retryAfterSeconds: 20, path: '/rest/api/3/myself' }] });
    const sleep = vi.fn(async () => {});
    const error = await client({ sleep, deadlineMs: 10_000 })
      .myself()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(sleep).not.toHaveBeenCalled();
    expect(calls('/rest/api/3/myself')).toHaveLength(1);
  });

  it('times out a call that never answers', async () => {
    useSite({ faults: [{ kind: 'hang', path: '/rest/api/3/field' }] });
    const error = await client({ timeoutMs: 50, maxRetries: 1 })
      .fields()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ service: 'Jira', kind: 'timeout' });
    expect(calls('/rest/api/3/field')).toHaveLength(2);
  });

  it('reports a body that is not JSON as a malformed response', async () => {
    useSite({ faults: [{ kind: 'malformedJson', path: '/rest/api/3/field' }] });
    await expect(client().storyPointsFieldIds()).rejects.toMatchObject({
      kind: 'malformed_response',
      message: expect.stringMatching(/not valid JSON/),
    });
  });

  it('reports JSON of the wrong shape as a malformed response naming the call', async () => {
    useSite();
    server.use(
      http.get(`${DEMO_SITE_URL}/rest/api/3/myself`, () =>
        HttpResponse.json({ displayName: 'no id' }),
      ),
    );
    await expect(client().myself()).rejects.toMatchObject({
      kind: 'malformed_response',
      message: expect.stringMatching(/GET \/rest\/api\/3\/myself.*accountId/),
    });
  });

  it('explains a retired endpoint (410) instead of failing vaguely', async () => {
    useSite();
    const raw = createHttpClient({
      service: 'Jira',
      baseUrl: DEMO_SITE_URL,
      headers: { Authorization: basicAuthHeader(AUTH.email, AUTH.apiToken) },
    });
    const error = await raw
      .post('/rest/api/3/search', { body: { jql: 'project = NMA' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 410 });
    expect((error as Error).message).toMatch(
      /endpoint has been removed.*\/rest\/api\/3\/search\/jql/,
    );
  });

  it('answers JQL the mock does not understand with a 400 naming the problem, never a guess', async () => {
    useSite();
    const error = await client()
      .searchIssues({ jql: 'project = NMA OR assignee = currentUser()', fields: ['status'] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'bad_request',
      status: 400,
      message: expect.stringMatching(/Error in the JQL Query/),
    });
  });
});
