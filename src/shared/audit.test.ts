import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit';

describe('auditChanges: an audit entry as the fields it changed', () => {
  it('gives a changed field as from → to, and leaves out what stayed the same', () => {
    expect(
      auditChanges({ teamName: 'Team 1', visible: 1 }, { teamName: 'Team 3', visible: 1 }),
    ).toEqual([{ kind: 'changed', field: 'teamName', from: 'Team 1', to: 'Team 3' }]);
  });

  it("reads null as 'none'", () => {
    expect(auditChanges({ jiraProjectKey: null }, { jiraProjectKey: 'ASR' })).toEqual([
      { kind: 'changed', field: 'jiraProjectKey', from: 'none', to: 'ASR' },
    ]);
  });

  it('names nested fields by their path, one line per changed day', () => {
    expect(
      auditChanges(
        { days: { 'Dana Dev': { '2026-11-17': null, '2026-11-18': true } } },
        { days: { 'Dana Dev': { '2026-11-17': true, '2026-11-18': false } } },
      ),
    ).toEqual([
      { kind: 'changed', field: 'days › Dana Dev › 2026-11-17', from: 'none', to: 'true' },
      { kind: 'changed', field: 'days › Dana Dev › 2026-11-18', from: 'true', to: 'false' },
    ]);
  });

  it('gives a list of names as who was added and who removed', () => {
    expect(auditChanges({ team: ['Ann', 'Bo'] }, { team: ['Bo', 'Cy'] })).toEqual([
      { kind: 'added', field: 'team', value: 'Cy' },
      { kind: 'removed', field: 'team', value: 'Ann' },
    ]);
  });

  it('lists an import (after only) as added and a removal (before only) as removed', () => {
    expect(auditChanges(null, { name: 'Acme', forecastProjectId: 4001 })).toEqual([
      { kind: 'added', field: 'name', value: 'Acme' },
      { kind: 'added', field: 'forecastProjectId', value: '4001' },
    ]);
    expect(auditChanges({ name: 'Acme' }, null)).toEqual([
      { kind: 'removed', field: 'name', value: 'Acme' },
    ]);
  });

  it('gives a field only on one side as added or removed', () => {
    expect(auditChanges({ a: 1 }, { b: 2 })).toEqual([
      { kind: 'removed', field: 'a', value: '1' },
      { kind: 'added', field: 'b', value: '2' },
    ]);
  });

  it('compares whole values that are not objects, and lists of objects as JSON', () => {
    expect(auditChanges(1, 2)).toEqual([{ kind: 'changed', field: 'value', from: '1', to: '2' }]);
    expect(auditChanges({ rows: [{ x: 1 }] }, { rows: [{ x: 2 }] })).toEqual([
      { kind: 'changed', field: 'rows', from: '[{"x":1}]', to: '[{"x":2}]' },
    ]);
  });

  it('has nothing to show when nothing changed or nothing was recorded', () => {
    expect(auditChanges({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(undefined, undefined)).toEqual([]);
  });
});
