/**
 * The JSON the detail modal and the manage dialog read, typed by the server modules that build
 * it (type-only imports: nothing of those modules reaches the browser).
 */
import type { RetainerPeriod } from '../../services/forecast/billing';
import type { JiraOverview } from '../../services/jira/queries';

export type { JiraOverview, RetainerPeriod };
export type JiraSprint = JiraOverview['sprints'][number];
export type JiraEpic = JiraOverview['epics'][number];

/** A Forecast project in the manage dialog's list (spec section 3): id, name, stage. */
export interface ForecastProjectItem {
  id: number;
  name: string;
  stage: string;
}
