import { describe, expect, it } from 'vitest';
import {
  type JiraSprint,
  blockedTickets,
  completionRate,
  currentSprint,
  isBlockedStatus,
  isDescopedStatus,
  sprintProgress,
  statusColor,
} from './tickets';

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

describe('tickets and sprints', () => {
  it('gives the completion rate as a rounded percent, 0 with no tickets', () => {
    expect(completionRate(45, 120)).toBe(38); // 37.5
    expect(completionRate(120, 120)).toBe(100);
    expect(completionRate(0, 0)).toBe(0);
  });

  it('treats a status as blocked when it contains blocked or impediment in any case', () => {
    expect(isBlockedStatus('Blocked')).toBe(true);
    expect(isBlockedStatus('BLOCKED BY CLIENT')).toBe(true);
    expect(isBlockedStatus('Impediment')).toBe(true);
    expect(isBlockedStatus('Has impediments')).toBe(true);
    expect(isBlockedStatus('Unblocked')).toBe(true); // the spec's rule is a plain "contains"
    expect(isBlockedStatus('Block')).toBe(false);
    expect(isBlockedStatus('In Progress')).toBe(false);
  });

  it("treats descoped, won't do and cancelled statuses as descoped in any spelling and case", () => {
    for (const name of [
      'Descoped',
      'DESCOPED',
      "Won't Do",
      'Wont Do',
      'won’t do',
      'Cancelled',
      'Canceled',
      'Closed (Cancelled)',
    ]) {
      expect(isDescopedStatus(name), name).toBe(true);
    }
    for (const name of ['Done', 'Closed', 'To Do', 'Scoped', 'Will do']) {
      expect(isDescopedStatus(name), name).toBe(false);
    }
  });

  it('counts descoped tickets as progress in the sprint bar', () => {
    expect(sprintProgress({ completed: 6, descoped: 2, total: 10 })).toBe(80);
    expect(sprintProgress({ completed: 6, descoped: 0, total: 10 })).toBe(60);
    expect(sprintProgress({ completed: 1, descoped: 1, total: 3 })).toBe(67);
    expect(sprintProgress({ completed: 0, descoped: 0, total: 0 })).toBe(0);
  });

  it('colours each status by the first keyword of the spec that it contains', () => {
    const cases: [string, ReturnType<typeof statusColor>][] = [
      ['Done', 'green'],
      ['Closed', 'green'],
      ['In Progress', 'blue'],
      ['In Development', 'blue'],
      ['Testing', 'purple'],
      ['QA', 'purple'],
      ['Code Review', 'amber'],
      ['UAT', 'amber'],
      ['Blocked', 'red'],
      ['Impediment', 'red'],
      ['TODO', 'grey'],
      ['To Do', 'grey'],
      ['Backlog', 'grey'],
      ['Ready', 'cyan'],
      ['Selected for Development', 'blue'],
      ['Triage', 'violet'],
      ['', 'violet'],
    ];
    for (const [name, color] of cases) expect(statusColor(name), name).toBe(color);
  });

  it('lets the earlier keyword win when a status names several', () => {
    expect(statusColor('Ready for QA Testing')).toBe('purple'); // testing/qa before ready
    expect(statusColor('Ready for Review')).toBe('amber'); // review before ready
    expect(statusColor('Blocked in Review')).toBe('amber'); // review before blocked
    expect(statusColor('QA Blocked')).toBe('purple'); // qa before blocked
    expect(statusColor('Done - Ready to Deploy')).toBe('green'); // done before everything
    expect(statusColor('Development Done')).toBe('green');
    expect(statusColor('In Progress - UAT')).toBe('blue');
    expect(statusColor('Backlog Ready')).toBe('grey'); // backlog before ready
  });

  it('matches status keywords regardless of case', () => {
    expect(statusColor('in progress')).toBe('blue');
    expect(statusColor('READY FOR QA TESTING')).toBe('purple');
    expect(statusColor('ready')).toBe('cyan');
  });
});

describe('Blocked in the project overview', () => {
  it("counts tickets whose status contains 'blocked' or 'impediment', in any case", () => {
    expect(
      blockedTickets({
        Blocked: 3,
        'BLOCKED by vendor': 1,
        'Waiting (Impediment)': 2,
        'In Progress': 7,
        'To Do': 40,
        Done: 12,
      }),
    ).toBe(6);
    expect(blockedTickets({})).toBe(0);
  });
});

describe('This Sprint', () => {
  it('is the active sprint wherever it is in the list', () => {
    expect(
      currentSprint([sprint('S1', 'closed'), sprint('S2', 'active'), sprint('S3', 'future')])?.name,
    ).toBe('S2');
  });

  it('is the last sprint in the list when none is active', () => {
    expect(
      currentSprint([sprint('S1', 'closed'), sprint('S2', 'closed'), sprint('S3', 'future')])?.name,
    ).toBe('S3');
  });

  it('is nothing when the project has no sprints', () => {
    expect(currentSprint([])).toBeNull();
  });
});
