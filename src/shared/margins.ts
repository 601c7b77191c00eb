/**
 * Gross margins (docs/product-spec.md, "Screens and routes", "Entities and their fields" and
 * "Business constants and limits"): the response of GET /api/gross-margins and the table's
 * figures per project (cost, margin, margin %, live margin), shared by the server and the island.
 */
import { grossMargin, internalCost, type LiveMargin, liveMargin, marginPercent } from './money';

export interface CostBreakdownEntry {
  personId: number;
  personName: string;
  hours: number;
  hourlyRate: number;
  cost: number;
}

export interface GrossMarginProject {
  id: number;
  name: string;
  devStatus: string;
  totalHours: number;
  totalInvoiced: number;
  totalPaid: number;
  /** Absent when no hour of the project has a known cost rate: the $100/h default applies. */
  costBreakdown?: CostBreakdownEntry[];
}

/** The response of GET /api/gross-margins (docs/product-spec.md, "Entities and their fields"). */
export interface GrossMarginsResponse {
  projects: GrossMarginProject[];
}

export interface MarginFigures {
  internalCost: number;
  grossMargin: number;
  /** One decimal; 0 when nothing is invoiced. */
  marginPercent: number;
  live: LiveMargin;
}

/**
 * The table's figures for a project, by docs/product-spec.md, "Business constants and limits" (the
 * island and the tests share this).
 */
export function marginFigures(
  project: Pick<GrossMarginProject, 'totalHours' | 'totalInvoiced' | 'totalPaid' | 'costBreakdown'>,
): MarginFigures {
  const cost = internalCost({
    hours: project.totalHours,
    breakdownCosts: (project.costBreakdown ?? []).map((e) => e.cost),
  });
  const margin = grossMargin(project.totalInvoiced, cost);
  return {
    internalCost: cost,
    grossMargin: margin,
    marginPercent: marginPercent(margin, project.totalInvoiced),
    live: liveMargin({ paid: project.totalPaid, cost }),
  };
}

/**
 * Which projects Weekly Hours and Gross Margins cover, said on both tabs (docs/decisions/194);
 * the server selects them with `ACTIVE_FORECAST_IDS_SQL`.
 */
export const MONEY_TABS_SCOPE =
  'Covers the Active projects on the dashboard that are linked to Forecast.';
