/**
 * The unbilled-work table (docs/decisions/174): one row per visible Forecast-linked project,
 * most unbilled value first, from stored data only.
 */
import { readDonePoints } from '../db/done-points';
import type { Db } from '../db/port';
import { readInvoiceSprints, readUnbilledProjects } from '../db/unbilled';
import { sortByUnbilledValue, unbilledRow, type UnbilledWorkResponse } from '../shared/unbilled';
import { isDescopedStatus } from '../shared/tickets';
import type { CurrencyCode } from '../shared/currency';

export async function loadUnbilledWork(
  db: Db,
  timeZone: string,
  companyCurrency: CurrencyCode,
): Promise<UnbilledWorkResponse> {
  const [projects, invoiceSprints, done] = await Promise.all([
    readUnbilledProjects(db),
    readInvoiceSprints(db, timeZone),
    readDonePoints(db, { from: null, to: null, timeZone }),
  ]);
  const rows = projects.map((p) =>
    unbilledRow({
      ...p,
      currency: p.billingCurrency ?? companyCurrency,
      // Points done after the invoice's day, as time is (the invoice's own day counts as billed).
      pointsSince: done
        .filter(
          (d) =>
            d.projectId === p.projectId &&
            !isDescopedStatus(d.statusName) &&
            (p.lastInvoiceDate === null || d.day > p.lastInvoiceDate),
        )
        .reduce((sum, d) => sum + d.points, 0),
      invoiceSprints: invoiceSprints.filter((i) => i.projectId === p.projectId),
    }),
  );
  return { projects: sortByUnbilledValue(rows) };
}
