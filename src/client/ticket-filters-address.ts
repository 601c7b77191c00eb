import { useEffect, useState } from 'react';
import { ticketFiltersIn, type TicketFilterChoice } from '../shared/story-points';

const inAddress = () => {
  const params = new URL(window.location.href).searchParams;
  return ticketFiltersIn((name) => params.get(name));
};

/**
 * Weekly History's ticket filters, kept in the address (?assignee=, ?project=, left out for all)
 * so a reload or a shared link shows the same list. A change replaces the address rather than
 * adding to the history: Back steps through weeks seen, and each week's entry keeps the filters
 * it had.
 */
export function useTicketFiltersInAddress(
  initial: TicketFilterChoice,
): [TicketFilterChoice, (next: TicketFilterChoice) => void] {
  const [filters, setFilters] = useState(initial);

  useEffect(() => {
    const onPop = () => setFilters(inAddress());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const change = (next: TicketFilterChoice) => {
    setFilters(next);
    const url = new URL(window.location.href);
    for (const [name, value] of Object.entries(next)) {
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    window.history.replaceState(null, '', url);
  };

  return [filters, change];
}
