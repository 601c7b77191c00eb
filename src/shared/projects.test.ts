import { describe, expect, it } from 'vitest';
import {
  listedForecastProjects,
  projectIdOfPath,
  projectPath,
  projectTabOf,
  projectTabsFor,
  sprintLine,
  ticketCompletion,
} from './projects';

describe('the Forecast project list of the manage dialog', () => {
  const projects = [
    { id: 1, name: 'Running', stage: 'RUNNING' },
    { id: 2, name: 'Planning', stage: 'PLANNING' },
    { id: 3, name: 'Finished', stage: 'DONE' },
    { id: 4, name: 'Halted', stage: 'HALTED' },
    { id: 5, name: 'Opportunity', stage: 'OPPORTUNITY' },
  ];

  it('leaves out projects whose stage is Finished (DONE) or Halted', () => {
    expect(listedForecastProjects(projects).map((p) => p.id)).toEqual([1, 2, 5]);
  });
});

describe("the card's sprint line", () => {
  const line = (
    jiraCurrentSprintName: string | null,
    jiraProjectKey: string | null,
    currentSprintName: string | null,
  ) => sprintLine({ jiraCurrentSprintName, jiraProjectKey, currentSprintName });

  it("names Jira's current sprint once the project is linked and has one", () => {
    expect(line('PAY Sprint 7', 'PAY', 'Sprint 3')).toBe('PAY Sprint 7');
  });

  it("says '<key> Project' for a linked project with no current sprint", () => {
    expect(line(null, 'PAY', 'Sprint 3')).toBe('PAY Project');
  });

  it('falls back to the stored sprint name, and to nothing when that is empty', () => {
    expect(line(null, null, 'Sprint 3')).toBe('Sprint 3');
    expect(line(null, null, '')).toBeNull();
    expect(line(null, null, null)).toBeNull();
  });
});

describe("the card's ticket gauge", () => {
  const counts = {
    completedTickets: 3,
    totalTickets: 4,
    jiraCompletedTickets: 1,
    jiraTotalTickets: 3,
  };

  it("uses Jira's counts once the project is linked", () => {
    expect(ticketCompletion({ ...counts, jiraProjectKey: 'PAY' })).toEqual({
      completed: 1,
      total: 3,
      percent: 33,
    });
  });

  it('uses the stored counts for a project not linked to Jira', () => {
    expect(ticketCompletion({ ...counts, jiraProjectKey: null })).toEqual({
      completed: 3,
      total: 4,
      percent: 75,
    });
  });

  it('reads 0% with no tickets', () => {
    expect(
      ticketCompletion({ ...counts, jiraProjectKey: null, completedTickets: 0, totalTickets: 0 })
        .percent,
    ).toBe(0);
  });
});

describe('a project’s own address', () => {
  it('names the tab only when it is not the first', () => {
    expect(projectPath(12)).toBe('/projects/12');
    expect(projectPath(12, 'retainer')).toBe('/projects/12?tab=retainer');
  });

  it('reads the project back from a path, and nothing from any other', () => {
    expect(projectIdOfPath('/projects/12')).toBe(12);
    for (const path of [
      '/projects/0',
      '/projects/012',
      '/projects/1.5',
      '/projects/',
      '/projects/12/x',
      '/?project=12',
      '/projects/1234567890',
    ])
      expect(projectIdOfPath(path), path).toBeNull();
  });

  it('offers Budget Burn to admins on fixed-price and T&M projects only, and falls back to the first tab', () => {
    const fixed = { forecastProjectId: 1, forecastBudgetType: 'FIXED_PRICE' };
    expect(projectTabsFor(fixed, true)).toEqual(['jira', 'retainer', 'burn']);
    expect(projectTabsFor(fixed, false)).toEqual(['jira', 'retainer']);
    expect(projectTabsFor({ ...fixed, forecastBudgetType: 'RETAINER' }, true)).toEqual([
      'jira',
      'retainer',
    ]);
    expect(projectTabOf('burn', projectTabsFor(fixed, false))).toBe('jira');
    expect(projectTabOf('retainer', ['jira', 'retainer'])).toBe('retainer');
    expect(projectTabOf(undefined, ['jira', 'retainer'])).toBe('jira');
  });
});
