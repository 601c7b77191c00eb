import { fileURLToPath } from 'node:url';
/**
 * The demo Jira must not drift from the real one. Every response the mock gives the client is
 * validated against the response schema of its operation in Atlassian's own OpenAPI files, and
 * every request the client sends must match an operation there, use only the parameters that
 * operation declares, and carry a body its request schema accepts.
 *
 * Where the files have no schema, the test says so and checks what they do have:
 *  - the agile sprint list (getAllSprints) documents only an example: its page envelope is
 *    checked against the board list's envelope and each sprint against components SprintBean;
 *  - most platform error responses document no body: they are checked against ErrorCollection,
 *    the body Jira uses for errors;
 *  - IssueBean.fields is free-form: the values we read are checked against StatusDetails,
 *    IssueTypeDetails and UserDetails; the Sprint field and `parent` have no schema anywhere.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/db';
import type { Db } from '../../src/db/port';
import { createJiraDemoData, DEMO_FIELDS, DEMO_SITE_URL } from '../../src/mocks/jira/data';
import { createJiraHandlers, type RecordedJiraRequest } from '../../src/mocks/jira/handlers';
import { basicAuthHeader, createJiraClient } from '../../src/services/jira/client';
import { linkJiraProject, syncJiraProject } from '../../src/services/jira/sync';

// Atlassian's OpenAPI files, unchanged (docs/reference/jira-api.md, "Machine-readable specs"). They
// are too large for the repository; by default they sit beside it in ../shared/reference (override
// to run elsewhere).
const REFERENCE =
  process.env.JIRA_OPENAPI_DIR ??
  fileURLToPath(new URL('../../../shared/reference', import.meta.url));
const NOW = new Date('2026-11-19T14:30:00Z');
const AUTH = { baseUrl: DEMO_SITE_URL, email: 'contract@agency.test', apiToken: 'contract-token' };

interface Operation {
  operationId: string;
  deprecated?: boolean;
  parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string } }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
}
interface Found {
  doc: 'platform' | 'software';
  path: string;
  method: string;
  op: Operation;
  pointer: string;
  pathParams: Record<string, string>;
}

const docs = {
  platform: JSON.parse(readFileSync(join(REFERENCE, 'jira-platform-openapi.json'), 'utf8')) as Spec,
  software: JSON.parse(readFileSync(join(REFERENCE, 'jira-software-openapi.json'), 'utf8')) as Spec,
};

// OpenAPI 3.0 keywords (nullable, readOnly, xml, example…) are not JSON Schema: strict mode off.
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(docs.platform as object, 'platform');
ajv.addSchema(docs.software as object, 'software');
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const compiled = new Map<string, ValidateFunction>();
function validator(ref: string): ValidateFunction {
  let v = compiled.get(ref);
  if (!v) {
    v = ajv.compile({ $ref: ref });
    compiled.set(ref, v);
  }
  return v;
}
const component = (doc: 'platform' | 'software', name: string) =>
  validator(`${doc}#/components/schemas/${name}`);

/** The operation for a method and URL; literal path segments win over templated ones. */
function findOperation(method: string, url: URL): Found | undefined {
  const candidates: (Found & { params: number })[] = [];
  for (const doc of ['platform', 'software'] as const) {
    for (const [path, ops] of Object.entries(docs[doc].paths)) {
      const op = ops[method.toLowerCase()];
      if (!op?.operationId) continue;
      const names: string[] = [];
      const pattern = new RegExp(
        `^${path.replace(/[.]/g, '\\.').replace(/\{([^}]+)\}/g, (_, n: string) => {
          names.push(n);
          return '([^/]+)';
        })}$`,
      );
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      const pathParams = Object.fromEntries(
        names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]),
      );
      candidates.push({
        doc,
        path,
        method: method.toLowerCase(),
        op,
        pointer: `${doc}#/paths/${escapePointer(path)}/${method.toLowerCase()}`,
        pathParams,
        params: names.length,
      });
    }
  }
  return candidates.sort((a, b) => a.params - b.params)[0];
}

function problems(v: ValidateFunction, value: unknown, where: string): string[] {
  return v(value)
    ? []
    : (v.errors ?? [])
        .slice(0, 5)
        .map(
          (e) => `${where}: ${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`,
        );
}

interface Exchange {
  method: string;
  url: URL;
  status: number;
  body: unknown;
}

const server = setupServer();
let db: Db;
let drop: () => Promise<void>;
const requests: RecordedJiraRequest[] = [];
const exchanges: Exchange[] = [];
const recordingFetch: typeof fetch = async (input, init) => {
  const res = await globalThis.fetch(input, init);
  const text = await res.clone().text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Kept as text; a JSON schema will then say it is not an object.
  }
  exchanges.push({
    method: init?.method ?? 'GET',
    url: new URL(String(input)),
    status: res.status,
    body,
  });
  return res;
};

beforeAll(async () => {
  const site = createJiraDemoData({ today: NOW });
  server.listen({ onUnhandledRequest: 'error' });
  server.resetHandlers(
    ...createJiraHandlers({ ...AUTH, today: NOW, data: site, onRequest: (r) => requests.push(r) }),
  );
  ({ db, drop } = await createTestDb());

  // Everything the dashboard does with Jira, through the real client.
  const jira = createJiraClient({ ...AUTH, fetch: recordingFetch, maxRetries: 0 });
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO projects (name) VALUES ('Brightside') RETURNING id`,
  );
  const id = row!.id;
  await jira.myself();
  await jira.listProjects();
  await jira.listUsers();
  await linkJiraProject(db, jira, { projectId: id, key: 'BBCP', now: NOW });
  await syncJiraProject(db, jira, { projectId: id, now: new Date(NOW.getTime() + 3_600_000) });
  await jira.searchIssues({
    jql: 'project = ASR AND issuetype in (Task, Bug, Story) ORDER BY key ASC',
    fields: ['status', DEMO_FIELDS.storyPoints],
    expand: ['changelog'],
  });
  await jira.boardsForProject('ASR');
  // And the error answers the client meets.
  await jira.getProject('NOPE').catch(() => undefined);
  await jira
    .searchIssues({ jql: 'project = ASR OR project = NMA', fields: ['status'] })
    .catch(() => undefined);
  await createJiraClient({ ...AUTH, apiToken: 'wrong', fetch: recordingFetch, maxRetries: 0 })
    .myself()
    .catch(() => undefined);
});
afterAll(async () => {
  server.close();
  await drop();
});

describe('the validators', () => {
  it('reject what the OpenAPI files reject, so a passing check means something', () => {
    const user = validator(
      'platform#/paths/~1rest~1api~13~1myself/get/responses/200/content/application~1json/schema',
    );
    expect(
      user({ accountId: '5f1a', accountType: 'atlassian', active: true, displayName: 'Lena' }),
    ).toBe(true);
    expect(user({ accountId: '5f1a', accountType: 'robot' })).toBe(false);
    expect(user({ accountId: '5f1a', nickname: 'not in the spec' })).toBe(false);
    const changelog = component('platform', 'BulkChangelogResponseBean');
    expect(
      changelog({
        issueChangeLogs: [
          {
            issueId: '1',
            changeHistories: [{ id: '2', created: '2025-06-04T09:12:45.321+0000', items: [] }],
          },
        ],
      }),
    ).toBe(true);
    // ChangeDetails declares `from` as a string: a null would be caught.
    expect(
      changelog({
        issueChangeLogs: [
          {
            issueId: '1',
            changeHistories: [{ id: '2', items: [{ field: 'status', from: null }] }],
          },
        ],
      }),
    ).toBe(false);
    const sprint = component('software', 'SprintBean');
    expect(sprint({ id: 1, state: 'active', name: 'S1', goal: '' })).toBe(true);
    expect(sprint({ id: '1', state: 'active', name: 'S1' })).toBe(false);
  });
});

describe('requests the client sends', () => {
  it('all match an operation of the OpenAPI files that is not deprecated', () => {
    expect(requests.length).toBeGreaterThan(10);
    const unmatched = requests
      .filter((r) => !findOperation(r.method, r.url))
      .map((r) => `${r.method} ${r.url.pathname}`);
    expect(unmatched).toEqual([]);
    const deprecated = requests
      .map((r) => findOperation(r.method, r.url)!)
      .filter((f) => f.op.deprecated)
      .map((f) => f.op.operationId);
    expect(deprecated).toEqual([]);
  });

  it('cover every operation the client uses', () => {
    const used = new Set(requests.map((r) => findOperation(r.method, r.url)!.op.operationId));
    expect([...used].sort()).toEqual(
      [
        'getCurrentUser',
        'searchProjects',
        'getProject',
        'getFields',
        'searchAndReconsileIssuesUsingJqlPost',
        'getBulkChangelogs',
        'getAllUsers',
        'getAllBoards',
        'getAllSprints',
        'getConfiguration',
      ].sort(),
    );
  });

  it('use only the query and path parameters their operation declares, with the declared types', () => {
    const issues: string[] = [];
    for (const r of requests) {
      const found = findOperation(r.method, r.url)!;
      const declared = new Map((found.op.parameters ?? []).map((p) => [`${p.in}:${p.name}`, p]));
      for (const name of new Set(r.url.searchParams.keys())) {
        const p = declared.get(`query:${name}`);
        if (!p) issues.push(`${found.op.operationId}: undeclared query parameter "${name}"`);
        else if (
          p.schema?.type === 'integer' &&
          !r.url.searchParams.getAll(name).every((v) => /^-?\d+$/.test(v))
        ) {
          issues.push(`${found.op.operationId}: "${name}" must be an integer`);
        }
      }
      for (const p of found.op.parameters ?? []) {
        if (p.required && p.in === 'query' && !r.url.searchParams.has(p.name))
          issues.push(`${found.op.operationId}: missing "${p.name}"`);
        if (
          p.in === 'path' &&
          p.schema?.type === 'integer' &&
          !/^\d+$/.test(found.pathParams[p.name] ?? '')
        ) {
          issues.push(`${found.op.operationId}: path parameter "${p.name}" must be an integer`);
        }
      }
    }
    expect(issues).toEqual([]);
  });

  it('send bodies their request schema accepts', () => {
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(3);
    const issues: string[] = [];
    for (const r of posts) {
      const found = findOperation(r.method, r.url)!;
      expect(
        found.op.requestBody?.content?.['application/json']?.schema,
        found.op.operationId,
      ).toBeDefined();
      issues.push(
        ...problems(
          validator(`${found.pointer}/requestBody/content/application~1json/schema`),
          r.body,
          found.op.operationId,
        ),
      );
    }
    expect(issues).toEqual([]);
  });
});

describe('responses the mock gives', () => {
  it('validate against the response schema of their operation and status', () => {
    const issues: string[] = [];
    const checked = new Set<string>();
    for (const x of exchanges) {
      const found = findOperation(x.method, x.url)!;
      const response = found.op.responses[String(x.status)] ?? found.op.responses.default;
      if (response?.content?.['application/json']?.schema) {
        const status = found.op.responses[String(x.status)] ? String(x.status) : 'default';
        issues.push(
          ...problems(
            validator(`${found.pointer}/responses/${status}/content/application~1json/schema`),
            x.body,
            `${found.op.operationId} ${x.status}`,
          ),
        );
        checked.add(`${found.op.operationId} ${x.status}`);
      }
    }
    expect(issues).toEqual([]);
    // Not vacuous: the schema-backed answers were all seen.
    for (const name of [
      'getCurrentUser 200',
      'searchProjects 200',
      'getProject 200',
      'getFields 200',
      'searchAndReconsileIssuesUsingJqlPost 200',
      'getBulkChangelogs 200',
      'getAllUsers 200',
      'getAllBoards 200',
      'getConfiguration 200',
    ]) {
      expect(checked).toContain(name);
    }
  });

  it('lists sprints as the agile spec’s example and SprintBean describe them (getAllSprints has no response schema)', () => {
    const sprintPages = exchanges.filter(
      (x) => findOperation(x.method, x.url)?.op.operationId === 'getAllSprints',
    );
    expect(sprintPages.length).toBeGreaterThan(0);
    const op = findOperation(sprintPages[0]!.method, sprintPages[0]!.url)!;
    expect(op.op.responses['200']?.content?.['application/json']?.schema).toBeUndefined();
    // The board list's page envelope, with the values left to SprintBean.
    const envelope = ajv.compile({
      type: 'object',
      additionalProperties: false,
      required: ['startAt', 'maxResults', 'isLast', 'values'],
      properties: {
        isLast: { type: 'boolean' },
        maxResults: { type: 'integer' },
        startAt: { type: 'integer' },
        total: { type: 'integer' },
        values: { type: 'array', items: { $ref: 'software#/components/schemas/SprintBean' } },
      },
    });
    const issues = sprintPages.flatMap((x) => problems(envelope, x.body, 'getAllSprints'));
    expect(issues).toEqual([]);
    const states = new Set(
      sprintPages.flatMap((x) =>
        (x.body as { values: { state: string }[] }).values.map((s) => s.state),
      ),
    );
    expect([...states].sort()).toEqual(['active', 'closed', 'future']);
  });

  it('answers errors with an ErrorCollection (the platform spec documents no error body for these)', () => {
    const errors = exchanges.filter((x) => x.status >= 400);
    expect(errors.map((x) => x.status).sort()).toEqual([400, 401, 404]);
    const issues: string[] = [];
    for (const x of errors) {
      const found = findOperation(x.method, x.url)!;
      expect(
        found.op.responses[String(x.status)]?.content?.['application/json']?.schema,
        `${found.op.operationId} ${x.status}`,
      ).toBeUndefined();
      issues.push(
        ...problems(
          component('platform', 'ErrorCollection'),
          x.body,
          `${found.op.operationId} ${x.status}`,
        ),
      );
    }
    expect(issues).toEqual([]);
  });

  it('fills the issue fields we read with values their platform schemas accept', () => {
    const pages = exchanges.filter(
      (x) =>
        x.status === 200 &&
        findOperation(x.method, x.url)?.op.operationId === 'searchAndReconsileIssuesUsingJqlPost',
    );
    const beans = pages.flatMap(
      (x) =>
        (
          x.body as {
            issues: { key: string; fields: Record<string, unknown>; changelog?: unknown }[];
          }
        ).issues,
    );
    expect(beans.length).toBeGreaterThan(100);
    const issues: string[] = [];
    const checks: [string, ValidateFunction][] = [
      ['status', component('platform', 'StatusDetails')],
      ['issuetype', component('platform', 'IssueTypeDetails')],
      ['assignee', component('platform', 'UserDetails')],
    ];
    let assigned = 0;
    for (const bean of beans) {
      for (const [field, v] of checks) {
        const value = bean.fields[field];
        if (value === undefined || value === null) continue;
        if (field === 'assignee') assigned++;
        issues.push(...problems(v, value, `${bean.key}.${field}`));
      }
    }
    expect(assigned).toBeGreaterThan(0);
    expect(issues).toEqual([]);
    // Embedded changelogs (expand=changelog) are part of IssueBean and were validated above; make sure some were seen.
    expect(beans.filter((b) => b.changelog).length).toBeGreaterThan(0);
  });

  it('answers the retired search with 410 and an ErrorCollection', async () => {
    const res = await fetch(`${DEMO_SITE_URL}/rest/api/3/search?jql=project%20%3D%20ASR`, {
      headers: { Authorization: basicAuthHeader(AUTH.email, AUTH.apiToken) },
    });
    expect(res.status).toBe(410);
    const found = findOperation('GET', new URL(res.url || `${DEMO_SITE_URL}/rest/api/3/search`))!;
    expect(found.op).toMatchObject({ operationId: 'searchForIssuesUsingJql', deprecated: true });
    expect(problems(component('platform', 'ErrorCollection'), await res.json(), '410')).toEqual([]);
  });
});
