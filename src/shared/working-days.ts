/**
 * Working days (Monday to Friday) between two calendar dates: the unit in which the retainer
 * forecast counts elapsed and remaining time (docs/decisions/170). Browser-safe and pure.
 */
import { addDays, isWeekend } from 'date-fns';
import { parseIsoDate, toIsoDate, type IsoDate } from './calendar';

/** Every Monday-to-Friday date from `first` to `last`, both included; empty when `last` is before `first`. */
export function workingDaysBetween(first: IsoDate, last: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  const end = parseIsoDate(last);
  for (let d = parseIsoDate(first); d <= end; d = addDays(d, 1))
    if (!isWeekend(d)) days.push(toIsoDate(d));
  return days;
}

/** The `count` working days ending with `last` (included when it is a weekday), oldest first. */
export function lastWorkingDays(last: IsoDate, count: number): IsoDate[] {
  const days: IsoDate[] = [];
  for (let d = parseIsoDate(last); days.length < count; d = addDays(d, -1))
    if (!isWeekend(d)) days.unshift(toIsoDate(d));
  return days;
}
