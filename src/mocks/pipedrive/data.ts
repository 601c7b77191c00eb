/**
 * The demo agency's sales pipeline as Pipedrive API v2 answers it (docs/reference/pipedrive-api.md):
 * two pipelines, six stages with their deal probabilities, sixteen deals dated relative to the
 * demo's today, and each deal's organisation. Some deals carry no probability of their own (their stage's applies), one is
 * in euros, and a few are won or lost (an open-deals list leaves them out).
 */
import { addDays, format, parseISO } from 'date-fns';

type IsoDate = string;

export interface PipedrivePipelineJson {
  id: number;
  name: string;
  order_nr: number;
  is_deleted: boolean;
  is_deal_probability_enabled: boolean;
  add_time: string;
  update_time: string;
}
export interface PipedriveStageJson {
  id: number;
  order_nr: number;
  name: string;
  is_deleted: boolean;
  deal_probability: number;
  pipeline_id: number;
  is_deal_rot_enabled: boolean;
  days_to_rotten: number | null;
  add_time: string;
  update_time: string;
}
export interface PipedriveDealJson {
  id: number;
  title: string;
  owner_id: number;
  person_id: number | null;
  org_id: number | null;
  pipeline_id: number;
  stage_id: number;
  value: number;
  currency: string;
  add_time: string;
  update_time: string;
  stage_change_time: string | null;
  is_deleted: boolean;
  status: 'open' | 'won' | 'lost';
  probability: number | null;
  lost_reason: string | null;
  visible_to: number;
  close_time: string | null;
  won_time: string | null;
  lost_time: string | null;
  expected_close_date: IsoDate | null;
  label_ids: number[];
  origin: string;
  origin_id: string | null;
  channel: number | null;
  channel_id: string | null;
  arr: number | null;
  mrr: number | null;
  acv: number | null;
}

/** An organisation as API v2 lists them (OrganizationItem, GET /api/v2/organizations). */
export interface PipedriveOrganizationJson {
  id: number;
  name: string;
  owner_id: number;
  add_time: string;
  update_time: string;
  is_deleted: boolean;
  visible_to: number;
  address: {
    value: string;
    country: string;
    locality: string;
    route: string;
    street_number: string;
    postal_code: string;
  };
  label_ids: number[];
  custom_fields: Record<string, unknown>;
}

/** A user as API v1 lists them (GET /v1/users), the fields the roster reads and a few more. */
export interface PipedriveUserJson {
  id: number;
  name: string;
  email: string;
  active_flag: boolean;
  is_admin: number;
  role_id: number;
  timezone_name: string;
  created: string;
  modified: string;
}

export interface PipedriveDemoData {
  pipelines: PipedrivePipelineJson[];
  stages: PipedriveStageJson[];
  deals: PipedriveDealJson[];
  organizations: PipedriveOrganizationJson[];
  users: PipedriveUserJson[];
}

/**
 * The deal owners: two of the agency's people who are also in Forecast (matched to them by
 * email on the roster), and a director who is only in Pipedrive.
 */
const USERS: [string, string][] = [
  ['Dana Whitfield', 'dana.whitfield@agency.test'],
  ['Mia Chen', 'Mia.Chen@agency.test'],
  ['Lena Tanaka', 'lena.tanaka@agency.test'],
];

const shift = (day: IsoDate, n: number): IsoDate => format(addDays(parseISO(day), n), 'yyyy-MM-dd');

// [title, stage, value, currency, own probability or null, days to expected close, status]
const DEALS: [string, number, number, string, number | null, number, 'open' | 'won' | 'lost'][] = [
  ['Globex loyalty app', 4, 180_000, 'AUD', 85, 5, 'open'],
  ['Initech data platform phase 2', 4, 140_000, 'AUD', null, 12, 'open'],
  ['Wayne Foundation donor portal', 3, 95_000, 'AUD', 60, 9, 'open'],
  ['Umbrella clinic booking', 3, 120_000, 'AUD', null, 20, 'open'],
  ['Hooli search migration', 2, 60_000, 'AUD', 30, 26, 'open'],
  ['Stark fleet dashboard', 2, 75_000, 'AUD', null, 33, 'open'],
  ['Soylent ordering kiosk', 1, 40_000, 'AUD', null, 45, 'open'],
  ['Vandelay customs portal', 1, 55_000, 'AUD', 15, 60, 'open'],
  ['Massive Dynamic lab tools', 2, 88_000, 'EUR', 35, 40, 'open'],
  ['Acme support renewal', 6, 48_000, 'AUD', null, 14, 'open'],
  ['Northwind app retainer', 5, 36_000, 'AUD', 70, 30, 'open'],
  ['Brightside portal retainer', 5, 24_000, 'AUD', null, 50, 'open'],
  ['Pied Piper API hardening', 3, 30_000, 'AUD', 55, 70, 'open'],
  ['Cyberdyne design system', 1, 25_000, 'AUD', 10, 80, 'open'],
  ['Oscorp intranet', 4, 70_000, 'AUD', 90, -20, 'won'],
  ['Tyrell kiosk pilot', 2, 20_000, 'AUD', 20, -10, 'lost'],
];

/** Each deal's organisation (the client), by the deal's place in DEALS. */
const ORGANIZATIONS = [
  'Globex',
  'Initech',
  'Wayne Foundation',
  'Umbrella',
  'Hooli',
  'Stark',
  'Soylent',
  'Vandelay',
  'Massive Dynamic',
  'Acme',
  'Northwind',
  'Brightside',
  'Pied Piper',
  'Cyberdyne',
  'Oscorp',
  'Tyrell',
];

export function createPipedriveDemoData({ today }: { today: IsoDate }): PipedriveDemoData {
  const at = `${shift(today, -30)}T09:00:00Z`;
  const pipelines: PipedrivePipelineJson[] = [
    {
      id: 1,
      name: 'New business',
      order_nr: 1,
      is_deleted: false,
      is_deal_probability_enabled: true,
      add_time: at,
      update_time: at,
    },
    {
      id: 2,
      name: 'Retainers',
      order_nr: 2,
      is_deleted: false,
      is_deal_probability_enabled: true,
      add_time: at,
      update_time: at,
    },
  ];
  const stage = (id: number, pipeline: number, order: number, name: string, p: number) => ({
    id,
    order_nr: order,
    name,
    is_deleted: false,
    deal_probability: p,
    pipeline_id: pipeline,
    is_deal_rot_enabled: false,
    days_to_rotten: null,
    add_time: at,
    update_time: at,
  });
  const stages: PipedriveStageJson[] = [
    stage(1, 1, 1, 'Qualified', 10),
    stage(2, 1, 2, 'Contact made', 25),
    stage(3, 1, 3, 'Proposal presented', 50),
    stage(4, 1, 4, 'Negotiations started', 75),
    stage(5, 2, 1, 'Renewal talks', 60),
    stage(6, 2, 2, 'Verbal yes', 90),
  ];
  const deals: PipedriveDealJson[] = DEALS.map(
    ([title, stageId, value, currency, probability, days, status], i) => {
      const closed = status === 'open' ? null : `${shift(today, days)}T15:00:00Z`;
      return {
        id: 101 + i,
        title,
        owner_id: 1 + (i % 3),
        person_id: 500 + i,
        org_id: 700 + i,
        pipeline_id: stageId >= 5 ? 2 : 1,
        stage_id: stageId,
        value,
        currency,
        add_time: at,
        update_time: `${shift(today, -1)}T10:00:00Z`,
        stage_change_time: at,
        is_deleted: false,
        status,
        probability,
        lost_reason: status === 'lost' ? 'Budget moved to next year' : null,
        visible_to: 3,
        close_time: closed,
        won_time: status === 'won' ? closed : null,
        lost_time: status === 'lost' ? closed : null,
        expected_close_date: shift(today, days),
        label_ids: [],
        origin: 'ManuallyCreated',
        origin_id: null,
        channel: null,
        channel_id: null,
        arr: null,
        mrr: null,
        acv: null,
      };
    },
  );
  const users = USERS.map(([name, email], i) => ({
    id: 1 + i,
    name,
    email,
    active_flag: true,
    is_admin: i === 0 ? 1 : 0,
    role_id: 1,
    timezone_name: 'Europe/London',
    created: at.replace('T', ' ').slice(0, 19),
    modified: at.replace('T', ' ').slice(0, 19),
  }));
  const organizations: PipedriveOrganizationJson[] = deals.map((d, i) => ({
    id: d.org_id!,
    name: ORGANIZATIONS[i]!,
    owner_id: d.owner_id,
    add_time: at,
    update_time: at,
    is_deleted: false,
    visible_to: 3,
    address: {
      value: `${10 + i} Market Street, Sydney NSW 2000, Australia`,
      country: 'Australia',
      locality: 'Sydney',
      route: 'Market Street',
      street_number: String(10 + i),
      postal_code: '2000',
    },
    label_ids: [],
    custom_fields: {},
  }));
  return { pipelines, stages, deals, organizations, users };
}
