import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthHeader } from '../../services/jira/client';
import { createJiraDemoData, DEMO_SITE_URL } from './data';
import { createJiraHandlers, type JiraFaultRule } from './handlers';
import { JqlError, parseJql, parseJqlDate } from './jql';

const NOW = new Date('2026-11-19T14:30:00Z');
const AUTH = { email: 'mock@agency.test', apiToken: 'mock-token' };
const site = createJiraDemoData({ today: NOW });
const server = setupServer();

function useSite(faults: JiraFaultRule[] = []) {
  server.resetHandlers(...createJiraHandlers({ ...AUTH, today: NOW, data: site, faults }));
}
async function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  auth = basicAuthHeader(AUTH.email, AUTH.apiToken),
) {
  const res = await fetch(`${DEMO_SITE_URL}${path}`, {
    method,
    headers: {
      Authorization: auth,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json: json as Record<string, unknown>, text };
}
const search = (body: Record<string, unknown>) => call('POST', '/rest/api/3/search/jql', body);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('JQL subset', () => {
  it('reads project, key, issuetype and date clauses joined by AND, and ORDER BY', () => {
    expect(
      parseJql(
        'project = "PAY" AND updated >= "2026/11/18 09:05" AND issuetype in (Task, "Bug", Story) ORDER BY key ASC, updated desc',
        NOW,
      ),
    ).toEqual({
      clauses: [
        { field: 'project', not: false, values: ['PAY'] },
        { field: 'updated', op: '>=', at: new Date('2026-11-18T09:05:00Z') },
        { field: 'issuetype', not: false, values: ['Task', 'Bug', 'Story'] },
      ],
      orderBy: [
        { field: 'key', direction: 'ASC' },
        { field: 'updated', direction: 'DESC' },
      ],
    });
    expect(parseJql('key in (PAY-1, PAY-2) AND type not in (Epic)', NOW).clauses).toEqual([
      { field: 'key', not: false, values: ['PAY-1', 'PAY-2'] },
      { field: 'issuetype', not: true, values: ['Epic'] },
    ]);
  });

  it('reads absolute and relative dates in the demo user’s zone (UTC)', () => {
    expect(parseJqlDate('2026-11-18', NOW).toISOString()).toBe('2026-11-18T00:00:00.000Z');
    expect(parseJqlDate('-7d', NOW).toISOString()).toBe('2026-11-12T14:30:00.000Z');
    expect(() => parseJqlDate('2026/02/30', NOW)).toThrow(JqlError);
  });

  it('refuses what it does not understand rather than guessing', () => {
    for (const jql of [
      'project = PAY OR project = WEB',
      'assignee = currentUser()',
      'status CHANGED TO "Ready for QA Testing" DURING ("2026/11/16 00:00", "2026/11/22 23:59")',
      'ORDER BY key',
      '',
      'project = "PAY',
      'project = PAY ORDER BY priority',
    ]) {
      expect(() => parseJql(jql, NOW), jql).toThrow(JqlError);
    }
    expect(() => parseJql('ORDER BY key', NOW)).toThrow(/Unbounded JQL/);
  });
});

describe('the demo Jira endpoints', () => {
  it('answers 401 with an ErrorCollection for a wrong or missing Basic auth', async () => {
    useSite();
    for (const auth of [basicAuthHeader(AUTH.email, 'nope'), '']) {
      const res = await call('GET', '/rest/api/3/myself', undefined, auth);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        errorMessages: ['Client must be authenticated to access this resource.'],
        errors: {},
      });
    }
  });

  it('answers 410 for the retired search, GET and POST', async () => {
    useSite();
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(
        method,
        '/rest/api/3/search',
        method === 'POST' ? { jql: 'project = ASR' } : undefined,
      );
      expect(res.status).toBe(410);
      expect((res.json.errorMessages as string[])[0]).toMatch(/\/rest\/api\/3\/search\/jql/);
    }
  });

  it('pages a search with a token bound to its query, and picks only the requested fields', async () => {
    useSite();
    const first = await search({
      jql: 'project = ASR ORDER BY key ASC',
      fields: ['summary'],
      maxResults: 2,
    });
    expect(first.status).toBe(200);
    const issues = first.json.issues as { key: string; fields: Record<string, unknown> }[];
    expect(issues.map((i) => i.key)).toEqual(
      site
        .detail('ASR')
        .issues.slice(0, 2)
        .map((i) => i.key),
    );
    expect(Object.keys(issues[0]!.fields)).toEqual(['summary']);
    expect(first.json).toMatchObject({ isLast: false, nextPageToken: expect.any(String) });
    expect(first.json).not.toHaveProperty('total');

    const second = await search({
      jql: 'project = ASR ORDER BY key ASC',
      fields: ['summary'],
      maxResults: 2,
      nextPageToken: first.json.nextPageToken,
    });
    expect((second.json.issues as { key: string }[]).map((i) => i.key)).toEqual(
      site
        .detail('ASR')
        .issues.slice(2, 4)
        .map((i) => i.key),
    );
    const other = await search({ jql: 'project = NMA', nextPageToken: first.json.nextPageToken });
    expect(other.status).toBe(400);
  });

  it('caps a page at 100 and leaves nextPageToken out on the last page', async () => {
    useSite();
    const total = site.detail('SLT').issues.length;
    let token: unknown;
    let seen = 0;
    for (let page = 0; page < 10; page++) {
      const res = await search({
        jql: 'project = SLT',
        fields: ['status'],
        maxResults: 500,
        ...(token ? { nextPageToken: token } : {}),
      });
      const n = (res.json.issues as unknown[]).length;
      expect(n).toBeLessThanOrEqual(100);
      seen += n;
      token = res.json.nextPageToken;
      if (!token) {
        expect(res.json.isLast).toBe(true);
        break;
      }
    }
    expect(seen).toBe(total);
  });

  it('filters on updated and issue type the way Jira would', async () => {
    useSite();
    const since = new Date('2026-11-18T00:00:00Z');
    const res = await search({
      jql: 'project = HDM AND updated >= "2026/11/18" AND issuetype in (Bug)',
      fields: ['issuetype', 'updated'],
      maxResults: 100,
    });
    const expected = site
      .detail('HDM')
      .issues.filter((i) => i.typeName === 'Bug' && i.updatedAt >= since.getTime());
    expect((res.json.issues as { key: string }[]).map((i) => i.key).sort()).toEqual(
      expected.map((i) => i.key).sort(),
    );
  });

  it('answers a bad request with a 400 ErrorCollection, never a 500', async () => {
    useSite();
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'unknown project',
        { jql: 'project = NOPE' },
        /The value 'NOPE' does not exist for the field 'project'/,
      ],
      [
        'unknown field in the body',
        { jql: 'project = ASR', startAt: 5 },
        /Unrecognized field "startAt"/,
      ],
      ['expand as an array', { jql: 'project = ASR', expand: ['changelog'] }, /expand/],
      ['an OR', { jql: 'project = ASR OR project = NMA' }, /Error in the JQL Query/],
    ];
    for (const [name, body, message] of cases) {
      const res = await search(body);
      expect(res.status, name).toBe(400);
      expect(res.json, name).toMatchObject({
        errorMessages: [expect.stringMatching(message)],
        errors: expect.any(Object),
      });
    }
    const tooMany = await call('POST', '/rest/api/3/changelog/bulkfetch', {
      issueIdsOrKeys: Array.from({ length: 1001 }, (_, i) => `ASR-${i}`),
    });
    expect(tooMany.status).toBe(400);
    const kanban = site.detail('BBCP').boards.find((b) => b.type === 'kanban')!;
    expect((await call('GET', `/rest/agile/1.0/board/${kanban.id}/sprint`)).status).toBe(400);
    expect((await call('GET', '/rest/agile/1.0/board/99999/sprint')).status).toBe(404);
    expect((await call('GET', '/rest/api/3/project/search?startAt=-1')).status).toBe(400);
  });

  it('embeds the newest histories only with expand=changelog, as the enhanced search does', async () => {
    useSite();
    const issue = site.detail('ASR').issues.find((i) => i.transitions.length >= 3)!;
    const res = await search({
      jql: `key = ${issue.key}`,
      fields: ['status'],
      expand: 'changelog',
    });
    const [bean] = res.json.issues as {
      changelog: { total: number; histories: { created: string }[] };
    }[];
    expect(bean!.changelog.total).toBe(site.issueHistories(issue).length);
    const times = bean!.changelog.histories.map((h) => h.created);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('applies fault rules to matching requests only, after letting `skip` through, `times` times', async () => {
    useSite([
      { kind: 'serverError', path: '/rest/api/3/field', skip: 1, times: 2 },
      { kind: 'rateLimit', retryAfterSeconds: 7, path: '/rest/api/3/myself', times: 1 },
    ]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('GET', '/rest/api/3/field')).status);
    expect(statuses).toEqual([200, 500, 500, 200]);
    const limited = await call('GET', '/rest/api/3/myself');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await call('GET', '/rest/api/3/myself')).status).toBe(200);
  });

  it('can answer with a body that is not JSON', async () => {
    useSite([{ kind: 'malformedJson', path: '/rest/agile/*' }]);
    const res = await call('GET', '/rest/agile/1.0/board?projectKeyOrId=ASR');
    expect(res.status).toBe(200);
    expect(res.json).toBeUndefined();
    expect((await call('GET', '/rest/api/3/field')).status).toBe(200);
  });
});
