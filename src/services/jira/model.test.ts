import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../http';
import {
  issueSearchFields,
  jqlDateTime,
  jqlString,
  parseJiraTimestamp,
  pickSprintFieldId,
  pickStoryPointsFieldIds,
  readIssue,
  tallyTickets,
} from './model';
import type { JiraField, JiraIssueBean } from './schemas';

describe('parseJiraTimestamp', () => {
  it('reads the platform format with an offset without a colon, as UTC', () => {
    expect(parseJiraTimestamp('2025-06-04T09:12:45.321+0000')?.toISOString()).toBe(
      '2025-06-04T09:12:45.321Z',
    );
    expect(parseJiraTimestamp('2025-06-04T09:12:45.321+1000')?.toISOString()).toBe(
      '2025-06-03T23:12:45.321Z',
    );
    expect(parseJiraTimestamp('2025-06-04T09:12:45.321-0530')?.toISOString()).toBe(
      '2025-06-04T14:42:45.321Z',
    );
  });

  it('reads agile ISO dates with Z or a colon offset, and epoch milliseconds', () => {
    expect(parseJiraTimestamp('2015-04-11T15:22:00.000+10:00')?.toISOString()).toBe(
      '2015-04-11T05:22:00.000Z',
    );
    expect(parseJiraTimestamp('2025-06-02T08:00:00.000Z')?.toISOString()).toBe(
      '2025-06-02T08:00:00.000Z',
    );
    expect(parseJiraTimestamp(1_749_028_365_321)?.toISOString()).toBe('2025-06-04T09:12:45.321Z');
  });

  it('gives null for missing or unreadable values instead of an Invalid Date', () => {
    for (const value of [
      undefined,
      null,
      '',
      'soon',
      '2025-13-45T99:00:00+0000',
      Number.NaN,
      {},
      // Readable, but beyond what the database stores.
      '-010000-01-01T00:00:00Z',
      '+050000-01-01T00:00:00Z',
      1e20,
    ]) {
      expect(parseJiraTimestamp(value)).toBeNull();
    }
  });
});

const number = (id: string, name: string, custom: string): JiraField => ({
  id,
  name,
  custom: true,
  schema: { type: 'number', custom },
});
const JSW = 'com.pyxis.greenhopper.jira:jsw-story-points';
const FLOAT = 'com.atlassian.jira.plugin.system.customfieldtypes:float';

describe('pickStoryPointsFieldIds', () => {
  const fields: JiraField[] = [
    {
      id: 'summary',
      name: 'Summary',
      custom: false,
      schema: { type: 'string', system: 'summary' },
    },
    {
      id: 'timeoriginalestimate',
      name: 'Original estimate',
      custom: false,
      schema: { type: 'number', system: 'timeoriginalestimate' },
    },
    number('customfield_10028', 'Story Points', FLOAT),
    number('customfield_10016', 'Story point estimate', JSW),
    number('customfield_10099', 'Budget', FLOAT),
    {
      id: 'customfield_10020',
      name: 'Sprint',
      custom: true,
      schema: { type: 'array', items: 'json', custom: 'com.pyxis.greenhopper.jira:gh-sprint' },
    },
  ];

  it("puts Jira Software's story points field first, then float fields named Story Points", () => {
    expect(pickStoryPointsFieldIds(fields)).toEqual(['customfield_10016', 'customfield_10028']);
  });

  it("puts the board's estimation field first when it is a number field", () => {
    expect(pickStoryPointsFieldIds(fields, 'customfield_10028')).toEqual([
      'customfield_10028',
      'customfield_10016',
    ]);
  });

  it('ignores a board that estimates by time or names a field the site does not have', () => {
    expect(pickStoryPointsFieldIds(fields, 'timeoriginalestimate')).toEqual([
      'customfield_10016',
      'customfield_10028',
    ]);
    expect(pickStoryPointsFieldIds(fields, 'customfield_55555')).toEqual([
      'customfield_10016',
      'customfield_10028',
    ]);
  });

  it('matches the name in any case and finds nothing on a site without story points', () => {
    expect(pickStoryPointsFieldIds([number('customfield_1', ' STORY POINTS ', FLOAT)])).toEqual([
      'customfield_1',
    ]);
    expect(pickStoryPointsFieldIds([fields[0]!, fields[4]!])).toEqual([]);
  });

  it('finds the Sprint field by its type', () => {
    expect(pickSprintFieldId(fields)).toBe('customfield_10020');
    expect(pickSprintFieldId([fields[0]!])).toBeNull();
  });

  it('asks the search for just the stored fields plus the discovered ones', () => {
    expect(
      issueSearchFields({
        storyPoints: ['customfield_10016', 'customfield_10028'],
        sprint: 'customfield_10020',
      }),
    ).toEqual([
      'summary',
      'status',
      'assignee',
      'issuetype',
      'parent',
      'updated',
      'created',
      'customfield_10016',
      'customfield_10028',
      'customfield_10020',
    ]);
  });
});

const status = (name: string, key: string, id = '1') => ({ id, name, statusCategory: { key } });
const type = (name: string, hierarchyLevel?: number) => ({
  name,
  ...(hierarchyLevel === undefined ? {} : { hierarchyLevel }),
});
function bean(fields: Record<string, unknown>, key = 'PAY-88'): JiraIssueBean {
  return {
    id: '10412',
    key,
    fields: {
      summary: 'Refund button double-submits',
      updated: '2025-06-04T09:12:45.321+0000',
      status: status('Done', 'done'),
      issuetype: type('Bug', 0),
      ...fields,
    },
  };
}
const IDS = {
  storyPoints: ['customfield_10016', 'customfield_10028'],
  sprint: 'customfield_10020',
};

describe('readIssue', () => {
  it('reads a ticket in the dashboard’s words', () => {
    const read = readIssue(
      bean({
        status: status('Ready for QA Testing', 'indeterminate', '10107'),
        assignee: { accountId: '5f1a', displayName: 'Lena Ortiz', active: true },
        created: '2025-06-01T08:00:00.000+0000',
        parent: {
          id: '10390',
          key: 'PAY-70',
          fields: {
            summary: 'Refund flow v2',
            issuetype: { id: '10000', name: 'Epic', hierarchyLevel: 1 },
          },
        },
        customfield_10016: 3,
        customfield_10020: [
          { id: 201, name: 'PAY Sprint 41', state: 'closed' },
          { id: 202, name: 'PAY Sprint 42', state: 'active' },
        ],
      }),
      IDS,
    );
    expect(read).toEqual({
      kind: 'ticket',
      ticket: {
        id: '10412',
        key: 'PAY-88',
        summary: 'Refund button double-submits',
        issueType: 'Bug',
        statusId: '10107',
        statusName: 'Ready for QA Testing',
        statusCategoryKey: 'indeterminate',
        assignee: { accountId: '5f1a', displayName: 'Lena Ortiz' },
        storyPoints: 3,
        created: new Date('2025-06-01T08:00:00.000Z'),
        updated: new Date('2025-06-04T09:12:45.321Z'),
        epicKey: 'PAY-70',
        sprintIds: [201, 202],
      },
    });
  });

  it('tells epics by hierarchy level, and by the type name only when the level is missing', () => {
    expect(
      readIssue(
        bean({ issuetype: type('Initiative-ish', 1), summary: 'Checkout v2' }, 'PAY-1'),
        IDS,
      ),
    ).toEqual({
      kind: 'epic',
      epic: {
        id: '10412',
        key: 'PAY-1',
        name: 'Checkout v2',
        statusName: 'Done',
        statusCategoryKey: 'done',
      },
    });
    expect(readIssue(bean({ issuetype: type('Epic') }), IDS).kind).toBe('epic');
    // A localised or renamed "Epic" at level 0 is a ticket.
    expect(readIssue(bean({ issuetype: type('Epic', 0) }), IDS).kind).toBe('ticket');
  });

  it('takes the epic only from a parent one level up: a sub-task’s parent story is not an epic', () => {
    const ofStory = readIssue(
      bean({
        parent: { key: 'PAY-80', fields: { issuetype: { name: 'Story', hierarchyLevel: 0 } } },
      }),
      IDS,
    );
    expect(ofStory.kind === 'ticket' && ofStory.ticket.epicKey).toBeNull();
    const byName = readIssue(
      bean({ parent: { key: 'PAY-70', fields: { issuetype: { name: 'Epic' } } } }),
      IDS,
    );
    expect(byName.kind === 'ticket' && byName.ticket.epicKey).toBe('PAY-70');
  });

  it('takes the first story points field that holds a number, and reads old sprint strings', () => {
    const read = readIssue(
      bean({
        customfield_10016: null,
        customfield_10028: 5.5,
        customfield_10020: [
          'com.atlassian.greenhopper.service.sprint.Sprint@1a2b[id=37,rapidViewId=5,state=CLOSED]',
        ],
      }),
      IDS,
    );
    expect(read.kind === 'ticket' && [read.ticket.storyPoints, read.ticket.sprintIds]).toEqual([
      5.5,
      [37],
    ]);
    const none = readIssue(bean({ assignee: null }), IDS);
    expect(
      none.kind === 'ticket' && [
        none.ticket.storyPoints,
        none.ticket.assignee,
        none.ticket.sprintIds,
      ],
    ).toEqual([null, null, []]);
  });

  it('names the issue and the field when a value has an unexpected shape', () => {
    const read = () => readIssue(bean({ status: { name: 'Done' } }, 'PAY-9'), IDS);
    expect(read).toThrow(UpstreamError);
    expect(read).toThrow(/issue PAY-9 has an unexpected "status" field/);
    expect(() => readIssue(bean({ updated: 'yesterday' }), IDS)).toThrow(
      /no readable "updated" time/,
    );
  });
});

describe('tallyTickets', () => {
  it('counts blocked and descoped by name and completed by category, never counting a descoped ticket as completed', () => {
    expect(
      tallyTickets([
        { statusName: 'Done', statusCategoryKey: 'done', count: 6 },
        { statusName: "Won't Do", statusCategoryKey: 'done', count: 2 },
        { statusName: 'Descoped', statusCategoryKey: 'done', count: 1 },
        { statusName: 'Cancelled', statusCategoryKey: 'indeterminate', count: 1 },
        { statusName: 'Blocked by vendor', statusCategoryKey: 'indeterminate', count: 3 },
        { statusName: 'IMPEDIMENT', statusCategoryKey: 'new', count: 1 },
        { statusName: 'In Progress', statusCategoryKey: 'indeterminate', count: 4 },
      ]),
    ).toEqual({ total: 18, completed: 6, descoped: 4, blocked: 4 });
  });
});

describe('JQL literals', () => {
  it('quotes values so a key cannot change the query', () => {
    expect(jqlString('PAY')).toBe('"PAY"');
    expect(jqlString('A" OR project = "B\\')).toBe('"A\\" OR project = \\"B\\\\"');
  });

  it('writes instants as "yyyy/MM/dd HH:mm" in UTC', () => {
    expect(jqlDateTime(new Date('2025-06-04T09:12:45.321Z'))).toBe('"2025/06/04 09:12"');
  });
});
