import { type AuditEntry, listAuditEntries } from '../db/audit';
import type { Db } from '../db/port';
import { AUDIT_KINDS, type AuditEntryJson, type AuditKind } from '../shared/audit';

/** The most entries the CSV holds; narrow the filters for older ones. */
export const AUDIT_LIMIT = 1000;
/** Entries on one page of the Audit page and of its call (docs/decisions/284). */
export const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters as the page, the call and the CSV take them (all optional). */
export interface AuditFilterInput {
  person?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

/** One page of the entries the filters select, newest first, and whether older ones follow. */
export interface AuditPageOfEntries {
  entries: AuditEntryJson[];
  page: number;
  pageSize: number;
  hasOlder: boolean;
}

export function toAuditJson(e: AuditEntry): AuditEntryJson {
  return {
    id: e.id,
    at: e.at.toISOString(),
    actorEmail: e.actorEmail,
    kind: e.kind,
    kindLabel: AUDIT_KINDS[e.kind] ?? e.kind,
    target: e.target,
    summary: e.summary,
    before: e.before,
    after: e.after,
  };
}

type AuditDeps = { db: Db; config: { AGENCY_TIMEZONE: string } };

const read = (deps: AuditDeps, filter: AuditFilterInput, limit: number, offset: number) =>
  listAuditEntries(deps.db, {
    person: filter.person || undefined,
    kind: filter.kind as AuditKind | undefined,
    from: filter.from,
    to: filter.to,
    timeZone: deps.config.AGENCY_TIMEZONE,
    limit,
    offset,
  });

/** The entries the filters select, newest first, at most AUDIT_LIMIT (the CSV). */
export async function loadAudit(
  deps: AuditDeps,
  filter: AuditFilterInput,
): Promise<AuditEntryJson[]> {
  return (await read(deps, filter, AUDIT_LIMIT, 0)).map(toAuditJson);
}

/** The filter's page (`filter.page`, from 1) of AUDIT_PAGE_SIZE entries. */
export async function loadAuditEntriesPage(
  deps: AuditDeps,
  filter: AuditFilterInput,
): Promise<AuditPageOfEntries> {
  const page = filter.page ?? 1;
  // One more than a page tells whether older entries follow.
  const rows = await read(deps, filter, AUDIT_PAGE_SIZE + 1, (page - 1) * AUDIT_PAGE_SIZE);
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditJson),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    hasOlder: rows.length > AUDIT_PAGE_SIZE,
  };
}
