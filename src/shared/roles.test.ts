import { describe, expect, it } from 'vitest';
import { ABILITY_NAMES, can, refusalFor, ROLES } from './roles';

describe('the role model', () => {
  it('gives a user nothing that changes shared data', () => {
    expect(ABILITY_NAMES.filter((a) => can('user', a))).toEqual([]);
  });

  it('gives staff the delivery side and nothing of the admin side', () => {
    expect(ABILITY_NAMES.filter((a) => can('staff', a)).sort()).toEqual([
      'capacity.view',
      'developers.availability',
      'developers.employment',
      'people.edit',
      'people.view',
      'project.billing-sync',
      'project.jira-link',
      'project.team',
      'project.visibility',
    ]);
  });

  it('gives admins everything', () => {
    expect(ABILITY_NAMES.every((a) => can('admin', a))).toBe(true);
  });

  it('keeps roles ordered: each role may do all the role below it may', () => {
    for (const a of ABILITY_NAMES) {
      if (can('user', a)) expect(can('staff', a)).toBe(true);
      if (can('staff', a)) expect(can('admin', a)).toBe(true);
    }
    expect([...ROLES].sort()).toEqual(['admin', 'staff', 'user']);
  });

  it('says who may and what the role is when it refuses', () => {
    expect(refusalFor('user', 'project.team')).toBe(
      "Only staff and admins can change a project's team. Your role is user.",
    );
    expect(refusalFor('staff', 'project.remove')).toBe(
      'Only admins can remove or restore projects. Your role is staff.',
    );
    expect(refusalFor('staff', 'project.team')).toBeNull();
  });
});
