import type { SessionUser } from '../../auth/session';
import { card, h1, muted, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import Roster from '../../islands/Roster';
import { Island } from '../../render/Island';
import { loadPeople } from '../../services/roster';
import { refusalFor } from '../../shared/roles';
import type { PeopleResponse } from '../../shared/roster';
import { Layout } from './Layout';

/** null: the roster could not be read; the island says so and asks again. */
export async function loadPeoplePage(deps: AppDeps): Promise<PeopleResponse | null> {
  try {
    return await loadPeople(deps.db);
  } catch (error) {
    console.error('[GET /people] could not read the roster:', error);
    return null;
  }
}

/**
 * `/people` (staff and admins, docs/decisions/396-the-people-page.md): the roster of
 * docs/decisions/390, and the Jira accounts to link by hand to their Forecast person.
 */
export function PeoplePage({ user, people }: { user: SessionUser; people: PeopleResponse | null }) {
  return (
    <Layout user={user} active="people">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>People</h1>
        </div>
        <p className={muted}>
          One row per person: their Jira account, their Forecast person and whether velocity tracks
          them. Team, role, weekly hours and employment dates come from Forecast; Settings' Add Team
          Member and Remove choose the tracked people.
        </p>
        <section className={card} aria-label="Roster">
          <Island
            name="Roster"
            component={Roster}
            props={{ initial: people, refusal: refusalFor(user.role, 'people.edit') }}
          />
        </section>
      </div>
    </Layout>
  );
}
