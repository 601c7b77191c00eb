import { dehydrate } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { createQueryClient } from '../../src/components/IslandProviders';
import { jiraDataKey } from '../../src/islands/projects/api';
import type ProjectDetails from '../../src/islands/ProjectDetails';
import { projectForEveryone } from '../../src/shared/projects';
import type { JiraOverview } from '../../src/shared/tickets';
import { projectFixture } from '../fixtures/project';
import type AlertBell from '../../src/islands/AlertBell';
import type AlertSettings from '../../src/islands/AlertSettings';
import type AlertsList from '../../src/islands/AlertsList';
import type CapacityDemand from '../../src/islands/CapacityDemand';
import type CommandPalette from '../../src/islands/CommandPalette';
import type DealPlan from '../../src/islands/DealPlan';
import type DigestToggle from '../../src/islands/DigestToggle';
import { DEFAULT_THRESHOLDS } from '../../src/shared/alerts';
import type AvailabilityGrid from '../../src/islands/AvailabilityGrid';
import type CostPerPoint from '../../src/islands/CostPerPoint';
import type GrossMarginsTable from '../../src/islands/GrossMarginsTable';
import type LogoutButton from '../../src/islands/LogoutButton';
import type ThemeToggle from '../../src/islands/ThemeToggle';
import type TopMenu from '../../src/islands/TopMenu';
import type ManageProjectsDialog from '../../src/islands/ManageProjectsDialog';
import type PasswordForm from '../../src/islands/PasswordForm';
import type PortfolioCards from '../../src/islands/PortfolioCards';
import type RoleMixSettings from '../../src/islands/RoleMixSettings';
import type Roster from '../../src/islands/Roster';
import type ShareLinks from '../../src/islands/ShareLinks';
import type StoryPointsSetting from '../../src/islands/StoryPointsSetting';
import type FreshnessLine from '../../src/islands/FreshnessLine';
import type LiveUpdates from '../../src/islands/LiveUpdates';
import type SyncButton from '../../src/islands/SyncButton';
import type SyncPanel from '../../src/islands/SyncPanel';
import type TeamSelector from '../../src/islands/TeamSelector';
import type Toaster from '../../src/islands/Toaster';
import type Trends from '../../src/islands/Trends';
import type UsersAdmin from '../../src/islands/UsersAdmin';
import type UtilisationTargets from '../../src/islands/UtilisationTargets';
import type WeeklyHistory from '../../src/islands/WeeklyHistory';
import type WeeklyHours from '../../src/islands/WeeklyHours';

/** Each island's props, by island name (its file name in src/islands/). */
export interface IslandFixtures {
  AlertBell: ComponentProps<typeof AlertBell>;
  AlertSettings: ComponentProps<typeof AlertSettings>;
  AlertsList: ComponentProps<typeof AlertsList>;
  CapacityDemand: ComponentProps<typeof CapacityDemand>;
  CommandPalette: ComponentProps<typeof CommandPalette>;
  DealPlan: ComponentProps<typeof DealPlan>;
  DigestToggle: ComponentProps<typeof DigestToggle>;
  AvailabilityGrid: ComponentProps<typeof AvailabilityGrid>;
  CostPerPoint: ComponentProps<typeof CostPerPoint>;
  GrossMarginsTable: ComponentProps<typeof GrossMarginsTable>;
  LogoutButton: ComponentProps<typeof LogoutButton>;
  ThemeToggle: ComponentProps<typeof ThemeToggle>;
  TopMenu: ComponentProps<typeof TopMenu>;
  ManageProjectsDialog: ComponentProps<typeof ManageProjectsDialog>;
  PasswordForm: ComponentProps<typeof PasswordForm>;
  PortfolioCards: ComponentProps<typeof PortfolioCards>;
  ProjectDetails: ComponentProps<typeof ProjectDetails>;
  RoleMixSettings: ComponentProps<typeof RoleMixSettings>;
  ShareLinks: ComponentProps<typeof ShareLinks>;
  Roster: ComponentProps<typeof Roster>;
  StoryPointsSetting: ComponentProps<typeof StoryPointsSetting>;
  FreshnessLine: ComponentProps<typeof FreshnessLine>;
  LiveUpdates: ComponentProps<typeof LiveUpdates>;
  SyncButton: ComponentProps<typeof SyncButton>;
  SyncPanel: ComponentProps<typeof SyncPanel>;
  TeamSelector: ComponentProps<typeof TeamSelector>;
  Toaster: ComponentProps<typeof Toaster>;
  Trends: ComponentProps<typeof Trends>;
  UtilisationTargets: ComponentProps<typeof UtilisationTargets>;
  UsersAdmin: ComponentProps<typeof UsersAdmin>;
  WeeklyHistory: ComponentProps<typeof WeeklyHistory>;
  WeeklyHours: ComponentProps<typeof WeeklyHours>;
}

/**
 * One realistic set of props per island, shaped as its page passes them (nested lists,
 * optional fields, nulls, dates as strings). tests/render/islands.test.tsx checks that every
 * island has one and that it survives the JSON trip through the island marker; a new island
 * adds its entry here.
 */
export const islandFixtures: IslandFixtures = {
  AlertBell: { count: 3, current: false },
  AlertSettings: {
    thresholds: { ...DEFAULT_THRESHOLDS, overdueDays: 21 },
    defaults: DEFAULT_THRESHOLDS,
    lastChange: { changedBy: 'admin@demo.agency', changedAt: '2026-11-20T10:00:00.000Z' },
  },
  AlertsList: {
    initial: {
      attention: 1,
      alerts: [
        {
          id: 12,
          rule: 'overdue',
          ruleLabel: 'Overdue invoice',
          projectId: 4001,
          projectName: 'Acme <Support> & "Co"',
          status: 'open',
          openedAt: '2026-11-23T08:00:00.000Z',
          lastSeenAt: '2026-11-23T10:00:00.000Z',
          closedAt: null,
          message: 'Acme: $1,200 overdue for 17 days (due 2026-11-06).',
          numbers: { overdueAmount: 1200, daysOverdue: 17, dueDate: '2026-11-06' },
          acknowledgedAt: null,
          snoozedUntil: null,
        },
        {
          id: 9,
          rule: 'stale',
          ruleLabel: 'Stale data',
          projectId: null,
          projectName: null,
          status: 'closed',
          openedAt: '2026-11-20T08:00:00.000Z',
          lastSeenAt: '2026-11-20T09:00:00.000Z',
          closedAt: '2026-11-20T09:05:00.000Z',
          message: 'Data is stale.',
          numbers: { hoursSinceSuccess: 7.5, lastFailure: null },
          acknowledgedAt: '2026-11-20T08:30:00.000Z',
          snoozedUntil: null,
        },
      ],
    },
    filters: { status: 'all', projectId: null, rule: null },
    projects: [{ id: 4001, name: 'Acme <Support> & "Co"' }],
    rules: ['overdue', 'stale'],
    now: '2026-11-23T10:00:00.000Z',
    timeZone: 'Europe/London',
  },
  CommandPalette: { jiraSite: 'https://demo-agency.atlassian.net', role: 'admin' },
  DigestToggle: { subscribed: false, alwaysSent: false },
  AvailabilityGrid: {
    role: 'staff',
    currentWeekStart: '2026-11-16',
    availability: {
      developers: {
        'Mia Chen': { '2026-11-16': false, '2026-11-17': true },
        'Ravi Patel': { '2026-11-18': true },
      },
      selectedDevelopersList: ['acc-mia', 'acc-ravi'],
      developersWithEndDates: [
        { accountId: 'acc-ravi', startDate: '2026-01-05', endDate: '2026-12-31' },
      ],
      derived: { 'acc-mia': { '2026-11-19': 'holiday: Founders’ Day' } },
      derivedWeek: '2026-11-16',
      selectedDevelopers: [
        {
          accountId: 'acc-mia',
          displayName: 'Mia Chen',
          startDate: null,
          endDate: null,
          addedAt: '2026-10-01',
        },
        {
          accountId: 'acc-ravi',
          displayName: 'Ravi Patel',
          startDate: '2026-01-05',
          endDate: '2026-12-31',
          addedAt: '2026-10-02',
        },
      ],
    },
  },
  GrossMarginsTable: {
    initial: {
      currency: 'USD',
      projects: [
        {
          id: 4001,
          name: 'Acme Support Retainer',
          devStatus: 'Active',
          totalHours: 12.5,
          totalInvoiced: 21600,
          totalPaid: 14400.5,
          currency: 'USD',
          costBreakdown: [
            { personId: 11, personName: 'Mia Chen', hours: 12.5, hourlyRate: 62.5, cost: 781.25 },
          ],
        },
        {
          id: 4002,
          name: 'Brightside Beta',
          devStatus: 'Billing Blocked',
          totalHours: 3,
          totalInvoiced: 0,
          totalPaid: 0,
          currency: 'EUR',
        },
      ],
    },
  },
  LogoutButton: {},
  ThemeToggle: { theme: 'dark' },
  TopMenu: { menuId: 'top-menu' },
  ManageProjectsDialog: { role: 'staff', today: '2026-11-23' },
  PasswordForm: { mode: 'reset', token: 'abcdefghijkmnpqrstuvwxyz.abcdefghijkmnpqrstuvwxyz' },
  PortfolioCards: {
    rendered: true,
    role: 'user',
    jiraSite: 'https://demo-agency.atlassian.net',
    forecastSite: 'https://demo-agency.forecast.it',
  },
  ProjectDetails: {
    project: projectForEveryone(projectFixture({ jiraProjectKey: 'ASR' })),
    role: 'user',
    tab: 'jira',
    state: jiraDataState(),
    readAt: { now: '2026-11-25T16:00:00.000Z', timeZone: 'Australia/Sydney' },
    jiraSite: 'https://demo-agency.atlassian.net',
    forecastSite: 'https://demo-agency.forecast.it',
  },
  StoryPointsSetting: { storyPointsPerDeveloperDay: 1.5, role: 'admin' },
  Roster: {
    initial: {
      people: [
        {
          id: 1,
          name: 'Ana <dev> & "co"',
          email: 'ana@agency.test',
          team: 'Team 1',
          role: 'Developer',
          jiraAccountId: 'acc-ana',
          forecastPersonId: 101,
          pipedriveUserId: null,
          startDate: '2025-03-01',
          endDate: null,
          weeklyHours: 37.5,
          tracked: true,
        },
        {
          id: 2,
          name: 'Bea',
          email: null,
          team: null,
          role: 'Designer',
          jiraAccountId: null,
          forecastPersonId: 102,
          pipedriveUserId: null,
          startDate: null,
          endDate: null,
          weeklyHours: 30,
          tracked: false,
        },
      ],
      unmatched: {
        jira: [{ accountId: 'acc-bea', displayName: 'Bea </script>' }],
        forecast: [{ id: 102, name: 'Bea' }],
      },
    },
    refusal: null,
  },
  UtilisationTargets: {
    roles: [{ role: 'Developer', targetPercent: 80 }],
    knownRoles: ['Designer', 'Developer'],
    people: [
      { id: 1, name: 'Ana <dev> & "co"', role: 'Developer', targetPercent: 80, ownTarget: false },
      { id: 2, name: 'Bea', role: 'Designer', targetPercent: null, ownTarget: false },
    ],
    periodFrom: '2027-02-01',
    periodLabel: 'February 2027',
  },
  CapacityDemand: {
    initial: {
      weeks: [
        { weekStart: '2026-11-23', freeHours: 64.5, tentativeHours: 12 },
        { weekStart: '2026-11-30', freeHours: 20, tentativeHours: 46.25 },
      ],
    },
    view: { tentative: true, minProbability: 20 },
    currentWeekStart: '2026-11-23',
    pipelineRead: true,
  },
  RoleMixSettings: {
    pipelines: [
      {
        id: 1,
        name: 'Sales <new> & "renewals"',
        mix: [
          { role: 'Developer', weight: 3 },
          { role: 'Designer', weight: 1 },
        ],
      },
      { id: 2, name: 'Partners', mix: null },
    ],
    roles: ['Designer', 'Developer', 'QA Engineer'],
    fallback: 'billable hours by role, last 12 weeks',
  },
  DealPlan: {
    currentWeekStart: '2026-11-23',
    firstWeek: '2026-11-23',
    weeksShown: 2,
    horizonWeeks: 3,
    dealWeeks: 1,
    free: [
      { role: 'Developer', hours: [40, 40, 40] },
      { role: 'Designer <ux>', hours: [10, 0, 20] },
    ],
    teams: [
      { role: 'Developer', team: 'Web & "apps"', hours: [30, 30] },
      { role: 'Developer', team: 'Mobile', hours: [10, 10] },
      { role: 'Designer <ux>', team: 'Web & "apps"', hours: [10, 0] },
    ],
    deals: [
      {
        id: 7,
        title: 'Acme <mobile> & "app"',
        probability: 60,
        expectedCloseDate: '2026-11-30',
        ifWonHours: 50,
        expectedHours: 30,
        byRole: [
          { role: 'Developer', hours: 40 },
          { role: 'Designer <ux>', hours: 10 },
        ],
        roleSource: 'billable hours',
        from: '2026-11-30',
        unstaffable: null,
        valueText: '€48,000 = $51,840',
      },
      {
        id: 8,
        title: 'Crypto deal',
        probability: 20,
        expectedCloseDate: null,
        ifWonHours: null,
        expectedHours: null,
        byRole: [],
        roleSource: null,
        from: '2026-11-23',
        unstaffable: 'no exchange rate for USDT',
      },
    ],
    scenarios: [{ id: 3, name: 'Acme won', deals: [{ id: 7, status: 'won' }] }],
    fx: { base: 'USD', rates: { EUR: 1.08 }, source: 'FX_RATES' },
    rate: { hourly: 100, currency: 'USD', source: 'CAPACITY_BLENDED_RATE' },
    pipedriveSite: 'https://agency.pipedrive.com',
  },
  LiveUpdates: { projectId: 7 },
  FreshnessLine: {
    freshness: {
      sources: [
        {
          service: 'Jira',
          at: '2026-11-21T09:46:00.000Z',
          refreshMs: 3_600_000,
          staleAfterMs: 4_200_000,
        },
        {
          service: 'Forecast billing',
          at: null,
          refreshMs: 3_600_000,
          staleAfterMs: 4_200_000,
        },
      ],
      running: false,
      lastRun: {
        outcome: 'failed',
        finishedAt: '2026-11-21T09:55:00.000Z',
        failure: 'Forecast: the credentials were refused <check> & "retry"',
      },
      now: '2026-11-21T10:00:00.000Z',
      timeZone: 'Europe/London',
    },
    isAdmin: true,
    sources: ['jira', 'billing'],
  },
  SyncButton: {
    projectId: 7,
    projectName: 'Brightside <Beta> & "Co"',
    lastForecastSync: '2026-11-21T09:30:00.000Z',
    role: 'user',
    stale: false,
  },
  SyncPanel: {
    running: {
      id: 42,
      trigger: 'sync_now',
      runner: 'node 1234@app-1',
      requestedBy: 'admin@demo.agency',
      startedAt: '2026-11-23T09:58:00.000Z',
      finishedAt: null,
      durationMs: null,
      outcome: 'running',
      upstreamCalls: 14,
      rowsChanged: 120,
      failure: null,
      progress: {
        service: 'Jira',
        subject: 'Jira, Brightside <Beta>',
        pagesRead: 3,
        unitsDone: 1,
        unitsTotal: 7,
      },
    },
    runs: [
      {
        id: 41,
        trigger: 'schedule',
        runner: 'worker',
        requestedBy: null,
        startedAt: '2026-11-23T09:55:00.000Z',
        finishedAt: '2026-11-23T09:55:04.200Z',
        durationMs: 4200,
        outcome: 'failed',
        upstreamCalls: 6,
        rowsChanged: 0,
        failure: 'Forecast time data: Forecast: the credentials were refused; check the API token',
        progress: { unitsDone: 1, unitsTotal: 1, deferred: 0 },
      },
    ],
    timeZone: 'Europe/London',
    freshness: {
      sources: [
        {
          service: 'Forecast time',
          at: '2026-11-21T09:30:00.000Z',
          refreshMs: 300_000,
          staleAfterMs: 600_000,
        },
      ],
      running: true,
      lastRun: null,
      now: '2026-11-21T10:00:00.000Z',
      timeZone: 'Europe/London',
    },
  },
  TeamSelector: {
    projectId: 7,
    projectName: 'Brightside <Beta> & "Co"',
    teamName: null,
    role: 'staff',
  },
  Toaster: {},
  ShareLinks: {
    projectId: 12,
    defaultExpiry: '2026-12-29',
    links: [
      {
        id: 3,
        label: 'Monthly report for Acme',
        rolling: true,
        from: null,
        to: null,
        expiresAt: '2026-12-31',
        createdAt: '2026-11-02T09:00:00.000Z',
        createdBy: 'admin@demo.agency',
        lastOpenedAt: '2026-11-20T10:15:00.000Z',
        opens: 4,
        revokedAt: null,
        state: 'active',
      },
    ],
  },
  UsersAdmin: {
    users: [
      {
        id: '3f1c2a4e-8d2b-4b7e-9a51-0c6f1e2d3b4a',
        email: 'admin@demo.agency',
        role: 'admin',
        approved: true,
        createdAt: '2026-11-01T08:00:00.000Z',
      },
      {
        id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        email: 'new.person@agency.test',
        role: 'user',
        approved: false,
        createdAt: '2026-11-20T16:45:10.123Z',
      },
    ],
    currentUserId: '3f1c2a4e-8d2b-4b7e-9a51-0c6f1e2d3b4a',
  },
  WeeklyHistory: {
    jiraSite: 'https://demo-agency.atlassian.net',
    currentWeekStart: '2026-11-16',
    weekStart: '2026-11-09',
    completed: {
      totalCompleted: 2,
      tickets: [
        {
          key: 'ASR-101',
          status: { name: 'Ready for QA Testing' },
          projectName: 'Acme Support Retainer',
          summary: 'Fix the invoice export',
          assignee: { displayName: 'Mia Chen', accountId: 'acc-mia' },
          updated: '2026-11-12T14:03:00.000Z',
          storyPoints: 3,
        },
        {
          key: 'BB-7',
          status: { name: 'Ready for QA Testing' },
          projectName: 'Brightside Beta',
          summary: 'Onboarding copy',
          updated: '2026-11-13T09:00:00.000Z',
          storyPoints: null,
        },
      ],
    },
    availablePoints: {
      totalAvailablePoints: 40,
      trackedStoryPoints: 3,
      untracked: [],
      velocityPercentage: 8,
    },
    trackedAccountIds: ['acc-mia'],
    canTrack: true,
    qaStatus: 'Ready for QA Testing',
    timeZone: 'Europe/London',
    // A filter from the address: the server's list and the hydrated one must both apply it.
    filters: { assignee: 'Mia Chen', project: '' },
  },
  WeeklyHours: {
    currentWeekStart: '2026-11-16',
    weekStart: '2026-11-16',
    initial: {
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      totalHours: 9.75,
      totalInternalCost: 812.5,
      totalInvoicesSent: 4200,
      currency: 'USD',
      invoicesSent: [{ currency: 'USD', amount: 4200 }],
      projectTimeData: [
        {
          projectId: 4001,
          projectName: 'Acme Support Retainer',
          totalHours: 9.75,
          timeEntries: [
            {
              id: 1,
              date: '2026-11-16',
              personName: 'Mia Chen',
              notes: 'Sprint planning',
              hours: 1.5,
            },
            { id: 2, date: '2026-11-17', personName: 'Ravi Patel', hours: 8.25 },
          ],
        },
      ],
    },
  },
  CostPerPoint: {
    initial: {
      currentWeekStart: '2026-11-16',
      currency: 'USD',
      agency: {
        weeks: [
          { weekStart: '2026-11-09', cost: 4812.5, points: 21, costPerPoint: 229.17 },
          { weekStart: '2026-11-16', cost: 1200, points: 0, costPerPoint: null },
        ],
        overall: { cost: 6012.5, points: 21, costPerPoint: 286.31 },
      },
      projects: [
        {
          id: 3,
          name: 'Acme <Portal> & "Co"',
          weeks: [{ weekStart: '2026-11-09', cost: 900, points: 6, costPerPoint: 150 }],
          overall: { cost: 900, points: 6, costPerPoint: 150 },
        },
      ],
    },
  },
  Trends: {
    initial: {
      currentWeekStart: '2026-11-16',
      currency: 'USD',
      otherCurrencies: [],
      agency: [
        {
          weekStart: '2026-11-09',
          hours: 152.5,
          internalCost: 9150,
          invoiced: 12000,
          cumulativeMargin: 2850,
          isCurrent: false,
        },
        {
          weekStart: '2026-11-16',
          hours: 40.25,
          internalCost: 2415,
          invoiced: 0,
          cumulativeMargin: 435,
          isCurrent: true,
        },
      ],
      projects: [
        {
          id: 3,
          name: 'Acme <Portal> & "Co"',
          weeks: [
            {
              weekStart: '2026-11-16',
              hours: 12,
              internalCost: 720,
              invoiced: 1500,
              cumulativeMargin: 780,
              isCurrent: true,
            },
          ],
        },
      ],
    },
  },
};

/** The Jira tab's answer as the project page's server puts it in the island's props. */
function jiraDataState() {
  const overview: JiraOverview = {
    totalTickets: 3,
    completedTickets: 1,
    tickets: [
      { key: 'ASR-1', status: { name: 'Done' } },
      { key: 'ASR-2', status: { name: 'In Progress' } },
      { key: 'ASR-3', status: { name: 'Blocked' } },
    ],
    ticketsByStatus: { Done: 1, 'In Progress': 1, Blocked: 1 },
    sprints: [
      {
        state: 'active',
        name: 'ASR Sprint 7',
        startDate: '2026-11-16',
        endDate: '2026-11-29',
        goal: 'Checkout <beta> & "fixes"',
        totalTickets: 3,
        completedTickets: 1,
        descopedTickets: 0,
        blockedTickets: 1,
      },
    ],
    epics: [
      {
        key: 'ASR-10',
        name: 'Payments',
        status: { name: 'In Progress' },
        tickets: 2,
        completedTickets: 1,
        completionPercentage: 50,
      },
    ],
  };
  const client = createQueryClient();
  client.setQueryData(jiraDataKey(1), overview, { updatedAt: Date.UTC(2026, 10, 25, 16) });
  return dehydrate(client);
}
