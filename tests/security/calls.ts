import fc from 'fast-check';
import { sha256 } from '@oslojs/crypto/sha2';
import { hashSecret } from '../../src/auth/session';
import type { Db } from '../../src/db/port';
import { TEST_PASSWORD } from '../helpers/app';
import { AUDIT_KIND_NAMES } from '../../src/shared/audit';
import { DEV_STATUSES } from '../../src/shared/dev-status';
import {
  anyText,
  badDate,
  badEmail,
  badNumericId,
  badPositiveInt,
  hostileString,
  jsonNotOfType,
} from './inputs';

/**
 * Every call that takes input (a JSON body, route params or a query string), with a valid
 * request for it and what makes each part invalid. The bad-input suite breaks one part at a
 * time; the auth-attack suite replays the valid requests cross-origin. A served route that
 * takes input and has no row here fails the bad-input suite.
 */

/** Who makes the request: the suites sign these in (token = the internal users-command token). */
export type Caller = 'anonymous' | 'user' | 'staff' | 'admin' | 'token';
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Rows the suites put in the database first, so a wrongly accepted request has something to change. */
export interface Seed {
  /** A project on the dashboard: Team 1, visible, on the demo agency's Forecast 4001 and Jira ASR. */
  projectId: number;
  /** A second, hidden project with no upstream links (the one a valid delete removes). */
  otherProjectId: number;
  /** An account awaiting approval (an accepted PATCH would approve it). */
  unapprovedUserId: string;
  unapprovedEmail: string;
  /** A project removed from the dashboard a day ago, so an admin can restore it. */
  removedProjectId: number;
  /** A selected developer: started 2026-01-05, ends 2026-12-31. */
  accountId: string;
  displayName: string;
  /** An open alert (stale data, agency-wide) the seed's callers may acknowledge and snooze. */
  alertId: number;
  /** The selected developer's row on the roster (someone only in Jira). */
  personId: number;
  /** A saved deal-plan scenario, and the open deal it marks won. */
  scenarioId: number;
  dealId: number;
  /** A client link on the first project that a valid DELETE revokes (the room's link stays open). */
  shareLinkId: number;
}

/** A one-time reset link the seed stores, so a valid reset request has a link to use. */
export const SEED_RESET_TOKEN = 'abcdefghijkmnpqrstuvwxyz.23456789abcdefghijkmnpqr';

/** A client room link the seed stores on the first project, open for a year. */
export const SEED_SHARE_TOKEN = 'SeedRoomToken000000000';

export const SEED_ACCOUNT = {
  accountId: 'seed-account-0001',
  displayName: 'Seed Developer',
} as const;
/** Projects of the demo agency the mock services know (src/mocks/agency/spine.ts). */
export const DEMO_ON_DASHBOARD = { forecastProjectId: 4001, jiraKey: 'ASR' } as const;
export const DEMO_NOT_ON_DASHBOARD = { forecastProjectId: 4036 } as const;

export async function seedForInputTests(db: Db): Promise<Seed> {
  const [a] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, team_name, forecast_project_id, jira_project_key, visible)
     VALUES ('Seed Project', 'Team 1', $1, $2, 1) RETURNING id`,
    [DEMO_ON_DASHBOARD.forecastProjectId, DEMO_ON_DASHBOARD.jiraKey],
  );
  const [b] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, visible) VALUES ('Hidden Seed Project', 0) RETURNING id`,
  );
  const unapprovedEmail = 'seed-awaiting@agency.test';
  const [u] = await db.query<{ id: string }>(
    `INSERT INTO users (email, password, role, approved) VALUES ($1, 'scrypt$1024$8$1$AAAA$AAAA', 'user', false) RETURNING id`,
    [unapprovedEmail],
  );
  await db.query(
    `INSERT INTO selected_developers (account_id, display_name, start_date, end_date) VALUES ($1, $2, '2026-01-05', '2026-12-31')`,
    [SEED_ACCOUNT.accountId, SEED_ACCOUNT.displayName],
  );
  await db.query(
    `INSERT INTO developer_availability (account_id, display_name, date, is_away) VALUES ($1, $2, '2026-01-06', true)`,
    [SEED_ACCOUNT.accountId, SEED_ACCOUNT.displayName],
  );
  const [person] = await db.query<{ id: number }>(
    'INSERT INTO people (name, jira_account_id) VALUES ($1, $2) RETURNING id',
    [SEED_ACCOUNT.displayName, SEED_ACCOUNT.accountId],
  );
  const [alert] = await db.query<{ id: number }>(
    `INSERT INTO alerts (rule, subject, money, opened_at, last_seen_at, message, numbers)
     VALUES ('stale', 'agency', false, now(), now(), 'Data is stale.', '{}') RETURNING id`,
  );
  // A reset link for the account awaiting approval (docs/decisions/167).
  const [resetId, resetSecret] = SEED_RESET_TOKEN.split('.') as [string, string];
  await db.query(
    `INSERT INTO password_resets (id, secret_hash, user_id, created_by, expires_at)
     VALUES ($1, $2, $3, 'seed@agency.test', now() + interval '1 day')`,
    [resetId, hashSecret(resetSecret), u!.id],
  );
  const dealId = 7_001;
  await db.query(
    `INSERT INTO pipedrive_stages (id, name, pipeline_id, pipeline_name) VALUES (1, 'Qualified', 1, 'New business')`,
  );
  await db.query(
    `INSERT INTO pipedrive_deals (id, title, value, currency, probability, expected_close_date)
     VALUES ($1, 'Seed deal', 10000, 'USD', 50, '2026-12-07')`,
    [dealId],
  );
  const [scenario] = await db.query<{ id: number }>(
    `INSERT INTO plan_scenarios (name, deals) VALUES ('Seed scenario', $1::text::jsonb) RETURNING id`,
    [JSON.stringify([{ id: dealId, status: 'won' }])],
  );
  const removedProjectId = 900_001;
  await db.query(
    `INSERT INTO removed_projects (id, name, row, removed_at, removed_by)
     VALUES ($1, 'Removed Seed Project', $2::text::jsonb, now() - interval '1 day', 'seed@agency.test')`,
    [
      removedProjectId,
      JSON.stringify({ id: removedProjectId, name: 'Removed Seed Project', visible: 1 }),
    ],
  );
  // Client room links (docs/decisions/430): one to open, one to revoke.
  const links: number[] = [];
  for (const token of [SEED_SHARE_TOKEN, 'SeedRevokedToken000000']) {
    const hash = sha256(new TextEncoder().encode(token));
    const [link] = await db.query<{ id: number }>(
      `INSERT INTO share_links (project_id, token_lookup, token_hash, label, rolling, expires_on,
         created_at, created_by)
       VALUES ($1, $2, $3, 'Seed link', true, (now() + interval '1 year')::date, now(), 'seed@agency.test')
       RETURNING id`,
      [a!.id, hash.slice(0, 8), hash],
    );
    links.push(Number(link!.id));
  }
  return {
    shareLinkId: links[1]!,
    alertId: Number(alert!.id),
    personId: Number(person!.id),
    scenarioId: Number(scenario!.id),
    dealId,
    projectId: a!.id,
    otherProjectId: b!.id,
    removedProjectId,
    unapprovedUserId: u!.id,
    unapprovedEmail,
    ...SEED_ACCOUNT,
  };
}

export type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object';
export interface BodyField {
  type: JsonType;
  nullable?: boolean;
  optional?: boolean;
  /** Values of the right type that are still wrong (impossible dates, unknown keys, out of range). */
  invalid?: fc.Arbitrary<unknown>;
  /** A 'YYYY-MM-DD' field: the suite always tries the impossible dates on it too. */
  date?: true;
  /** Any text is a valid value (a password): only `invalid` is tried, never the suite's hostile strings. */
  freeText?: true;
}
export interface QueryField {
  optional?: boolean;
  invalid: fc.Arbitrary<string>;
  date?: true;
}
export interface ParamField {
  valid: (s: Seed) => string;
  invalid: fc.Arbitrary<string>;
}

export interface InputCall {
  method: Method;
  /** The route pattern as Hono lists it in app.routes. */
  route: string;
  as: Caller;
  params?: Record<string, ParamField>;
  query?: {
    valid: (s: Seed) => Record<string, string>;
    fields: Record<string, QueryField>;
    /** Parts that are each fine but wrong together (a range that ends before it starts). */
    invalidTogether?: fc.Arbitrary<Record<string, string>>;
  };
  /** The valid body is one the server would act on, so accepting a broken one shows up as a change. */
  body?: { valid: (s: Seed) => Record<string, unknown>; fields: Record<string, BodyField> };
  /**
   * docs/product-spec.md, "Calls", says the call has no payload: whatever junk comes with it must
   * be harmless.
   */
  noPayload?: true;
  /**
   * The call starts work that writes (Sync now stamps when each copy was synced), so junk sent
   * with it is checked to change no row count rather than no row.
   */
  startsWork?: true;
  /**
   * Each call does a whole job (a sync, a snapshot of the database): junk is sent with it a few
   * times, not as often as with a call that only reads its input.
   */
  wholeJob?: true;
  /** A page, not a JSON call: bad input falls back to a default view, never an error page. */
  page?: true;
  /** The content type of its answer when that is a file, not JSON (a snapshot); errors stay JSON. */
  answers?: RegExp;
  /**
   * A form's POST (application/x-www-form-urlencoded, every field text): bad input is answered
   * with the page and its message, status 4xx. Fields a form does not send are ignored.
   */
  form?: true;
}

const ROLES = ['admin', 'staff', 'user'];
/** A new account's password: any text of 8 to 256 characters. */
const NEW_PASSWORD: BodyField = {
  type: 'string',
  freeText: true,
  invalid: fc.oneof(fc.string({ maxLength: 7 }), fc.string({ minLength: 257, maxLength: 600 })),
};
const TEAMS = ['Team 1', 'Team 2', 'Team 3', 'Team 4'];
const projectId: ParamField = { valid: (s) => String(s.projectId), invalid: badNumericId };
/** Jira keys are letters, digits and underscores, starting with a letter. */
const looksLikeJiraKey = (s: string) => /^[A-Za-z][A-Za-z0-9_]*$/.test(s.trim());
const realDateBefore = fc.constantFrom('2025-12-31', '2000-01-01', '2026-01-04');
const realDateAfter = fc.constantFrom('2027-01-01', '2999-12-31', '2030-06-15');
/** Account ids that are empty, too long for the column (255), or name nobody selected. */
const badAccountId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '   ', 'x'.repeat(256)),
  anyText.filter((s) => s.trim() !== SEED_ACCOUNT.accountId),
);
const badWeekStart: QueryField = { date: true, invalid: badDate };
/** The Agency Dashboard also bounds the years it shows (2000-2999). */
const badAgencyWeekStart: QueryField = {
  date: true,
  invalid: fc.oneof(badDate, fc.constantFrom('1999-12-27', '3000-01-06')),
};

/** The alert list's filters: a project id that is not a positive whole number, an unknown status or rule. */
const alertFilters: NonNullable<InputCall['query']> = {
  valid: (s) => ({ status: 'all', projectId: String(s.projectId), rule: 'stale' }),
  fields: {
    status: {
      optional: true,
      invalid: anyText.filter((v) => !['open', 'closed', 'all'].includes(v)),
    },
    projectId: { optional: true, invalid: badNumericId.filter((v) => !/^[1-9]\d{0,8}$/.test(v)) },
    rule: {
      optional: true,
      invalid: anyText.filter(
        (v) =>
          ![
            'overdue',
            'budget_burn',
            'retainer',
            'margin',
            'velocity',
            'blocked',
            'stale',
            'availability',
          ].includes(v),
      ),
    },
  },
};
const alertId: ParamField = { valid: (s) => String(s.alertId), invalid: badNumericId };
const threshold = (min: number, max: number): BodyField => ({
  type: 'number',
  invalid: fc.constantFrom(min - 1, max + 1, min + 0.5, 1e9, -1e9),
});

export const INPUT_CALLS: InputCall[] = [
  // Alerts: filters, per-person acknowledge and snooze, thresholds, the digest toggle.
  { method: 'GET', route: '/api/alerts', as: 'admin', query: alertFilters },
  { method: 'GET', route: '/api/alerts/export.csv', as: 'admin', query: alertFilters },
  { method: 'GET', route: '/alerts', as: 'admin', query: alertFilters, page: true },
  {
    method: 'POST',
    route: '/api/alerts/acknowledge',
    as: 'admin',
    body: {
      valid: (s) => ({ ids: [s.alertId] }),
      fields: {
        ids: {
          type: 'array',
          invalid: fc.oneof(
            fc.constant([]),
            fc.array(jsonNotOfType('number'), { minLength: 1, maxLength: 3 }),
            fc.array(fc.constantFrom(0, -1, 1.5, 1e10), { minLength: 1, maxLength: 3 }),
            fc.constant(Array.from({ length: 501 }, (_, i) => i + 1)),
          ),
        },
      },
    },
  },
  { method: 'POST', route: '/api/alerts/:id/acknowledge', as: 'admin', params: { id: alertId } },
  {
    method: 'POST',
    route: '/api/alerts/:id/snooze',
    as: 'admin',
    params: { id: alertId },
    body: {
      valid: () => ({ hours: 24 }),
      fields: { hours: { type: 'number', invalid: fc.constantFrom(0, -1, 721, 1.5, 1e9, -0.5) } },
    },
  },
  { method: 'DELETE', route: '/api/alerts/:id/my-state', as: 'admin', params: { id: alertId } },
  {
    method: 'PUT',
    route: '/api/admin/alert-settings',
    as: 'admin',
    body: {
      valid: () => ({
        overdueDays: 21,
        budgetBurnPercent: 75,
        retainerPercent: 15,
        marginPercent: 25,
        velocityPercent: 50,
        blockedTickets: 3,
        staleHours: 12,
        availabilityFromWeekday: 3,
      }),
      fields: {
        overdueDays: threshold(1, 365),
        budgetBurnPercent: threshold(1, 1000),
        retainerPercent: threshold(1, 100),
        marginPercent: threshold(-100, 100),
        velocityPercent: threshold(1, 200),
        blockedTickets: threshold(1, 1000),
        staleHours: threshold(1, 168),
        availabilityFromWeekday: threshold(1, 5),
      },
    },
  },
  {
    method: 'PUT',
    route: '/api/digest-subscription',
    as: 'user',
    body: { valid: () => ({ subscribed: true }), fields: { subscribed: { type: 'boolean' } } },
  },
  // Auth (docs/product-spec.md, "Calls"). Login and sign-up are public; a failed login with valid
  // input is a counted attempt by design, so the broken parts here are always invalid as input.
  {
    method: 'POST',
    route: '/api/signup',
    as: 'anonymous',
    body: {
      valid: () => ({ email: 'would-be-created@agency.test', password: 'a long enough password' }),
      fields: {
        email: { type: 'string', invalid: badEmail },
        password: NEW_PASSWORD,
      },
    },
  },
  {
    method: 'POST',
    route: '/api/login',
    as: 'anonymous',
    body: {
      valid: () => ({ email: 'login-seed@agency.test', password: 'the right password' }),
      fields: {
        email: { type: 'string', invalid: badEmail },
        password: {
          type: 'string',
          freeText: true,
          invalid: fc.oneof(fc.constant(''), fc.string({ minLength: 257, maxLength: 600 })),
        },
      },
    },
  },
  // The sign-in page's own form, for browsers without JavaScript: the same rules as the calls.
  {
    method: 'POST',
    route: '/auth',
    as: 'anonymous',
    form: true,
    body: {
      valid: () => ({
        mode: 'signup',
        email: 'would-be-created@agency.test',
        password: 'a long enough password',
        next: '/',
      }),
      fields: {
        mode: {
          type: 'string',
          invalid: fc.oneof(fc.constantFrom('', 'SIGNUP', 'login'), anyText),
        },
        email: { type: 'string', invalid: badEmail },
        password: NEW_PASSWORD,
      },
    },
  },
  { method: 'POST', route: '/api/logout', as: 'anonymous', noPayload: true },
  {
    method: 'POST',
    route: '/api/admin/sync',
    as: 'admin',
    noPayload: true,
    startsWork: true,
    wholeJob: true,
  },

  // Admin account management.
  {
    method: 'PATCH',
    route: '/api/admin/users/:id',
    as: 'admin',
    params: {
      id: {
        valid: (s) => s.unapprovedUserId,
        invalid: fc.oneof(
          fc.uuid(),
          fc.constantFrom('1', '-1', '00000000-0000-0000-0000-00000000000g'),
          anyText,
        ),
      },
    },
    body: {
      valid: () => ({ approved: true }),
      fields: {
        approved: { type: 'boolean', optional: true },
        role: {
          type: 'string',
          optional: true,
          invalid: fc.oneof(
            fc.constantFrom('Admin', 'ADMIN', 'superuser', 'admin '),
            anyText.filter((s) => !ROLES.includes(s)),
          ),
        },
      },
    },
  },
  {
    method: 'POST',
    route: '/internal/users-command',
    as: 'token',
    body: {
      valid: (s) => ({ args: ['approve', s.unapprovedEmail], by: 'alice' }),
      fields: {
        args: {
          type: 'array',
          invalid: fc.oneof(
            fc.array(fc.string(), { minLength: 5, maxLength: 8 }),
            fc.array(jsonNotOfType('string'), { minLength: 1, maxLength: 3 }),
            fc.constant(['approve', 'x'.repeat(321)]),
            fc.array(hostileString, { minLength: 1, maxLength: 3 }),
          ),
        },
        by: {
          type: 'string',
          optional: true,
          invalid: fc.oneof(
            fc.string({ minLength: 101, maxLength: 200 }),
            hostileString.filter((v) => !/^[\p{L}\p{N}._@$-]*$/u.test(v)),
          ),
        },
      },
    },
  },

  // `npm run backup` through the running server: it reads nothing sent with it (on PostgreSQL,
  // where there is no embedded folder to snapshot, it answers 404).
  {
    method: 'POST',
    route: '/internal/backup',
    as: 'token',
    noPayload: true,
    wholeJob: true,
    answers: /^application\/gzip/,
  },

  // The audit log (admin): the call, its CSV and its page share the filters.
  ...(['/api/admin/audit', '/api/admin/audit/csv', '/agency/audit'] as const).map(
    (route): InputCall => ({
      method: 'GET',
      route,
      as: 'admin',
      ...(route === '/agency/audit' ? { page: true as const } : {}),
      query: {
        valid: () => ({
          person: 'admin',
          kind: 'project.team',
          from: '2026-11-01',
          to: '2026-11-30',
        }),
        fields: {
          person: { optional: true, invalid: fc.string({ minLength: 255, maxLength: 400 }) },
          kind: {
            optional: true,
            invalid: anyText.filter((k) => !(AUDIT_KIND_NAMES as string[]).includes(k)),
          },
          // Dates, not a week: the page is no week page for the week-bounds sweep.
          from: {
            optional: true,
            ...(route === '/agency/audit' ? {} : { date: true as const }),
            invalid: badDate,
          },
          to: {
            optional: true,
            ...(route === '/agency/audit' ? {} : { date: true as const }),
            invalid: badDate,
          },
          page: { optional: true, invalid: fc.constantFrom('0', '-1', 'x', '1.5', '100000') },
        },
        invalidTogether: fc.constant({ from: '2026-11-30', to: '2026-11-01' }),
      },
    }),
  ),

  // Passwords (docs/decisions/167): one's own, a reset link, and the admin's link for someone.
  {
    method: 'POST',
    route: '/api/account/password',
    as: 'user',
    body: {
      valid: () => ({
        currentPassword: TEST_PASSWORD,
        newPassword: 'a long fresh passphrase',
      }),
      fields: {
        currentPassword: {
          type: 'string',
          freeText: true,
          invalid: fc.oneof(fc.constant(''), fc.string({ minLength: 257, maxLength: 600 })),
        },
        newPassword: {
          type: 'string',
          freeText: true,
          invalid: fc.oneof(
            fc.string({ maxLength: 7 }),
            fc.constantFrom('        ', 'password', 'Password1'),
            fc.string({ minLength: 257, maxLength: 600 }),
          ),
        },
      },
    },
  },
  {
    method: 'POST',
    route: '/api/password-reset',
    as: 'anonymous',
    body: {
      valid: () => ({ token: SEED_RESET_TOKEN, newPassword: 'a long fresh passphrase' }),
      fields: {
        token: {
          type: 'string',
          invalid: fc.oneof(
            fc.constantFrom(
              '',
              'abc',
              'abcdefghijkmnpqrstuvwxyz',
              'ABCDEFGHIJKMNPQRSTUVWXYZ.abcdefghijkmnpqrstuvwxyz',
            ),
            anyText.filter((s) => !/^[a-km-np-z2-9]{24}\.[a-km-np-z2-9]{24}$/.test(s)),
          ),
        },
        newPassword: {
          type: 'string',
          freeText: true,
          invalid: fc.oneof(fc.string({ maxLength: 7 }), fc.constantFrom('        ', 'password')),
        },
      },
    },
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/reset-link',
    as: 'admin',
    params: {
      id: {
        valid: (s) => s.unapprovedUserId,
        invalid: fc.oneof(
          fc.constantFrom('1', '-1', '00000000-0000-0000-0000-00000000000g'),
          anyText,
        ),
      },
    },
  },
  {
    method: 'GET',
    route: '/reset-password',
    as: 'anonymous',
    page: true,
    query: {
      valid: () => ({ token: 'abcdefghijkmnpqrstuvwxyz.abcdefghijkmnpqrstuvwxyz' }),
      fields: { token: { optional: true, invalid: fc.string({ minLength: 101, maxLength: 300 }) } },
    },
  },

  // Capacity (staff and admins).
  // The Capacity call and its CSV (staff and admins) share their query.
  ...(['/api/capacity', '/api/capacity/export.csv'] as const).map(
    (route): InputCall => ({
      method: 'GET',
      route,
      as: 'staff',
      query: {
        valid: () => ({ from: '2026-11-16', weeks: '12', tentative: '1', minProbability: '50' }),
        fields: {
          from: {
            optional: true,
            date: true,
            invalid: fc.oneof(badDate, fc.constant('1999-12-27')),
          },
          weeks: { optional: true, invalid: fc.constantFrom('0', '27', '1.5', 'twelve', '-3') },
          tentative: { optional: true, invalid: fc.constantFrom('yes', '2', 'true') },
          minProbability: { optional: true, invalid: fc.constantFrom('101', '-1', 'half') },
        },
      },
    }),
  ),

  // Deals staffed if won and their scenarios (staff and admins; docs/decisions/410).
  {
    method: 'GET',
    route: '/api/plan/deals',
    as: 'staff',
    query: {
      valid: (s) => ({ scenario: String(s.scenarioId) }),
      fields: { scenario: { optional: true, invalid: badNumericId } },
    },
  },
  {
    method: 'GET',
    route: '/api/plan/deals/:id/fit',
    as: 'staff',
    params: { id: { valid: (s) => String(s.dealId), invalid: badNumericId } },
    query: {
      valid: (s) => ({ start: '2026-12-14', scenario: String(s.scenarioId) }),
      fields: {
        start: { optional: true, date: true, invalid: badDate },
        scenario: { optional: true, invalid: badNumericId },
      },
    },
  },
  ...(['POST', 'PUT'] as const).map(
    (method): InputCall => ({
      method,
      route: method === 'POST' ? '/api/plan/scenarios' : '/api/plan/scenarios/:id',
      as: 'staff',
      ...(method === 'PUT'
        ? { params: { id: { valid: (s) => String(s.scenarioId), invalid: badNumericId } } }
        : {}),
      body: {
        valid: (s) => ({ name: 'Win the seed', deals: [{ id: s.dealId, status: 'won' }] }),
        fields: {
          name: {
            type: 'string',
            freeText: true,
            invalid: fc.constantFrom('', '   ', 'x'.repeat(101), 'tab\there', '\u0000'),
          },
          deals: {
            type: 'array',
            invalid: fc.constantFrom(
              [{ id: 0, status: 'won' }],
              [{ id: 1.5, status: 'won' }],
              [{ id: 7001, status: 'maybe' }],
              [{ id: 7001, status: 'won', start: '2026-02-30' }],
              [{ id: 7001, status: 'won', extra: 1 }],
              [
                { id: 7001, status: 'won' },
                { id: 7001, status: 'lost' },
              ],
              ['7001'],
            ),
          },
        },
      },
    }),
  ),
  {
    method: 'PUT',
    route: '/api/plan/role-mixes/:pipelineId',
    as: 'admin',
    params: { pipelineId: { valid: () => '1', invalid: badNumericId } },
    body: {
      valid: () => ({
        mix: [
          { role: 'Developer', weight: 3 },
          { role: 'Designer', weight: 1 },
        ],
      }),
      fields: {
        mix: {
          type: 'array',
          nullable: true,
          invalid: fc.constantFrom(
            [],
            [{ role: '', weight: 1 }],
            [{ role: 'Developer', weight: 0 }],
            [{ role: 'Developer', weight: -1 }],
            [{ role: 'Developer' }],
            [{ role: 'Developer', weight: 1, extra: true }],
            [
              { role: 'Developer', weight: 1 },
              { role: 'Developer', weight: 2 },
            ],
            ['Developer'],
          ),
        },
      },
    },
  },
  ...(['GET', 'DELETE'] as const).map(
    (method): InputCall => ({
      method,
      route: '/api/plan/scenarios/:id',
      as: 'staff',
      params: { id: { valid: (s) => String(s.scenarioId), invalid: badNumericId } },
    }),
  ),

  // The Capacity page (staff and admins): a bad choice in the address shows the default view.
  {
    method: 'GET',
    route: '/capacity',
    as: 'staff',
    page: true,
    query: {
      valid: () => ({ tentative: '0', minProbability: '50' }),
      fields: {
        tentative: { optional: true, invalid: anyText },
        minProbability: { optional: true, invalid: anyText },
      },
    },
  },

  // The Utilisation page (staff and admins): a period it cannot read shows the current month.
  {
    method: 'GET',
    route: '/utilisation',
    as: 'staff',
    page: true,
    query: {
      valid: () => ({ period: '2027-Q1' }),
      fields: { period: { optional: true, invalid: anyText } },
    },
  },

  // The freshness line's ages (any signed-in user).
  {
    method: 'GET',
    route: '/api/freshness',
    as: 'user',
    query: {
      valid: () => ({ sources: 'jira,billing' }),
      fields: {
        sources: { invalid: fc.constantFrom('', 'forecast', 'jira,,billing', 'jira;time', 'JIRA') },
      },
    },
  },

  // The event stream of open pages (any signed-in user); a reconnect names its last change.
  {
    method: 'GET',
    route: '/api/events',
    as: 'user',
    answers: /^text\/event-stream/,
    query: {
      valid: () => ({ after: '0' }),
      fields: {
        after: {
          optional: true,
          invalid: fc.constantFrom('', '-1', '1.5', 'x', '1e3', '9999999999999999', ' 1'),
        },
      },
    },
  },

  // Agency Dashboard (admin).
  {
    method: 'GET',
    route: '/api/agency-time-entries',
    as: 'admin',
    query: {
      valid: () => ({ weekStart: '2026-11-16' }),
      fields: { weekStart: badAgencyWeekStart },
    },
  },
  {
    method: 'GET',
    route: '/agency',
    as: 'admin',
    page: true,
    query: {
      valid: () => ({ tab: 'weekly-hours', week: '2026-11-16' }),
      fields: {
        tab: { optional: true, invalid: anyText },
        week: { optional: true, date: true, invalid: badDate },
      },
    },
  },

  // A project's page (any signed-in user): an id that names no project is the not-found page,
  // a tab the role does not have shows the first.
  {
    method: 'GET',
    route: '/projects/:id',
    as: 'user',
    page: true,
    params: { id: projectId },
    query: {
      valid: () => ({ tab: 'retainer' }),
      fields: { tab: { optional: true, invalid: anyText } },
    },
  },

  // Weekly History (any signed-in user): like the Agency Dashboard, a bad week shows the current one.
  {
    method: 'GET',
    route: '/developer',
    as: 'user',
    page: true,
    query: {
      valid: () => ({ week: '2026-11-16' }),
      fields: { week: { optional: true, date: true, invalid: badAgencyWeekStart.invalid } },
    },
  },

  // Projects tab (writes by staff or admins, docs/decisions/164). Broken input is refused before Jira or Forecast is called.
  {
    method: 'POST',
    route: '/api/projects/import-forecast',
    as: 'admin',
    body: {
      valid: () => ({ forecastProjectId: DEMO_NOT_ON_DASHBOARD.forecastProjectId }),
      fields: { forecastProjectId: { type: 'number', invalid: badPositiveInt } },
    },
  },
  {
    method: 'PATCH',
    route: '/api/projects/:id/team',
    as: 'staff',
    params: { id: projectId },
    body: {
      valid: () => ({ teamName: 'Team 3' }),
      fields: {
        teamName: {
          type: 'string',
          invalid: fc.oneof(
            fc.constantFrom('team 1', 'Team 5', 'Team 0', 'Team 1 ', 'TEAM 1'),
            anyText.filter((s) => !TEAMS.includes(s)),
          ),
        },
      },
    },
  },
  {
    method: 'PATCH',
    route: '/api/projects/:id/dev-status',
    as: 'admin',
    params: { id: projectId },
    body: {
      valid: () => ({ devStatus: 'On Hold' }),
      fields: {
        devStatus: {
          type: 'string',
          invalid: fc.oneof(
            fc.constantFrom('active', 'Billing blocked', 'Halted', 'Finished ', ''),
            anyText.filter((s) => !(DEV_STATUSES as readonly string[]).includes(s)),
          ),
        },
      },
    },
  },
  {
    method: 'PATCH',
    route: '/api/projects/:id/visibility',
    as: 'staff',
    // The other project, which is removed next: the first stays shown for its page's valid request.
    params: { id: { valid: (s) => String(s.otherProjectId), invalid: badNumericId } },
    body: {
      valid: () => ({ visible: 0 }),
      fields: {
        visible: {
          type: 'number',
          invalid: fc.oneof(
            fc.constantFrom(2, -1, 0.5, 1.0000001, 10),
            fc.integer().filter((n) => n !== 0 && n !== 1),
          ),
        },
      },
    },
  },
  {
    method: 'DELETE',
    route: '/api/projects/:id',
    as: 'admin',
    params: { id: { valid: (s) => String(s.otherProjectId), invalid: badNumericId } },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/restore',
    as: 'admin',
    params: { id: { valid: (s) => String(s.removedProjectId), invalid: badNumericId } },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/sync-forecast',
    as: 'staff',
    params: { id: projectId },
  },
  // Client room links (docs/decisions/430): admins make, list and revoke them.
  {
    method: 'GET',
    route: '/api/projects/:id/share-links',
    as: 'admin',
    params: { id: projectId },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/share-links',
    as: 'admin',
    params: { id: projectId },
    body: {
      valid: () => ({
        label: 'Client monthly report',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        rolling: true,
      }),
      fields: {
        // Any one line of text names a link; markup in it is shown as text.
        label: {
          type: 'string',
          freeText: true,
          invalid: fc.oneof(
            fc.constantFrom('', '   ', 'a\u0000b', 'two\nlines', 'tab\there'),
            fc.string({ minLength: 101, maxLength: 300 }).filter((s) => s.trim().length > 100),
          ),
        },
        expiresAt: {
          type: 'string',
          date: true,
          invalid: fc.oneof(fc.constantFrom('2000-01-01', '2026-01-01', '2999-12-31'), badDate),
        },
        rolling: { type: 'boolean' },
        // Only with rolling false: beside the valid request's rolling true, any range is refused.
        from: {
          type: 'string',
          optional: true,
          date: true,
          invalid: fc.oneof(realDateBefore, badDate),
        },
        to: {
          type: 'string',
          optional: true,
          date: true,
          invalid: fc.oneof(realDateAfter, badDate),
        },
      },
    },
  },
  {
    method: 'DELETE',
    route: '/api/share-links/:id',
    as: 'admin',
    params: { id: { valid: (s) => String(s.shareLinkId), invalid: badNumericId } },
  },
  {
    method: 'GET',
    route: '/r/:token',
    as: 'anonymous',
    page: true,
    params: {
      token: {
        valid: () => SEED_SHARE_TOKEN,
        invalid: fc.oneof(
          anyText,
          fc.constantFrom('AAAAAAAAAAAAAAAAAAAAAA', `${SEED_SHARE_TOKEN.slice(0, 21)}1`),
        ),
      },
    },
  },
  {
    method: 'POST',
    route: '/api/projects/:id/link-jira',
    as: 'staff',
    params: { id: projectId },
    body: {
      valid: () => ({ jiraProjectKey: DEMO_ON_DASHBOARD.jiraKey }),
      fields: {
        jiraProjectKey: {
          type: 'string',
          invalid: fc.oneof(
            fc.constantFrom('', '   ', 'AS-R', '1ASR', 'ASR;', 'A'.repeat(51)),
            anyText.filter((s) => !looksLikeJiraKey(s)),
          ),
        },
      },
    },
  },
  {
    method: 'GET',
    route: '/api/projects/:id/retainer-periods',
    as: 'user',
    params: { id: projectId },
  },
  { method: 'GET', route: '/api/projects/:id/jira-data', as: 'user', params: { id: projectId } },
  { method: 'GET', route: '/api/projects/:id/forecast', as: 'user', params: { id: projectId } },
  {
    method: 'GET',
    route: '/api/insights/projects/:id/retainer-forecast',
    as: 'admin',
    params: { id: projectId },
  },
  {
    method: 'GET',
    route: '/api/insights/projects/:id/budget-burn',
    as: 'admin',
    params: { id: projectId },
  },
  {
    method: 'GET',
    route: '/api/projects/:id/cost-breakdown',
    as: 'admin',
    params: { id: projectId },
  },

  // Developers tab (reads by anyone, writes by staff) and Agency Settings (writes by admins).
  {
    method: 'GET',
    route: '/api/jira/tickets/completed-in-week',
    as: 'user',
    query: { valid: () => ({ weekStart: '2026-11-16' }), fields: { weekStart: badWeekStart } },
  },
  {
    method: 'GET',
    route: '/api/developer-available-points',
    as: 'user',
    query: { valid: () => ({ weekStart: '2026-11-16' }), fields: { weekStart: badWeekStart } },
  },
  {
    method: 'GET',
    route: '/api/jira/tickets/completed-in-range',
    as: 'user',
    query: {
      valid: () => ({ startDate: '2026-11-16', endDate: '2026-11-22' }),
      fields: {
        startDate: { date: true, invalid: badDate },
        endDate: { date: true, invalid: badDate },
      },
      invalidTogether: fc.constantFrom(
        { startDate: '2026-11-22', endDate: '2026-11-16' },
        { startDate: '2024-01-01', endDate: '2026-01-01' },
        { startDate: '0001-01-01', endDate: '9999-12-31' },
      ),
    },
  },
  {
    method: 'POST',
    route: '/api/developer-availability/confirm',
    as: 'staff',
    body: {
      valid: () => ({ weekStart: '2026-11-16' }),
      fields: { weekStart: { type: 'string', date: true, invalid: badDate } },
    },
  },
  {
    method: 'POST',
    route: '/api/developer-availability',
    as: 'staff',
    body: {
      valid: (s) => ({
        developers: { [s.displayName]: { '2026-01-07': true } },
        selectedDevelopersList: [s.accountId],
      }),
      fields: {
        developers: {
          type: 'object',
          invalid: fc.oneof(
            badDate.map((d) => ({ [SEED_ACCOUNT.displayName]: { [d]: true } })),
            jsonNotOfType('boolean').map((v) => ({
              [SEED_ACCOUNT.displayName]: { '2026-01-07': v },
            })),
            jsonNotOfType('object').map((v) => ({ [SEED_ACCOUNT.displayName]: v })),
            anyText
              .filter((n) => n !== SEED_ACCOUNT.displayName)
              .map((n) => ({ [n]: { '2026-01-07': true } })),
          ),
        },
        selectedDevelopersList: {
          type: 'array',
          invalid: fc.oneof(
            fc.constantFrom([''], ['   '], ['x'.repeat(256)]),
            fc.array(jsonNotOfType('string'), { minLength: 1, maxLength: 3 }),
            fc.constant(Array.from({ length: 501 }, (_, i) => `account-${i}`)),
          ),
        },
        previousSelectedDevelopersList: {
          type: 'array',
          optional: true,
          invalid: fc.array(jsonNotOfType('string'), { minLength: 1, maxLength: 3 }),
        },
        removeDevelopers: {
          type: 'array',
          optional: true,
          invalid: fc.oneof(
            fc.array(jsonNotOfType('string'), { minLength: 1, maxLength: 3 }),
            anyText.filter((id) => id.trim() !== SEED_ACCOUNT.accountId).map((id) => [id]),
          ),
        },
      },
    },
  },
  {
    method: 'POST',
    route: '/api/developer-end-date',
    as: 'staff',
    body: {
      valid: (s) => ({ accountId: s.accountId, endDate: '2026-06-30' }),
      fields: {
        accountId: { type: 'string', invalid: badAccountId },
        endDate: {
          type: 'string',
          nullable: true,
          date: true,
          invalid: fc.oneof(badDate, realDateBefore),
        },
      },
    },
  },
  {
    method: 'POST',
    route: '/api/developer-start-date',
    as: 'staff',
    body: {
      valid: (s) => ({ accountId: s.accountId, startDate: '2026-02-02' }),
      fields: {
        accountId: { type: 'string', invalid: badAccountId },
        startDate: {
          type: 'string',
          nullable: true,
          date: true,
          invalid: fc.oneof(badDate, realDateAfter),
        },
      },
    },
  },
  // The roster (docs/decisions/390): the seed's developer is only in Jira, so any other Jira
  // account, and any Forecast person or Pipedrive user the dashboard does not know, is refused.
  {
    method: 'PUT',
    route: '/api/people/:id',
    // Admins may send every field; staff sending a target get 403 (src/routes/api/utilisation.test.ts).
    as: 'admin',
    params: { id: { valid: (s) => String(s.personId), invalid: badNumericId } },
    body: {
      valid: () => ({ team: 'Team 2' }),
      fields: {
        // Any plain text names a team; control characters, lone surrogates and long text do not.
        team: {
          type: 'string',
          nullable: true,
          optional: true,
          freeText: true,
          invalid: fc.constantFrom('', '   ', 'x'.repeat(101), 'tab\there', '\u0000', 'a\uD800'),
        },
        tracked: { type: 'boolean', optional: true },
        jiraAccountId: { type: 'string', nullable: true, optional: true, invalid: anyText },
        forecastPersonId: {
          type: 'number',
          nullable: true,
          optional: true,
          invalid: fc.constantFrom(0, -1, 1.5, 1e10, 999_999),
        },
        pipedriveUserId: {
          type: 'number',
          nullable: true,
          optional: true,
          invalid: fc.constantFrom(0, -1, 1.5, 1e10, 999_999),
        },
        // A target goes with the date it applies from; the seed's developer has no Forecast
        // person, so even a whole target is refused for them.
        target: {
          type: 'number',
          nullable: true,
          optional: true,
          invalid: fc.constantFrom(-1, 101, 12.5, 1e10, 80),
        },
        targetFrom: {
          type: 'string',
          optional: true,
          date: true,
          invalid: fc.oneof(badDate, fc.constantFrom('2027-02-01', '1999-12-27')),
        },
      },
    },
  },
  // Utilisation (staff and admins, docs/decisions/395).
  // The call and its CSV share their query.
  ...(['/api/utilisation', '/api/utilisation/export.csv'] as const).map(
    (route): InputCall => ({
      method: 'GET',
      route,
      as: 'staff',
      query: {
        valid: () => ({ from: '2027-02-01', weeks: '4' }),
        fields: {
          from: {
            optional: true,
            date: true,
            invalid: fc.oneof(badDate, fc.constant('1999-12-27')),
          },
          weeks: { optional: true, invalid: fc.constantFrom('0', '54', '1.5', 'four', '-3') },
        },
      },
    }),
  ),
  {
    method: 'PUT',
    route: '/api/settings/utilisation-targets',
    as: 'admin',
    body: {
      valid: () => ({ role: 'Developer', targetPercent: 80 }),
      fields: {
        role: {
          type: 'string',
          freeText: true,
          invalid: fc.constantFrom('', '   ', 'x'.repeat(101), 'tab\there', '\u0000', 'a\uD800'),
        },
        targetPercent: {
          type: 'number',
          nullable: true,
          invalid: fc.constantFrom(-1, 101, 12.5, 1e10),
        },
      },
    },
  },
  {
    method: 'PUT',
    route: '/api/preferences/theme',
    as: 'user',
    body: {
      valid: () => ({ theme: 'dark' }),
      fields: {
        theme: {
          type: 'string',
          nullable: true,
          invalid: fc.constantFrom('', 'Dark', 'system', 'blue', 'x'.repeat(300)),
        },
      },
    },
  },
  {
    method: 'PUT',
    route: '/api/preferences/portfolio-view',
    as: 'user',
    body: {
      valid: () => ({ query: 'view=table&dir=desc&jira=linked' }),
      fields: {
        query: {
          type: 'string',
          // Unreadable parts, an unknown key, a sort by a figure the table has no column for
          // (Paid % is a column every user sees: docs/decisions/387), or too long.
          invalid: fc.constantFrom(
            'view=grid',
            'sort=nonsense',
            'sort=margin',
            'jira=maybe',
            'x=1',
            `view=table&stage=${'x'.repeat(1000)}`,
          ),
        },
      },
    },
  },
  // CSV downloads (docs/decisions/180): the same inputs as the screens' calls.
  {
    method: 'GET',
    route: '/api/export/portfolio.csv',
    as: 'user',
    query: {
      valid: () => ({ view: 'table', sort: 'name', dir: 'asc', team: 'Team 1' }),
      fields: {
        view: { optional: true, invalid: anyText.filter((v) => v !== 'cards' && v !== 'table') },
        sort: {
          optional: true,
          invalid: fc.constantFrom('', 'Name', 'id', 'name;', 'x'.repeat(200)),
        },
        dir: { optional: true, invalid: anyText.filter((v) => v !== 'asc' && v !== 'desc') },
        team: {
          optional: true,
          invalid: anyText.filter((v) => !TEAMS.includes(v) && v !== 'none'),
        },
        devStatus: {
          optional: true,
          invalid: fc.constantFrom('', 'active', 'Done', 'x'.repeat(101)),
        },
        jira: {
          optional: true,
          invalid: anyText.filter((v) => v !== 'linked' && v !== 'unlinked'),
        },
        stage: { optional: true, invalid: fc.constantFrom('', '1', 'RUN;NING', 'x'.repeat(41)) },
      },
    },
  },
  {
    method: 'GET',
    route: '/api/export/ready-for-qa.csv',
    as: 'user',
    query: { valid: () => ({ weekStart: '2026-11-16' }), fields: { weekStart: badWeekStart } },
  },
  {
    method: 'GET',
    route: '/api/export/story-points.csv',
    as: 'user',
    query: {
      valid: () => ({ startDate: '2026-11-16', endDate: '2026-11-22' }),
      fields: {
        startDate: { date: true, invalid: badDate },
        endDate: { date: true, invalid: badDate },
      },
      invalidTogether: fc.constantFrom(
        { startDate: '2026-11-22', endDate: '2026-11-16' },
        { startDate: '2024-01-01', endDate: '2026-01-01' },
      ),
    },
  },
  {
    method: 'GET',
    route: '/api/export/availability.csv',
    as: 'user',
    query: { valid: () => ({ weekStart: '2026-11-16' }), fields: { weekStart: badWeekStart } },
  },
  {
    method: 'GET',
    route: '/api/admin/export/weekly-hours.csv',
    as: 'admin',
    query: {
      valid: () => ({ weekStart: '2026-11-16' }),
      fields: { weekStart: badAgencyWeekStart },
    },
  },
  {
    method: 'PUT',
    route: '/api/settings/story-points-per-developer-day',
    as: 'admin',
    body: {
      valid: () => ({ storyPointsPerDeveloperDay: 2.5 }),
      fields: {
        storyPointsPerDeveloperDay: {
          type: 'number',
          invalid: fc.oneof(
            fc.constantFrom(-1, -0.01, 100.01, 101, 1e9, 0.001, 1.005, Number.MAX_VALUE),
            fc.double({ noNaN: true, noDefaultInfinity: true, max: -0.001 }),
            fc.double({ noNaN: true, noDefaultInfinity: true, min: 100.001 }),
          ),
        },
      },
    },
  },
];

/**
 * Webhook receivers: a valid request carries the upstream's signature over its exact body (or a
 * secret token, or basic auth), which this table's one-part-at-a-time breaking cannot forge. Their
 * bad input (no or wrong signature, token or password, a body that is not JSON, an unknown event)
 * is checked in the file named here, against the same rule: a 4xx, or a 2xx with the delivery
 * dead-lettered, and no figure changed.
 */
export const OWN_INPUT_CHECKS: Record<string, string> = {
  'POST /webhooks/jira': 'tests/live/webhooks.test.ts',
  'POST /webhooks/forecast/:token': 'tests/live/webhooks.test.ts',
  'POST /webhooks/pipedrive': 'tests/live/webhooks.test.ts',
};

/** GET routes that read no params and no query: junk sent to them must still be harmless. */
export const NO_INPUT_GETS = [
  '/healthz',
  '/readyz',
  '/metrics',
  '/auth',
  '/',
  '/portfolio/projects',
  '/agency/settings',
  '/people',
  '/agency/users',
  '/account/password',
  '/api/user',
  '/api/admin/users',
  '/api/gross-margins',
  '/api/insights/trends',
  '/api/pipeline',
  '/api/plan/scenarios',
  '/api/plan/role-mixes',
  '/api/insights/cost-per-point',
  '/api/insights/unbilled-work',
  '/api/insights/budget-burn',
  '/api/projects',
  '/api/projects/removed',
  '/api/jira/projects',
  '/api/forecast/projects',
  '/api/velocity-history',
  '/api/jira/users',
  '/api/developer-availability',
  '/api/people',
  '/api/people/names',
  '/api/settings/story-points-per-developer-day',
  '/api/settings/utilisation-targets',
  '/agency/sync',
  '/api/admin/sync',
  '/api/admin/sync/runs',
  '/api/export/velocity-history.csv',
  '/api/admin/export/gross-margins.csv',
  '/api/admin/export/cost-breakdown.csv',
  '/api/admin/export/users.csv',
  '/api/admin/export/trends.csv',
  '/api/admin/export/cost-per-point.csv',
  '/api/admin/export/budget-burn.csv',
  '/api/admin/export/unbilled-work.csv',
  '/api/admin/export/retainer-forecasts.csv',
  '/api/alerts/count',
  '/api/digest-subscription',
  '/api/admin/alert-settings',
  '/api/admin/outbox',
  '/agency/outbox',
];

/** The call's concrete path for the seed: each :param replaced by its valid value. */
export function pathFor(
  call: InputCall,
  seed: Seed,
  override: Record<string, string> = {},
): string {
  return call.route.replace(/:(\w+)/g, (_, name: string) => {
    const value = override[name] ?? call.params?.[name]?.valid(seed);
    if (value === undefined) throw new Error(`${call.route}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** Routes the app serves, one per method and path, without middleware-only entries. */
export function servedRoutes(app: {
  routes: { method: string; path: string }[];
}): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const path = r.path.replace(/\/$/, '') || '/';
    seen.set(`${r.method} ${path}`, { method: r.method, path });
  }
  return [...seen.values()];
}
