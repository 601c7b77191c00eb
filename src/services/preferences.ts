/**
 * What a person's screens remember between visits (docs/decisions/181): the portfolio's view and
 * the colour theme, stored per user so they follow the person to any browser.
 */
import type { Db } from '../db/port';
import { savePortfolioView, type UserPreferences } from '../db/preferences';
import {
  namesAView,
  type PortfolioView,
  parsePortfolioView,
  portfolioViewParams,
  readPortfolioView,
  VIEW_PARAMS,
} from '../shared/portfolio-table';

export type PortfolioViewChoice =
  | { view: PortfolioView; redirectTo: null }
  /** The address named no view and the person has one remembered: show it in the address. */
  | { view: PortfolioView; redirectTo: string };

/**
 * The view `/` shows. An address that names a view wins (a hand-edited or stale link still opens,
 * with defaults for the parts that fell back). An address without one sends the person to their
 * remembered view's address, so a copied link always reproduces what is on screen. Reading never
 * writes: the page remembers a view through rememberPortfolioView (docs/decisions/276). `stored`
 * is what the session read (src/db/sessions.ts).
 */
export function choosePortfolioView(
  stored: UserPreferences,
  query: Record<string, string>,
): PortfolioViewChoice {
  if (namesAView(query)) {
    const { view, rejected } = readPortfolioView(query);
    if (rejected.length > 0) return { view, redirectTo: null };
    const canonical = portfolioViewParams(view);
    // The filter form sends empty and default values too: show the short address instead. An
    // address of only defaults stays as it is: its short form, a plain /, would open the
    // remembered view, which the page's PUT has not yet replaced.
    if (canonical.size === 0) return { view, redirectTo: null };
    const given = new URLSearchParams(
      VIEW_PARAMS.flatMap((k) =>
        query[k] !== undefined ? [[k, query[k]] as [string, string]] : [],
      ),
    );
    if (given.toString() === canonical.toString()) return { view, redirectTo: null };
    return { view, redirectTo: addressOf(canonical, query) };
  }
  const remembered = parsePortfolioView(
    Object.fromEntries(new URLSearchParams(stored.portfolioView)),
  );
  const params = portfolioViewParams(remembered);
  if (params.size === 0) return { view: remembered, redirectTo: null };
  return { view: remembered, redirectTo: addressOf(params, query) };
}

/**
 * Remembers a view given as its address's query string, only when every part of it can be read
 * (the same reading as the page's); anything else is refused and nothing is stored.
 */
export async function rememberPortfolioView(
  db: Db,
  userId: string,
  query: string,
): Promise<{ ok: true; view: string } | { ok: false; message: string }> {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const unknown = [...params.keys()].filter((k) => !(VIEW_PARAMS as readonly string[]).includes(k));
  const { view, rejected } = readPortfolioView(Object.fromEntries(params));
  const wrong = [...new Set([...unknown, ...rejected])];
  if (wrong.length > 0)
    return { ok: false, message: `The portfolio view could not be read: ${wrong.join(', ')}.` };
  const canonical = portfolioViewParams(view).toString();
  await savePortfolioView(db, userId, canonical);
  return { ok: true, view: canonical };
}

/** `/` with the view's parameters; other parameters (?project=12 opens a project) travel along. */
function addressOf(view: URLSearchParams, query: Record<string, string>): string {
  const params = new URLSearchParams(view);
  for (const [key, value] of Object.entries(query))
    if (!(VIEW_PARAMS as readonly string[]).includes(key)) params.set(key, value);
  return params.size ? `/?${params}` : '/';
}
