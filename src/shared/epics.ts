/**
 * Epic Progress (docs/figures.md, docs/decisions/355): how many epics are done, and how far their
 * tickets have come. Counting only closed epics kept the bar at 0% while the epics themselves
 * were 71-89% done, so the figure says both: '0/5 epics done · 78% of their tickets', and its bar
 * is the tickets' share. The Jira sync stores the four counts on the project; the card, the
 * portfolio table and the detail modal all read them through here.
 */
import { percentOf } from './percent';
import type { Project } from './projects';

/** The counts the Jira sync stores on a project: its epics, and the tickets under them. */
export type EpicCounts = Pick<
  Project,
  'totalEpics' | 'completedEpics' | 'epicTickets' | 'completedEpicTickets'
>;

export interface EpicProgress {
  epicsDone: number;
  epicsTotal: number;
  /** Done tickets of all epics' tickets; the bar's value. */
  ticketPercent: number;
  ticketsDone: number;
  tickets: number;
}

/** The figure for a project. */
export function epicProgress(c: EpicCounts): EpicProgress {
  return {
    epicsDone: c.completedEpics,
    epicsTotal: c.totalEpics,
    ticketPercent: percentOf(c.completedEpicTickets, c.epicTickets),
    ticketsDone: c.completedEpicTickets,
    tickets: c.epicTickets,
  };
}

/** '0/5 epics done · 78% of their tickets'; 'No epics' when there are none. */
export function epicProgressText(p: EpicProgress): string {
  if (p.epicsTotal === 0) return 'No epics';
  const epics = `${p.epicsDone}/${p.epicsTotal} ${p.epicsTotal === 1 ? 'epic' : 'epics'} done`;
  return p.tickets === 0
    ? `${epics} · no tickets yet`
    : `${epics} · ${p.ticketPercent}% of their tickets`;
}
