import { figureHelp } from '../shared/figures';
import { useQuery } from '@tanstack/react-query';
import { QueryPanel } from '../components/QueryPanel';
import { readOr } from '../client/api';
import { DownloadCsv } from '../components/DownloadCsv';
import { titleRow } from '../components/DownloadCsv.css';
import { exportHref } from '../shared/exports';
import { card, h2, muted, table } from '../components/ui.css';
import { formatHours } from '../shared/format';
import { type CurrencyCode, formatMoney } from '../shared/currency';
import {
  MONEY_TABS_SCOPE,
  grossMarginTotals,
  hasMargin,
  marginFigures,
  type GrossMarginProject,
  type GrossMarginsResponse,
} from '../shared/margins';
import { projectPath } from '../shared/projects';
import { DEFAULT_HOURLY_RATE } from '../shared/money';
import { percentTextOneDecimal } from '../shared/percent';
import { HoverDetails } from './agency/HoverDetails';
import * as s from './GrossMarginsTable.css';

export interface Props {
  /** The server's answer, or null when the server could not read it (the island asks again). */
  initial: GrossMarginsResponse | null;
}

export const GROSS_MARGINS_PATH = '/api/gross-margins';

const marginClass = (n: number) => (n < 0 ? s.margin.negative : s.margin.nonNegative);

/**
 * The Gross Margins tab: 'Active Projects Gross Margins' with its two hovers (docs/product-spec.md,
 * "Agency Dashboard", "Business constants and limits").
 */
export default function GrossMarginsTable({ initial }: Props) {
  const { data, isError } = useQuery({
    queryKey: [GROSS_MARGINS_PATH],
    // docs/product-spec.md, "Error catalogue": a failed read shows its own message, as the error
    // panel.
    queryFn: () =>
      readOr<GrossMarginsResponse>(GROSS_MARGINS_PATH, 'Failed to fetch gross margins'),
    initialData: initial ?? undefined,
  });
  return <GrossMarginsView data={data} isError={isError} />;
}

/**
 * What the tab shows for one state of the query (the empty and error texts of docs/product-spec.md,
 * "Agency Dashboard").
 */
export function GrossMarginsView({
  data,
  isError,
}: {
  data: GrossMarginsResponse | undefined;
  isError: boolean;
}) {
  const body = (
    <QueryPanel
      query={{ data, isError, error: null }}
      loading="Loading gross margins..."
      error={{
        title: 'Error Loading Gross Margins',
        text: 'Failed to fetch gross margin data. Please try again later.',
      }}
      empty={{
        when: (d) => d.projects.length === 0,
        title: 'No Projects Found',
        text: 'No active projects with Forecast integration found.',
      }}
    >
      {(data) => (
        <div className={s.scroller} data-scroll-x>
          <table className={table} aria-labelledby="gross-margins-title">
            <thead>
              <tr>
                <th className={s.head} scope="col">
                  Project
                </th>
                <th className={s.head} scope="col" title={figureHelp('totalHours')}>
                  Total Hours
                </th>
                <th className={s.head} scope="col" title={figureHelp('internalCost')}>
                  Internal Cost
                </th>
                <th className={s.head} scope="col" title={figureHelp('invoiced')}>
                  Invoices Created
                </th>
                <th className={s.head} scope="col" title={figureHelp('grossMargin')}>
                  Gross Margin
                </th>
                <th className={s.head} scope="col" title={figureHelp('marginPercent')}>
                  Margin %
                </th>
              </tr>
            </thead>
            <tbody>
              {data.projects.map((p) => (
                <ProjectRow key={p.id} project={p} company={data.currency} />
              ))}
            </tbody>
            <TotalsRow projects={data.projects} company={data.currency} />
          </table>
        </div>
      )}
    </QueryPanel>
  );

  return (
    <section className={card} aria-labelledby="gross-margins-title">
      <div className={s.header}>
        <div className={titleRow}>
          <h2 className={h2} id="gross-margins-title">
            Active Projects Gross Margins
          </h2>
          <span className={titleRow}>
            <DownloadCsv href={exportHref.grossMargins()} />
            <DownloadCsv href={exportHref.costBreakdown()} label="Cost breakdown CSV" />
          </span>
        </div>
        <p className={muted}>{MONEY_TABS_SCOPE}</p>
      </div>
      {body}
    </section>
  );
}

/** Why a margin is missing: costs and invoices in two currencies cannot be subtracted. */
const noMarginTitle = (invoices: CurrencyCode, company: CurrencyCode) =>
  `Invoiced in ${invoices}, costs in ${company}: no margin without an exchange rate.`;

/** The totals row: sums of the rows, invoices one line per currency, margins in the company's. */
function TotalsRow({
  projects,
  company,
}: {
  projects: readonly GrossMarginProject[];
  company: CurrencyCode;
}) {
  const t = grossMarginTotals(projects, company);
  const note =
    t.withoutMargin > 0
      ? `Margins count only the projects invoiced in ${company}; ${t.withoutMargin} invoiced in another currency ${t.withoutMargin === 1 ? 'is' : 'are'} left out.`
      : undefined;
  return (
    <tfoot>
      <tr className={`${s.row} ${s.totalRow}`} data-testid="gross-margin-totals">
        <th className={s.projectCell} scope="row">
          Total
        </th>
        <td className={s.cell}>{formatHours(t.totalHours)}</td>
        <td className={s.cell}>{formatMoney(t.internalCost, company)}</td>
        <td className={s.cell} data-testid="gross-margin-total-invoiced">
          {t.invoiced.map((a) => (
            <div key={a.currency}>{formatMoney(a.amount, a.currency)}</div>
          ))}
        </td>
        <td className={`${s.cell} ${marginClass(t.grossMargin)}`} title={note}>
          {formatMoney(t.grossMargin, company)}
        </td>
        <td className={s.cell} title={note}>
          {percentTextOneDecimal(t.marginPercent)}
        </td>
      </tr>
    </tfoot>
  );
}

function ProjectRow({
  project: p,
  company,
}: {
  project: GrossMarginProject;
  company: CurrencyCode;
}) {
  const f = marginFigures(p);
  const cost = (n: number) => formatMoney(n, company);
  const billed = (n: number) => formatMoney(n, p.currency);
  const withMargin = hasMargin(p, company);
  return (
    <tr className={s.row} data-testid="gross-margin-row">
      <th className={s.projectCell} scope="row">
        <a className={s.projectName} href={projectPath(p.id)}>
          {p.name}
        </a>
        <div className={s.devStatus}>{p.devStatus}</div>
      </th>
      <td className={s.cell}>{formatHours(p.totalHours)}</td>
      <td className={s.cell}>
        <HoverDetails
          id={`cost-breakdown-${p.id}`}
          trigger={cost(f.internalCost)}
          triggerLabel={`Internal cost ${cost(f.internalCost)}`}
          title="Cost Breakdown"
        >
          {p.costBreakdown ? (
            <dl className={s.lines}>
              {p.costBreakdown.map((e) => (
                <CostLine
                  key={`${e.personId}-${e.hourlyRate}`}
                  name={e.personName}
                  detail={`${formatHours(e.hours)} x ${cost(e.hourlyRate)}/hr`}
                  cost={cost(e.cost)}
                />
              ))}
              <dt className={`${s.term} ${s.total}`}>Total</dt>
              <dd className={`${s.amount} ${s.total}`}>{cost(f.internalCost)}</dd>
            </dl>
          ) : (
            <p className={s.note}>
              No detailed breakdown available. Using default rate: {cost(DEFAULT_HOURLY_RATE)}
              /hr
            </p>
          )}
        </HoverDetails>
      </td>
      <td className={s.cell}>{billed(p.totalInvoiced)}</td>
      {withMargin ? (
        <td className={`${s.cell} ${marginClass(f.grossMargin)}`}>{cost(f.grossMargin)}</td>
      ) : (
        <td className={s.cell} title={noMarginTitle(p.currency, company)}>
          {`n/a (${p.currency})`}
        </td>
      )}
      <td className={s.cell}>
        {withMargin ? (
          <HoverDetails
            id={`live-margin-${p.id}`}
            trigger={percentTextOneDecimal(f.marginPercent)}
            triggerLabel={`Margin ${percentTextOneDecimal(f.marginPercent)}`}
            triggerClassName={marginClass(f.grossMargin)}
            title="Live Gross Margin Analysis"
          >
            <dl className={s.lines}>
              <dt className={s.term}>Total Invoiced</dt>
              <dd className={s.amount}>{billed(p.totalInvoiced)}</dd>
              <dt className={s.term}>Amount Paid</dt>
              <dd className={s.amount}>{billed(p.totalPaid)}</dd>
              <dt className={s.term}>Internal Cost</dt>
              <dd className={s.amount}>{cost(f.internalCost)}</dd>
              <dt className={s.term}>Live Margin (Paid)</dt>
              <dd className={`${s.amount} ${marginClass(f.live.margin)}`}>{cost(f.live.margin)}</dd>
              <dt className={s.term}>Live Margin %</dt>
              <dd
                className={`${s.amount} ${f.live.percent === null ? '' : marginClass(f.live.percent)}`}
              >
                {f.live.percent === null ? 'N/A' : percentTextOneDecimal(f.live.percent)}
              </dd>
            </dl>
          </HoverDetails>
        ) : (
          <span title={noMarginTitle(p.currency, company)}>n/a</span>
        )}
      </td>
    </tr>
  );
}

function CostLine({ name, detail, cost }: { name: string; detail: string; cost: string }) {
  return (
    <>
      <dt className={s.person}>
        {name}
        <span className={s.personDetail}>{detail}</span>
      </dt>
      <dd className={s.amount}>{cost}</dd>
    </>
  );
}
