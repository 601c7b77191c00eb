import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/helpers/db';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import type { Db } from '../../db/port';
import type { Project } from '../../shared/projects';

// Removing a project from the dashboard can be undone for 30 days (docs/decisions/165).
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  admin = await t.signIn('admin');
});
afterAll(() => drop());

async function seedProject(name: string, forecastId: number | null): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, team_name, visible, dev_status, forecast_project_id, jira_project_key, last_jira_sync)
     VALUES ($1, 'Team 3', 1, 'On Hold', $2, 'RST', now()) RETURNING id`,
    [name, forecastId],
  );
  return row!.id;
}
const removedList = async () =>
  (
    (await (await t.request('GET', '/api/projects/removed', { cookie: admin })).json()) as {
      removed: { id: number; name: string; removedBy: string; restorableUntil: string }[];
    }
  ).removed;

describe('removing a project and restoring it', () => {
  it('lists a removed project for 30 days and restores it as it was', async () => {
    const id = await seedProject('Restorable Retainer', 7101);
    const removed = await t.request('DELETE', `/api/projects/${id}`, { cookie: admin });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({
      removed: { id, name: 'Restorable Retainer' },
      restorableForDays: 30,
    });
    const projects = (await (
      await t.request('GET', '/api/projects', { cookie: admin })
    ).json()) as Project[];
    expect(projects.map((p) => p.id)).not.toContain(id);

    const [listed] = (await removedList()).filter((r) => r.id === id);
    expect(listed).toMatchObject({
      name: 'Restorable Retainer',
      removedBy: expect.stringMatching(/^admin-/),
    });
    const days = (Date.parse(listed!.restorableUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const restored = await t.request('POST', `/api/projects/${id}/restore`, { cookie: admin });
    expect(restored.status).toBe(200);
    const { project } = (await restored.json()) as { project: Project };
    expect(project).toMatchObject({
      id,
      name: 'Restorable Retainer',
      teamName: 'Team 3',
      visible: 1,
      devStatus: 'On Hold',
      forecastProjectId: 7101,
      jiraProjectKey: 'RST',
      // Synced again by the next refresh: its copies went with the removal.
      lastJiraSync: null,
    });
    expect((await removedList()).map((r) => r.id)).not.toContain(id);

    const twice = await t.request('POST', `/api/projects/${id}/restore`, { cookie: admin });
    expect(twice.status).toBe(404);
    expect(((await twice.json()) as { message: string }).message).toBe(
      `No removed project with id ${id}: it was never removed, or it was restored already.`,
    );
  });

  it('refuses after 30 days, and when its Forecast project is on the dashboard again', async () => {
    const old = await seedProject('Long Gone', 7102);
    await t.request('DELETE', `/api/projects/${old}`, { cookie: admin });
    await db.query(
      `UPDATE removed_projects SET removed_at = now() - interval '31 days' WHERE id = $1`,
      [old],
    );
    expect((await removedList()).map((r) => r.id)).not.toContain(old);
    const expired = await t.request('POST', `/api/projects/${old}/restore`, { cookie: admin });
    expect(expired.status).toBe(404);
    expect(((await expired.json()) as { message: string }).message).toBe(
      '"Long Gone" was removed more than 30 days ago and can no longer be restored. Add it again from Forecast.',
    );

    const twin = await seedProject('Imported Twice', 7103);
    await t.request('DELETE', `/api/projects/${twin}`, { cookie: admin });
    await seedProject('Imported Twice (again)', 7103);
    const taken = await t.request('POST', `/api/projects/${twin}/restore`, { cookie: admin });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toBe(
      '"Imported Twice" cannot be restored: its Forecast project is on the dashboard again.',
    );
  });

  it('lets neither staff nor a user see or restore removed projects', async () => {
    const id = await seedProject('Admins Only', null);
    await t.request('DELETE', `/api/projects/${id}`, { cookie: admin });
    for (const role of ['staff', 'user'] as const) {
      const cookie = await t.signIn(role);
      expect((await t.request('GET', '/api/projects/removed', { cookie })).status).toBe(403);
      expect((await t.request('POST', `/api/projects/${id}/restore`, { cookie })).status).toBe(403);
    }
    expect((await removedList()).map((r) => r.id)).toContain(id);
  });
});
