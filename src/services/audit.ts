import { type AuditEntry, listAuditEntries } from '../db/audit';
import type { Db } from '../db/port';
import { AUDIT_KINDS, type AuditEntryJson, type AuditKind } from '../shared/audit';

/** The most entries one answer, page or CSV holds; narrow the filters for older ones. */
export const AUDIT_LIMIT = 1000;

/** The audit log's filters as the page, the call and the CSV take them (all optional). */
export interface AuditFilterInput {
  person?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
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

/** The entries the filters select, newest first. */
export async function loadAudit(
  deps: { db: Db; config: { AGENCY_TIMEZONE: string } },
  filter: AuditFilterInput,
): Promise<AuditEntryJson[]> {
  const entries = await listAuditEntries(deps.db, {
    person: filter.person || undefined,
    kind: filter.kind as AuditKind | undefined,
    from: filter.from,
    to: filter.to,
    timeZone: deps.config.AGENCY_TIMEZONE,
    limit: AUDIT_LIMIT,
  });
  return entries.map(toAuditJson);
}
