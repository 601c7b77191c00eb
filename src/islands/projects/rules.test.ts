import { describe, expect, it } from 'vitest';
import { blockedTickets, currentSprint, listedForecastProjects, retainerSummary } from './rules';
import type { JiraSprint } from './types';

const sprint = (name: string, state: string): JiraSprint => ({
  name,
  state,
  startDate: null,
  endDate: null,
  goal: '',
  totalTickets: 0,
  completedTickets: 0,
  descopedTickets: 0,
  blockedTickets: 0,
});

describe('Blocked in the project overview', () => {
  it("counts tickets whose status contains 'blocked' or 'impediment', in any case", () => {
    expect(blockedTickets({ Blocked: 3, 'BLOCKED by vendor': 1, 'Waiting (Impediment)': 2, 'In Progress': 7, 'To Do': 40, Done: 12 })).toBe(6);
    expect(blockedTickets({})).toBe(0);
  });
});

describe('This Sprint', () => {
  it('is the active sprint wherever it is in the list', () => {
    expect(currentSprint([sprint('S1', 'closed'), sprint('S2', 'active'), sprint('S3', 'future')])?.name).toBe('S2');
  });

  it('is the last sprint in the list when none is active', () => {
    expect(currentSprint([sprint('S1', 'closed'), sprint('S2', 'closed'), sprint('S3', 'future')])?.name).toBe('S3');
  });

  it('is nothing when the project has no sprints', () => {
    expect(currentSprint([])).toBeNull();
  });
});

describe('the retainer Project Summary', () => {
  it('adds the targets and actuals and says Under Target when actual is below target', () => {
    const summary = retainerSummary([
      { target_amount: 2400, actual_amount: 2000 },
      { target_amount: 2400, actual_amount: 1600 },
    ]);
    expect(summary).toEqual({ totalTarget: 4800, totalActual: 3600, difference: 1200, over: false, achievement: 75 });
  });

  it("says Over Target when actual equals or passes target, and achievement passes 100", () => {
    expect(retainerSummary([{ target_amount: 1000, actual_amount: 1000 }])).toMatchObject({ over: true, difference: 0, achievement: 100 });
    expect(retainerSummary([{ target_amount: 1000, actual_amount: 1250 }])).toMatchObject({ over: true, difference: 250, achievement: 125 });
  });

  it('gives 0% achieved when the target is 0', () => {
    expect(retainerSummary([{ target_amount: 0, actual_amount: 500 }]).achievement).toBe(0);
  });
});

describe('the Forecast project list of the manage dialog', () => {
  const projects = [
    { id: 1, name: 'Running', stage: 'RUNNING' },
    { id: 2, name: 'Planning', stage: 'PLANNING' },
    { id: 3, name: 'Finished', stage: 'DONE' },
    { id: 4, name: 'Halted', stage: 'HALTED' },
    { id: 5, name: 'Opportunity', stage: 'OPPORTUNITY' },
  ];

  it("leaves out projects whose stage is Finished (DONE) or Halted", () => {
    expect(listedForecastProjects(projects, new Set()).map((p) => p.id)).toEqual([1, 2, 5]);
  });

  it('still lists a finished project that is on the dashboard, so it can be removed', () => {
    expect(listedForecastProjects(projects, new Set([3])).map((p) => p.id)).toEqual([1, 2, 3, 5]);
  });
});
