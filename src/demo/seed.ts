import { addSelectedDevelopers, setStoryPointsPerDeveloperDay } from '../db/developers';
import type { Db } from '../db/port';
import { countProjects, setProjectTeam } from '../db/projects';
import type { DemoSpine } from '../mocks/agency/spine';
import { importForecastProject, syncTimeRegistrations } from '../services/forecast/sync';
import { refuseIfRealDatabase } from '../services/database-mode';
import type { Integrations } from '../services/integrations';
import { linkJiraProject } from '../services/jira/sync';

const TEAMS = ['Team 1', 'Team 2', 'Team 3', 'Team 4'] as const;

/**
 * First start of the demo: puts the spine's dashboard projects on the dashboard through the
 * real clients (import from Forecast, link to Jira, sync), assigns teams, selects the
 * developers for availability tracking and syncs time registrations. Does nothing when the
 * dashboard already has projects, so a restart keeps whatever the user changed, and refuses a
 * database that holds real data.
 */
export async function seedDemoDashboard(
  db: Db,
  integrations: Integrations,
  options: { spine: DemoSpine; now: Date; timeZone: string; log?: (line: string) => void },
): Promise<{ seeded: boolean; projects: number }> {
  await refuseIfRealDatabase(db, 'The demo data');
  const n = await countProjects(db);
  if (n > 0) return { seeded: false, projects: n };
  const { spine, now, timeZone } = options;
  const log = options.log ?? (() => {});
  const started = Date.now();
  let imported = 0;
  for (const p of spine.projects.filter((p) => p.onDashboard)) {
    const project = await importForecastProject(db, integrations.forecast, {
      forecastProjectId: p.forecastId,
      now,
      timeZone,
    });
    await setProjectTeam(db, project.id, TEAMS[imported % TEAMS.length]!);
    if (p.jiraKey)
      await linkJiraProject(db, integrations.jira, { projectId: project.id, key: p.jiraKey, now });
    imported++;
  }
  // Two of every three developers are tracked for availability; the rest can be added in settings.
  const tracked = spine.developers.filter((d) => d.index % 3 !== 2);
  await addSelectedDevelopers(
    db,
    tracked.map((d) => ({ accountId: d.accountId, displayName: d.displayName })),
  );
  // The demo team closes about five points a developer-day, so its velocity reads near 100%.
  await setStoryPointsPerDeveloperDay(db, 5);
  await syncTimeRegistrations(db, integrations.forecast, { now, timeZone });
  log(
    `Demo dashboard seeded: ${imported} projects, ${tracked.length} developers tracked (${Date.now() - started} ms).`,
  );
  return { seeded: true, projects: imported };
}
