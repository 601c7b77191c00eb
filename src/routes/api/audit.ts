import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { loadAudit, loadAuditEntriesPage } from '../../services/audit';
import type { AuditEntryJson } from '../../shared/audit';
import { isoDateInZone } from '../../shared/time-zones';
import type { CsvColumn } from '../../shared/csv';
import { csvResponse } from '../csv';
import { AuditFilterSchema } from '../schemas';
import { valid } from '../validation';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
const AUDIT_COLUMNS: readonly CsvColumn<AuditEntryJson>[] = [
  { header: 'When (UTC)', value: (e) => e.at },
  { header: 'Who', value: (e) => e.actorEmail },
  { header: 'Kind', value: (e) => e.kindLabel },
  { header: 'What', value: (e) => e.target },
  { header: 'Change', value: (e) => e.summary },
  { header: 'Before', value: (e) => json(e.before) },
  { header: 'After', value: (e) => json(e.after) },
];

/**
 * The audit log (docs/decisions/166-audit-log.md), mounted at /api/admin/audit, admins only:
 * the entries as JSON, and the same selection as CSV.
 */
export const auditApi = new Hono<AppEnv>()
  .use(requireAbility('audit.view'))
  .get('/', valid('query', AuditFilterSchema), async (c) =>
    c.json(await loadAuditEntriesPage(c.var.deps, c.req.valid('query'))),
  )
  .get('/csv', valid('query', AuditFilterSchema), async (c) => {
    const filter = c.req.valid('query');
    const entries = await loadAudit(c.var.deps, filter);
    const today = isoDateInZone(c.var.deps.clock(), c.var.deps.config.AGENCY_TIMEZONE);
    return csvResponse(
      c,
      {
        subject: 'audit-log',
        from: filter.from ?? entries.at(-1)?.at.slice(0, 10) ?? today,
        to: filter.to ?? today,
      },
      AUDIT_COLUMNS,
      entries,
    );
  });
