import { useEffect, useState } from 'react';
import { isIsoDate, weekStartOf, type IsoDate } from '../shared/calendar';

/** The week named in the address (?week=, as the server reads it), or `fallback`. */
function weekInAddress(fallback: IsoDate): IsoDate {
  const week = new URL(window.location.href).searchParams.get('week');
  return week && isIsoDate(week) ? weekStartOf(week) : fallback;
}

/**
 * The week a page shows, kept in the address (?week=, left out for the present week) so a
 * reload or a shared link shows the same week, and Back and Forward step through the weeks seen.
 * Returns the week and the function that moves to another one.
 */
export function useWeekInAddress(
  initialWeek: IsoDate,
  currentWeekStart: IsoDate,
): [IsoDate, (week: IsoDate) => void] {
  const [weekStart, setWeekStart] = useState(initialWeek);

  useEffect(() => {
    const onPop = () => setWeekStart(weekInAddress(currentWeekStart));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [currentWeekStart]);

  const goTo = (week: IsoDate) => {
    if (week === weekStart) return;
    setWeekStart(week);
    const url = new URL(window.location.href);
    if (week === currentWeekStart) url.searchParams.delete('week');
    else url.searchParams.set('week', week);
    window.history.pushState(null, '', url);
  };

  return [weekStart, goTo];
}
