import type { Project } from '../../../shared/projects';
import type { RetainerVerdict } from '../../../shared/retainer-forecast';
import type { Role } from '../../../shared/roles';
import type { CurrencyCode } from '../../../shared/currency';
import { badge, muted } from '../../../components/ui.css';
import { DEFAULT_VIEW, type PortfolioView, portfolioRow } from '../../../shared/portfolio-table';
import { PortfolioTable } from './PortfolioTable';
import { ProjectCard } from './ProjectCard';
import * as cardStyles from '../../../components/portfolio/ProjectCard.css';
import * as s from '../../../components/portfolio/PortfolioProjects.css';

/** A retainer's forecast on its card (docs/decisions/170): admins only, so given only for them. */
export interface CardForecast {
  verdict: RetainerVerdict;
  text: string;
  percentOfTarget: number;
}

const VERDICT_BADGE = { over: badge.red, under: badge.amber, 'on-track': badge.green } as const;

/**
 * The Project Portfolio's list (docs/product-spec.md, "Project Portfolio page"): one
 * server-rendered card per project whose visible equals 1, or the empty state. The same markup
 * answers GET /portfolio/projects, which the page fetches to refresh the cards after a change.
 */
export function PortfolioProjects({
  projects,
  now,
  forecasts = {},
  role,
  alertCounts = {},
  view = DEFAULT_VIEW,
  companyCurrency,
}: {
  /** COMPANY_CURRENCY: billing amounts of a project without invoices read in it. */
  companyCurrency: CurrencyCode;
  projects: Project[];
  /** The signed-in role, for the cards' controls. */
  role: Role;
  now: Date;
  forecasts?: Record<number, CardForecast>;
  /** Open alerts needing the person's attention, per project. */
  alertCounts?: Record<number, number>;
  /** Cards (the spec's view) or the table, with its sort and filters (docs/decisions/181). */
  view?: PortfolioView;
}) {
  const visible = projects.filter((p) => p.visible === 1);
  if (visible.length === 0) {
    return (
      <div className={s.state}>
        <div className={s.stateTitle}>No projects on the dashboard</div>
        <p className={muted}>Use Manage Projects to add Forecast projects or show hidden ones.</p>
      </div>
    );
  }
  if (view.view === 'table') {
    const stages = [...new Set(visible.flatMap((p) => (p.forecastStage ? [p.forecastStage] : [])))];
    return (
      <PortfolioTable
        rows={visible.map((p) => portfolioRow(p, alertCounts[p.id] ?? 0))}
        view={view}
        now={now}
        stages={stages.sort()}
        companyCurrency={companyCurrency}
      />
    );
  }
  return (
    <ul className={cardStyles.list} aria-label="Projects">
      {visible.map((p) => (
        <ProjectCard
          key={p.id}
          project={p}
          now={now}
          role={role}
          companyCurrency={companyCurrency}
          slots={{
            ...(forecasts[p.id] ? { facts: <ForecastFact forecast={forecasts[p.id]!} /> } : {}),
            ...(alertCounts[p.id]
              ? { badges: <AlertsBadge projectId={p.id} count={alertCounts[p.id]!} /> }
              : {}),
          }}
        />
      ))}
    </ul>
  );
}

/** The card's open alerts, linking to the alert list filtered to the project. */
function AlertsBadge({ projectId, count }: { projectId: number; count: number }) {
  return (
    <a className={badge.red} href={`/alerts?projectId=${projectId}`} data-testid="card-alerts">
      {`${count} open alert${count === 1 ? '' : 's'}`}
    </a>
  );
}

function ForecastFact({ forecast }: { forecast: CardForecast }) {
  return (
    <div className={cardStyles.fact} data-testid="card-forecast">
      <span className={cardStyles.factLabel}>This Period</span>
      <span className={VERDICT_BADGE[forecast.verdict]}>
        {`${forecast.text} (${forecast.percentOfTarget}%)`}
      </span>
    </div>
  );
}
