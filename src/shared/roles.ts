/**
 * The role model (docs/decisions/164-roles-and-abilities.md): three roles in rising order, and
 * for each thing a person may do to shared data, the lowest role that may do it. The server
 * enforces it (`requireAbility` in src/middleware/guards.ts); islands read the same table to
 * disable what a role may not use and say why. Browser-safe: data and pure functions only.
 */

export const ROLES = ['admin', 'staff', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Lowest first: each role may do everything the one before it may. */
const RANK: Record<Role, number> = { user: 0, staff: 1, admin: 2 };

/** Each ability, the lowest role that has it, and what it lets a person do (used in refusals). */
export const ABILITIES = {
  // Delivery side: staff and admins.
  'project.team': { role: 'staff', does: "change a project's team" },
  'project.jira-link': { role: 'staff', does: 'link a project to Jira' },
  'project.billing-sync': { role: 'staff', does: "sync a project's billing from Forecast" },
  'project.visibility': { role: 'staff', does: 'show or hide projects on the dashboard' },
  'developers.availability': { role: 'staff', does: "change the team and developers' away days" },
  'developers.employment': { role: 'staff', does: "change developers' start and end dates" },
  'capacity.view': { role: 'staff', does: 'see capacity' },
  'people.view': { role: 'staff', does: "see the roster and people's hours" },
  'people.edit': { role: 'staff', does: 'link people and change whom velocity tracks' },
  // Admins only.
  'project.import': { role: 'admin', does: 'import projects from Forecast' },
  'project.remove': { role: 'admin', does: 'remove or restore projects' },
  'project.dev-status': { role: 'admin', does: "change a project's development status" },
  'settings.global': { role: 'admin', does: 'change global settings and thresholds' },
  'people.targets': { role: 'admin', does: 'set utilisation targets' },
  'accounts.manage': { role: 'admin', does: 'manage accounts' },
  'money.view': { role: 'admin', does: 'see money figures' },
  'sync.run': { role: 'admin', does: 'run and follow the sync' },
  'audit.view': { role: 'admin', does: 'read the audit log' },
  'share-links.manage': { role: 'admin', does: "make and revoke clients' room links" },
} as const satisfies Record<string, { role: Role; does: string }>;

export type Ability = keyof typeof ABILITIES;

/** Whether a person with this role may do this. */
export function can(role: Role, ability: Ability): boolean {
  return RANK[role] >= RANK[ABILITIES[ability].role];
}

/** Who may do it, in words: "staff and admins" or "admins". */
export function whoMay(ability: Ability): string {
  return ABILITIES[ability].role === 'admin' ? 'admins' : 'staff and admins';
}

/**
 * Why this role may not do this, as the server's 403 and the disabled control's hint both say
 * it; null when it may.
 */
export function refusalFor(role: Role, ability: Ability): string | null {
  if (can(role, ability)) return null;
  return `Only ${whoMay(ability)} can ${ABILITIES[ability].does}. Your role is ${role}.`;
}

/** Every ability, for tables and tests. */
export const ABILITY_NAMES = Object.keys(ABILITIES) as Ability[];
