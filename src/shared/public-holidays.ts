/**
 * Public holidays from the `date-holidays` package, for people without a Forecast holiday
 * calendar (docs/decisions/337-public-holidays-from-date-holidays.md). Pure: the package carries
 * its rules, so nothing is fetched.
 */
import Holidays from 'date-holidays';
import { addCalendarDays, type IsoDate } from './calendar';

/** PUBLIC_HOLIDAYS_COUNTRY and PUBLIC_HOLIDAYS_REGION: ISO 3166 country and the package's region code. */
export interface PublicHolidayRegion {
  country: string;
  region: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why a country and region are not ones the package knows, or null when they are; the message
 * lists the regions a known country has.
 */
export function unknownRegion(country: string, region: string | null): string | null {
  const holidays = new Holidays();
  const countries = holidays.getCountries('en');
  if (!(country in countries))
    return `"${country}" is not a country code date-holidays knows (e.g. GB, US, DE)`;
  if (region === null) return null;
  const states = holidays.getStates(country, 'en') ?? {};
  if (region in states) return null;
  const known = Object.keys(states);
  return known.length > 0
    ? `"${region}" is not a region of ${country}; one of ${known.join(', ')}`
    : `${country} has no regions in date-holidays`;
}

/**
 * The public holidays (type 'public' only: not bank, school or observance days) of the region
 * from `from` to `to`, both included, by date with their English name. A holiday lasting several
 * days gives each of its days.
 */
export function publicHolidays(
  where: PublicHolidayRegion,
  from: IsoDate,
  to: IsoDate,
): Map<IsoDate, string> {
  const holidays =
    where.region === null
      ? new Holidays(where.country, { types: ['public'] })
      : new Holidays(where.country, where.region, { types: ['public'] });
  const days = new Map<IsoDate, string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of holidays.getHolidays(year, 'en')) {
      if (h.type !== 'public') continue;
      // `date` is the local day in the holiday's own zone; start and end only give its length.
      const first = h.date.slice(0, 10);
      const length = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / DAY_MS));
      for (let i = 0; i < length; i++) {
        const day = addCalendarDays(first, i);
        if (day >= from && day <= to && !days.has(day)) days.set(day, h.name);
      }
    }
  }
  return days;
}
