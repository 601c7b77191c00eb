import { useContext } from 'react';
import { createIslandRender, IslandCollector } from '../../../render/Island';
import { type Markup, markup } from '../../../render/markup';
import type { Project } from '../../../shared/projects';
import type { RetainerVerdict } from '../../../shared/retainer-forecast';
import type { Role } from '../../../shared/roles';
import { badge, muted } from '../../../components/ui.css';
import { DEFAULT_VIEW, type PortfolioView, portfolioRow } from '../../../shared/portfolio-table';
import { PortfolioTable } from './PortfolioTable';
import { projectCardMarkup } from './ProjectCard';
import * as cardStyles from '../../../components/portfolio/ProjectCard.css';
import * as s from '../../../components/portfolio/PortfolioProjects.css';

/**
 * The Project Portfolio's list (docs/product-spec.md, "Project Portfolio page"): one server-rendered card per project whose
 * visible equals 1, or the empty state. The same markup answers GET /portfolio/projects, which
 * the page fetches to refresh the cards after a change.
 */
/** A retainer's forecast on its card (docs/decisions/170): admins only, so given only for them. */
export interface CardForecast {
  verdict: RetainerVerdict;
  text: string;
  percentOfTarget: number;
}

const VERDICT_BADGE = { over: badge.red, under: badge.amber, 'on-track': badge.green } as const;

export function PortfolioProjects({
  projects,
  now,
  forecasts = {},
  budgetsUsed = {},
  role,
  alertCounts = {},
  view = DEFAULT_VIEW,
}: {
  projects: Project[];
  /** The signed-in role, for the cards' controls. */
  role: Role;
  now: Date;
  forecasts?: Record<number, CardForecast>;
  /** Internal cost as a % of each project's value, for admins only (docs/decisions/192). */
  budgetsUsed?: Record<number, number>;
  /** Open alerts needing the person's attention, per project. */
  alertCounts?: Record<number, number>;
  /** Cards (the spec's view) or the table, with its sort and filters (docs/decisions/181). */
  view?: PortfolioView;
}) {
  const render = useContext(IslandCollector) ?? createIslandRender();
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
        // Paid % and Overdue are money: admins only.
        isAdmin={role === 'admin'}
        now={now}
        stages={stages.sort()}
      />
    );
  }
  // The cards are server markup built as strings (docs/decisions/230), never hydrated.
  const cards = visible
    .map((p) =>
      projectCardMarkup(render, {
        project: p,
        now,
        budgetUsedPercent: budgetsUsed[p.id],
        role,
        slots: {
          ...(forecasts[p.id] ? { facts: forecastFact(forecasts[p.id]!) } : {}),
          ...(alertCounts[p.id] ? { badges: alertsBadge(p.id, alertCounts[p.id]!) } : {}),
        },
      }),
    )
    .join('');
  return (
    <ul
      className={cardStyles.list}
      aria-label="Projects"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup() escapes every value
      dangerouslySetInnerHTML={{ __html: cards }}
    />
  );
}

/** The card's open alerts, linking to the alert list filtered to the project. */
const alertsBadge = (projectId: number, count: number): Markup =>
  markup`<a class="${badge.red}" href="/alerts?projectId=${projectId}" data-testid="card-alerts">${`${count} open alert${count === 1 ? '' : 's'}`}</a>`;

const forecastFact = (forecast: CardForecast): Markup =>
  markup`<div class="${cardStyles.fact}" data-testid="card-forecast"><span class="${cardStyles.factLabel}">This Period</span><span class="${VERDICT_BADGE[forecast.verdict]}">${`${forecast.text} (${forecast.percentOfTarget}%)`}</span></div>`;
