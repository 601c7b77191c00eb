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
import { getAlertThresholds, isSubscribedToDigest, listThresholdChanges } from '../../db/alerts';
import AlertSettings, { type Props as AlertSettingsProps } from '../../islands/AlertSettings';
import DigestToggle from '../../islands/DigestToggle';
import RoleMixSettings, { type Props as RoleMixProps } from '../../islands/RoleMixSettings';
import { listPipelines, readRoleMixes } from '../../db/plan';
import { readKnownRoles } from '../../db/utilisation';
import { ROLE_SOURCE_TEXT } from '../../shared/deal-plan';
import { DEFAULT_THRESHOLDS } from '../../shared/alerts';
import type { SessionUser as User } from '../../auth/session';
import * as s from './SettingsPage.css';

export interface SettingsData {
  grid: Omit<AvailabilityGridProps, 'role'>;
  storyPointsPerDeveloperDay: number;
  /** Admins only: the alert thresholds. */
  alerts?: AlertSettingsProps | null;
  /** The person's own Monday digest toggle. */
  digest?: { subscribed: boolean; alwaysSent: boolean } | null;
  /** Admins only: each pipeline's role mix for the Capacity page's deals. */
  roleMixes?: RoleMixProps | null;
}

/** The pipelines with their mixes and the roles to suggest, for the admins' section. */
async function loadRoleMixes(deps: AppDeps): Promise<RoleMixProps> {
  const [pipelines, mixes, roles] = await Promise.all([
    listPipelines(deps.db),
    readRoleMixes(deps.db),
    readKnownRoles(deps.db),
  ]);
  return {
    pipelines: pipelines.map((p) => ({ ...p, mix: mixes.get(p.id) ?? null })),
    roles,
    fallback: ROLE_SOURCE_TEXT['billable hours'],
  };
}

/** The settings screen's data, all from the database: the team, their availability and the points setting. */
export async function loadSettings(deps: AppDeps, user?: User): Promise<SettingsData> {
  const isAdmin = user?.role === 'admin';
  const thisWeek = currentWeekStart(deps.clock(), deps.config.AGENCY_TIMEZONE);
  const [availability, storyPointsPerDeveloperDay, thresholds, changes, subscribed, roleMixes] =
    await Promise.all([
      availabilityResponse(deps.db, {
        weekStart: thisWeek,
        publicHolidays: deps.config.publicHolidays,
      }),
      getStoryPointsPerDeveloperDay(deps.db),
      isAdmin ? getAlertThresholds(deps.db) : null,
      isAdmin ? listThresholdChanges(deps.db, 1) : [],
      user && !isAdmin ? isSubscribedToDigest(deps.db, user.id) : true,
      isAdmin ? loadRoleMixes(deps) : null,
    ]);
  const last = changes[0];
  return {
    alerts: thresholds
      ? {
          thresholds,
          defaults: DEFAULT_THRESHOLDS,
          lastChange: last
            ? { changedBy: last.changedBy, changedAt: last.changedAt.toISOString() }
            : null,
        }
      : null,
    digest: user ? { subscribed, alwaysSent: isAdmin } : null,
    roleMixes,
    grid: {
      currentWeekStart: thisWeek,
      availability,
    },
    storyPointsPerDeveloperDay,
  };
}

/**
 * `/agency/settings`: Agency Settings (docs/product-spec.md, "Agency Settings"), titled for all
 * it holds: 'Developer Availability', the points per day, the Monday digest and, for admins, the
 * alert thresholds and the role mix per pipeline, each a section under its own heading.
 */
export function SettingsPage({ user, data }: { user: SessionUser; data: SettingsData }) {
  return (
    <Layout user={user} active="settings">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Agency Settings</h1>
        </div>
        {/* The page holds more than availability: the spec's 'Developer Availability' names
            its first section (docs/decisions/384). */}
        <section className={s.firstSection} aria-labelledby="availability-heading">
          <h2 id="availability-heading" className={h2}>
            Developer Availability
          </h2>
          <Island
            name="AvailabilityGrid"
            component={AvailabilityGrid}
            props={{ ...data.grid, role: user.role }}
          />
        </section>
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
        {data.digest ? (
          <section className={`${card} ${s.section}`} aria-labelledby="digest-setting-heading">
            <h2 id="digest-setting-heading" className={h2}>
              Monday Digest
            </h2>
            <Island name="DigestToggle" component={DigestToggle} props={data.digest} />
          </section>
        ) : null}
        {data.alerts ? (
          <section className={`${card} ${s.section}`} aria-labelledby="alert-settings-heading">
            <h2 id="alert-settings-heading" className={h2}>
              Alert Thresholds
            </h2>
            <Island name="AlertSettings" component={AlertSettings} props={data.alerts} />
            <p>
              <a href="/agency/outbox">Outbox</a>: the digest as kept when no SMTP server is set.
            </p>
          </section>
        ) : null}
        {data.roleMixes ? (
          <section className={`${card} ${s.section}`} aria-labelledby="role-mix-heading">
            <h2 id="role-mix-heading" className={h2}>
              Role Mix by Pipeline
            </h2>
            <Island name="RoleMixSettings" component={RoleMixSettings} props={data.roleMixes} />
          </section>
        ) : null}
      </div>
    </Layout>
  );
}
