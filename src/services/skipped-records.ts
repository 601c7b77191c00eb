/**
 * One bad upstream record never stops a sync (docs/decisions/271, docs/decisions/375): list
 * items are checked one by one, and an item that cannot be stored (a field missing or of another
 * shape, an impossible date, an unknown currency, an id or key seen before in the same answer)
 * is left out and reported here, so a run can say 'N records skipped' with their ids and reasons.
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

/** What a run keeps of its skipped records: the count and the first reasons, each with its id. */
export const SKIPPED_REASONS_KEPT = 50;

/** An item's id for a reason: its `id` (or `key`) when it has one, cut to 40 characters. */
function idOf(item: unknown, field: string): string {
  if (!item || typeof item !== 'object' || !Object.hasOwn(item, field)) return '';
  const value = (item as Record<string, unknown>)[field];
  if (value === null || value === undefined || typeof value === 'object') return '';
  return ` ${String(value).slice(0, 40)}`;
}

export interface ParseEachWhere<T> {
  service: UpstreamService;
  /** Names an item in the reason ('time registration'). */
  label: string;
  onSkipped?: OnSkipped;
  /** The field that names an item in a reason; `id` unless said. */
  idField?: string;
  /**
   * The identities an item must not share with an item before it in the same list (its id, a
   * Jira issue's key): a later item with one already seen is skipped, the first is kept.
   */
  unique?: (item: T) => Record<string, string | number>;
  /** Identities already seen, shared across the pages of one answer. */
  seen?: Set<string>;
}

/** Reports one skipped item, to `onSkipped` or else to the console. */
export function reportSkipped(
  where: Pick<ParseEachWhere<unknown>, 'service' | 'label' | 'onSkipped'>,
  id: string,
  why: string,
): void {
  const reason = `${where.service} ${where.label}${id ? ` ${id}` : ''}: ${why}`;
  if (where.onSkipped) where.onSkipped({ service: where.service, reason });
  else console.warn(`Skipped: ${reason}`);
}

/**
 * Parses each item on its own; the ones that fail, and the ones repeating an identity of an
 * earlier item (`unique`), are reported and left out.
 */
export function parseEach<S extends z.ZodType>(
  items: readonly unknown[],
  schema: S,
  where: ParseEachWhere<z.output<S>>,
): z.output<S>[] {
  const kept: z.output<S>[] = [];
  const seen = where.seen ?? new Set<string>();
  const field = where.idField ?? 'id';
  /** The item's name in a reason: its `idField`, else its id. */
  const nameOf = (item: unknown) => (idOf(item, field) || idOf(item, 'id')).trim();
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (!parsed.success) {
      reportSkipped(where, nameOf(item), describeZodError(parsed.error));
      continue;
    }
    const identities = Object.entries(where.unique?.(parsed.data) ?? {}).map(
      ([name, value]) => [name, String(value)] as const,
    );
    const repeated = identities.find(([name, value]) => seen.has(`${name}=${value}`));
    if (repeated) {
      const [name, value] = repeated;
      reportSkipped(
        where,
        nameOf(item),
        `${name} ${value.slice(0, 40)} appears twice in the answer; the first is kept`,
      );
      continue;
    }
    for (const [name, value] of identities) seen.add(`${name}=${value}`);
    kept.push(parsed.data);
  }
  return kept;
}

/**
 * Collects a run's skipped records. One record skipped by two parts of a run (a person read by
 * the time copy and by capacity) has one reason, and counts once.
 */
export function skippedCollector() {
  const seen = new Set<string>();
  let count = 0;
  const reasons: string[] = [];
  return {
    onSkipped: ((record) => {
      if (seen.has(record.reason)) return;
      seen.add(record.reason);
      count++;
      if (reasons.length < SKIPPED_REASONS_KEPT) reasons.push(record.reason);
    }) as OnSkipped,
    get count() {
      return count;
    },
    reasons: () => [...reasons],
  };
}
