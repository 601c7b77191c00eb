/**
 * Copies the open pipeline from Pipedrive: stages with their pipeline's name, open deals with
 * their organisation, and the organisations (docs/decisions/414-pipedrive-organisations.md).
 * Read whole, then written in one transaction: a failure leaves the stored pipeline as it was.
 */
import { replacePipeline } from '../../db/capacity';
import type { Db } from '../../db/port';
import type { PipedriveClient } from './client';
import { customFieldText, pipedriveTime } from './schemas';

export async function syncPipeline(
  db: Db,
  pipedrive: PipedriveClient,
  { now, roleField }: { now: Date; roleField?: string },
): Promise<number> {
  const [pipelines, stages, deals, organizations] = await Promise.all([
    pipedrive.pipelines(),
    pipedrive.stages(),
    pipedrive.openDeals(),
    pipedrive.organizations(),
  ]);
  const pipelineName = new Map(pipelines.map((p) => [p.id, p.name]));
  const dealProbabilityOn = new Map(
    pipelines.map((p) => [p.id, p.is_deal_probability_enabled ?? true]),
  );
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
        pipelineDealProbability: dealProbabilityOn.get(s.pipeline_id) ?? true,
      })),
      deals: open.map((d) => ({
        id: d.id,
        title: d.title,
        value: d.value,
        currency: d.currency.toUpperCase(),
        probability: d.probability ?? null,
        stageId: d.stage_id ?? null,
        ownerId: d.owner_id ?? null,
        orgId: d.org_id ?? null,
        expectedCloseDate: d.expected_close_date ?? null,
        roleMix: customFieldText(d, roleField),
        addTime: pipedriveTime(d.add_time),
      })),
      organizations: organizations
        .filter((o) => !o.is_deleted)
        .map((o) => ({ id: o.id, name: o.name })),
      at: now,
    }),
  );
  return liveStages.length + open.length;
}
