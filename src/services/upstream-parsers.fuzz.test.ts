import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../shared/calendar';
import { isCurrencyCode } from '../shared/currency';
import { createForecastClient } from './forecast/client';
import {
  forecastAllocationSchema,
  forecastHolidayCalendarEntrySchema,
  forecastInvoiceSchema,
  forecastPersonSchema,
  forecastTimeRegistrationSchema,
} from './forecast/schemas';
import { createJiraClient } from './jira/client';
import { readIssue } from './jira/model';
import { jiraIssueBeanSchema, jiraSprintSchema } from './jira/schemas';
import { createPipedriveClient } from './pipedrive/client';
import {
  pipedriveDealSchema,
  pipedrivePipelineSchema,
  pipedriveStageSchema,
} from './pipedrive/schemas';
import { parseEach, type SkippedRecord } from './skipped-records';

// The parsers over generated records (docs/decisions/375): records of the published shapes
// (docs/reference/forecast-api.md, pipedrive-api.md, Atlassian's OpenAPI), hostile variants of
// them (a field missing or of another shape, an impossible date, an unknown currency) and ids
// drawn from a small range so that repeats are common. Whatever the mix, the client keeps exactly
// the well-formed records whose id (and Jira key) came first, in order, and names every other
// one; nothing throws. The clients run over their real HTTP core, answered by a fetch that sends
// the generated list as upstream would.

const RUNS = { numRuns: 60 };

const realDate = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const impossibleDate = fc.constantFrom(
  '2026-02-30',
  '2025-02-29',
  '2026-04-31',
  '2026-13-01',
  '2026-00-10',
  '2026-1-5',
  '26-01-05',
  '',
  'tomorrow',
);
const smallId = fc.integer({ min: 1, max: 25 });
const ref = fc.option(fc.integer({ min: 1, max: 1_000 }), { nil: null });
/** A weekday's minutes: whole or not (Forecast's are whole; a fraction is rounded, not refused). */
const minutes = fc.oneof(
  fc.integer({ min: 0, max: 600 }),
  fc.double({ min: 0, max: 24 * 60, noNaN: true }),
);
/** A weekday's minutes no day holds. */
const impossibleMinutes = fc.constantFrom(-30, 24 * 60 + 1, 1e9);
const knownCurrency = fc.constantFrom('USD', 'EUR', 'AUD', 'GBP', 'NZD', 'usd', ' eur ');
const unknownCurrency = fc.constantFrom('USDT', 'US$', 'XYZ', '', '€', 'DOLLARS', 'U S');
/** A value of no field's shape: every field we read is a string, a number or a boolean. */
const wrongShape = fc.constantFrom<unknown>({ nested: true }, [1, 2], { id: 1 });

type Json = Record<string, unknown>;
/** A record and whether a reader must keep it (before the repeat rule). */
interface Case {
  record: Json;
  ok: boolean;
}

/** Well-formed records and hostile variants: one required field dropped or spoiled, or a date. */
function cases(
  valid: fc.Arbitrary<Json>,
  spoil: { required: readonly string[]; dates?: readonly string[]; extra?: fc.Arbitrary<Json>[] },
): fc.Arbitrary<Case> {
  const dropped = fc.tuple(valid, fc.constantFrom(...spoil.required)).map(([r, key]) => {
    const copy = { ...r };
    delete copy[key];
    return copy;
  });
  const misshapen = fc
    .tuple(valid, fc.constantFrom(...spoil.required), wrongShape)
    .map(([r, key, value]) => ({ ...r, [key]: value }));
  const hostile: fc.Arbitrary<Json>[] = [dropped, misshapen, ...(spoil.extra ?? [])];
  if (spoil.dates?.length)
    hostile.push(
      fc
        .tuple(valid, fc.constantFrom(...spoil.dates), impossibleDate)
        .map(([r, key, value]) => ({ ...r, [key]: value })),
    );
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((record) => ({ record, ok: true })) },
    { weight: 2, arbitrary: fc.oneof(...hostile).map((record) => ({ record, ok: false })) },
  );
}

/** What a reader must keep: the well-formed records whose identities no kept record had. */
function expectedKept(list: readonly Case[], identities: (r: Json) => string[]): Json[] {
  const seen = new Set<string>();
  const kept: Json[] = [];
  for (const { record, ok } of list) {
    if (!ok) continue;
    const ids = identities(record);
    if (ids.some((id) => seen.has(id))) continue;
    for (const id of ids) seen.add(id);
    kept.push(record);
  }
  return kept;
}

/** A fetch answering every call with `body` as JSON, as the upstream would. */
const answering = (body: (url: URL) => unknown): typeof fetch =>
  (async (input: RequestInfo | URL) =>
    Response.json(
      body(new URL(input instanceof Request ? input.url : String(input))),
    )) as typeof fetch;

const fast = { timeoutMs: 5_000, deadlineMs: 10_000, sleep: async () => {}, maxRetries: 0 };

// Forecast (docs/reference/forecast-api.md): persons, allocations and holiday entries.
const weekdays = {
  monday: minutes,
  tuesday: minutes,
  wednesday: minutes,
  thursday: minutes,
  friday: minutes,
  saturday: minutes,
  sunday: minutes,
};
const person = fc.record({
  id: smallId,
  first_name: fc.option(fc.string(), { nil: null }),
  last_name: fc.string(),
  email: fc.option(fc.emailAddress(), { nil: null }),
  active: fc.boolean(),
  is_system_user: fc.constant(false),
  client_id: fc.constant(null),
  cost: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
  start_date: fc.option(realDate, { nil: null }),
  end_date: fc.option(realDate, { nil: null }),
  holiday_calendar_id: ref,
  department_id: ref,
  default_role: ref,
  ...weekdays,
});
const allocation = fc.record({
  id: smallId,
  project: ref,
  non_project_time: ref,
  person: ref,
  start_date: realDate,
  end_date: realDate,
  ...weekdays,
});
const holidayEntry = fc
  .record({
    id: smallId,
    holiday_calendar_id: fc.integer({ min: 1, max: 5 }),
    date: realDate,
    name: fc.option(fc.string(), { nil: null }),
  })
  .map(({ date, ...rest }) => ({
    ...rest,
    year: Number(date.slice(0, 4)),
    month: Number(date.slice(5, 7)),
    day: Number(date.slice(8, 10)),
  }));
const impossibleDay = fc
  .tuple(holidayEntry, fc.constantFrom([2026, 2, 30], [2025, 2, 29], [2026, 4, 31], [2026, 6, 31]))
  .map(([e, [year, month, day]]) => ({ ...e, year, month, day }));

// Pipedrive v2 (docs/reference/pipedrive-api.md): deals, stages, pipelines.
const deal = fc.record({
  id: smallId,
  title: fc.string(),
  owner_id: ref,
  pipeline_id: ref,
  stage_id: ref,
  value: fc.option(fc.double({ min: 0, max: 1e9, noNaN: true }), { nil: null }),
  currency: knownCurrency,
  status: fc.constant('open'),
  probability: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  expected_close_date: fc.option(realDate, { nil: null }),
  update_time: fc.option(
    realDate.map((d) => `${d}T10:00:00Z`),
    { nil: null },
  ),
});
const stage = fc.record({
  id: smallId,
  name: fc.string(),
  order_nr: fc.integer({ min: 0, max: 50 }),
  pipeline_id: fc.integer({ min: 1, max: 5 }),
  deal_probability: fc.integer({ min: 0, max: 100 }),
});
const pipeline = fc.record({
  id: smallId,
  name: fc.string(),
  order_nr: fc.integer({ min: 0, max: 9 }),
});

// Jira issues (Atlassian's OpenAPI, IssueBean with the fields a sync asks for).
const category = fc.constantFrom('new', 'indeterminate', 'done');
const issue = fc
  .record({
    id: fc.integer({ min: 10_000, max: 10_020 }).map(String),
    number: fc.integer({ min: 1, max: 20 }),
    status: fc.record({
      id: fc.constantFrom('1', '3', '10001'),
      name: fc.string({ minLength: 1 }),
      category,
    }),
    type: fc.constantFrom(
      { name: 'Story', hierarchyLevel: 0 },
      { name: 'Bug', hierarchyLevel: 0 },
      { name: 'Epic', hierarchyLevel: 1 },
    ),
    summary: fc.string(),
    points: fc.option(fc.integer({ min: 0, max: 13 }), { nil: null }),
    updated: realDate.map((d) => `${d}T09:12:45.321+0000`),
  })
  .map((i) => ({
    id: i.id,
    key: `FZ-${i.number}`,
    fields: {
      summary: i.summary,
      status: { id: i.status.id, name: i.status.name, statusCategory: { key: i.status.category } },
      issuetype: i.type,
      assignee: null,
      parent: null,
      updated: i.updated,
      customfield_10016: i.points,
    },
  }));
/** Status shapes a sync cannot read, the first as Atlassian's own examples give it. */
const oddStatus = fc.constantFrom<unknown>(
  { iconUrl: 'https://your-domain.atlassian.net/images/icons/statuses/open.png', name: 'Open' },
  'Open',
  { name: 'Open', statusCategory: 'done' },
  { statusCategory: { key: 'done' } },
  null,
);
const issueCases = fc.oneof(
  { weight: 3, arbitrary: issue.map((record) => ({ record: record as Json, ok: true })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc
          .tuple(issue, oddStatus)
          .map(([i, status]) => ({ ...i, fields: { ...i.fields, status } })),
        // A ticket needs its "updated" time; an epic does not.
        issue.map((i) => ({
          ...i,
          fields: {
            ...i.fields,
            issuetype: { name: 'Story', hierarchyLevel: 0 },
            updated: 'yesterday',
          },
        })),
        issue.map((i) => ({ ...i, fields: { ...i.fields, issuetype: { hierarchyLevel: 0 } } })),
        issue.map(({ key: _, ...i }) => i),
      )
      .map((record) => ({ record: record as Json, ok: false })),
  },
);

const byId = (r: Json) => [`id=${String(r.id)}`];
const ids = (rows: readonly { id: unknown }[]) => rows.map((r) => r.id);

/** `valid` with one weekday's minutes that no day holds. */
const withMinutes = (valid: fc.Arbitrary<Json>) =>
  fc
    .tuple(valid, fc.constantFrom(...Object.keys(weekdays)), impossibleMinutes)
    .map(([r, day, value]) => ({ ...r, [day]: value }));

describe('the Forecast lists, record by record', () => {
  const lists = {
    '/api/v2/persons': cases(person, {
      required: ['id', 'active', 'is_system_user'],
      dates: ['start_date', 'end_date'],
      extra: [withMinutes(person)],
    }),
    '/api/v1/allocations': cases(allocation, {
      required: ['id', 'start_date', 'end_date'],
      dates: ['start_date', 'end_date'],
      extra: [withMinutes(allocation)],
    }),
    '/api/v1/holiday_calendar_entries': cases(holidayEntry, {
      required: ['id', 'holiday_calendar_id', 'year', 'month', 'day'],
      extra: [impossibleDay],
    }),
  };

  it('keep exactly the well-formed records whose id came first, and name the rest', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lists['/api/v2/persons'], { maxLength: 30 }),
        fc.array(lists['/api/v1/allocations'], { maxLength: 30 }),
        fc.array(lists['/api/v1/holiday_calendar_entries'], { maxLength: 30 }),
        async (persons, allocations, entries) => {
          const answers: Record<string, Case[]> = {
            '/api/v2/persons': persons,
            '/api/v1/allocations': allocations,
            '/api/v1/holiday_calendar_entries': entries,
          };
          const skipped: SkippedRecord[] = [];
          const forecast = createForecastClient({
            baseUrl: 'https://fuzz.forecast.test',
            apiKey: 'fuzz',
            companyCurrency: 'USD',
            onSkipped: (r) => skipped.push(r),
            fetch: answering((url) => answers[url.pathname]!.map((c) => c.record)),
            ...fast,
          });
          const read = {
            persons: await forecast.persons(),
            allocations: await forecast.allocations(),
            entries: await forecast.holidayCalendarEntries(),
          };
          expect(ids(read.persons)).toEqual(ids(expectedKept(persons, byId) as { id: unknown }[]));
          expect(ids(read.allocations)).toEqual(
            ids(expectedKept(allocations, byId) as { id: unknown }[]),
          );
          expect(ids(read.entries)).toEqual(ids(expectedKept(entries, byId) as { id: unknown }[]));
          const total = persons.length + allocations.length + entries.length;
          expect(skipped.length).toBe(
            total - read.persons.length - read.allocations.length - read.entries.length,
          );
          for (const p of read.persons)
            for (const d of [p.start_date, p.end_date]) if (d) expect(isIsoDate(d)).toBe(true);
          // What reaches the integer columns is whole.
          for (const row of [...read.persons, ...read.allocations])
            for (const day of Object.keys(weekdays))
              expect(Number.isInteger(row[day as keyof typeof row])).toBe(true);
          for (const s of skipped)
            expect(s.reason).toMatch(/^Forecast (person|allocation|holiday calendar entry)/);
        },
      ),
      RUNS,
    );
  });
});

describe('the Pipedrive lists, record by record', () => {
  const dealCases = cases(deal, {
    required: ['id', 'title', 'currency', 'status'],
    dates: ['expected_close_date'],
    extra: [fc.tuple(deal, unknownCurrency).map(([d, currency]) => ({ ...d, currency }))],
  });
  const stageCases = cases(stage, { required: ['id', 'name', 'pipeline_id'] });
  const pipelineCases = cases(pipeline, { required: ['id', 'name'] });

  it('keep exactly the well-formed records whose id came first, in known currencies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(dealCases, { maxLength: 40 }),
        fc.array(stageCases, { maxLength: 20 }),
        fc.array(pipelineCases, { maxLength: 10 }),
        async (deals, stages, pipelines) => {
          const answers: Record<string, Case[]> = {
            '/api/v2/deals': deals,
            '/api/v2/stages': stages,
            '/api/v2/pipelines': pipelines,
          };
          const skipped: SkippedRecord[] = [];
          const pipedrive = createPipedriveClient({
            baseUrl: 'https://fuzz.pipedrive.test',
            apiToken: 'fuzz',
            onSkipped: (r) => skipped.push(r),
            fetch: answering((url) => ({
              success: true,
              data: answers[url.pathname]!.map((c) => c.record),
              additional_data: { next_cursor: null },
            })),
            ...fast,
          });
          const read = {
            deals: await pipedrive.openDeals(),
            stages: await pipedrive.stages(),
            pipelines: await pipedrive.pipelines(),
          };
          expect(ids(read.deals)).toEqual(ids(expectedKept(deals, byId) as { id: unknown }[]));
          expect(ids(read.stages)).toEqual(ids(expectedKept(stages, byId) as { id: unknown }[]));
          expect(ids(read.pipelines)).toEqual(
            ids(expectedKept(pipelines, byId) as { id: unknown }[]),
          );
          for (const d of read.deals) expect(isCurrencyCode(d.currency)).toBe(true);
          expect(skipped.length).toBe(
            deals.length +
              stages.length +
              pipelines.length -
              read.deals.length -
              read.stages.length -
              read.pipelines.length,
          );
        },
      ),
      RUNS,
    );
  });
});

describe('the Jira issue search, issue by issue', () => {
  const ids = { storyPoints: ['customfield_10016'], sprint: null };

  it('keeps the readable issues whose id and key came first, and names every other one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(issueCases, { maxLength: 40 }),
        fc.integer({ min: 1, max: 40 }),
        async (list, pageSize) => {
          const pages: Json[][] = [];
          for (let i = 0; i < list.length; i += pageSize)
            pages.push(list.slice(i, i + pageSize).map((c) => c.record));
          if (pages.length === 0) pages.push([]);
          let page = 0;
          const skipped: SkippedRecord[] = [];
          const jira = createJiraClient({
            baseUrl: 'https://fuzz.atlassian.test',
            email: 'fuzz@agency.test',
            apiToken: 'fuzz',
            onSkipped: (r) => skipped.push(r),
            fetch: answering(() => {
              const issues = pages[page]!;
              page++;
              return page < pages.length
                ? { issues, nextPageToken: `page-${page}`, isLast: false }
                : { issues, isLast: true };
            }),
            ...fast,
          });
          const read: string[] = [];
          const search = { jql: 'project = FZ', fields: ['status'] };
          for await (const found of jira.searchIssuePages(search, (bean) => readIssue(bean, ids)))
            for (const r of found) read.push(r.kind === 'epic' ? r.epic.key : r.ticket.key);
          const kept = expectedKept(list, (r) => [`id=${String(r.id)}`, `key=${String(r.key)}`]);
          expect(read).toEqual(kept.map((r) => r.key));
          expect(skipped.length).toBe(list.length - read.length);
          for (const s of skipped) expect(s.reason).toMatch(/^Jira issue [A-Z0-9-]+: /);
        },
      ),
      RUNS,
    );
  });
});

describe('parseEach over anything at all', () => {
  const schemas = {
    'time registration': forecastTimeRegistrationSchema,
    invoice: forecastInvoiceSchema,
    person: forecastPersonSchema,
    allocation: forecastAllocationSchema,
    'holiday calendar entry': forecastHolidayCalendarEntrySchema,
    deal: pipedriveDealSchema,
    stage: pipedriveStageSchema,
    pipeline: pipedrivePipelineSchema,
    issue: jiraIssueBeanSchema,
    sprint: jiraSprintSchema,
  };

  it('never throws, and keeps or names every item', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(schemas) as (keyof typeof schemas)[])),
        fc.array(fc.oneof(fc.anything(), fc.jsonValue()), { maxLength: 20 }),
        (label, items) => {
          const skipped: SkippedRecord[] = [];
          const kept = parseEach(items, schemas[label], {
            service: 'Forecast',
            label,
            onSkipped: (r) => skipped.push(r),
            unique: (row: unknown): Record<string, string> =>
              row && typeof row === 'object' && 'id' in row ? { id: String(row.id) } : {},
          });
          expect(kept.length + skipped.length).toBe(items.length);
          for (const s of skipped) expect(s.reason.startsWith(`Forecast ${label}`)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
