import type { SessionUser } from '../../auth/session';
import { Layout } from './Layout';
import { card, h1, h2, page, pageHeader } from '../../components/ui.css';
import { getStoryPointsPerDeveloperDay } from '../../db/developers';
import type { AppDeps } from '../../env';
import AvailabilityGrid, {
  type Props as AvailabilityGridProps,
} from '../../islands/AvailabilityGrid';
import StoryPointsSetting from '../../islands/StoryPointsSetting';
import { Island } from '../../render/Island';
import { availabilityResponse } from '../../services/availability';
import { currentWeekStart } from '../../shared/time-zones';
import * as s from './SettingsPage.css';

export interface SettingsData {
  grid: Omit<AvailabilityGridProps, 'role'>;
  storyPointsPerDeveloperDay: number;
}

/** The settings screen's data, all from the database: the team, their availability and the points setting. */
export async function loadSettings(deps: AppDeps): Promise<SettingsData> {
  const [availability, storyPointsPerDeveloperDay] = await Promise.all([
    availabilityResponse(deps.db),
    getStoryPointsPerDeveloperDay(deps.db),
  ]);
  return {
    grid: {
      currentWeekStart: currentWeekStart(deps.clock(), deps.config.AGENCY_TIMEZONE),
      availability,
    },
    storyPointsPerDeveloperDay,
  };
}

/**
 * `/agency/settings`: Agency Settings, 'Developer Availability' (docs/product-spec.md,
 * "Agency Settings") and the points-per-day setting.
 */
export function SettingsPage({ user, data }: { user: SessionUser; data: SettingsData }) {
  return (
    <Layout user={user} active="settings">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Developer Availability</h1>
        </div>
        <Island
          name="AvailabilityGrid"
          component={AvailabilityGrid}
          props={{ ...data.grid, role: user.role }}
        />
        <section className={`${card} ${s.section}`} aria-labelledby="points-setting-heading">
          <h2 id="points-setting-heading" className={h2}>
            Available Points
          </h2>
          <Island
            name="StoryPointsSetting"
            component={StoryPointsSetting}
            props={{ storyPointsPerDeveloperDay: data.storyPointsPerDeveloperDay, role: user.role }}
          />
        </section>
      </div>
    </Layout>
  );
}
