/**
 * Copies the open pipeline from Pipedrive: stages with their pipeline's name, and open deals.
 * Read whole, then written in one transaction: a failure leaves the stored pipeline as it was.
 */
import { replacePipeline } from '../../db/capacity';
import type { Db } from '../../db/port';
import type { PipedriveClient } from './client';

export async function syncPipeline(
  db: Db,
  pipedrive: PipedriveClient,
  { now }: { now: Date },
): Promise<number> {
  const [pipelines, stages, deals] = await Promise.all([
    pipedrive.pipelines(),
    pipedrive.stages(),
    pipedrive.openDeals(),
  ]);
  const pipelineName = new Map(pipelines.map((p) => [p.id, p.name]));
  const liveStages = stages.filter((s) => !s.is_deleted);
  const open = deals.filter((d) => d.status === 'open' && !d.is_deleted);
  await db.transaction((tx) =>
    replacePipeline(tx, {
      stages: liveStages.map((s) => ({
        id: s.id,
        name: s.name,
        pipelineId: s.pipeline_id,
        pipelineName: pipelineName.get(s.pipeline_id) ?? null,
        orderNr: s.order_nr ?? 0,
        dealProbability: s.deal_probability ?? null,
      })),
      deals: open.map((d) => ({
        id: d.id,
        title: d.title,
        value: d.value,
        currency: d.currency.toUpperCase(),
        probability: d.probability ?? null,
        stageId: d.stage_id ?? null,
        ownerId: d.owner_id ?? null,
        expectedCloseDate: d.expected_close_date ?? null,
      })),
      at: now,
    }),
  );
  return liveStages.length + open.length;
}
