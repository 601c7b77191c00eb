/**
 * The Pipedrive API v2 answers we read, transcribed from Pipedrive's generated models
 * (docs/reference/pipedrive-api.md). Only the fields the dashboard uses are required; the rest
 * is ignored, so an additive change upstream never breaks the refresh.
 */
import { z } from 'zod';
import { isIsoDate, parseUpstreamInstant } from '../../shared/calendar';
import { MAX_INTEGER } from '../../shared/column-limits';
import { isCurrencyCode } from '../../shared/currency';

// Ids and orders are stored as integer columns (src/shared/column-limits.ts): a value beyond them
// fails its record's check, never the write (docs/decisions/375).
const id = z
  .number()
  .int()
  .min(-MAX_INTEGER - 1)
  .max(MAX_INTEGER);
/** An RFC 3339 time, as v2 sends them; one that does not parse fails its record. */
const dateTime = z
  .string()
  .refine((t) => parseUpstreamInstant(t) !== null, 'expected a date and time');
/** Stage and pipeline order: an integer column too. */
const order = id;

/** The v2 list envelope: `data` and the cursor of the next page (null on the last). */
export function pipedriveListSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    success: z.boolean(),
    data: z
      .array(item)
      .nullish()
      .transform((d) => d ?? []),
    additional_data: z
      .object({ next_cursor: z.string().nullish() })
      .nullish()
      .transform((a) => ({ next_cursor: a?.next_cursor ?? null })),
  });
}

// DealItem (src/versions/v2/models/deal-item.ts)
export const pipedriveDealSchema = z.object({
  id,
  title: z.string(),
  owner_id: id.nullish(),
  // The organisation the deal is with: the client, matched to Forecast's by name.
  org_id: id.nullish(),
  pipeline_id: id.nullish(),
  stage_id: id.nullish(),
  value: z
    .number()
    .nullish()
    .transform((v) => v ?? 0),
  // An ISO 4217 code, any case: 'USDT' or 'US$' has no rate and no symbol, so the deal is skipped.
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, 'expected an ISO 4217 currency code'),
  status: z.string(),
  // The deal's own probability; null means "use the stage's".
  probability: z.number().min(0).max(100).nullish(),
  expected_close_date: z.string().refine(isIsoDate, 'expected a real YYYY-MM-DD date').nullish(),
  is_deleted: z.boolean().nullish(),
  // When the deal last changed (v2: RFC 3339); a webhook older than the stored copy is ignored.
  update_time: dateTime.nullish(),
  // When it was added (RFC 3339): its age.
  add_time: z.string().nullish(),
  // Custom fields by key (v2); PLAN_ROLE_FIELD names the one holding a role mix.
  custom_fields: z.record(z.string(), z.unknown()).nullish(),
});
export type PipedriveDeal = z.infer<typeof pipedriveDealSchema>;

/** An RFC 3339 time as a Date; null when absent or not a time. */
export function pipedriveTime(text: string | null | undefined): Date | null {
  return parseUpstreamInstant(text);
}

/** The text of a deal's custom field (a role mix), when it has one. */
export function customFieldText(deal: PipedriveDeal, key: string | undefined): string | null {
  const v = key ? deal.custom_fields?.[key] : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 500) : null;
}

// StageItem (src/versions/v2/models/stage-item.ts)
export const pipedriveStageSchema = z.object({
  id,
  name: z.string(),
  order_nr: order.nullish(),
  pipeline_id: id,
  deal_probability: z.number().min(0).max(100).nullish(),
  is_deleted: z.boolean().nullish(),
});
export type PipedriveStage = z.infer<typeof pipedriveStageSchema>;

// Pipeline (src/versions/v2/models/get-pipelines-response.ts, its data items)
export const pipedrivePipelineSchema = z.object({
  id,
  name: z.string(),
  order_nr: order.nullish(),
  is_deleted: z.boolean().nullish(),
  is_deal_probability_enabled: z.boolean().nullish(),
});
export type PipedrivePipeline = z.infer<typeof pipedrivePipelineSchema>;

// OrganizationItem (src/versions/v2/models/organization-item.ts): the fields we read.
export const pipedriveOrganizationSchema = z.object({
  id,
  name: z.string().trim().min(1, 'expected a name'),
  is_deleted: z.boolean().nullish(),
});
export type PipedriveOrganization = z.infer<typeof pipedriveOrganizationSchema>;

// User (API v1 GET /v1/users, its data items): a deal's owner_id is one of these.
export const pipedriveUserSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullish(),
  active_flag: z.boolean().nullish(),
});
export type PipedriveUser = z.infer<typeof pipedriveUserSchema>;

export const pipedriveDealListSchema = pipedriveListSchema(pipedriveDealSchema);
export const pipedriveStageListSchema = pipedriveListSchema(pipedriveStageSchema);
export const pipedrivePipelineListSchema = pipedriveListSchema(pipedrivePipelineSchema);
export const pipedriveOrganizationListSchema = pipedriveListSchema(pipedriveOrganizationSchema);
