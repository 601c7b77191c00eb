import { describe, expect, it } from 'vitest';
import { type EpicCounts, epicProgress, epicProgressText } from './epics';

/** A project's stored counts from its epics, as the Jira sync sums them. */
function countsOf(epics: { tickets: number; done: number; closed: boolean }[]): EpicCounts {
  return {
    totalEpics: epics.length,
    completedEpics: epics.filter((e) => e.closed).length,
    epicTickets: epics.reduce((n, e) => n + e.tickets, 0),
    completedEpicTickets: epics.reduce((n, e) => n + e.done, 0),
  };
}

describe('Epic Progress', () => {
  it('moves with the epics’ tickets while no epic is closed yet', () => {
    // Five open epics, 71% to 89% done: the old count of closed epics read 0%.
    const epics = [
      { tickets: 34, done: 30, closed: false }, // 88%
      { tickets: 20, done: 16, closed: false }, // 80%
      { tickets: 28, done: 20, closed: false }, // 71%
      { tickets: 18, done: 16, closed: false }, // 89%
      { tickets: 10, done: 8, closed: false }, // 80%
    ];
    const p = epicProgress(countsOf(epics));
    expect(p).toEqual({
      epicsDone: 0,
      epicsTotal: 5,
      ticketPercent: 82,
      ticketsDone: 90,
      tickets: 110,
    });
    expect(epicProgressText(p)).toBe('0/5 epics done · 82% of their tickets');
  });

  it('counts the done epics and weighs the percentage by tickets, not by epic', () => {
    const p = epicProgress(
      countsOf([
        { tickets: 1, done: 1, closed: true },
        { tickets: 99, done: 0, closed: false },
      ]),
    );
    expect(p.epicsDone).toBe(1);
    expect(p.ticketPercent).toBe(1);
    expect(epicProgressText(p)).toBe('1/2 epics done · 1% of their tickets');
  });

  it('says so when there are no epics or their tickets are not in yet', () => {
    expect(epicProgressText(epicProgress(countsOf([])))).toBe('No epics');
    expect(epicProgressText(epicProgress(countsOf([{ tickets: 0, done: 0, closed: false }])))).toBe(
      '0/1 epic done · no tickets yet',
    );
  });
});
