/**
 * What the audit log records (docs/decisions/166-audit-log.md): one kind per change to shared
 * data, with the label the Audit log screen shows for it. Browser-safe.
 */
export const AUDIT_KINDS = {
  'project.import': 'Project imported',
  'project.remove': 'Project removed',
  'project.restore': 'Project restored',
  'project.team': 'Team changed',
  'project.visibility': 'Visibility changed',
  'project.dev-status': 'Dev status changed',
  'project.jira-link': 'Jira link changed',
  'developers.availability': 'Availability saved',
  'developers.employment': 'Employment date changed',
  'settings.points-per-day': 'Points per day changed',
  'people.change': 'Person changed',
  'people.target': 'Utilisation target changed',
  'settings.utilisation-target': 'Role target changed',
  'account.access': 'Account access changed',
  'account.password': 'Password changed',
  'account.reset-link': 'Password reset link issued',
  'account.sso-sign-in': 'Signed in with single sign-on',
  'account.sso-refused': 'Single sign-on refused',
  'account.sso-link': 'Single sign-on linked to account',
  'share-link.create': 'Client link made',
  'share-link.revoke': 'Client link revoked',
  'share-link.open': 'Client link opened',
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as AuditKind[];

/** One entry as GET /api/admin/audit answers it. */
export interface AuditEntryJson {
  id: number;
  at: string;
  actorEmail: string;
  kind: AuditKind;
  kindLabel: string;
  target: string;
  summary: string;
  before: unknown;
  after: unknown;
}

/** One line of an entry's difference between before and after. */
export type AuditChange =
  | { kind: 'changed'; field: string; from: string; to: string }
  | { kind: 'added'; field: string; value: string }
  | { kind: 'removed'; field: string; value: string };

/** Between the parts of a nested field's name: 'days › Dana Dev › 2026-11-17'. */
const PATH_SEPARATOR = ' › ';
/** The field name of a before or after that is one value, not an object. */
const WHOLE_VALUE = 'value';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitiveList = (v: unknown): v is (string | number | boolean | null)[] =>
  Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');

/** A value as the log shows it: null reads 'none', text as it is, anything else as JSON. */
function valueText(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function diffInto(out: AuditChange[], field: string, before: unknown, after: unknown): void {
  if (isPlainObject(before) || isPlainObject(after)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    for (const key of keys)
      diffInto(out, field ? `${field}${PATH_SEPARATOR}${key}` : key, b[key], a[key]);
    return;
  }
  const name = field || WHOLE_VALUE;
  // A list of names (a team) reads as who joined and who left, not as two lists.
  if ((before === undefined || isPrimitiveList(before)) && isPrimitiveList(after)) {
    const b = before ?? [];
    for (const v of after)
      if (!b.includes(v)) out.push({ kind: 'added', field: name, value: valueText(v) });
    for (const v of b)
      if (!after.includes(v)) out.push({ kind: 'removed', field: name, value: valueText(v) });
    return;
  }
  if (isPrimitiveList(before) && after === undefined) {
    for (const v of before) out.push({ kind: 'removed', field: name, value: valueText(v) });
    return;
  }
  if (before === undefined && after === undefined) return;
  if (before === undefined) out.push({ kind: 'added', field: name, value: valueText(after) });
  else if (after === undefined)
    out.push({ kind: 'removed', field: name, value: valueText(before) });
  else if (JSON.stringify(before) !== JSON.stringify(after))
    out.push({ kind: 'changed', field: name, from: valueText(before), to: valueText(after) });
}

/**
 * What an audit entry changed, field by field: a changed value as 'from → to', a value only
 * after as added and only before as removed. Nested objects give one line per leaf; a list of
 * plain values gives its added and removed items. An entry with only an after (an import) lists
 * its values as added; one with only a before (a removal), as removed.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const out: AuditChange[] = [];
  diffInto(out, '', before ?? undefined, after ?? undefined);
  return out;
}
