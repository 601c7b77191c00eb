/**
 * Client retainer room links (docs/decisions/430-client-retainer-room.md): the rules a link
 * follows, as pure functions. Browser-safe: the admin's list of links uses the same texts.
 */
import { addCalendarDays, type IsoDate } from './calendar';

/** A label names the link for the admin (the client's name, "monthly report"). */
export const SHARE_LINK_LABEL_MAX = 100;
/** The furthest expiry an admin may set: a year ahead, so a forgotten link still ends. */
export const SHARE_LINK_MAX_DAYS = 366;
/** The longest fixed range a link may show (a year of work). */
export const SHARE_LINK_MAX_RANGE_DAYS = 366;

/**
 * A token: 128 bits from the platform's secure random source as 22 base64url characters. Only
 * this shape reaches the database; anything else is the room's plain 404 at once.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The room's own path for a token. */
export const roomPath = (token: string) => `/r/${token}`;

/** Opens one address may make in a window before it waits (an office shares one address). */
export const ROOM_OPENS_PER_WINDOW = 60;
export const ROOM_WINDOW_MS = 60 * 1000;

/** What the admin's list shows of a link, as GET /api/projects/:id/share-links answers it. */
export interface ShareLinkJson {
  id: number;
  label: string;
  rolling: boolean;
  /** A fixed link's range; null for a rolling one. */
  from: IsoDate | null;
  to: IsoDate | null;
  /** The last day (agency time) the link opens. */
  expiresAt: IsoDate;
  createdAt: string;
  createdBy: string;
  lastOpenedAt: string | null;
  opens: number;
  revokedAt: string | null;
  state: ShareLinkState;
}

export type ShareLinkState = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: the admin's act is what the list shows. */
export function shareLinkState(
  link: { revokedAt: unknown; expiresOn: IsoDate },
  today: IsoDate,
): ShareLinkState {
  if (link.revokedAt) return 'revoked';
  return today > link.expiresOn ? 'expired' : 'active';
}

export const SHARE_LINK_STATE_TEXT: Record<ShareLinkState, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** The period a room shows. */
export interface RoomRange {
  from: IsoDate;
  to: IsoDate;
  /** The retainer period the range is, for a rolling link on a retainer; else null. */
  periodNumber: number | null;
}

/** The calendar month holding `day`: a rolling link's range on a project without a retainer. */
export function monthOf(day: IsoDate): { from: IsoDate; to: IsoDate } {
  const from = `${day.slice(0, 7)}-01`;
  const nextMonth = addCalendarDays(from, 32).slice(0, 7);
  return { from, to: addCalendarDays(`${nextMonth}-01`, -1) };
}

/**
 * The range a link shows on `today` (agency time). A fixed link: its own range. A rolling link:
 * the retainer period holding today (a CANCELLED one never counts), so the room moves to a new
 * period at 00:00 agency time on its first day; between periods, the last one that started; with
 * no period started yet (or no retainer), the calendar month holding today.
 */
export function roomRange(
  link: { rolling: boolean; from: IsoDate | null; to: IsoDate | null },
  periods: readonly {
    period_number: number;
    start_date: IsoDate;
    end_date: IsoDate;
    status: string;
  }[],
  today: IsoDate,
): RoomRange {
  if (!link.rolling && link.from && link.to)
    return { from: link.from, to: link.to, periodNumber: null };
  const started = periods
    .filter((p) => p.status !== 'CANCELLED' && p.start_date <= today)
    .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
  const current =
    started.find((p) => today <= p.end_date) ?? (started.length ? started.at(-1) : undefined);
  if (current)
    return { from: current.start_date, to: current.end_date, periodNumber: current.period_number };
  return { ...monthOf(today), periodNumber: null };
}

/** Whether a retainer period overlaps the range: the room shows each one that does. */
export const overlaps = (p: { start_date: IsoDate; end_date: IsoDate }, r: RoomRange) =>
  p.start_date <= r.to && p.end_date >= r.from;

/** What the admin reads of a link's range in the list. */
export function shareLinkRangeText(link: Pick<ShareLinkJson, 'rolling' | 'from' | 'to'>): string {
  return link.rolling ? 'Current retainer period' : `${link.from} to ${link.to}`;
}
