/**
 * The Jira side of the deterministic demo agency, generated from the shared spine
 * (src/mocks/agency/spine.ts) and a seed, relative to a `today` it is given. Every value is in
 * Jira's wire shape (docs/reference/jira-api.md), so the MSW handlers only filter, page and pick
 * fields. Projects are generated lazily, on first use, and cheaply: a few hundred issues each
 * (about 3,000 at scale 1), with their status changelogs.
 */
import {
  createDemoSpine,
  intBetween,
  pick,
  seededRandom,
  type DemoDeveloper,
  type DemoSpine,
} from '../agency/spine';
import { createForecastDemoData, demoDaysOff } from '../forecast/data';

export const DEMO_SITE_URL = 'https://demo-agency.atlassian.net';

/** Field ids of the demo site; the client discovers them from GET /rest/api/3/field. */
export const DEMO_FIELDS = {
  storyPoints: 'customfield_10016',
  legacyStoryPoints: 'customfield_10028',
  sprint: 'customfield_10020',
  epicLink: 'customfield_10014',
  rank: 'customfield_10019',
} as const;

export type StatusCategoryKey = 'new' | 'indeterminate' | 'done';
export interface DemoStatus {
  id: string;
  name: string;
  category: StatusCategoryKey;
}

export const DEMO_STATUSES = {
  toDo: { id: '10000', name: 'To Do', category: 'new' },
  inProgress: { id: '3', name: 'In Progress', category: 'indeterminate' },
  inReview: { id: '10101', name: 'In Review', category: 'indeterminate' },
  readyForQa: { id: '10107', name: 'Ready for QA Testing', category: 'indeterminate' },
  uat: { id: '10108', name: 'UAT', category: 'indeterminate' },
  blocked: { id: '10109', name: 'Blocked', category: 'indeterminate' },
  impediment: { id: '10110', name: 'Impediment', category: 'indeterminate' },
  // As on real Jira sites, the "not doing it" statuses sit in the Done category.
  descoped: { id: '10111', name: 'Descoped', category: 'done' },
  wontDo: { id: '10112', name: "Won't Do", category: 'done' },
  done: { id: '10001', name: 'Done', category: 'done' },
} as const satisfies Record<string, DemoStatus>;
type StatusName = keyof typeof DEMO_STATUSES;

const CATEGORIES: Record<
  StatusCategoryKey,
  { id: number; key: StatusCategoryKey; colorName: string; name: string }
> = {
  new: { id: 2, key: 'new', colorName: 'blue-gray', name: 'To Do' },
  indeterminate: { id: 4, key: 'indeterminate', colorName: 'yellow', name: 'In Progress' },
  done: { id: 3, key: 'done', colorName: 'green', name: 'Done' },
};

export const DEMO_ISSUE_TYPES = {
  Epic: { id: '10000', name: 'Epic', hierarchyLevel: 1 },
  Story: { id: '10001', name: 'Story', hierarchyLevel: 0 },
  Task: { id: '10002', name: 'Task', hierarchyLevel: 0 },
  Bug: { id: '10004', name: 'Bug', hierarchyLevel: 0 },
} as const;
type IssueTypeName = keyof typeof DEMO_ISSUE_TYPES;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SPRINT_LENGTH = 14 * DAY;

/** "2025-06-04T09:12:45.321+0000": the platform API's timestamp format (offset without a colon). */
export function platformTimestamp(d: Date): string {
  return d.toISOString().replace('Z', '+0000');
}

export interface DemoJiraUser {
  self: string;
  accountId: string;
  accountType: 'atlassian' | 'app' | 'customer';
  active: boolean;
  displayName: string;
  emailAddress?: string;
  timeZone?: string;
  avatarUrls: Record<'16x16' | '24x24' | '32x32' | '48x48', string>;
}

export interface DemoJiraProject {
  id: string;
  key: string;
  name: string;
  /** Position in the spine, or a position after it for the projects only Jira has. */
  index: number;
  style: 'classic' | 'next-gen';
}

export interface DemoBoard {
  id: number;
  self: string;
  name: string;
  type: 'scrum' | 'kanban';
  location: {
    projectId: number;
    projectKey: string;
    projectName: string;
    projectTypeKey: string;
    displayName: string;
    name: string;
  };
}

export interface DemoSprint {
  id: number;
  self: string;
  state: 'closed' | 'active' | 'future';
  name: string;
  startDate?: string;
  endDate?: string;
  completeDate?: string;
  createdDate?: string;
  originBoardId: number;
  goal: string;
}

export interface DemoChangeItem {
  field: string;
  fieldId: string;
  fieldtype: 'jira';
  from: string;
  fromString: string;
  to: string;
  toString: string;
}

export interface DemoHistory {
  id: string;
  author: Pick<DemoJiraUser, 'self' | 'accountId' | 'accountType' | 'active' | 'displayName'>;
  created: string;
  items: DemoChangeItem[];
}

/** A status change, kept compact; the wire shape is built when a handler serves it. */
export interface DemoTransition {
  at: number;
  from: DemoStatus;
  to: DemoStatus;
}

/**
 * An issue, kept compact so that generating thousands is cheap: times are epoch ms and
 * references point at shared objects. `issueFields` and `issueHistories` build the wire shapes.
 */
export interface DemoIssue {
  id: string;
  key: string;
  /** The number after the dash, for ordering by key. */
  number: number;
  projectKey: string;
  typeName: IssueTypeName;
  status: DemoStatus;
  summary: string;
  createdAt: number;
  updatedAt: number;
  assignee: DemoJiraUser | null;
  storyPoints: number | null;
  epic: DemoIssue | null;
  /** Sprints the issue has been in, as indexes into the project's sprints. */
  sprintIndexes: number[];
  priority: number;
  /** Oldest first. */
  transitions: DemoTransition[];
  /** A priority change, which a changelog asked for status only must leave out. */
  priorityChangedAt: number | null;
}

export interface DemoProjectDetail {
  project: DemoJiraProject;
  boards: DemoBoard[];
  scrumBoard: DemoBoard;
  sprints: DemoSprint[];
  issues: DemoIssue[];
  byKey: Map<string, DemoIssue>;
}

export interface JiraDemoOptions {
  /** "Now" for the demo: the active sprint contains it and no change is later. */
  today: Date;
  /** Multiplies the agency (projects, developers, issues). */
  scale?: number;
  seed?: number;
  /** Exact issue counts (tickets and epics) for some project keys, e.g. a 3,000-issue project in tests. */
  issueCounts?: Record<string, number>;
  /**
   * The developers' days off by Forecast person id (`demoDaysOff`), when the caller has the demo
   * Forecast at hand; else they come from a demo Forecast dated `today` in UTC.
   */
  daysOff?: ReadonlyMap<number, ReadonlySet<string>>;
}

export interface JiraDemoData {
  today: Date;
  spine: DemoSpine;
  fields: Record<string, unknown>[];
  users: DemoJiraUser[];
  /** The account behind the API token. */
  myself(email: string): DemoJiraUser;
  projects: DemoJiraProject[];
  /** A project by key, or undefined when the site has none. */
  projectByKey(key: string): DemoJiraProject | undefined;
  /** Generated on first use. */
  detail(key: string): DemoProjectDetail;
  boards(): DemoBoard[];
  /** The board, its project and its sprints (kanban boards have none). */
  board(id: number): { board: DemoBoard; detail: DemoProjectDetail } | undefined;
  issueByIdOrKey(idOrKey: string): DemoIssue | undefined;
  /** Every field of an issue in wire shape; the search picks the requested ones. */
  issueFields(issue: DemoIssue): Record<string, unknown>;
  /** The issue's changelog in wire shape, oldest first. */
  issueHistories(issue: DemoIssue): DemoHistory[];
  /** Moves an issue to a status at `at` (tests: an update an incremental sync must pick up). */
  transitionIssue(key: string, statusName: string, at: Date): DemoIssue;
  /** Deletes an issue, as a Jira admin can (tests: only a full sync can notice). */
  deleteIssue(key: string): void;
}

const EPIC_NAMES = [
  'Checkout v2',
  'Onboarding flow',
  'Reporting dashboards',
  'Mobile push notifications',
  'Single sign-on',
  'Performance budget',
  'Accessibility audit fixes',
  'Search relevance',
  'Billing integration',
  'Admin console',
  'Data export',
  'Localisation',
  'Offline mode',
  'Audit log',
  'Public API v1',
];
const VERBS = [
  'Add',
  'Fix',
  'Refactor',
  'Improve',
  'Remove',
  'Validate',
  'Cache',
  'Test',
  'Document',
  'Migrate',
];
const OBJECTS = [
  'CSV export on invoices list',
  'password reset email',
  'date picker keyboard support',
  'order totals rounding',
  'session timeout banner',
  'image upload size check',
  'search filters',
  'dashboard loading state',
  'webhook retries',
  'user roles page',
  'pagination on reports',
  'address autocomplete',
  'API rate limit handling',
  'error toast copy',
  'audit trail entries',
  'dark mode colours',
  'PDF receipt layout',
  'timezone handling in schedules',
];
const GOALS = [
  'Ship the first usable slice',
  'Stabilise before the client demo',
  'Finish the reporting epic',
  'Pay down tech debt',
  'Close the accessibility findings',
  '',
];
/** Upstream data is untrusted: this summary must show as text wherever it is rendered. */
export const HOSTILE_SUMMARY =
  'Escape <script>alert("xss")</script> & <b>bold</b> in "search" results';

const avatar = (id: string) => {
  const url = (size: number) =>
    `https://avatar-management.example/initials/${id.slice(-4)}-${size}.png`;
  return { '16x16': url(16), '24x24': url(24), '32x32': url(32), '48x48': url(48) };
};

function userOf(dev: DemoDeveloper): DemoJiraUser {
  return {
    self: `${DEMO_SITE_URL}/rest/api/3/user?accountId=${dev.accountId}`,
    accountId: dev.accountId,
    accountType: 'atlassian',
    active: true,
    displayName: dev.displayName,
    // Profile visibility hides some addresses (docs/reference/jira-api.md, "All users").
    ...(dev.index % 4 === 3 ? {} : { emailAddress: dev.email }),
    timeZone: 'Europe/London',
    avatarUrls: avatar(dev.accountId),
  };
}

function otherUser(
  accountId: string,
  displayName: string,
  accountType: DemoJiraUser['accountType'],
  active: boolean,
): DemoJiraUser {
  return {
    self: `${DEMO_SITE_URL}/rest/api/3/user?accountId=${accountId}`,
    accountId,
    accountType,
    active,
    displayName,
    avatarUrls: avatar(accountId),
  };
}

const statusWire = (s: DemoStatus) => ({
  self: `${DEMO_SITE_URL}/rest/api/3/status/${s.id}`,
  description: '',
  iconUrl: `${DEMO_SITE_URL}/images/icons/statuses/generic.png`,
  name: s.name,
  id: s.id,
  statusCategory: {
    self: `${DEMO_SITE_URL}/rest/api/3/statuscategory/${CATEGORIES[s.category].id}`,
    ...CATEGORIES[s.category],
  },
});
const STATUS_WIRE = new Map<string, ReturnType<typeof statusWire>>(
  Object.values(DEMO_STATUSES).map((s) => [s.name, statusWire(s)]),
);
const STATUS_BY_NAME = new Map<string, DemoStatus>(
  Object.values(DEMO_STATUSES).map((s) => [s.name, s]),
);

const TYPE_WIRE = new Map<string, Record<string, unknown>>(
  Object.values(DEMO_ISSUE_TYPES).map((t) => [
    t.name,
    {
      self: `${DEMO_SITE_URL}/rest/api/3/issuetype/${t.id}`,
      id: t.id,
      description: '',
      iconUrl: `${DEMO_SITE_URL}/rest/api/2/universal_avatar/view/type/issuetype/avatar/${t.id}`,
      name: t.name,
      subtask: false,
      avatarId: Number(t.id),
      hierarchyLevel: t.hierarchyLevel,
    },
  ]),
);

function siteFields(): Record<string, unknown>[] {
  const system = (id: string, name: string, type: string, extra: Record<string, unknown> = {}) => ({
    id,
    key: id,
    name,
    custom: false,
    orderable: true,
    navigable: true,
    searchable: true,
    clauseNames: [id],
    schema: { type, system: id, ...extra },
  });
  const custom = (
    id: string,
    name: string,
    type: string,
    customType: string,
    extra: Record<string, unknown> = {},
  ) => {
    const n = Number(id.split('_')[1]);
    return {
      id,
      key: id,
      name,
      custom: true,
      orderable: true,
      navigable: true,
      searchable: true,
      clauseNames: [`cf[${n}]`, name],
      schema: { type, custom: customType, customId: n, ...extra },
    };
  };
  return [
    system('summary', 'Summary', 'string'),
    system('status', 'Status', 'status'),
    system('assignee', 'Assignee', 'user'),
    system('issuetype', 'Issue Type', 'issuetype'),
    system('parent', 'Parent', 'issuelink'),
    system('created', 'Created', 'datetime'),
    system('updated', 'Updated', 'datetime'),
    system('project', 'Project', 'project'),
    system('priority', 'Priority', 'priority'),
    system('timeoriginalestimate', 'Original estimate', 'number'),
    custom(
      DEMO_FIELDS.storyPoints,
      'Story point estimate',
      'number',
      'com.pyxis.greenhopper.jira:jsw-story-points',
    ),
    custom(
      DEMO_FIELDS.legacyStoryPoints,
      'Story Points',
      'number',
      'com.atlassian.jira.plugin.system.customfieldtypes:float',
    ),
    custom(DEMO_FIELDS.sprint, 'Sprint', 'array', 'com.pyxis.greenhopper.jira:gh-sprint', {
      items: 'json',
    }),
    custom(DEMO_FIELDS.epicLink, 'Epic Link', 'any', 'com.pyxis.greenhopper.jira:gh-epic-link'),
    custom(DEMO_FIELDS.rank, 'Rank', 'any', 'com.pyxis.greenhopper.jira:gh-lexo-rank'),
  ];
}

/** Monday 00:00 UTC of the week holding `d` (the demo Jira user's zone is UTC). */
function mondayOf(d: Date): number {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY;
}

/** Weighted choice from [value, weight] pairs. */
function weighted<T>(rand: () => number, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [value, w] of options) {
    r -= w;
    if (r < 0) return value;
  }
  return options[options.length - 1]![0];
}

const MAIN_PATH: StatusName[] = ['inProgress', 'inReview', 'readyForQa', 'uat', 'done'];

/** The statuses an issue went through, in order, to reach `final` (To Do is where all start). */
function pathTo(final: StatusName, rand: () => number): StatusName[] {
  switch (final) {
    case 'toDo':
      return [];
    case 'descoped':
    case 'wontDo':
      return rand() < 0.5 ? [final] : ['inProgress', final];
    case 'blocked':
      return ['inProgress', 'blocked'];
    case 'impediment':
      return ['inProgress', 'inReview', 'impediment'];
    default: {
      const path = MAIN_PATH.slice(0, MAIN_PATH.indexOf(final) + 1);
      // Some work bounces back from QA once, so it enters 'Ready for QA Testing' twice.
      if (path.includes('readyForQa') && rand() < 0.12)
        path.splice(path.indexOf('readyForQa') + 1, 0, 'inProgress', 'inReview', 'readyForQa');
      // Small fixes skip UAT.
      if (final === 'done' && rand() < 0.3) path.splice(path.indexOf('uat'), 1);
      return path;
    }
  }
}

const ACTIVE_MIX: readonly (readonly [StatusName, number])[] = [
  ['toDo', 20],
  ['inProgress', 20],
  ['inReview', 12],
  ['readyForQa', 14],
  ['uat', 8],
  ['blocked', 6],
  ['impediment', 3],
  ['done', 15],
  ['descoped', 2],
];
/** The final statuses whose way passes 'Ready for QA Testing'. */
const REACHES_QA: ReadonlySet<StatusName> = new Set(['readyForQa', 'uat', 'done']);
const CARRIED_MIX = ACTIVE_MIX.filter(([s]) => s !== 'toDo');
const TYPE_MIX: readonly (readonly [IssueTypeName, number])[] = [
  ['Story', 45],
  ['Task', 30],
  ['Bug', 25],
];
const BUG_POINTS = [1, 1, 2, 3];
const STORY_POINTS = [1, 2, 2, 3, 3, 5, 5, 8, 13];

const PRIORITIES = [
  ['High', '2'],
  ['Medium', '3'],
  ['Low', '4'],
].map(([name, id]) => ({
  self: `${DEMO_SITE_URL}/rest/api/3/priority/${id}`,
  iconUrl: `${DEMO_SITE_URL}/images/icons/priorities/${name!.toLowerCase()}.svg`,
  name: name!,
  id: id!,
}));

/**
 * The demo Jira site: its users and projects at once; each project's boards, sprints, issues
 * and changelogs on first use (projects -> sprints -> issues -> changelogs, below).
 */
export function createJiraDemoData(options: JiraDemoOptions): JiraDemoData {
  const { today, scale = 1, seed = 20261121, issueCounts = {} } = options;
  const spine = createDemoSpine({ seed, scale });
  const people = siteUsers(spine);
  const projects = siteProjects(spine);
  const projectsByKey = new Map(projects.map((p) => [p.key, p]));
  const projectsByIndex = new Map(projects.map((p) => [p.index, p]));

  const details = new Map<string, DemoProjectDetail>();
  const issuesById = new Map<string, DemoIssue>();
  let away: Map<string, ReadonlySet<string>> | undefined;
  /** Each developer's days off, by Jira account, from the demo Forecast of the same agency. */
  const daysOff = () => {
    if (away) return away;
    const byPerson =
      options.daysOff ??
      demoDaysOff(createForecastDemoData({ today: today.toISOString().slice(0, 10), scale, seed }));
    away = new Map(
      spine.developers.map((d) => [d.accountId, byPerson.get(d.forecastPersonId) ?? new Set()]),
    );
    return away;
  };

  function detail(key: string): DemoProjectDetail {
    const cached = details.get(key);
    if (cached) return cached;
    const project = projectsByKey.get(key);
    if (!project) throw new Error(`The demo Jira site has no project ${key}`);
    const made = projectDetail(project, {
      seed,
      today,
      issueCount: issueCounts[project.key] ?? plannedIssueCount(project, seed),
      developers: people.developers,
      daysOff: daysOff(),
    });
    details.set(key, made);
    for (const issue of made.issues) issuesById.set(issue.id, issue);
    return made;
  }

  const data: JiraDemoData = {
    today,
    spine,
    fields: siteFields(),
    users: people.users,
    myself: (email) => ({ ...people.integration, emailAddress: email }),
    projects,
    projectByKey: (key) => projectsByKey.get(key.toUpperCase()),
    detail,
    boards: () => projects.flatMap(boardsOf),
    board(id) {
      const p = projectsByIndex.get(Math.floor((id - 1) / 2));
      if (!p) return undefined;
      const board = boardsOf(p).find((b) => b.id === id);
      return board ? { board, detail: detail(p.key) } : undefined;
    },
    issueByIdOrKey(idOrKey) {
      if (/^\d+$/.test(idOrKey)) {
        const p = projectsByIndex.get(Math.floor((Number(idOrKey) - 1_000_000) / 100_000));
        if (p) detail(p.key);
        return issuesById.get(idOrKey);
      }
      const key = idOrKey.toUpperCase();
      const p = projectsByKey.get(key.slice(0, key.lastIndexOf('-')));
      return p ? detail(p.key).byKey.get(key) : undefined;
    },
    issueFields: (issue) => issueFields(issue, detail(issue.projectKey)),
    issueHistories: (issue) => issueHistories(issue, people.automation),
    transitionIssue(key, statusName, at) {
      const issue = data.issueByIdOrKey(key);
      const to = STATUS_BY_NAME.get(statusName);
      if (!issue || !to) throw new Error(`No demo issue ${key} or status ${statusName}`);
      issue.transitions.push({ at: at.getTime(), from: issue.status, to });
      issue.status = to;
      issue.updatedAt = at.getTime();
      return issue;
    },
    deleteIssue(key) {
      const issue = data.issueByIdOrKey(key);
      if (!issue) throw new Error(`No demo issue ${key}`);
      const d = detail(issue.projectKey);
      d.issues.splice(d.issues.indexOf(issue), 1);
      d.byKey.delete(issue.key);
      issuesById.delete(issue.id);
    },
  };
  return data;
}

/** The spine's developers, plus the apps, former staff and portal users a real site lists. */
function siteUsers(spine: DemoSpine) {
  const developers = spine.developers.map(userOf);
  const automation = otherUser(
    '557058:f58131cb-b67d-43c7-b30d-6b58d40bd077',
    'Automation for Jira',
    'app',
    true,
  );
  const integration = otherUser(
    `5f1a2b3c${'0'.repeat(8)}integration`,
    'Dashboard Integration',
    'atlassian',
    true,
  );
  const users: DemoJiraUser[] = [
    ...developers,
    automation,
    otherUser('712020:0a1b2c3d-slack-app', 'Slack', 'app', true),
    otherUser('5f1a2b3c000000000000dead', 'Former Contractor', 'atlassian', false),
    otherUser('qm:5c3f0b1e-customer', 'Client Portal User', 'customer', true),
    integration,
  ];
  return { developers, automation, integration, users };
}

/** The spine's projects that use Jira, plus one the dashboard never shows, sorted by key. */
function siteProjects(spine: DemoSpine): DemoJiraProject[] {
  const projects: DemoJiraProject[] = spine.projects
    .filter((p) => p.jiraKey)
    .map((p) => ({
      id: String(10_000 + p.index),
      key: p.jiraKey!,
      name: p.name,
      index: p.index,
      style: p.index % 3 === 2 ? 'next-gen' : 'classic',
    }));
  if (!projects.some((p) => p.key === 'OPS')) {
    projects.push({
      id: String(10_000 + spine.projects.length),
      key: 'OPS',
      name: 'Agency Operations',
      index: spine.projects.length,
      style: 'classic',
    });
  }
  return projects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Between 140 and 460 issues (tickets and epics), fixed per project by the seed. */
function plannedIssueCount(p: DemoJiraProject, seed: number): number {
  return 140 + Math.floor(seededRandom(seed ^ Math.imul(p.index + 1, 0x9e3779b1))() * 320);
}

/** A scrum board per project; some also have a support kanban board, listed first. */
function boardsOf(p: DemoJiraProject): DemoBoard[] {
  const location = {
    projectId: Number(p.id),
    projectKey: p.key,
    projectName: p.name,
    projectTypeKey: 'software',
    displayName: `${p.name} (${p.key})`,
    name: `${p.name} (${p.key})`,
  };
  const board = (id: number, name: string, type: DemoBoard['type']): DemoBoard => ({
    id,
    self: `${DEMO_SITE_URL}/rest/agile/1.0/board/${id}`,
    name,
    type,
    location,
  });
  const scrum = board(2 * p.index + 1, `${p.key} board`, 'scrum');
  // The client must pick the scrum board even when a kanban board comes first.
  return p.index % 3 === 1
    ? [board(2 * p.index + 2, `${p.key} support`, 'kanban'), scrum]
    : [scrum];
}

/** The id Jira gives the issue numbered `n` in a project. */
const issueIdOf = (p: DemoJiraProject, n: number) => String(1_000_000 + p.index * 100_000 + n);

/**
 * One project's boards, sprints, epics and issues with their changelogs. Each project draws from
 * a random stream of its own, so projects can be generated in any order, on first use.
 */
function projectDetail(
  p: DemoJiraProject,
  context: {
    seed: number;
    today: Date;
    issueCount: number;
    developers: readonly DemoJiraUser[];
    daysOff: ReadonlyMap<string, ReadonlySet<string>>;
  },
): DemoProjectDetail {
  const { seed, today, issueCount } = context;
  const now = today.getTime();
  const rand = seededRandom(seed ^ Math.imul(p.index + 7, 0x85ebca6b));
  const boards = boardsOf(p);
  const scrumBoard = boards.find((b) => b.type === 'scrum')!;
  const team = pickTeam(rand, context.developers);
  const plan = sprintPlan(p, today, rand);
  const sprints = sprintsOf(p, plan, scrumBoard, rand);

  const projectStart = plan.windows[0]!.start - 7 * DAY;
  const epics = epicsOf(p, Math.min(issueCount, intBetween(rand, 4, 12)), projectStart);
  const latest = now - 10 * 60_000;
  const drafts = issueDrafts(rand, issueCount - epics.length, plan, projectStart, latest);
  // The hostile summary sits on a ticket that entered QA this week, so the weekly list shows it.
  const hostile = p.index === 0 ? placeInQaThisWeek(drafts, plan, now) : -1;

  // Each ticket draws from a stream of its own, keyed by when it was drafted, so a ticket keeps
  // its points and assignee whatever hour the demo is read (docs/decisions/426).
  const tickets = drafts.map((draft) => {
    const own = seededRandom(
      seed ^ Math.imul(p.index + 7, 0x85ebca6b) ^ Math.imul(draft.order + 1, 0x27d4eb2f),
    );
    return { draft, rand: own, ...estimateOf(own, draft, team) };
  });
  deliverOnWorkingDays(tickets, plan, context.daysOff);

  const issues: DemoIssue[] = [...epics];
  tickets.forEach((ticket, i) => {
    const number = epics.length + i + 1;
    issues.push(
      issueOf(ticket.rand, p, ticket.draft, {
        number,
        latest,
        epics,
        storyPoints: ticket.storyPoints,
        assignee: ticket.assignee,
        summary: i === hostile ? HOSTILE_SUMMARY : undefined,
      }),
    );
  });
  settleEpics(epics, issues);
  return {
    project: p,
    boards,
    scrumBoard,
    sprints,
    issues,
    byKey: new Map(issues.map((i) => [i.key, i])),
  };
}

interface SprintWindow {
  start: number;
  end: number;
  state: DemoSprint['state'];
}

/** When a project's sprints run: closed ones, then the active one, then a future one. */
interface SprintPlan {
  thisMonday: number;
  activeStart: number;
  /** The active sprint's index, which is also how many sprints are closed. */
  activeIndex: number;
  windows: SprintWindow[];
}

/** Two-week sprints; the active one holds today and started this Monday or the one before. */
function sprintPlan(p: DemoJiraProject, today: Date, rand: () => number): SprintPlan {
  const thisMonday = mondayOf(today);
  const activeStart = thisMonday - (p.index % 2) * 7 * DAY;
  const closedCount = intBetween(rand, 5, 9);
  const windows: SprintWindow[] = [];
  for (let s = 0; s < closedCount; s++) {
    const start = activeStart - (closedCount - s) * SPRINT_LENGTH;
    windows.push({ start, end: start + SPRINT_LENGTH, state: 'closed' });
  }
  windows.push({ start: activeStart, end: activeStart + SPRINT_LENGTH, state: 'active' });
  windows.push({
    start: activeStart + SPRINT_LENGTH,
    end: activeStart + 2 * SPRINT_LENGTH,
    state: 'future',
  });
  return { thisMonday, activeStart, activeIndex: closedCount, windows };
}

function sprintsOf(
  p: DemoJiraProject,
  plan: SprintPlan,
  scrumBoard: DemoBoard,
  rand: () => number,
): DemoSprint[] {
  return plan.windows.map((w, s) => {
    const id = (p.index + 1) * 100 + s + 1;
    const sprint: DemoSprint = {
      id,
      self: `${DEMO_SITE_URL}/rest/agile/1.0/sprint/${id}`,
      state: w.state,
      name: `${p.key} Sprint ${s + 1}`,
      originBoardId: scrumBoard.id,
      goal: pick(rand, GOALS),
    };
    // Future sprints usually have no dates yet.
    if (w.state !== 'future') {
      sprint.startDate = new Date(w.start).toISOString();
      sprint.endDate = new Date(w.end).toISOString();
      sprint.createdDate = new Date(w.start - 3 * DAY).toISOString();
      if (w.state === 'closed') sprint.completeDate = sprint.endDate;
    }
    return sprint;
  });
}

/** The project's epics, created two days apart from its start; their status comes later. */
function epicsOf(p: DemoJiraProject, count: number, projectStart: number): DemoIssue[] {
  const epics: DemoIssue[] = [];
  for (let e = 0; e < count; e++) {
    const number = e + 1;
    const created = projectStart + e * 2 * DAY;
    epics.push({
      id: issueIdOf(p, number),
      key: `${p.key}-${number}`,
      number,
      projectKey: p.key,
      typeName: 'Epic',
      status: DEMO_STATUSES.toDo,
      summary: EPIC_NAMES[(p.index + e) % EPIC_NAMES.length]!,
      createdAt: created,
      updatedAt: created,
      assignee: null,
      storyPoints: null,
      epic: null,
      sprintIndexes: [],
      priority: 1,
      transitions: [],
      priorityChangedAt: null,
    });
  }
  return epics;
}

/** A ticket before it has a key: when it was made, its sprints, and the window its changes fill. */
/** The share of issues planned into sprints, closed and active alike, as many per sprint. */
const PLANNED_SHARE = 0.87;

interface IssueDraft {
  /** Its place in the order tickets are drafted, which "now" does not change. */
  order: number;
  /** Planned into a sprint and worked inside it: it reaches QA on its assignee's working days. */
  planned?: boolean;
  /** When it enters 'Ready for QA Testing', set from its assignee's working days. */
  deliverAt?: number;
  /**
   * Planned work of the active sprint: its changes after this instant ("now") have not happened
   * yet, and it is in the status of the last one that has.
   */
  until?: number;
  created: number;
  type: IssueTypeName;
  sprintIndexes: number[];
  final: StatusName;
  from: number;
  to: number;
}

/**
 * The project's tickets, oldest first (keys grow with creation time, as in Jira). Each sprint
 * holds as many planned tickets as any other: ~87% of issues are dealt in turn to the closed
 * sprints and the active one, each ticket worked in a window of its own inside its sprint; in the
 * active sprint a ticket has got only as far as "now" allows, so the last finished week and the
 * current one deliver as any other week did. ~3% more are in flight or stuck in the active
 * sprint; the rest wait in the next sprint or the backlog.
 */
function issueDrafts(
  rand: () => number,
  count: number,
  { activeStart, activeIndex, windows }: SprintPlan,
  projectStart: number,
  latest: number,
): IssueDraft[] {
  const closedCount = activeIndex;
  const drafts: IssueDraft[] = [];
  // Planned tickets are dealt to the sprints in turn, the active one included, so every sprint
  // holds as many tickets as any other.
  let dealt = 0;
  for (let i = 0; i < count; i++) {
    const type = weighted(rand, TYPE_MIX);
    const bucket = rand();
    let created: number;
    let sprintIndexes: number[] = [];
    let final: StatusName = 'toDo';
    let from: number;
    let to = latest;
    let until: number | undefined;
    let planned: boolean | undefined;
    if (bucket < PLANNED_SHARE && dealt % (closedCount + 1) === closedCount) {
      dealt++;
      // Planned into the active sprint like any sprint's work, each ticket worked in a window
      // of its own; only the changes before "now" have happened (`until`).
      created = Math.min(Math.max(projectStart, activeStart - rand() * 10 * DAY), latest - HOUR);
      sprintIndexes = [activeIndex];
      const outcome = rand();
      // As in a closed sprint, about 6% will not be finished in it: they stop short of QA.
      final =
        outcome < 0.06
          ? 'inReview'
          : outcome < 0.9
            ? 'done'
            : outcome < 0.95
              ? 'wontDo'
              : 'descoped';
      from = activeStart + rand() * (SPRINT_LENGTH - 4 * DAY);
      to = from + (2 + rand() * 2) * DAY;
      drafts.push({
        order: i,
        created,
        type,
        sprintIndexes,
        final,
        from,
        to,
        until: latest,
        planned: true,
      });
      continue;
    }
    if (bucket < PLANNED_SHARE) {
      const j = dealt++ % (closedCount + 1);
      const w = windows[j]!;
      created = Math.max(projectStart, w.start - rand() * 10 * DAY);
      from = Math.max(created, w.start);
      const outcome = rand();
      if (outcome < 0.06) {
        // Carried over: unfinished when its sprint closed, now in the active sprint.
        sprintIndexes = [j, activeIndex];
        final = weighted(rand, CARRIED_MIX);
        // Its window ends early in the active sprint, not at "now", so the hour the demo is
        // read moves none of its changes; those after "now" have not happened yet.
        to = Math.max(from, activeStart) + 3 * DAY;
        until = latest;
      } else {
        planned = true;
        sprintIndexes = [j];
        final = outcome < 0.9 ? 'done' : outcome < 0.95 ? 'wontDo' : 'descoped';
        // Worked in a window of its own inside the sprint, so both weeks deliver alike.
        from = Math.max(from, w.start + rand() * (SPRINT_LENGTH - 4 * DAY));
        to = Math.min(w.end - HOUR, from + (2 + rand() * 2) * DAY);
      }
    } else if (bucket < PLANNED_SHARE + 0.03) {
      created = activeStart - 10 * DAY + rand() * (latest - activeStart + 10 * DAY);
      sprintIndexes = [activeIndex];
      // Still in flight: what reaches QA in a sprint is its planned work, delivered on its
      // people's working days, so these stop short of QA whatever hour the demo is read.
      const drawn = weighted(rand, ACTIVE_MIX);
      final = REACHES_QA.has(drawn) ? 'inReview' : drawn;
      from = Math.max(created, activeStart);
    } else if (bucket < PLANNED_SHARE + 0.08) {
      created = activeStart - 20 * DAY + rand() * (latest - activeStart + 20 * DAY);
      sprintIndexes = [activeIndex + 1];
      from = created;
    } else {
      created = projectStart + rand() * (latest - projectStart);
      final = rand() < 0.1 ? 'wontDo' : 'toDo';
      from = created;
    }
    created = Math.min(created, latest - HOUR);
    drafts.push({
      order: i,
      created,
      type,
      sprintIndexes,
      final,
      from: Math.min(from, latest - HOUR),
      to,
      ...(until === undefined ? {} : { until }),
      ...(planned ? { planned } : {}),
    });
  }
  return drafts.sort((a, b) => a.created - b.created);
}

/**
 * Moves the newest ticket of the active sprint into 'Ready for QA Testing' during this week and
 * returns its position (-1 when the sprint has none).
 */
function placeInQaThisWeek(drafts: IssueDraft[], plan: SprintPlan, now: number): number {
  const index = drafts.findLastIndex((d) => d.sprintIndexes.includes(plan.activeIndex));
  const target = drafts[index];
  if (target) {
    target.planned = false;
    target.final = 'readyForQa';
    target.created = Math.min(target.created, plan.thisMonday - DAY);
    target.from = Math.max(plan.thisMonday, now - 2 * DAY);
    target.to = now - 1000;
  }
  return index;
}

/** A ticket from its draft: its changelog, points, assignee, epic, summary and priority. */
function issueOf(
  rand: () => number,
  p: DemoJiraProject,
  d: IssueDraft,
  {
    number,
    latest,
    epics,
    storyPoints,
    assignee,
    summary,
  }: {
    number: number;
    latest: number;
    epics: readonly DemoIssue[];
    storyPoints: number | null;
    assignee: DemoJiraUser | null;
    /** Set for the one ticket whose summary is fixed. */
    summary: string | undefined;
  },
): DemoIssue {
  const transitions = changelogOf(d, rand);
  const priorityChangedAt =
    rand() < 0.3
      ? Math.round(Math.min(latest, d.created + rand() * Math.min(DAY, latest - d.created)))
      : null;
  const lastChange = Math.max(transitions[transitions.length - 1]?.at ?? 0, priorityChangedAt ?? 0);
  const updated =
    lastChange ||
    Math.round(Math.min(latest, d.created + rand() * Math.min(2 * DAY, latest - d.created)));
  const epic = epics.length > 0 && rand() < 0.8 ? epics[Math.floor(rand() * epics.length)]! : null;
  return {
    id: issueIdOf(p, number),
    key: `${p.key}-${number}`,
    number,
    projectKey: p.key,
    typeName: d.type,
    status:
      d.until === undefined
        ? DEMO_STATUSES[d.final]
        : (transitions[transitions.length - 1]?.to ?? DEMO_STATUSES.toDo),
    summary: summary ?? `${pick(rand, VERBS)} ${pick(rand, OBJECTS)}`,
    createdAt: Math.round(d.created),
    updatedAt: updated,
    assignee,
    storyPoints,
    epic,
    sprintIndexes: d.sprintIndexes,
    priority: Math.floor(rand() * PRIORITIES.length),
    transitions,
    priorityChangedAt,
  };
}

/** A ticket's points and assignee, drawn first from its own stream. */
function estimateOf(
  rand: () => number,
  d: IssueDraft,
  team: readonly DemoJiraUser[],
): { storyPoints: number | null; assignee: DemoJiraUser | null } {
  const storyPoints =
    d.type === 'Bug'
      ? rand() < 0.4
        ? null
        : pick(rand, BUG_POINTS)
      : rand() < 0.1
        ? null
        : pick(rand, STORY_POINTS);
  const assignee = rand() < 0.88 ? pick(rand, team) : null;
  return { storyPoints, assignee };
}

/**
 * Planned work that gets done reaches QA on its assignee's working days only, a day's worth at
 * a time: each person's points in a sprint are spread over its weekdays, a tenth of them a
 * weekday in a two-week sprint, delivered in turn on the days they work (weekdays less their
 * holidays and leave) between 09:00 and 17:00 UTC. What their days off leave no time for is
 * descoped, so a week with days off delivers fewer points, as it has fewer available points
 * (docs/decisions/426).
 */
function deliverOnWorkingDays(
  tickets: readonly {
    draft: IssueDraft;
    storyPoints: number | null;
    assignee: DemoJiraUser | null;
  }[],
  plan: SprintPlan,
  daysOff: ReadonlyMap<string, ReadonlySet<string>>,
): void {
  const groups = new Map<string, (typeof tickets)[number][]>();
  for (const t of [...tickets].sort((a, b) => a.draft.order - b.draft.order)) {
    if (!t.draft.planned || !REACHES_QA.has(t.draft.final) || !t.assignee) continue;
    const key = `${t.draft.sprintIndexes[0]}|${t.assignee.accountId}`;
    const group = groups.get(key);
    if (group) group.push(t);
    else groups.set(key, [t]);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    const w = plan.windows[first.draft.sprintIndexes[0]!]!;
    const off = daysOff.get(first.assignee!.accountId);
    let weekdays = 0;
    const days: number[] = [];
    for (let day = w.start; day < w.end; day += DAY) {
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      weekdays++;
      if (!off?.has(new Date(day).toISOString().slice(0, 10))) days.push(day);
    }
    const total = group.reduce((sum, t) => sum + (t.storyPoints ?? 0), 0);
    let before = 0;
    group.forEach((t, k) => {
      const points = t.storyPoints ?? 0;
      const share = total > 0 ? (before + points / 2) / total : (k + 0.5) / group.length;
      before += points;
      // A day's worth of the sprint's work per working day: what the days off leave no time
      // for is descoped.
      const x = share * weekdays;
      const i = Math.floor(x);
      if (i >= days.length) {
        t.draft.final = 'descoped';
        return;
      }
      t.draft.deliverAt = days[i]! + 9 * HOUR + (x - i) * 8 * HOUR;
      t.draft.to = Math.max(t.draft.deliverAt, w.end - HOUR);
    });
  }
}

/**
 * The status changes that took a ticket from To Do to its final status, spread evenly with a
 * little jitter over its window: in order, inside the window, never after "now".
 */
function changelogOf(d: IssueDraft, rand: () => number): DemoTransition[] {
  const path = pathTo(d.final, rand);
  const transitions: DemoTransition[] = [];
  let previous: DemoStatus = DEMO_STATUSES.toDo;
  const span = Math.max(0, d.to - d.from);
  for (let k = 0; k < path.length; k++) {
    const next = DEMO_STATUSES[path[k]!];
    transitions.push({
      at: Math.round(
        Math.min(d.to, d.from + span * ((k + 0.5 + rand() * 0.4) / (path.length + 0.5))),
      ),
      from: previous,
      to: next,
    });
    previous = next;
  }
  const qa = transitions.find((t) => t.to === DEMO_STATUSES.readyForQa);
  if (d.deliverAt !== undefined && qa) {
    // Moved so that it enters QA when its assignee delivers it, kept after its creation and
    // inside its sprint.
    const shift = d.deliverAt - qa.at;
    for (const t of transitions)
      t.at = Math.round(Math.max(d.created, Math.min(d.to, t.at + shift)));
  }
  // Planned work has got only as far as "now".
  return d.until === undefined ? transitions : transitions.filter((t) => t.at < d.until!);
}

/**
 * An epic is done when all its children are, in progress once any has started. Its own
 * changelog follows: started with its first child, done with its last.
 */
function settleEpics(epics: readonly DemoIssue[], issues: readonly DemoIssue[]): void {
  const children = new Map<DemoIssue, DemoIssue[]>();
  for (const issue of issues) {
    if (!issue.epic) continue;
    const list = children.get(issue.epic);
    if (list) list.push(issue);
    else children.set(issue.epic, [issue]);
  }
  for (const e of epics) {
    const kids = children.get(e) ?? [];
    e.status =
      kids.length > 0 && kids.every((k) => k.status.category === 'done')
        ? DEMO_STATUSES.done
        : kids.some((k) => k.status !== DEMO_STATUSES.toDo)
          ? DEMO_STATUSES.inProgress
          : DEMO_STATUSES.toDo;
    const started = Math.max(
      e.createdAt,
      Math.min(...kids.map((k) => k.transitions[0]?.at ?? Infinity)),
    );
    if (e.status !== DEMO_STATUSES.toDo)
      e.transitions.push({ at: started, from: DEMO_STATUSES.toDo, to: DEMO_STATUSES.inProgress });
    if (e.status === DEMO_STATUSES.done) {
      e.transitions.push({
        at: Math.max(started, ...kids.map((k) => k.updatedAt)),
        from: DEMO_STATUSES.inProgress,
        to: DEMO_STATUSES.done,
      });
    }
    e.updatedAt = Math.max(
      e.createdAt,
      ...kids.map((k) => k.updatedAt),
      ...e.transitions.map((t) => t.at),
    );
  }
}

/** Every field of an issue in wire shape; the search picks the requested ones. */
function issueFields(issue: DemoIssue, d: DemoProjectDetail): Record<string, unknown> {
  const p = d.project;
  const fields: Record<string, unknown> = {
    summary: issue.summary,
    status: STATUS_WIRE.get(issue.status.name),
    issuetype: TYPE_WIRE.get(issue.typeName),
    assignee: issue.assignee ? userRef(issue.assignee) : null,
    created: platformTimestamp(new Date(issue.createdAt)),
    updated: platformTimestamp(new Date(issue.updatedAt)),
    project: {
      self: `${DEMO_SITE_URL}/rest/api/3/project/${p.id}`,
      id: p.id,
      key: p.key,
      name: p.name,
      projectTypeKey: 'software',
      simplified: p.style === 'next-gen',
    },
    priority: PRIORITIES[issue.priority],
    [DEMO_FIELDS.storyPoints]: issue.storyPoints,
    [DEMO_FIELDS.legacyStoryPoints]: null,
    [DEMO_FIELDS.sprint]: issue.sprintIndexes.length
      ? issue.sprintIndexes.map((s) => {
          const sp = d.sprints[s]!;
          return {
            id: sp.id,
            name: sp.name,
            state: sp.state,
            boardId: sp.originBoardId,
            goal: sp.goal,
            ...(sp.startDate ? { startDate: sp.startDate, endDate: sp.endDate } : {}),
            ...(sp.completeDate ? { completeDate: sp.completeDate } : {}),
          };
        })
      : null,
  };
  if (issue.epic) {
    fields.parent = {
      id: issue.epic.id,
      key: issue.epic.key,
      self: `${DEMO_SITE_URL}/rest/api/3/issue/${issue.epic.id}`,
      fields: {
        summary: issue.epic.summary,
        status: STATUS_WIRE.get(issue.epic.status.name),
        priority: PRIORITIES[1],
        issuetype: TYPE_WIRE.get('Epic'),
      },
    };
  }
  return fields;
}

/** A changelog author; changes to unassigned issues are the automation app's. */
function authorOf(u: DemoJiraUser | null, automation: DemoJiraUser): DemoHistory['author'] {
  const a = u ?? automation;
  return {
    self: a.self,
    accountId: a.accountId,
    accountType: a.accountType,
    active: a.active,
    displayName: a.displayName,
  };
}

/** The issue's changelog in wire shape, oldest first, with its priority change if any. */
function issueHistories(issue: DemoIssue, automation: DemoJiraUser): DemoHistory[] {
  const author = authorOf(issue.assignee, automation);
  const histories: DemoHistory[] = issue.transitions.map((t, k) => ({
    id: `${issue.id}${String(k + 1).padStart(2, '0')}`,
    author,
    created: platformTimestamp(new Date(t.at)),
    items: [
      {
        field: 'status',
        fieldId: 'status',
        fieldtype: 'jira',
        from: t.from.id,
        fromString: t.from.name,
        to: t.to.id,
        toString: t.to.name,
      },
    ],
  }));
  if (issue.priorityChangedAt !== null) {
    histories.push({
      id: `${issue.id}90`,
      author,
      created: platformTimestamp(new Date(issue.priorityChangedAt)),
      items: [
        {
          field: 'priority',
          fieldId: 'priority',
          fieldtype: 'jira',
          from: '3',
          fromString: 'Medium',
          to: '2',
          toString: 'High',
        },
      ],
    });
    // The timestamp format sorts as text.
    histories.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  }
  return histories;
}

function pickTeam(rand: () => number, developers: readonly DemoJiraUser[]): DemoJiraUser[] {
  const size = Math.min(developers.length, intBetween(rand, 3, 6));
  const team = new Set<DemoJiraUser>();
  while (team.size < size) team.add(pick(rand, developers));
  return [...team];
}

/** An assignee as issue fields carry it. */
function userRef(u: DemoJiraUser) {
  return {
    self: u.self,
    accountId: u.accountId,
    ...(u.emailAddress ? { emailAddress: u.emailAddress } : {}),
    avatarUrls: u.avatarUrls,
    displayName: u.displayName,
    active: u.active,
    timeZone: u.timeZone ?? 'UTC',
    accountType: u.accountType,
  };
}
