/**
 * Display formats (docs/product-spec.md, "Validation rules" and "Business constants and
 * limits"): dates, hours and week labels; money formats live in money-format.ts. The server
 * render and the hydrated islands print the same text.
 */
import { format, isValid, parseISO } from 'date-fns';
import { weekEndOf } from './calendar';
import { finite } from './money-format';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** formatDate's texts of calendar dates, by pattern and date. */
const calendarDateTexts = new Map<string, string>();
const CALENDAR_DATE_TEXTS_KEPT = 2_000;

/**
 * Formats a date for display: 'No date' when empty, 'Invalid date' when unparsable,
 * 'Error formatting date' when formatting throws (a bad pattern). A 'YYYY-MM-DD' string is a
 * calendar date and prints as that day in every zone; a timestamp prints in the runtime's zone.
 */
export function formatDate(
  value: string | Date | null | undefined,
  pattern = 'MMM d, yyyy',
): string {
  if (value === null || value === undefined || value === '') return 'No date';
  // A calendar date prints the same in every zone, so its text is kept: pages print the same
  // few days many times (a week grid prints each day once per person).
  const key = typeof value === 'string' && DATE_ONLY.test(value) ? `${pattern} ${value}` : null;
  const known = key === null ? undefined : calendarDateTexts.get(key);
  if (known !== undefined) return known;
  const text = formatOnce(value, pattern);
  if (key !== null) {
    if (calendarDateTexts.size >= CALENDAR_DATE_TEXTS_KEPT) calendarDateTexts.clear();
    calendarDateTexts.set(key, text);
  }
  return text;
}

function formatOnce(value: string | Date, pattern: string): string {
  try {
    const date = toDate(value);
    if (!isValid(date)) return 'Invalid date';
    return format(date, pattern);
  } catch {
    return 'Error formatting date';
  }
}

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const trimmed = value.trim();
  // parseISO reads a date-only string as local midnight, so the day never shifts.
  const iso = parseISO(trimmed);
  if (isValid(iso) || DATE_ONLY.test(trimmed)) return iso;
  return new Date(trimmed);
}

/**
 * Hours for display: whole hours as 'hrs' ('1 hr' for one) and the remainder as 'min'
 * ('2 hrs 30 min', '1 hr 15 min', '3 hrs'); under one hour in minutes only ('45 min');
 * 0 → '0 min'. Rounded to the minute (docs/decisions/032-hours-format.md).
 */
export function formatHours(hours: number): string {
  const totalMinutes = Math.round(Math.abs(finite(hours)) * 60);
  const sign = hours < 0 && totalMinutes > 0 ? '-' : '';
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  if (h === 0) return `${sign}${m} min`;
  const whole = `${sign}${h} ${h === 1 ? 'hr' : 'hrs'}`;
  return m === 0 ? whole : `${whole} ${m} min`;
}

/** Hours on a chart's scale and its points: whole hours, 'h' ('12 h'; 2.5 → '3 h'). */
export function formatWholeHours(hours: number): string {
  return `${Math.round(finite(hours))} h`;
}

/** A plan's hours to one decimal at most, without '-0'. */
const planNumber = (hours: number) => Math.round(finite(hours) * 10) / 10 + 0;

/** Hours in a plan's narrow cells: one decimal at most, 'h' ('37.5 h', '30 h', '-4.5 h'). */
export function formatPlanHours(hours: number): string {
  return `${planNumber(hours)} h`;
}

/** Part of a whole in a plan's narrowest cells, the unit once: '150/187.5 h'. */
export function formatPlanHoursOf(part: number, whole: number): string {
  return `${planNumber(part)}/${planNumber(whole)} h`;
}

/** Hours billed for a retainer period: billable minutes / 60 with one decimal (90 → '1.5'). */
export function hoursBilled(minutes: number): string {
  // minutes / 6 is exact for whole minutes, so halves round up instead of drifting.
  return (Math.round(finite(minutes) / 6) / 10).toFixed(1);
}

/** A file's size as a refusal names it: '0.1 MB', '12 MB', '1,024 MB' (one decimal under 10 MB). */
export function formatMegabytes(bytes: number): string {
  const mb = finite(bytes) / 1e6;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb).toLocaleString('en-US')} MB`;
}

/**
 * A week's label, Monday to Sunday: 'Nov 16 - Nov 22, 2026'. A week spanning New Year names
 * both years: 'Dec 28, 2026 - Jan 3, 2027'.
 */
export function formatWeekLabel(weekStart: string): string {
  const weekEnd = weekEndOf(weekStart);
  const start = parseISO(weekStart);
  const end = parseISO(weekEnd);
  const sameYear = start.getFullYear() === end.getFullYear();
  return `${format(start, sameYear ? 'MMM d' : 'MMM d, yyyy')} - ${format(end, 'MMM d, yyyy')}`;
}
