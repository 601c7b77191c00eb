import { setStoryPointsPerDeveloperDay } from '../db/developers';
import { setRoleTarget } from '../db/utilisation';
import type { Db } from '../db/port';
import { countProjects, setProjectTeam } from '../db/projects';
import type { DemoSpine } from '../mocks/agency/spine';
import { importForecastProject, syncTimeRegistrations } from '../services/forecast/sync';
import { refuseIfRealDatabase } from '../services/database-mode';
import type { Integrations } from '../services/integrations';
import { linkJiraProject } from '../services/jira/sync';
import { syncCapacityForecast } from '../services/forecast/capacity-sync';
import { syncPeople } from '../services/roster';

const TEAMS = ['Team 1', 'Team 2', 'Team 3', 'Team 4'] as const;

/**
 * First start of the demo: puts the spine's dashboard projects on the dashboard through the
 * real clients (import from Forecast, link to Jira, sync), assigns teams, builds the roster
 * (Forecast's persons, Jira's accounts and Pipedrive's users, matched by email: the Jira
 * assignees matched to a Forecast person are tracked, docs/decisions/390) and syncs time
 * registrations. Does nothing when the dashboard already has projects, so a restart keeps
 * whatever the user changed, and refuses a database that holds real data.
 */
/** The demo agency's default utilisation targets by Forecast role. */
export const DEMO_ROLE_TARGETS = [
  ['Developer', 75],
  ['QA Engineer', 75],
  ['Designer', 70],
] as const;

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
  // A new roster tracks the Jira assignees it matches to a Forecast person; people whose
  // emails differ are left unmatched, to be linked by hand.
  await syncCapacityForecast(db, integrations.forecast, { now });
  const roster = await syncPeople(db, integrations, { now });
  // The demo's tracked people deliver about 4 points a working day: planning on 4.5 puts their
  // velocity near 90%, between 60% and 120% week by week (docs/decisions/391 and 426).
  await setStoryPointsPerDeveloperDay(db, 4.5);
  // A default utilisation target per role, so the Utilisation page judges the demo's people
  // (docs/decisions/395); admins change them there.
  await db.transaction(async (tx) => {
    for (const [role, percent] of DEMO_ROLE_TARGETS) await setRoleTarget(tx, role, percent);
  });
  await syncTimeRegistrations(db, integrations.forecast, { now, timeZone });
  log(
    `Demo dashboard seeded: ${imported} projects; ${roster.people} people on the roster, ${roster.tracked} tracked people (${Date.now() - started} ms).`,
  );
  return { seeded: true, projects: imported };
}
