/**
 * One bad upstream record never stops a sync (docs/decisions/271): list items are checked one
 * by one, and an item that cannot be stored is left out and reported here, so a run can say
 * 'N records skipped' with the first reasons.
 */
import type { z } from 'zod';
import { describeZodError } from './errors';
import type { UpstreamService } from './http';

export interface SkippedRecord {
  service: UpstreamService;
  /** 'Forecast time registration 42: time_registered: Too small ...'. */
  reason: string;
}

export type OnSkipped = (record: SkippedRecord) => void;

/** What a run keeps of its skipped records: the count and the first few reasons. */
export const SKIPPED_REASONS_KEPT = 5;

/**
 * Parses each item on its own; the ones that fail are reported and left out. `label` names an
 * item in the reason ('time registration'), with its id when it has one.
 */
export function parseEach<S extends z.ZodType>(
  items: readonly unknown[],
  schema: S,
  where: { service: UpstreamService; label: string; onSkipped?: OnSkipped },
): z.output<S>[] {
  const kept: z.output<S>[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) {
      kept.push(parsed.data);
      continue;
    }
    const id =
      item && typeof item === 'object' && 'id' in item ? ` ${String(item.id).slice(0, 40)}` : '';
    const reason = `${where.service} ${where.label}${id}: ${describeZodError(parsed.error)}`;
    if (where.onSkipped) where.onSkipped({ service: where.service, reason });
    else console.warn(`Skipped: ${reason}`);
  }
  return kept;
}

/** Collects a run's skipped records. */
export function skippedCollector() {
  let count = 0;
  const reasons: string[] = [];
  return {
    onSkipped: ((record) => {
      count++;
      if (reasons.length < SKIPPED_REASONS_KEPT) reasons.push(record.reason);
    }) as OnSkipped,
    get count() {
      return count;
    },
    reasons: () => [...reasons],
  };
}
