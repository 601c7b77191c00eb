import type { ComponentProps } from 'react';
import type AuthForm from '../../src/islands/AuthForm';
import type AvailabilityGrid from '../../src/islands/AvailabilityGrid';
import type GrossMarginsTable from '../../src/islands/GrossMarginsTable';
import type LogoutButton from '../../src/islands/LogoutButton';
import type ManageProjectsDialog from '../../src/islands/ManageProjectsDialog';
import type ProjectPortfolio from '../../src/islands/ProjectPortfolio';
import { projectFixture } from '../../src/islands/projects/fixtures';
import type StoryPointsSetting from '../../src/islands/StoryPointsSetting';
import type Toaster from '../../src/islands/Toaster';
import type UsersAdmin from '../../src/islands/UsersAdmin';
import type WeeklyHistory from '../../src/islands/WeeklyHistory';
import type WeeklyHours from '../../src/islands/WeeklyHours';

/** Each island's props, by island name (its file name in src/islands/). */
export interface IslandFixtures {
  AuthForm: ComponentProps<typeof AuthForm>;
  AvailabilityGrid: ComponentProps<typeof AvailabilityGrid>;
  GrossMarginsTable: ComponentProps<typeof GrossMarginsTable>;
  LogoutButton: ComponentProps<typeof LogoutButton>;
  ManageProjectsDialog: ComponentProps<typeof ManageProjectsDialog>;
  ProjectPortfolio: ComponentProps<typeof ProjectPortfolio>;
  StoryPointsSetting: ComponentProps<typeof StoryPointsSetting>;
  Toaster: ComponentProps<typeof Toaster>;
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
  AuthForm: { next: '/' },
  AvailabilityGrid: {
    currentWeekStart: '2026-11-16',
    availability: {
      developers: { 'Mia Chen': { '2026-11-16': false, '2026-11-17': true }, 'Ravi Patel': { '2026-11-18': true } },
      selectedDevelopersList: ['acc-mia', 'acc-ravi'],
      developersWithEndDates: [{ accountId: 'acc-ravi', startDate: '2026-01-05', endDate: '2026-12-31' }],
      selectedDevelopers: [
        { accountId: 'acc-mia', displayName: 'Mia Chen', startDate: null, endDate: null, addedAt: '2026-10-01' },
        { accountId: 'acc-ravi', displayName: 'Ravi Patel', startDate: '2026-01-05', endDate: '2026-12-31', addedAt: '2026-10-02' },
      ],
    },
  },
  GrossMarginsTable: {
    initial: {
      projects: [
        {
          id: 4001,
          name: 'Acme Support Retainer',
          devStatus: 'Active',
          totalHours: 12.5,
          totalInvoiced: 21600,
          totalPaid: 14400.5,
          costBreakdown: [{ personId: 11, personName: 'Mia Chen', hours: 12.5, hourlyRate: 62.5, cost: 781.25 }],
        },
        { id: 4002, name: 'Brightside Beta', devStatus: 'Billing Blocked', totalHours: 3, totalInvoiced: 0, totalPaid: 0 },
      ],
    },
  },
  LogoutButton: {},
  ManageProjectsDialog: {},
  ProjectPortfolio: {
    projects: [
      projectFixture({ sprints: [{ id: 1, name: 'ASR Sprint 14', totalTickets: 20, completedTickets: 11, goalHours: 80, actualHours: 62.5 }] }),
      projectFixture({ id: 2, name: 'Brightside Beta', devStatus: 'Billing Blocked', jiraProjectKey: null, forecastProjectId: null }),
    ],
    now: '2026-11-21T09:30:00.000Z',
  },
  StoryPointsSetting: { storyPointsPerDeveloperDay: 1.5 },
  Toaster: {},
  UsersAdmin: {
    users: [
      { id: '3f1c2a4e-8d2b-4b7e-9a51-0c6f1e2d3b4a', email: 'admin@demo.agency', role: 'admin', approved: true, createdAt: '2026-11-01T08:00:00.000Z' },
      { id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', email: 'new.person@agency.test', role: 'user', approved: false, createdAt: '2026-11-20T16:45:10.123Z' },
    ],
    currentUserId: '3f1c2a4e-8d2b-4b7e-9a51-0c6f1e2d3b4a',
  },
  WeeklyHistory: {
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
          assignee: { displayName: 'Mia Chen' },
          updated: '2026-11-12T14:03:00.000Z',
          storyPoints: 3,
        },
        { key: 'BB-7', status: { name: 'Ready for QA Testing' }, projectName: 'Brightside Beta', summary: 'Onboarding copy', updated: '2026-11-13T09:00:00.000Z', storyPoints: null },
      ],
    },
    totalAvailablePoints: 40,
    qaStatus: 'Ready for QA Testing',
    timeZone: 'Europe/London',
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
      projectTimeData: [
        {
          projectId: 4001,
          projectName: 'Acme Support Retainer',
          totalHours: 9.75,
          timeEntries: [
            { id: 1, date: '2026-11-16', personName: 'Mia Chen', notes: 'Sprint planning', hours: 1.5 },
            { id: 2, date: '2026-11-17', personName: 'Ravi Patel', hours: 8.25 },
          ],
        },
      ],
    },
  },
};
