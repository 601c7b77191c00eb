import { describe, expect, it } from 'vitest';
import { epicProgress, epicProgressText } from './epics';

describe('Epic Progress', () => {
  it('moves with the epics’ tickets while no epic is closed yet', () => {
    // Five open epics, 71% to 89% done: the old count of closed epics read 0%.
    const epics = [
      { tickets: 34, completedTickets: 30, done: false },
      { tickets: 20, completedTickets: 16, done: false },
      { tickets: 28, completedTickets: 20, done: false },
      { tickets: 18, completedTickets: 15, done: false },
      { tickets: 10, completedTickets: 8, done: false },
    ];
    const p = epicProgress(epics);
    expect(p).toEqual({
      epicsDone: 0,
      epicsTotal: 5,
      ticketPercent: 81,
      ticketsDone: 89,
      tickets: 110,
    });
    expect(epicProgressText(p)).toBe('0/5 epics done · 81% of their tickets');
  });

  it('counts the done epics and weighs the percentage by tickets, not by epic', () => {
    const p = epicProgress([
      { tickets: 1, completedTickets: 1, done: true },
      { tickets: 99, completedTickets: 0, done: false },
    ]);
    expect(p.epicsDone).toBe(1);
    expect(p.ticketPercent).toBe(1);
    expect(epicProgressText(p)).toBe('1/2 epics done · 1% of their tickets');
  });

  it('says so when there are no epics or their tickets are not in yet', () => {
    expect(epicProgressText(epicProgress([]))).toBe('No epics');
    expect(epicProgressText(epicProgress([{ tickets: 0, completedTickets: 0, done: false }]))).toBe(
      '0/1 epic done · no tickets yet',
    );
  });
});
