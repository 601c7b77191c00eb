import type { IsoDate } from '../../shared/calendar';
import { formatMoney } from '../../shared/currency';
import { figureLabel } from '../../shared/figures';
import { formatDate } from '../../shared/format';
import type { PipelineMonth } from '../../shared/pipeline';
import { pipedriveDealUrl } from '../../shared/source-links';
import { EmptyState, ErrorState } from '../PanelState';
import { SourceLink } from '../SourceLink';
import { card, h2, table } from '../ui.css';
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
  }[];
  byMonth: PipelineMonth[];
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
  return (
    <>
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
                  <th scope="col">Stage</th>
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
                  <tr key={d.id}>
                    <th scope="row">
                      <SourceLink href={pipedriveDealUrl(data.site, d.id)}>{d.title}</SourceLink>
                    </th>
                    <td>{d.stage ?? '—'}</td>
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
