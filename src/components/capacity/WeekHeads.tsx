import type { IsoDate } from '../../shared/calendar';
import { SO_FAR } from '../../shared/figures';
import { formatDate } from '../../shared/format';
import * as s from './capacity.css';

/**
 * The column heads of a plan of weeks: each week by its Monday, the running one marked 'so far'
 * (its days already past count as planned, not as worked).
 */
export function WeekHeads({
  weeks,
  currentWeekStart,
}: {
  weeks: readonly IsoDate[];
  currentWeekStart: IsoDate;
}) {
  return (
    <>
      {weeks.map((w) => (
        <th
          key={w}
          scope="col"
          className={w === currentWeekStart ? s.currentWeek : undefined}
          aria-current={w === currentWeekStart ? 'date' : undefined}
        >
          {formatDate(w, 'MMM d')}
          {w === currentWeekStart ? <span className={s.soFar}>{SO_FAR}</span> : null}
        </th>
      ))}
    </>
  );
}
