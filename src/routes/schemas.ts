import { AUDIT_KIND_NAMES } from '../shared/audit';
import { z } from 'zod';
import { ALERT_RULES } from '../shared/alerts';
import { isIsoDate } from '../shared/calendar';

/** Input schemas that more than one route reads, API calls and pages alike. */

// Far outside any agency's history, and it keeps the week's Sunday a four-digit year.
const EARLIEST = '2000-01-01';
const LATEST = '2999-12-31';

/** Whether a real 'YYYY-MM-DD' date lies within the years the dashboard can show. */
export const isWithinShownYears = (d: string) => d >= EARLIEST && d <= LATEST;
/** The refusal of a date outside those years, naming the field. */
export const outsideShownYears = (name: string) =>
  `${name} must be between ${EARLIEST} and ${LATEST}`;

/** A calendar date as 'YYYY-MM-DD' within the years the dashboard can show. */
export const WeekStartSchema = z
  .string({ error: 'weekStart is required, as YYYY-MM-DD' })
  .refine(isIsoDate, 'weekStart must be a real date written YYYY-MM-DD')
  .refine(isWithinShownYears, outsideShownYears('weekStart'));

/** A week named by any of its days. Bounded like the Agency Dashboard's weeks: a week in year 1 or 9999 has no start or end we can compute. */
export const WeekQuerySchema = z.strictObject({ weekStart: WeekStartSchema });

/**
 * A field holding a real calendar date written YYYY-MM-DD, within the years the dashboard can
 * show (a range in year 1 or 9999 has no week to start or end in); the message names the field.
 */
export const IsoDateSchema = (name: string) =>
  z
    .string()
    .refine(isIsoDate, `${name} must be a real date written YYYY-MM-DD`)
    .refine(isWithinShownYears, outsideShownYears(name));

// Alerts (src/routes/api/alerts.ts and the /alerts page).
const idText = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'The id must be a positive whole number, e.g. /api/alerts/12');
export const AlertIdParam = z.object({ id: idText.transform(Number) });

/** Most alerts one bulk acknowledge takes: more than the list ever shows at once. */
export const MAX_BULK_ACKNOWLEDGE = 500;

/** POST /api/alerts/acknowledge: the alerts the person chose, by id. */
export const BulkAcknowledgeSchema = z.strictObject({
  ids: z
    .array(
      z
        .number('Each alert id must be a number')
        .int('Each alert id must be a whole number')
        .min(1, 'Each alert id must be a positive whole number')
        .max(999_999_999, 'Each alert id must be at most 999999999'),
      'ids must be a list of alert ids',
    )
    .min(1, 'Choose at least one alert to acknowledge')
    .max(MAX_BULK_ACKNOWLEDGE, `Acknowledge at most ${MAX_BULK_ACKNOWLEDGE} alerts at once`),
});

/** The list's filters; the same ones drive the page, the call and the CSV. */
export const AlertFilterSchema = z.strictObject({
  status: z.enum(['open', 'closed', 'all'], 'status must be open, closed or all').optional(),
  projectId: idText.transform(Number).optional(),
  rule: z.enum(ALERT_RULES, `rule must be one of ${ALERT_RULES.join(', ')}`).optional(),
});

/** The audit log's filters, all optional: the page, the call and the CSV share them. */
export const AuditFilterSchema = z
  .strictObject({
    person: z
      .string()
      .trim()
      .max(254, 'person must be at most 254 characters')
      // Part of an email address: letters, digits and . _ + - @ only.
      .regex(
        /^[\p{L}\p{N}@._+-]*$/u,
        'person must be part of an email address: letters, digits and . _ + - @',
      )
      .optional(),
    kind: z
      .enum(AUDIT_KIND_NAMES as [string, ...string[]], {
        message: `kind must be one of ${AUDIT_KIND_NAMES.join(', ')}`,
      })
      .optional(),
    from: IsoDateSchema('from').optional(),
    to: IsoDateSchema('to').optional(),
    // Which page of entries, newest first (the CSV ignores it and holds them all).
    page: z
      .string()
      .regex(/^[1-9]\d{0,4}$/, 'page must be a whole number from 1 to 99999')
      .transform(Number)
      .optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

// Capacity (src/routes/api/capacity.ts and the /capacity page).
export const CapacityQuerySchema = z.object({
  from: IsoDateSchema('from').optional(),
  weeks: z.coerce
    .number({ error: 'weeks must be a whole number from 1 to 26' })
    .int('weeks must be a whole number from 1 to 26')
    .min(1, 'weeks must be a whole number from 1 to 26')
    .max(26, 'weeks must be a whole number from 1 to 26')
    .default(12),
  tentative: z.enum(['0', '1'], { error: 'tentative must be 0 or 1' }).default('1'),
  minProbability: z.coerce
    .number({ error: 'minProbability must be a percentage from 0 to 100' })
    .min(0, 'minProbability must be a percentage from 0 to 100')
    .max(100, 'minProbability must be a percentage from 0 to 100')
    .default(0),
});
export type CapacityQuery = z.infer<typeof CapacityQuerySchema>;
