import type { IsoDate } from '../../shared/calendar';
import { formatMoney } from '../../shared/currency';
import { figureLabel } from '../../shared/figures';
import { formatDate } from '../../shared/format';
import type { FunnelStage, PipelineMonth, pipelineTotals } from '../../shared/pipeline';
import { dateTimeFormat } from '../../shared/date-time-format';
import { noExchangeRateText } from '../../shared/deal-plan';
import { dealRowId } from '../../shared/site-pages';
import { projectPath } from '../../shared/projects';
import { pipedriveDealUrl } from '../../shared/source-links';
import { EmptyState, ErrorState } from '../PanelState';
import { SourceLink } from '../SourceLink';
import { card, h2, table, visuallyHidden } from '../ui.css';
import * as s from './insights.css';

export interface PipelineData {
  deals: {
    id: number;
    title: string;
    value: number;
    currency: string;
    probability: number;
    expectedCloseDate: IsoDate | null;
    weightedValue: number;
    stage: string | null;
    /** Its Pipedrive organisation: the client. */
    organization?: string | null;
    /** The dashboard projects of the Forecast client of that name: what the deal renews. */
    renews?: { id: number; name: string }[];
    owner?: string | null;
    ageDays?: number | null;
    valueInAgencyCurrency?: number | null;
  }[];
  byMonth: PipelineMonth[];
  /** Per currency and converted to the company currency (FX_RATES). */
  totals?: ReturnType<typeof pipelineTotals>;
  funnel?: FunnelStage[];
  /** The company currency values are converted to; the rates and where they came from. */
  base?: string | null;
  fx?: { rates: Record<string, number>; source: string };
  timeZone?: string;
  /** The Pipedrive site deals link into. */
  site: string;
  /** When the pipeline was last read from Pipedrive; null before the first read. */
  syncedAt: string | null;
}

const monthLabel = (month: string) =>
  month === 'none' ? 'No expected close' : formatDate(`${month}-01`, 'MMMM yyyy');

/**
 * The weighted pipeline for admins, beside the Pipedrive dashboard: value and weighted value
 * by month of expected close, one row per currency (two currencies are never added), and the
 * open deals, each a link into Pipedrive. Rendered on the server from the stored copy.
 */
export function PipelineTables({ data }: { data: PipelineData | null }) {
  if (!data)
    return (
      <section className={card}>
        <ErrorState
          title="Error Loading Pipeline"
          text="Failed to read the stored pipeline. Please reload the page."
        />
      </section>
    );
  if (data.deals.length === 0)
    return (
      <section className={card} data-testid="pipeline-empty">
        <EmptyState title={data.syncedAt ? 'No open deals' : 'No pipeline yet'}>
          {data.syncedAt
            ? 'Pipedrive has no open deals.'
            : 'The open deals come from Pipedrive with the next refresh.'}
        </EmptyState>
      </section>
    );
  const value = figureLabel('dealValue');
  const weighted = figureLabel('weightedValue');
  const base = data.base ?? null;
  const most = Math.max(1, ...(data.funnel ?? []).map((f) => f.deals));
  const rates = Object.entries(data.fx?.rates ?? {});
  return (
    <>
      <p className={s.muted} data-testid="pipeline-freshness">
        {data.syncedAt
          ? `Pipedrive pipeline read ${dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: data.timeZone ?? 'UTC' }).format(new Date(data.syncedAt))}`
          : 'Pipedrive pipeline not read yet'}
        {data.fx
          ? ` · ${rates.length ? `Exchange rates (${data.fx.source}): ${rates.map(([c, r]) => `1 ${c} = ${r} ${base}`).join(' · ')}` : `No exchange rates (${data.fx.source})`}`
          : ''}
      </p>
      {data.totals && base ? (
        <section className={card} aria-labelledby="pipeline-totals-title">
          <div className={s.panel}>
            <h2 className={h2} id="pipeline-totals-title">
              Totals per currency
            </h2>
            <div className={s.scroller} data-scroll-x>
              <table className={`${table} ${s.cells}`} data-testid="pipeline-totals">
                <caption className={s.muted}>
                  {`Each currency as recorded, then in ${base} at its exchange rate; a currency without a rate is left out of the ${base} total.`}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Currency</th>
                    <th scope="col" className={s.num}>
                      Deals
                    </th>
                    <th scope="col" className={s.num}>
                      {value}
                    </th>
                    <th scope="col" className={s.num}>
                      {weighted}
                    </th>
                    <th scope="col" className={s.num}>
                      {`${value} in ${base}`}
                    </th>
                    <th scope="col" className={s.num}>
                      {`${weighted} in ${base}`}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.totals.currencies.map((c) => (
                    <tr key={c.currency}>
                      <th scope="row">{c.currency}</th>
                      <td className={s.num}>{c.deals}</td>
                      <td className={s.num}>{formatMoney(c.value, c.currency)}</td>
                      <td className={s.num}>{formatMoney(c.weightedValue, c.currency)}</td>
                      {c.valueInAgencyCurrency === null ? (
                        <td colSpan={2} className={s.warning}>
                          {noExchangeRateText(c.currency)}
                        </td>
                      ) : (
                        <>
                          <td className={s.num}>{formatMoney(c.valueInAgencyCurrency, base)}</td>
                          <td className={s.num}>
                            {formatMoney(c.weightedInAgencyCurrency ?? 0, base)}
                          </td>
                        </>
                      )}
                    </tr>
                  ))}
                  <tr className={s.totalRow}>
                    <th scope="row">{`All, in ${base}`}</th>
                    <td className={s.num}>
                      {data.totals.currencies
                        .filter((c) => c.valueInAgencyCurrency !== null)
                        .reduce((a, c) => a + c.deals, 0)}
                    </td>
                    <td />
                    <td />
                    <td className={s.num}>{formatMoney(data.totals.converted.value, base)}</td>
                    <td className={s.num}>
                      {formatMoney(data.totals.converted.weightedValue, base)}
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
          </div>
        </section>
      ) : null}
      {data.funnel && base ? (
        <section className={card} aria-labelledby="pipeline-funnel-title">
          <div className={s.panel}>
            <h2 className={h2} id="pipeline-funnel-title">
              Stage funnel
            </h2>
            <div className={s.scroller} data-scroll-x>
              <table className={`${table} ${s.cells}`} data-testid="pipeline-funnel">
                <caption className={s.muted}>
                  {`Open deals by pipeline and stage, in the stages' order; values in ${base}.`}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Stage</th>
                    <th scope="col" className={s.num}>
                      Deals
                    </th>
                    <th scope="col" className={s.funnelCell}>
                      <span className={visuallyHidden}>Share of the open deals</span>
                    </th>
                    <th scope="col" className={s.num}>
                      {`${value} in ${base}`}
                    </th>
                    <th scope="col" className={s.num}>
                      {`${weighted} in ${base}`}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.funnel.map((f) => (
                    <tr key={`${f.pipeline} ${f.stage}`}>
                      <th scope="row">
                        {f.stage}
                        <span className={s.muted}>{` · ${f.pipeline}`}</span>
                      </th>
                      <td className={s.num}>{f.deals}</td>
                      <td className={s.funnelCell} aria-hidden="true">
                        <span
                          className={s.funnelBar}
                          style={{ width: `${Math.round((f.deals / most) * 100)}%` }}
                        />
                      </td>
                      <td className={s.num}>
                        {formatMoney(f.value, base)}
                        {f.unconverted ? ` (+${f.unconverted} without a rate)` : ''}
                      </td>
                      <td className={s.num}>{formatMoney(f.weightedValue, base)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </section>
      ) : null}
      <section className={card} aria-labelledby="pipeline-months-title">
        <div className={s.panel}>
          <h2 className={h2} id="pipeline-months-title">
            Weighted pipeline by month
          </h2>
          <div className={s.scroller} data-scroll-x>
            <table className={`${table} ${s.cells}`} data-testid="pipeline-months">
              <caption className={s.muted}>
                By month of expected close, in each deal&apos;s currency: weighted value = value ×
                the deal&apos;s probability (else its stage&apos;s) ÷ 100
              </caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Currency</th>
                  <th scope="col" className={s.num}>
                    {value}
                  </th>
                  <th scope="col" className={s.num}>
                    {weighted}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.byMonth.map((m) => (
                  <tr key={`${m.month} ${m.currency}`}>
                    <th scope="row">{monthLabel(m.month)}</th>
                    <td>{m.currency}</td>
                    <td className={s.num}>{formatMoney(m.value, m.currency)}</td>
                    <td className={s.num}>{formatMoney(m.weightedValue, m.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
      <section className={card} aria-labelledby="pipeline-deals-title">
        <div className={s.panel}>
          <h2 className={h2} id="pipeline-deals-title">
            Open deals
          </h2>
          <div className={s.scroller} data-scroll-x>
            <table className={`${table} ${s.cells}`} data-testid="pipeline-deals">
              <thead>
                <tr>
                  <th scope="col">Deal</th>
                  <th scope="col">Client</th>
                  <th scope="col">Stage</th>
                  <th scope="col">Owner</th>
                  <th scope="col" className={s.num}>
                    Age
                  </th>
                  <th scope="col" className={s.num}>
                    Probability
                  </th>
                  <th scope="col">Expected close</th>
                  <th scope="col" className={s.num}>
                    {value}
                  </th>
                  <th scope="col" className={s.num}>
                    {weighted}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.deals.map((d) => (
                  <tr key={d.id} id={dealRowId(d.id)} className={s.targetRow}>
                    <th scope="row">
                      <SourceLink href={pipedriveDealUrl(data.site, d.id)}>{d.title}</SourceLink>
                    </th>
                    <td>
                      {d.organization ?? '—'}
                      {d.renews?.length ? (
                        <span className={s.renews}>
                          {'renews '}
                          {d.renews.map((p, i) => (
                            <span key={p.id}>
                              {i > 0 ? ', ' : null}
                              <a href={projectPath(p.id)}>{p.name}</a>
                            </span>
                          ))}
                        </span>
                      ) : null}
                    </td>
                    <td>{d.stage ?? '—'}</td>
                    <td>{d.owner ?? '—'}</td>
                    <td className={s.num}>
                      {d.ageDays == null ? '—' : `${d.ageDays} ${d.ageDays === 1 ? 'day' : 'days'}`}
                    </td>
                    <td className={s.num}>{`${d.probability}%`}</td>
                    <td>{formatDate(d.expectedCloseDate)}</td>
                    <td className={s.num}>{formatMoney(d.value, d.currency)}</td>
                    <td className={s.num}>{formatMoney(d.weightedValue, d.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
    </>
  );
}
