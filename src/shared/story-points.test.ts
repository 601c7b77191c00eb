import { describe, expect, it } from 'vitest';
import {
  assigneeStats,
  filterTickets,
  hasStoryPointsData,
  ticketsByProject,
  storyPointsByAssignee,
  ticketFiltersIn,
  TOP_PERFORMER_NOTE,
  topPerformerNote,
  totalStoryPoints,
  UNASSIGNED_NOTE,
  unassignedNote,
} from './story-points';

/** A ticket; the assignee's account id is their name in lower case, as the tests track them. */
const t = (assignee: string | null, storyPoints: number | null) => ({
  assignee: assignee ? { displayName: assignee, accountId: assignee.toLowerCase() } : undefined,
  storyPoints,
});
const everyone = (...names: string[]) => new Set(names.map((n) => n.toLowerCase()));

describe('story points of a week', () => {
  it('sums the points, an unestimated ticket counting 0, without binary drift', () => {
    expect(totalStoryPoints([t('A', 5), t('B', null), t('C', 2)])).toBe(7);
    expect(totalStoryPoints([t('A', 0.1), t('B', 0.2)])).toBe(0.3);
    expect(totalStoryPoints([])).toBe(0);
  });
});

describe('Story Points by Assignee', () => {
  const tickets = [
    t('Lena Ortiz', 5),
    t(null, 3),
    t('Omar Haddad', 8),
    t('Lena Ortiz', 5),
    t(null, 1),
    t('Aiko Tanaka', 2),
    t('Mia Chen', null),
  ];

  it("groups tickets without an assignee as 'Unassigned' and sorts by points, most first", () => {
    expect(storyPointsByAssignee(tickets)).toEqual([
      { assignee: 'Lena Ortiz', accountId: 'lena ortiz', points: 10, tickets: 2 },
      { assignee: 'Omar Haddad', accountId: 'omar haddad', points: 8, tickets: 1 },
      { assignee: 'Unassigned', accountId: null, points: 4, tickets: 2 },
      { assignee: 'Aiko Tanaka', accountId: 'aiko tanaka', points: 2, tickets: 1 },
      { assignee: 'Mia Chen', accountId: 'mia chen', points: 0, tickets: 1 },
    ]);
  });

  it('breaks ties by name so the order never flickers', () => {
    expect(storyPointsByAssignee([t('Zara', 3), t('Ivan', 3)]).map((r) => r.assignee)).toEqual([
      'Ivan',
      'Zara',
    ]);
  });

  it('gives the four stats over people, leaving Unassigned out', () => {
    // Lena 10, Omar 8, Aiko 2, Mia 0: 4 assignees, 20 / 4 = 5 on average; Lena leads with 10.
    const all = everyone('Lena Ortiz', 'Omar Haddad', 'Aiko Tanaka', 'Mia Chen');
    expect(assigneeStats(storyPointsByAssignee(tickets), all)).toEqual({
      totalAssignees: 4,
      avgPoints: 5,
      topPerformer: 'Lena',
      topPoints: 10,
    });
    expect(
      assigneeStats(
        storyPointsByAssignee([t('Ana Maria Lopez', 1), t('Ben Stone', 1), t('Cy Young', 2)]),
        everyone('Ana Maria Lopez', 'Ben Stone', 'Cy Young'),
      ),
    ).toEqual({
      totalAssignees: 3,
      avgPoints: 1.3,
      topPerformer: 'Cy',
      topPoints: 2,
    });
  });

  it('chooses Top Performer among the tracked people only, whose points velocity counts', () => {
    // Lena (10) is not tracked: Omar (8) leads the tracked; everyone still counts in the average.
    expect(
      assigneeStats(storyPointsByAssignee(tickets), everyone('Omar Haddad', 'Aiko Tanaka')),
    ).toEqual({ totalAssignees: 4, avgPoints: 5, topPerformer: 'Omar', topPoints: 8 });
    expect(assigneeStats(storyPointsByAssignee(tickets), new Set())).toMatchObject({
      totalAssignees: 4,
      topPerformer: null,
      topPoints: 0,
    });
  });

  it('says Top Performer is among the tracked people only when someone charted is not', () => {
    const rows = storyPointsByAssignee([t('A', 3), t('B', 5), t(null, 2)]);
    expect(topPerformerNote(rows, everyone('A'))).toBe(TOP_PERFORMER_NOTE);
    expect(topPerformerNote(rows, everyone('A', 'B'))).toBeNull();
  });

  it('has no top performer when every ticket is unassigned', () => {
    expect(assigneeStats(storyPointsByAssignee([t(null, 3)]), everyone())).toEqual({
      totalAssignees: 0,
      avgPoints: 0,
      topPerformer: null,
      topPoints: 0,
    });
  });

  it('has nothing to chart only when no ticket was completed; tickets without points chart at 0', () => {
    expect(hasStoryPointsData(storyPointsByAssignee([]))).toBe(false);
    expect(hasStoryPointsData(storyPointsByAssignee([t('A', null), t('B', 0)]))).toBe(true);
    expect(hasStoryPointsData(storyPointsByAssignee([t('A', 1)]))).toBe(true);
  });

  it('says that the Unassigned bar is left out of the stats, only when it is drawn', () => {
    expect(unassignedNote(storyPointsByAssignee([t('A', 3), t(null, 2)]))).toBe(UNASSIGNED_NOTE);
    expect(
      assigneeStats(storyPointsByAssignee([t('A', 3), t(null, 2)]), everyone('A')).totalAssignees,
    ).toBe(1);
    expect(unassignedNote(storyPointsByAssignee([t('A', 3)]))).toBeNull();
  });
});

describe('the dense Weekly History list', () => {
  const ticket = (
    key: string,
    projectName: string,
    assignee: string | null,
    storyPoints: number | null,
  ) => ({
    key,
    projectName,
    storyPoints,
    ...(assignee ? { assignee: { displayName: assignee } } : {}),
  });
  const week = [
    ticket('PAY-10', 'Payments', 'Lena', 3),
    ticket('ACM-2', 'acme', null, null),
    ticket('PAY-9', 'Payments', 'Omar', 0.1),
    ticket('PAY-11', 'Payments', 'Lena', 0.2),
  ];

  it('groups by project name, tickets in key order, with each group’s points', () => {
    expect(
      ticketsByProject(week).map((g) => [g.projectName, g.tickets.map((t) => t.key), g.points]),
    ).toEqual([
      ['acme', ['ACM-2'], 0],
      ['Payments', ['PAY-9', 'PAY-10', 'PAY-11'], 3.3],
    ]);
  });

  it('filters by assignee (Unassigned included) and project together', () => {
    const keys = (f: { assignee: string | null; project: string | null }) =>
      filterTickets(week, f).map((t) => t.key);
    expect(keys({ assignee: 'Lena', project: null })).toEqual(['PAY-10', 'PAY-11']);
    expect(keys({ assignee: 'Unassigned', project: null })).toEqual(['ACM-2']);
    expect(keys({ assignee: 'Lena', project: 'acme' })).toEqual([]);
    expect(keys({ assignee: null, project: null })).toHaveLength(4);
  });
});

describe('the ticket filters in an address', () => {
  const from = (query: string) => {
    const params = new URLSearchParams(query);
    return ticketFiltersIn((name) => params.get(name));
  };

  it('reads the assignee and the project as named, spaces and all', () => {
    expect(from('assignee=Lena+Ortiz&project=Acme%20App')).toEqual({
      assignee: 'Lena Ortiz',
      project: 'Acme App',
    });
    expect(from('assignee=Unassigned')).toEqual({ assignee: 'Unassigned', project: '' });
  });

  it('means all when a filter is missing, empty or longer than any name (200 characters)', () => {
    expect(from('')).toEqual({ assignee: '', project: '' });
    expect(from('assignee=&week=2026-11-16')).toEqual({ assignee: '', project: '' });
    expect(from(`project=${'a'.repeat(200)}`).project).toHaveLength(200);
    expect(from(`project=${'a'.repeat(201)}`).project).toBe('');
  });
});
