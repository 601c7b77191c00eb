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
  'account.access': 'Account access changed',
  'account.password': 'Password changed',
  'account.reset-link': 'Password reset link issued',
  'account.sso-sign-in': 'Signed in with single sign-on',
  'account.sso-refused': 'Single sign-on refused',
  'account.sso-link': 'Single sign-on linked to account',
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
