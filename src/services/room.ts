/**
 * What a client retainer room shows (docs/decisions/430-client-retainer-room.md), read from the
 * stored copies only: no upstream is asked while a room renders. Only the fields listed here
 * reach the page, and none of them is a cost, a cost rate, a margin, a person or an alert.
 */
import type { Db } from '../db/port';
import {
  readDoneWork,
  readEpicCounts,
  readRoomProject,
  type StoredShareLink,
} from '../db/share-links';
import type { IsoDate } from '../shared/calendar';
import type { CurrencyCode } from '../shared/currency';
import { isDescopedStatus } from '../shared/tickets';
import { percentOf } from '../shared/percent';
import { overlaps, type RoomRange, roomRange } from '../shared/share-links';
import { dayRangeInZone } from '../shared/time-zones';
import { getRetainerPeriods } from './forecast/retainer-periods';
import { loadRetainerRange } from './delivery-forecast';
import type { RetainerRangeAnswer } from '../shared/delivery-forecast';
import type { PublicHolidayRegion } from '../shared/public-holidays';

export interface RoomPeriod {
  number: number;
  from: IsoDate;
  to: IsoDate;
  status: string;
  /** The client's own invoice figures, in the project's currency. */
  target: number;
  billed: number;
  billableMinutes: number;
}

/** The running period's outcome: the P10-P50-P90 range (docs/decisions/420-forecasts-with-ranges.md). */
export interface RoomOutcome {
  periodNumber: number;
  target: number;
  p10: number;
  p50: number;
  p90: number;
  /** What the range rests on, in one line. */
  basis: string;
}

export interface RoomWork {
  key: string;
  summary: string;
  status: string;
  doneOn: IsoDate;
}

export interface RoomEpic {
  /** Null for the tickets under no epic. */
  key: string | null;
  name: string;
  /** The epic's progress: its tickets done, of all of them (docs/decisions/355). */
  ticketsDone: number;
  tickets: number;
  percent: number;
  work: RoomWork[];
}

export interface RoomData {
  agencyName: string;
  projectName: string;
  range: RoomRange;
  currency: CurrencyCode;
  retainer: boolean;
  periods: RoomPeriod[];
  outcome: RoomOutcome | null;
  /** Null when the project is not linked to Jira. */
  epics: RoomEpic[] | null;
  lastJiraSync: string | null;
  lastBillingSync: string | null;
  timeZone: string;
}

/** How long a room keeps a project's forecast range at most: five minutes. */
const RANGE_KEPT_MS = 5 * 60 * 1000;

/**
 * The forecast ranges a room process has computed, by their inputs' key: the Monte Carlo range
 * is the room's dearest read, and many opens of one link in a day see the same stored data.
 * Bounded: past `max` keys it starts afresh.
 */
export function createRangeMemo(max = 500) {
  const kept = new Map<string, Promise<RetainerRangeAnswer | null>>();
  return {
    get(key: string, compute: () => Promise<RetainerRangeAnswer | null>) {
      let value = kept.get(key);
      if (!value) {
        if (kept.size >= max) kept.clear();
        value = compute();
        kept.set(key, value);
        // A failed read is not kept: the next open tries again.
        value.catch(() => kept.delete(key));
      }
      return value;
    },
  };
}
export type RangeMemo = ReturnType<typeof createRangeMemo>;

const remembered = (
  memo: RangeMemo | undefined,
  key: string,
  compute: () => Promise<RetainerRangeAnswer | null>,
) => (memo ? memo.get(key, compute) : compute());

/** Reads a room for an open link; null when its project is no longer on the dashboard. */
export async function loadRoom(
  db: Db,
  link: Pick<StoredShareLink, 'projectId' | 'rolling' | 'from' | 'to'>,
  options: {
    today: IsoDate;
    timeZone: string;
    agencyName: string;
    companyCurrency: CurrencyCode;
    publicHolidays: PublicHolidayRegion | null;
    /** Keeps a computed range while its inputs stand (createRangeMemo); none computes each time. */
    ranges?: RangeMemo;
    now?: Date;
  },
): Promise<RoomData | null> {
  const { today, timeZone } = options;
  const project = await readRoomProject(db, link.projectId);
  if (!project?.visible) return null;
  const retainer = project.budgetType === 'RETAINER' && project.forecastProjectId !== null;
  const allPeriods = retainer ? await getRetainerPeriods(db, project.id, today) : [];
  const range = roomRange(link, allPeriods, today);
  const periods = allPeriods.filter((p) => overlaps(p, range) && p.status !== 'CANCELLED');
  const running = periods.find((p) => p.status === 'ACTIVE');
  const [forecast, work, epicCounts] = await Promise.all([
    running
      ? remembered(
          options.ranges,
          // The range changes with the day and with each billing or time sync; the minutes bound
          // what a webhook applied between syncs can leave unseen.
          [
            project.id,
            today,
            project.lastForecastSync?.getTime(),
            project.lastTimeSync?.getTime(),
            Math.floor((options.now ?? new Date()).getTime() / RANGE_KEPT_MS),
          ].join('|'),
          () =>
            loadRetainerRange(
              {
                db,
                today,
                timeZone,
                publicHolidays: options.publicHolidays,
                companyCurrency: options.companyCurrency,
              },
              project.id,
            ),
        )
      : null,
    project.jiraProjectKey
      ? readDoneWork(db, project.id, {
          ...dayRangeInZone(range.from, range.to, timeZone),
          timeZone,
        })
      : [],
    project.jiraProjectKey ? readEpicCounts(db, project.id) : [],
  ]);
  // A period that has ended shows its actual in its own figures; only a running one has a range.
  const outcome: RoomOutcome | null =
    running && forecast && !forecast.finished && forecast.periodNumber === running.period_number
      ? {
          periodNumber: forecast.periodNumber,
          target: running.target_amount,
          p10: forecast.p10,
          p50: forecast.p50,
          p90: forecast.p90,
          basis: forecast.basis,
        }
      : null;
  return {
    agencyName: options.agencyName,
    projectName: project.name,
    range,
    currency: project.currency ?? options.companyCurrency,
    retainer,
    periods: periods.map((p) => ({
      number: p.period_number,
      from: p.start_date,
      to: p.end_date,
      status: p.status,
      target: p.target_amount,
      billed: p.actual_amount,
      billableMinutes: p.actual_billable_minutes,
    })),
    outcome,
    epics: project.jiraProjectKey ? groupByEpic(work, epicCounts) : null,
    lastJiraSync: project.lastJiraSync?.toISOString() ?? null,
    lastBillingSync: project.lastForecastSync?.toISOString() ?? null,
    timeZone,
  };
}

/** The period's done tickets by epic, epics in key order, the tickets under no epic last. */
function groupByEpic(
  work: readonly {
    key: string;
    summary: string;
    statusName: string;
    epicKey: string | null;
    doneOn: IsoDate;
  }[],
  epics: readonly { key: string; name: string; tickets: number; completed: number }[],
): RoomEpic[] {
  const byKey = new Map(epics.map((e) => [e.key, e]));
  const groups = new Map<string | null, RoomEpic>();
  for (const w of work) {
    // A descoped ticket (Won't Do, Cancelled) is closed, not delivered.
    if (isDescopedStatus(w.statusName)) continue;
    const epic = w.epicKey ? byKey.get(w.epicKey) : undefined;
    const key = epic ? epic.key : null;
    let group = groups.get(key);
    if (!group) {
      group = epic
        ? {
            key: epic.key,
            name: epic.name,
            ticketsDone: epic.completed,
            tickets: epic.tickets,
            percent: percentOf(epic.completed, epic.tickets),
            work: [],
          }
        : { key: null, name: 'Other work', ticketsDone: 0, tickets: 0, percent: 0, work: [] };
      groups.set(key, group);
    }
    group.work.push({ key: w.key, summary: w.summary, status: w.statusName, doneOn: w.doneOn });
  }
  const byEpicKey = (a: RoomEpic, b: RoomEpic) => {
    if (a.key === null) return 1;
    if (b.key === null) return -1;
    return a.key.localeCompare(b.key, 'en', { numeric: true });
  };
  return [...groups.values()].sort(byEpicKey);
}
