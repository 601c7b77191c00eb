/**
 * Epic Progress (docs/figures.md): how many epics are done, and how far their tickets have
 * come. Counting only closed epics kept the bar at 0% while the epics themselves were 71-89%
 * done, so the figure says both: '0/5 epics done · 78% of their tickets'. The card, the
 * portfolio table and the detail modal take it from here.
 */
import { percentOf } from './percent';

export interface EpicTally {
  /** Tickets in the epic. */
  tickets: number;
  /** Of them, done. */
  completedTickets: number;
  /** Whether the epic itself is done (its status is in the done category). */
  done: boolean;
}

export interface EpicProgress {
  epicsDone: number;
  epicsTotal: number;
  /** Done tickets of all epics' tickets; the bar's value. */
  ticketPercent: number;
  ticketsDone: number;
  tickets: number;
}

/** The figure over a project's epics. */
export function epicProgress(epics: readonly EpicTally[]): EpicProgress {
  let tickets = 0;
  let ticketsDone = 0;
  let epicsDone = 0;
  for (const e of epics) {
    tickets += e.tickets;
    ticketsDone += e.completedTickets;
    if (e.done) epicsDone += 1;
  }
  return {
    epicsDone,
    epicsTotal: epics.length,
    ticketPercent: percentOf(ticketsDone, tickets),
    ticketsDone,
    tickets,
  };
}

/** '0/5 epics done': the count alone, where the epics' tickets are not at hand (the card). */
export function epicCountText(done: number, total: number): string {
  return `${done}/${total} ${total === 1 ? 'epic' : 'epics'} done`;
}

/** '0/5 epics done · 78% of their tickets'; 'No epics' when there are none. */
export function epicProgressText(p: EpicProgress): string {
  if (p.epicsTotal === 0) return 'No epics';
  const epics = epicCountText(p.epicsDone, p.epicsTotal);
  return p.tickets === 0
    ? `${epics} · no tickets yet`
    : `${epics} · ${p.ticketPercent}% of their tickets`;
}
