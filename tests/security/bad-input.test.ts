import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/app';
import { createUser } from '../../src/db/users';
import { createForecastHandlers } from '../../src/mocks/forecast/handlers';
import { createJiraHandlers } from '../../src/mocks/jira/handlers';
import { DEMO_FORECAST, DEMO_JIRA } from '../../src/services/integrations';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import {
  INPUT_CALLS,
  NO_INPUT_GETS,
  OWN_INPUT_CHECKS,
  pathFor,
  seedForInputTests,
  servedRoutes,
  type BodyField,
  type Caller,
  type InputCall,
  type Seed,
} from './calls';
import { changedRowCounts, changedTables, snapshotDb } from './db-snapshot';
import { anyText, hostileString, jsonNotOfType, malformedJson, nonObjectJson } from './inputs';

// Every call that takes input (docs/design.md, "Bars every change keeps"), fed bad input of every
// kind, answers 4xx with a JSON message and leaves every table as it was. Runs per call are kept
// modest for two cores; BAD_INPUT_RUNS raises them for a deeper local run.
const NUM_RUNS = Number(process.env.BAD_INPUT_RUNS ?? 30);
const IMPOSSIBLE_DATES = ['2026-02-30', '2026-13-01', '20261121'];
/** PostgreSQL refuses NUL in text; a lone surrogate is not UTF-8; the rest are classic injections. */
const DRIVER_BREAKERS = [
  '\u0000',
  'seed\u0000',
  '\uD800',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  'x'.repeat(10_000),
];
const INTERNAL_TOKEN = 'bad-input-suite-internal-token';
const LOGIN_SEED = { email: 'login-seed@agency.test', password: 'the right password' };

let t: TestApp;
let drop: () => Promise<void>;
let seed: Seed;
const cookies: Partial<Record<Caller, string>> = {};

const server = setupServer(
  ...createJiraHandlers({ ...DEMO_JIRA, today: new Date() }),
  ...createForecastHandlers({ ...DEMO_FORECAST, today: new Date().toISOString().slice(0, 10) })
    .handlers,
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  const created = await createTestDb();
  drop = created.drop;
  t = createTestApp(created.db, { internalToken: INTERNAL_TOKEN });
  seed = await seedForInputTests(created.db);
  await createUser(created.db, {
    email: LOGIN_SEED.email,
    passwordHash: await t.deps.passwords.hash(LOGIN_SEED.password),
    approved: true,
  });
  cookies.user = await t.signIn('user');
  cookies.staff = await t.signIn('staff');
  cookies.admin = await t.signIn('admin');
});
afterAll(async () => {
  server.close();
  await drop();
});

/** One request the suite sends: everything valid but the part `what` names. */
interface Attempt {
  what: string;
  /** A route param is what is broken: a page answers it with the not-found page. */
  param?: true;
  path: string;
  query: [string, string][];
  body?: string;
  contentType?: string;
}

/** Replaces lone surrogates, which cannot be percent-encoded into a URL. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const show = (v: unknown) => {
  const text = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

function validQuery(call: InputCall): [string, string][] {
  return Object.entries(call.query?.valid(seed) ?? {});
}
function validBody(call: InputCall): string | undefined {
  return call.body ? JSON.stringify(call.body.valid(seed)) : undefined;
}

/** Every way to break one part of the call's valid request. */
function attempts(call: InputCall): fc.Arbitrary<Attempt>[] {
  const base = { path: pathFor(call, seed), query: validQuery(call), body: validBody(call) };
  const strategies: fc.Arbitrary<Attempt>[] = [];

  for (const [name, param] of Object.entries(call.params ?? {})) {
    strategies.push(
      param.invalid.map((v) => ({
        ...base,
        what: `:${name} = ${show(v)}`,
        param: true as const,
        path: pathFor(call, seed, { [name]: wellFormed(v) }),
      })),
    );
  }

  const q = call.query;
  if (q) {
    const valid = q.valid(seed);
    const withField = (name: string, value: string | null): [string, string][] =>
      Object.entries({ ...valid, [name]: value }).filter(
        (e): e is [string, string] => e[1] !== null,
      );
    for (const [name, field] of Object.entries(q.fields)) {
      strategies.push(
        field.invalid.map((v) => ({
          ...base,
          what: `?${name}=${show(v)}`,
          query: withField(name, v),
        })),
      );
      // The same name twice arrives as a list, not a string.
      strategies.push(
        field.invalid.map((v) => ({
          ...base,
          what: `?${name} twice`,
          query: [...withField(name, null), [name, valid[name] ?? '2026-01-05'], [name, v]],
        })),
      );
      if (!field.optional)
        strategies.push(fc.constant({ ...base, what: `no ${name}`, query: withField(name, null) }));
    }
    if (q.invalidTogether) {
      strategies.push(
        q.invalidTogether.map((parts) => ({
          ...base,
          what: `query ${show(parts)}`,
          query: Object.entries({ ...valid, ...parts }),
        })),
      );
    }
  }

  const b = call.body;
  if (b) {
    const valid = b.valid(seed);
    const json = (value: unknown) => JSON.stringify(value);
    strategies.push(
      malformedJson.map((text) => ({ ...base, what: `malformed JSON ${show(text)}`, body: text })),
    );
    strategies.push(
      nonObjectJson.map((text) => ({
        ...base,
        what: `a body that is not an object: ${show(text)}`,
        body: text,
      })),
    );
    strategies.push(fc.constant({ ...base, what: 'an empty body', body: '' }));
    strategies.push(
      fc.constant({
        ...base,
        what: 'the valid body sent as text/plain',
        contentType: 'text/plain',
      }),
    );
    strategies.push(
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom('role', 'isAdmin', 'id', '__proto__', 'constructor'),
            fc.string({ maxLength: 12 }),
          ),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .filter(([key]) => !(key in b.fields))
        .map(([key, value]) => ({
          ...base,
          what: `an extra field ${show(key)}`,
          body: json({ ...valid, [key]: value }),
        })),
    );
    for (const [name, field] of Object.entries(b.fields) as [string, BodyField][]) {
      const without = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== name));
      const set = (value: unknown) => json({ ...without, [name]: value });
      const allowed = field.nullable ? [field.type, 'null' as const] : [field.type];
      strategies.push(
        jsonNotOfType(...allowed).map((v) => ({
          ...base,
          what: `${name} of the wrong type: ${show(v)}`,
          body: set(v),
        })),
      );
      if (field.invalid)
        strategies.push(
          field.invalid.map((v) => ({ ...base, what: `${name} = ${show(v)}`, body: set(v) })),
        );
      if (!field.optional && name in valid)
        strategies.push(fc.constant({ ...base, what: `no ${name}`, body: json(without) }));
    }
  }
  if (strategies.length === 0)
    throw new Error(`${call.method} ${call.route} has no params, query or body to break`);
  return strategies;
}

const FORM = 'application/x-www-form-urlencoded';
const formBody = (fields: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(fields).map(([k, v]) => [k, wellFormed(String(v))] as [string, string]),
  ).toString();

/** Every way to break one field of a form's valid POST, plus bodies that are no form at all. */
function formAttempts(call: InputCall): fc.Arbitrary<Attempt>[] {
  const b = call.body!;
  const valid = b.valid(seed);
  const base = { path: pathFor(call, seed), query: [] as [string, string][], contentType: FORM };
  const strategies: fc.Arbitrary<Attempt>[] = [
    fc.constant({ ...base, what: 'an empty body', body: '' }),
    fc.constant({
      ...base,
      what: 'the valid fields sent as JSON',
      body: JSON.stringify(valid),
      contentType: 'application/json',
    }),
    malformedJson.map((text) => ({ ...base, what: `a body of junk ${show(text)}`, body: text })),
  ];
  for (const [name, field] of Object.entries(b.fields) as [string, BodyField][]) {
    const without = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== name));
    if (field.invalid)
      strategies.push(
        field.invalid.map((v) => ({
          ...base,
          what: `${name} = ${show(v)}`,
          body: formBody({ ...without, [name]: v }),
        })),
      );
    if (!field.freeText)
      strategies.push(
        fc.constantFrom(...DRIVER_BREAKERS).map((v) => ({
          ...base,
          what: `${name} = ${show(v)}`,
          body: formBody({ ...without, [name]: v }),
        })),
      );
    if (!field.optional)
      strategies.push(fc.constant({ ...base, what: `no ${name}`, body: formBody(without) }));
  }
  return strategies;
}

/** A form's refusal: the page again with status 4xx, nothing it was sent shown as markup, nothing stored. */
async function expectFormRefused(call: InputCall, attempt: Attempt): Promise<void> {
  const before = await snapshotDb(t.deps.db);
  const res = await send(call, attempt);
  const text = await res.text();
  const label = `${call.method} ${call.route} with ${attempt.what}: answered ${res.status} ${text.slice(0, 200)}`;
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.headers.get('content-type'), label).toMatch(/^text\/html/);
  expect(text, label).toMatch(/role="alert"/);
  expect(text.includes('<script>alert(1)</script>'), `${label}: reflected markup`).toBe(false);
  expect(changedTables(before, await snapshotDb(t.deps.db)), label).toEqual([]);
}

/** Two fixed draws of every strategy, so each kind of bad input is tried whatever the random runs pick. */
function drawsOfEach(strategies: fc.Arbitrary<Attempt>[]): [Attempt][] {
  return strategies.flatMap((s, i) =>
    fc.sample(s, { numRuns: 2, seed: 7000 + i }).map((a): [Attempt] => [a]),
  );
}

/**
 * Tried on every call whatever the random runs pick: impossible dates on each date
 * input, and on each text input the strings most likely to break a driver or a parser.
 */
function fixedExamples(call: InputCall): [Attempt][] {
  const base = { path: pathFor(call, seed), query: validQuery(call), body: validBody(call) };
  const out: [Attempt][] = [];
  for (const [name, field] of Object.entries(call.query?.fields ?? {})) {
    const values = field.date ? [...IMPOSSIBLE_DATES, ...DRIVER_BREAKERS] : DRIVER_BREAKERS;
    for (const v of values)
      out.push([
        {
          ...base,
          what: `?${name}=${show(v)}`,
          query: Object.entries({ ...call.query!.valid(seed), [name]: v }),
        },
      ]);
  }
  for (const [name, field] of Object.entries(call.body?.fields ?? {})) {
    if (field.type !== 'string' || field.freeText) continue;
    const values = field.date ? [...IMPOSSIBLE_DATES, ...DRIVER_BREAKERS] : DRIVER_BREAKERS;
    for (const v of values)
      out.push([
        {
          ...base,
          what: `${name} = ${show(v)}`,
          body: JSON.stringify({ ...call.body!.valid(seed), [name]: v }),
        },
      ]);
  }
  for (const name of Object.keys(call.params ?? {})) {
    for (const v of DRIVER_BREAKERS)
      out.push([
        {
          ...base,
          what: `:${name} = ${show(v)}`,
          param: true,
          path: pathFor(call, seed, { [name]: wellFormed(v) }),
        },
      ]);
  }
  return out;
}

function send(call: InputCall, attempt: Attempt): Promise<Response> {
  const search = attempt.query.length
    ? `?${new URLSearchParams(attempt.query.map(([k, v]) => [k, wellFormed(v)]))}`
    : '';
  const headers: Record<string, string> = {};
  if (attempt.body !== undefined)
    headers['Content-Type'] = attempt.contentType ?? 'application/json';
  if (call.as === 'token') headers['x-internal-token'] = INTERNAL_TOKEN;
  return t.request(call.method, `${attempt.path}${search}`, {
    cookie: cookies[call.as],
    body: attempt.body,
    headers,
  });
}

/** Sends the attempt; the answer must be a 4xx JSON message (a page: itself, unharmed) and nothing stored may change. */
async function expectRefused(call: InputCall, attempt: Attempt): Promise<void> {
  const before = await snapshotDb(t.deps.db);
  const res = await send(call, attempt);
  const text = await res.text();
  const label = `${call.method} ${call.route} with ${attempt.what}: answered ${res.status} ${text.slice(0, 200)}`;
  if (call.page) {
    // A path that names nothing is a page that does not exist; a bad query shows a default view.
    expect(res.status, label).toBe(attempt.param ? 404 : 200);
    expect(res.headers.get('content-type'), label).toMatch(/^text\/html/);
    // A value the page shows must come back escaped, never as markup.
    for (const [, value] of attempt.query)
      if (/[<>]/.test(value))
        expect(text.includes(value), `${label}: reflected ${show(value)}`).toBe(false);
  } else {
    expect(res.status, label).toBeGreaterThanOrEqual(400);
    expect(res.status, label).toBeLessThan(500);
    expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
    const message = (JSON.parse(text) as { message?: unknown }).message;
    expect(typeof message === 'string' && message.trim().length > 0, `${label}: no message`).toBe(
      true,
    );
  }
  expect(changedTables(before, await snapshotDb(t.deps.db)), label).toEqual([]);
}

describe('the bad-input table', () => {
  it('has a row for every served call that takes input, and every GET is accounted for', () => {
    const rows = new Set(INPUT_CALLS.map((c) => `${c.method} ${c.route}`));
    const missing = servedRoutes(t.app)
      .filter((r) => !rows.has(`${r.method} ${r.path}`))
      .filter((r) => !(`${r.method} ${r.path}` in OWN_INPUT_CHECKS))
      .filter((r) => r.method !== 'GET' || r.path.includes(':') || !NO_INPUT_GETS.includes(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(
      missing,
      'add a row to tests/security/calls.ts (or, for a GET that reads no input, to NO_INPUT_GETS)',
    ).toEqual([]);
  });

  it('leaves out only receivers whose own file checks their bad input', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    for (const [call, file] of Object.entries(OWN_INPUT_CHECKS)) {
      const [, route] = call.split(' ');
      expect(readFileSync(path.join(root, file), 'utf8'), `${file} checks ${call}`).toContain(
        route,
      );
    }
  });

  it('names only routes the app serves', () => {
    const served = new Set(servedRoutes(t.app).map((r) => `${r.method} ${r.path}`));
    const stale = [
      ...INPUT_CALLS.map((c) => `${c.method} ${c.route}`),
      ...NO_INPUT_GETS.map((p) => `GET ${p}`),
    ].filter((r) => !served.has(r));
    expect(stale).toEqual([]);
  });
});

describe('bad input to each call', () => {
  for (const call of INPUT_CALLS) {
    if (call.noPayload) {
      it(`${call.method} ${call.route} takes no input: junk sent with it is harmless`, async () => {
        const junk = fc.record({
          body: fc.oneof(
            malformedJson,
            nonObjectJson,
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
          query: fc.array(fc.tuple(anyText, anyText), { maxLength: 3 }),
        });
        // A call that starts work (Sync now) has done it once here, so that junk sent with a
        // later call can be seen to change nothing beyond what the call itself does.
        await send(call, { what: 'a clean call', path: call.route, query: [], body: undefined });
        await t.idle();
        await fc.assert(
          fc.asyncProperty(junk, async ({ body, query }) => {
            const before = await snapshotDb(t.deps.db);
            const res = await send(call, { what: 'junk', path: call.route, query, body });
            expect(res.status).toBeLessThan(500);
            expect(res.headers.get('content-type')).toMatch(
              res.ok && call.answers ? call.answers : /^application\/json/,
            );
            await t.idle();
            const after = await snapshotDb(t.deps.db);
            expect(
              call.startsWork ? changedRowCounts(before, after) : changedTables(before, after),
            ).toEqual([]);
          }),
          // A sync or a snapshot per draw: 4 s of PGlite each under a full suite's load.
          { numRuns: call.wholeJob ? 4 : Math.ceil(NUM_RUNS / 2) },
        );
      }, 120_000);
      continue;
    }
    if (call.form) {
      it(`${call.method} ${call.route} answers bad form input with the page, a 4xx status, its message escaped, and changes nothing`, async () => {
        const strategies = formAttempts(call);
        await fc.assert(
          fc.asyncProperty(fc.oneof(...strategies), (attempt) => expectFormRefused(call, attempt)),
          { numRuns: NUM_RUNS, examples: drawsOfEach(strategies) },
        );
      });
      continue;
    }
    it(`${call.method} ${call.route} refuses bad input with a 4xx message and changes nothing`, async () => {
      const strategies = attempts(call);
      await fc.assert(
        fc.asyncProperty(fc.oneof(...strategies), (attempt) => expectRefused(call, attempt)),
        { numRuns: NUM_RUNS, examples: [...fixedExamples(call), ...drawsOfEach(strategies)] },
      );
    });
    if (call.body) {
      it(`${call.method} ${call.route} answers a body over ${MAX_BODY_BYTES / 1024} KB with 413 and changes nothing`, async () => {
        const before = await snapshotDb(t.deps.db);
        const huge = JSON.stringify({
          ...call.body!.valid(seed),
          padding: 'x'.repeat(MAX_BODY_BYTES + 1024),
        });
        const res = await send(call, {
          what: 'a huge body',
          path: pathFor(call, seed),
          query: validQuery(call),
          body: huge,
        });
        expect(res.status).toBe(413);
        expect(((await res.json()) as { message: string }).message).toMatch(/too large/i);
        expect(changedTables(before, await snapshotDb(t.deps.db))).toEqual([]);
      });
    }
  }
});

describe('real dates at the edges of the calendar', () => {
  // Each is a real date (or one JavaScript can parse) but far from any agency's history: a call
  // may accept it or answer 4xx, but must never fail on the way to the database.
  const EDGE_DATES = [
    '0000-01-03',
    '0001-01-01',
    '1900-01-01',
    '1970-01-01',
    '9999-12-27',
    '9999-12-31',
  ];
  const dated = INPUT_CALLS.filter(
    (c) =>
      !c.page &&
      [...Object.values(c.query?.fields ?? {}), ...Object.values(c.body?.fields ?? {})].some(
        (f) => f.date,
      ),
  );
  for (const call of dated) {
    it(`${call.method} ${call.route} answers edge dates without a server error`, async () => {
      const failures: string[] = [];
      const check = async (what: string, attempt: Omit<Attempt, 'what'>) => {
        const res = await send(call, { what, ...attempt });
        if (res.status >= 500) failures.push(`${what}: ${res.status} ${await res.text()}`);
        else await res.arrayBuffer();
      };
      const base = { path: pathFor(call, seed), query: validQuery(call), body: validBody(call) };
      for (const d of EDGE_DATES) {
        for (const [name, field] of Object.entries(call.query?.fields ?? {})) {
          if (field.date)
            await check(`?${name}=${d}`, {
              ...base,
              query: Object.entries({ ...call.query!.valid(seed), [name]: d }),
            });
        }
        for (const [name, field] of Object.entries(call.body?.fields ?? {})) {
          if (field.date)
            await check(`${name} = ${d}`, {
              ...base,
              body: JSON.stringify({ ...call.body!.valid(seed), [name]: d }),
            });
        }
        // An accepted edge date must not stop the next one being tried: put the seed back.
        await t.deps.db.query(
          `UPDATE selected_developers SET start_date = '2026-01-05', end_date = '2026-12-31' WHERE account_id = $1`,
          [seed.accountId],
        );
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('calls that read no input', () => {
  it('ignore a junk query string: never a server error, nothing changed', async () => {
    const junk = fc.record({
      path: fc.constantFrom(...NO_INPUT_GETS),
      query: fc.array(
        fc.tuple(fc.oneof(hostileString, fc.constantFrom('weekStart', 'id', 'tab')), anyText),
        { minLength: 1, maxLength: 3 },
      ),
    });
    // Reading a finished week of velocity stores it the first time (docs/decisions/061): one
    // clean read of each page first, so the junk reads can be held to changing nothing.
    for (const path of NO_INPUT_GETS) {
      await (await t.request('GET', path, { cookie: cookies.admin })).arrayBuffer();
    }
    await t.idle();
    await fc.assert(
      fc.asyncProperty(junk, async ({ path, query }) => {
        const before = await snapshotDb(t.deps.db);
        const search = new URLSearchParams(query.map(([k, v]) => [wellFormed(k), wellFormed(v)]));
        const res = await t.request('GET', `${path}?${search}`, { cookie: cookies.admin });
        expect(res.status, `${path}?${search}`).toBeLessThan(500);
        await res.arrayBuffer();
        expect(changedTables(before, await snapshotDb(t.deps.db))).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('answer JSON calls sent a body they do not read without harm', async () => {
    const res = await t.request('GET', '/api/user', {
      cookie: cookies.user,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const wrongMethod = await t.request('PUT', '/api/user', {
      cookie: cookies.user,
      body: '{"role":"admin"}',
    });
    expect(wrongMethod.status).toBe(404);
    expect(((await wrongMethod.json()) as { message: string }).message).toMatch(/No such call/);
  });
});

// Last, because they change data: each row's valid request is accepted, so the properties
// above refused the broken part, not a request that was never valid.
describe('the valid requests', () => {
  it('are accepted, so each refusal above was about the broken part', async () => {
    const refused: string[] = [];
    // Writes first (the link stores the Jira data the jira-data read needs), then reads, then
    // deletes (a scenario deleted first would leave the reads that name it nothing to find).
    const order = (c: InputCall) => (c.method === 'DELETE' ? 2 : c.method === 'GET' ? 1 : 0);
    const calls = INPUT_CALLS.filter((c) => !c.noPayload).sort((a, b) => order(a) - order(b));
    for (const call of calls) {
      // A form's valid POST goes as a form, as the browser sends it.
      const res = await send(call, {
        what: 'the valid request',
        path: pathFor(call, seed),
        query: validQuery(call),
        ...(call.form
          ? { body: formBody(call.body!.valid(seed)), contentType: FORM }
          : { body: validBody(call) }),
      });
      if (res.status < 200 || res.status > 299)
        refused.push(
          `${call.method} ${call.route}: ${res.status} ${(await res.text()).slice(0, 200)}`,
        );
    }
    expect(refused).toEqual([]);
  });
});
