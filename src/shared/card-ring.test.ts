import { describe, expect, it } from 'vitest';
import { cardRing } from './card-ring';

const project = (completed: number, total: number, jiraProjectKey: string | null = 'ACME') => ({
  jiraProjectKey,
  jiraCompletedTickets: jiraProjectKey ? completed : 0,
  jiraTotalTickets: jiraProjectKey ? total : 0,
  completedTickets: jiraProjectKey ? 0 : completed,
  totalTickets: jiraProjectKey ? 0 : total,
});

describe("the card's ring", () => {
  it('reads the tickets done, with the counts under it, the same for every project', () => {
    expect(cardRing(project(279, 347))).toEqual({
      percent: 80,
      fill: 80,
      color: 'green',
      caption: '80% of tickets done',
      detail: '279/347 tickets',
    });
    // Without Jira the stored counters say the same thing.
    expect(cardRing(project(279, 347, null)).caption).toBe('80% of tickets done');
  });

  it("colours by the spec's gauge: amber below 70, green from 70, red from 99", () => {
    expect(cardRing(project(69, 100)).color).toBe('amber');
    expect(cardRing(project(70, 100)).color).toBe('green');
    expect(cardRing(project(98, 100)).color).toBe('green');
    expect(cardRing(project(99, 100)).color).toBe('red');
  });

  it('says there are no tickets yet rather than 0% done', () => {
    expect(cardRing(project(0, 0))).toMatchObject({
      percent: 0,
      caption: 'No tickets yet',
      detail: '0/0 tickets',
    });
  });
});
