/**
 * A dashboard project's retainer periods as the project detail answers them: the stored rows
 * (src/db/forecast.ts) with each status derived again for the day asked about.
 */
import { readRetainerPeriods } from '../../db/forecast';
import type { Db } from '../../db/port';
import type { IsoDate } from '../../shared/calendar';
import { type RetainerPeriod, retainerStatus } from '../../shared/retainer';

/**
 * A dashboard project's retainer periods in the spec's shape, by period number. The status is
 * derived again for `today`, so a period that has started since the last sync reads ACTIVE.
 */
export async function getRetainerPeriods(
  db: Db,
  projectId: number,
  today: IsoDate,
): Promise<RetainerPeriod[]> {
  const rows = await readRetainerPeriods(db, projectId);
  return rows.map(({ locked, ...p }) => ({
    ...p,
    status:
      p.status === 'CANCELLED'
        ? p.status
        : retainerStatus({ locked, startDate: p.start_date, endDate: p.end_date }, today),
  }));
}
