/**
 * The Pipedrive API v2 answers we read, transcribed from Pipedrive's generated models
 * (docs/reference/pipedrive-api.md). Only the fields the dashboard uses are required; the rest
 * is ignored, so an additive change upstream never breaks the refresh.
 */
import { z } from 'zod';

const id = z.number().int();

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
  pipeline_id: id.nullish(),
  stage_id: id.nullish(),
  value: z
    .number()
    .nullish()
    .transform((v) => v ?? 0),
  currency: z.string().min(1),
  status: z.string(),
  // The deal's own probability; null means "use the stage's".
  probability: z.number().min(0).max(100).nullish(),
  expected_close_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  is_deleted: z.boolean().nullish(),
});
export type PipedriveDeal = z.infer<typeof pipedriveDealSchema>;

// StageItem (src/versions/v2/models/stage-item.ts)
export const pipedriveStageSchema = z.object({
  id,
  name: z.string(),
  order_nr: z.number().nullish(),
  pipeline_id: id,
  deal_probability: z.number().min(0).max(100).nullish(),
  is_deleted: z.boolean().nullish(),
});
export type PipedriveStage = z.infer<typeof pipedriveStageSchema>;

// Pipeline (src/versions/v2/models/get-pipelines-response.ts, its data items)
export const pipedrivePipelineSchema = z.object({
  id,
  name: z.string(),
  order_nr: z.number().nullish(),
  is_deleted: z.boolean().nullish(),
  is_deal_probability_enabled: z.boolean().nullish(),
});
export type PipedrivePipeline = z.infer<typeof pipedrivePipelineSchema>;

export const pipedriveDealListSchema = pipedriveListSchema(pipedriveDealSchema);
export const pipedriveStageListSchema = pipedriveListSchema(pipedriveStageSchema);
export const pipedrivePipelineListSchema = pipedriveListSchema(pipedrivePipelineSchema);
