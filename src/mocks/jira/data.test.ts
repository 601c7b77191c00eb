import { describe, expect, it } from 'vitest';
import { createDemoSpine } from '../agency/spine';
import { createForecastDemoData, demoDaysOff } from '../forecast/data';
import {
  createJiraDemoData,
  DEMO_FIELDS,
  DEMO_STATUSES,
  HOSTILE_SUMMARY,
  type JiraDemoData,
} from './data';

// Thursday 19 November 2026, 14:30 UTC: the current week started Monday 16 November.
const TODAY = new Date('2026-11-19T14:30:00Z');
const MONDAY = Date.UTC(2026, 10, 16);
const WEEK = 7 * 86_400_000;

const allIssues = (d: JiraDemoData) => d.projects.flatMap((p) => d.detail(p.key).issues);
const site = createJiraDemoData({ today: TODAY });

describe('the demo Jira site', () => {
  it('is the same site for the same seed and day, and a different one for another seed', () => {
    const again = createJiraDemoData({ today: TODAY });
    const digest = (d: JiraDemoData) =>
      allIssues(d).map(
        (i) => `${i.key}|${i.status.name}|${i.summary}|${i.storyPoints}|${i.transitions.length}`,
      );
    expect(digest(again)).toEqual(digest(site));
    expect(digest(createJiraDemoData({ today: TODAY, seed: 7 }))).not.toEqual(digest(site));
  });

  it('has a Jira project for every spine project with a key, plus one only Jira knows', () => {
    const spineKeys = createDemoSpine().projects.flatMap((p) => (p.jiraKey ? [p.jiraKey] : []));
    expect(site.projects.map((p) => p.key).sort()).toEqual([...spineKeys, 'OPS'].sort());
  });

  it('holds about 3,000 issues at scale 1 and about ten times as many at scale 10', () => {
    const one = allIssues(site).length;
    expect(one).toBeGreaterThan(2_500);
    expect(one).toBeLessThan(4_500);
    const ten = createJiraDemoData({ today: TODAY, scale: 10 });
    const tenCount = allIssues(ten).length;
    expect(tenCount / one).toBeGreaterThan(7);
    expect(tenCount / one).toBeLessThan(13);
  });

  it('gives exact issue counts to the projects a test asks for', () => {
    const sized = createJiraDemoData({ today: TODAY, issueCounts: { NMA: 3_000, SLT: 12 } });
    expect(sized.detail('NMA').issues).toHaveLength(3_000);
    expect(sized.detail('SLT').issues).toHaveLength(12);
  });

  it('runs two-week sprints: closed ones before today, one active sprint holding today, one future sprint', () => {
    for (const p of site.projects) {
      const sprints = site.detail(p.key).sprints;
      const states = sprints.map((s) => s.state);
      expect(states.filter((s) => s === 'active')).toHaveLength(1);
      expect(states.indexOf('active')).toBe(states.length - 2);
      expect(states.at(-1)).toBe('future');
      const active = sprints.find((s) => s.state === 'active')!;
      expect(Date.parse(active.startDate!)).toBeLessThanOrEqual(TODAY.getTime());
      expect(Date.parse(active.endDate!)).toBeGreaterThan(TODAY.getTime());
      for (const s of sprints.filter((x) => x.state === 'closed'))
        expect(Date.parse(s.completeDate!)).toBeLessThanOrEqual(Date.parse(active.startDate!));
    }
  });

  it('uses the spec’s statuses, each in the right status category', () => {
    const issues = allIssues(site);
    const names = new Set(issues.map((i) => i.status.name));
    for (const s of Object.values(DEMO_STATUSES)) expect(names).toContain(s.name);
    const category = (name: string) => issues.find((i) => i.status.name === name)!.status.category;
    expect(['Done', 'Descoped', "Won't Do"].map(category)).toEqual(['done', 'done', 'done']);
    expect(
      ['In Progress', 'In Review', 'Ready for QA Testing', 'UAT', 'Blocked', 'Impediment'].map(
        category,
      ),
    ).toEqual(Array(6).fill('indeterminate'));
    expect(category('To Do')).toBe('new');
  });

  it('has Tasks, Bugs, Stories and Epics, with every parent an Epic of the same project', () => {
    const issues = allIssues(site);
    expect(new Set(issues.map((i) => i.typeName))).toEqual(
      new Set(['Task', 'Bug', 'Story', 'Epic']),
    );
    const withEpic = issues.filter((i) => i.epic);
    expect(withEpic.length).toBeGreaterThan(issues.length / 2);
    expect(
      withEpic.every((i) => i.epic!.typeName === 'Epic' && i.epic!.projectKey === i.projectKey),
    ).toBe(true);
    const fields = site.issueFields(withEpic[0]!) as {
      parent: { fields: { issuetype: { hierarchyLevel: number } } };
      issuetype: { hierarchyLevel: number };
    };
    expect(fields.parent.fields.issuetype.hierarchyLevel).toBe(1);
    expect(fields.issuetype.hierarchyLevel).toBe(0);
  });

  it('keeps story points in the field the site lists as Jira Software story points, and assigns spine developers or nobody', () => {
    const spField = site.fields.find(
      (f) =>
        (f.schema as { custom?: string }).custom === 'com.pyxis.greenhopper.jira:jsw-story-points',
    )!;
    expect(spField.id).toBe(DEMO_FIELDS.storyPoints);
    const tickets = allIssues(site).filter((i) => i.typeName !== 'Epic');
    const points = tickets.map((i) => site.issueFields(i)[DEMO_FIELDS.storyPoints]);
    expect(points.filter((p) => typeof p === 'number').length).toBeGreaterThan(
      tickets.length * 0.7,
    );
    expect(points.filter((p) => p === null).length).toBeGreaterThan(0);
    const developerIds = new Set(createDemoSpine().developers.map((d) => d.accountId));
    expect(
      tickets.every((i) => i.assignee === null || developerIds.has(i.assignee.accountId)),
    ).toBe(true);
    expect(tickets.filter((i) => i.assignee === null).length).toBeGreaterThan(0);
  });

  it('has status changes into Ready for QA Testing this week and in many past weeks, none in the future', () => {
    const changes = allIssues(site).flatMap((i) => i.transitions);
    expect(changes.every((t) => t.at <= TODAY.getTime())).toBe(true);
    const qa = changes.filter((t) => t.to.name === 'Ready for QA Testing');
    expect(qa.filter((t) => t.at >= MONDAY).length).toBeGreaterThan(20);
    const pastWeeks = new Set(
      qa.filter((t) => t.at < MONDAY).map((t) => Math.floor((MONDAY - t.at) / WEEK)),
    );
    expect(pastWeeks.size).toBeGreaterThanOrEqual(8);
  });

  it('changes go forward in time and start from the status the issue was in', () => {
    for (const issue of allIssues(site)) {
      let previous = 'To Do';
      let at = issue.createdAt;
      for (const t of issue.transitions) {
        expect(t.from.name).toBe(previous);
        expect(t.at).toBeGreaterThanOrEqual(at);
        previous = t.to.name;
        at = t.at;
      }
      expect(previous).toBe(issue.status.name);
    }
  });

  it('puts the hostile summary on a Story, Task or Bug that entered QA this week', () => {
    const hostile = allIssues(site).filter((i) => i.summary === HOSTILE_SUMMARY);
    expect(hostile).toHaveLength(1);
    expect(hostile[0]!.typeName).not.toBe('Epic');
    expect(
      hostile[0]!.transitions.some(
        (t) => t.to.name === 'Ready for QA Testing' && t.at >= MONDAY && t.at <= TODAY.getTime(),
      ),
    ).toBe(true);
  });

  it('reads a finished week the same at any hour: the same tickets reach QA with the same points and people', () => {
    const delivered = (d: JiraDemoData) =>
      allIssues(d)
        .flatMap((i) => {
          const qa = i.transitions.find((t) => t.to === DEMO_STATUSES.readyForQa);
          return qa && qa.at < MONDAY
            ? [`${qa.at}|${i.assignee?.accountId}|${i.storyPoints}|${i.summary}`]
            : [];
        })
        .sort();
    const early = delivered(createJiraDemoData({ today: new Date('2026-11-19T07:00:00Z') }));
    expect(early.length).toBeGreaterThan(500);
    expect(delivered(createJiraDemoData({ today: new Date('2026-11-19T21:30:00Z') }))).toEqual(
      early,
    );
  });

  it('delivers sprint work only on its assignee’s working days: no weekends, holidays or leave', () => {
    const byPerson = demoDaysOff(createForecastDemoData({ today: '2026-11-19' }));
    const off = new Map(
      site.spine.developers.map((d) => [d.accountId, byPerson.get(d.forecastPersonId)]),
    );
    // The demo's logged public holiday, a Friday four weeks back, is a day off for everyone.
    const holiday = new Date(MONDAY - 4 * WEEK + 4 * 86_400_000).toISOString().slice(0, 10);
    expect([...off.values()].every((days) => days?.has(holiday))).toBe(true);
    let checked = 0;
    for (const i of allIssues(site)) {
      const qa = i.transitions.find((t) => t.to === DEMO_STATUSES.readyForQa);
      // Carried-over tickets and the one put in QA for the hostile summary keep their own dates.
      if (!qa || !i.assignee || i.sprintIndexes.length !== 1 || i.summary === HOSTILE_SUMMARY)
        continue;
      const day = new Date(qa.at);
      expect([0, 6], i.key).not.toContain(day.getUTCDay());
      expect(off.get(i.assignee.accountId)?.has(day.toISOString().slice(0, 10)), i.key).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('generates projects only when asked', () => {
    const lazy = createJiraDemoData({ today: TODAY, scale: 10 });
    expect(lazy.projects.length).toBeGreaterThan(90);
    expect(lazy.issueByIdOrKey('ASR-3')?.key).toBe('ASR-3');
    expect(lazy.issueByIdOrKey(lazy.issueByIdOrKey('ASR-3')!.id)?.key).toBe('ASR-3');
    expect(lazy.issueByIdOrKey('ASR-999999')).toBeUndefined();
  });

  it('records a status change made by a test, so a later sync can find it', () => {
    const d = createJiraDemoData({ today: TODAY });
    const issue = d
      .detail('NMA')
      .issues.find((i) => i.status.name === 'In Review' || i.status.name === 'In Progress')!;
    const before = issue.status.name;
    const at = new Date(TODAY.getTime() + 3_600_000);
    d.transitionIssue(issue.key, 'Ready for QA Testing', at);
    expect(issue).toMatchObject({
      status: { name: 'Ready for QA Testing' },
      updatedAt: at.getTime(),
    });
    expect(d.issueHistories(issue).at(-1)!.items[0]).toMatchObject({
      fromString: before,
      toString: 'Ready for QA Testing',
      to: '10107',
    });
  });
});
