import type { ReactNode } from 'react';
import { badge, button, muted } from '../../../components/ui.css';
import { DEV_STATUSES } from '../../../shared/dev-status';
import { relativeAge } from '../../../shared/freshness';
import { type CurrencyCode, formatMoney } from '../../../shared/currency';
import {
  filterPortfolioRows,
  NO_TEAM,
  PORTFOLIO_COLUMNS,
  type PortfolioRow,
  type PortfolioSortKey,
  type PortfolioView,
  portfolioTotals,
  portfolioViewParams,
  sortPortfolioRows,
} from '../../../shared/portfolio-table';
import { projectPath, TEAMS } from '../../../shared/projects';
import * as s from '../../../components/portfolio/PortfolioTable.css';

/**
 * A column a feature adds after the table's own: its header and its cell for a project. Server
 * HTML, like the cards' slots (docs/decisions/140).
 */
export interface PortfolioTableColumn {
  id: string;
  label: string;
  cell: (projectId: number) => ReactNode;
}

const href = (view: PortfolioView) => `/?${portfolioViewParams(view)}`;

/** The Cards | Table switch: links, so a view is an address like any other. */
export function ViewToggle({ view }: { view: PortfolioView }) {
  return (
    <nav className={s.toggle} aria-label="Portfolio view">
      {(['cards', 'table'] as const).map((v) => (
        <a
          key={v}
          className={s.toggleLink}
          // Cards is written out: a plain '/' opens the person's remembered view.
          href={v === 'cards' ? '/?view=cards' : href({ ...view, view: 'table' })}
          aria-current={view.view === v ? 'page' : undefined}
        >
          {v === 'cards' ? 'Cards' : 'Table'}
        </a>
      ))}
    </nav>
  );
}

/**
 * The portfolio as one compact row per visible project (docs/decisions/181), sortable by every
 * column and filtered, all on the server: headers are links, filters a GET form, so it works
 * without JavaScript and every view has an address. A click on a row opens the project's detail
 * through the page's PortfolioCards island.
 */
export function PortfolioTable({
  rows,
  view,
  now,
  stages,
  companyCurrency,
  extraColumns = [],
}: {
  /** Every visible project's row, before filtering. */
  rows: PortfolioRow[];
  /** COMPANY_CURRENCY: the currency of a project's amounts before its first invoice. */
  companyCurrency: CurrencyCode;
  view: PortfolioView;
  now: Date;
  /** The Forecast stages the visible projects are in, for the stage filter. */
  stages: string[];
  extraColumns?: PortfolioTableColumn[];
}) {
  const shown = sortPortfolioRows(filterPortfolioRows(rows, view.filters), view.sort, view.dir);
  const columns = PORTFOLIO_COLUMNS;
  const { filters } = view;
  return (
    <div data-testid="portfolio-table-view">
      <form className={s.filters} method="get" action="/" aria-label="Filter projects">
        <input type="hidden" name="view" value="table" />
        <input type="hidden" name="sort" value={view.sort} />
        <input type="hidden" name="dir" value={view.dir} />
        <FilterSelect name="team" label="Team" value={filters.team}>
          <option value="">All teams</option>
          {TEAMS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
          <option value={NO_TEAM}>No team</option>
        </FilterSelect>
        <FilterSelect name="devStatus" label="Dev status" value={filters.devStatus}>
          <option value="">All statuses</option>
          {DEV_STATUSES.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect name="jira" label="Jira" value={filters.jira}>
          <option value="">Linked or not</option>
          <option value="linked">Linked to Jira</option>
          <option value="unlinked">Not linked</option>
        </FilterSelect>
        <FilterSelect name="stage" label="Forecast stage" value={filters.stage}>
          <option value="">All stages</option>
          {[...new Set([...stages, ...(filters.stage ? [filters.stage] : [])])].map((st) => (
            <option key={st} value={st}>
              {st}
            </option>
          ))}
        </FilterSelect>
        <button type="submit" className={button.secondary}>
          Apply
        </button>
        <a
          className={button.ghost}
          href={href({
            ...view,
            filters: { team: null, devStatus: null, jira: null, stage: null },
          })}
        >
          Clear filters
        </a>
        <span className={s.count} aria-live="polite" data-testid="table-count">
          {`${shown.length} of ${rows.length} projects`}
        </span>
      </form>
      {shown.length === 0 ? (
        <p className={muted} role="status">
          No projects match these filters.
        </p>
      ) : (
        <div className={s.scroller} data-scroll-x>
          <table className={s.table} data-testid="portfolio-table">
            <caption className={s.caption}>
              Projects, sorted by {columns.find((c) => c.id === view.sort)?.label ?? 'Project'} (
              {view.dir === 'asc' ? 'ascending' : 'descending'})
            </caption>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <SortHeader
                    key={c.id}
                    id={c.id}
                    label={c.label}
                    view={view}
                    numeric={i >= 3}
                    sticky={i === 0}
                  />
                ))}
                {extraColumns.map((c) => (
                  <th key={c.id} scope="col" className={s.th}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <Row
                  key={r.id}
                  row={r}
                  now={now}
                  extra={extraColumns}
                  companyCurrency={companyCurrency}
                />
              ))}
            </tbody>
            <Totals
              rows={shown}
              columns={columns}
              extra={extraColumns.length}
              companyCurrency={companyCurrency}
            />
          </table>
        </div>
      )}
    </div>
  );
}

/** Sums only where a sum means something; the other cells stay empty. */
function Totals({
  rows,
  columns,
  extra,
  companyCurrency,
}: {
  rows: PortfolioRow[];
  columns: readonly { id: PortfolioSortKey }[];
  extra: number;
  companyCurrency: CurrencyCode;
}) {
  const totals = portfolioTotals(rows, companyCurrency);
  const cell = (id: PortfolioSortKey) => {
    if (id === 'name')
      return (
        <th key={id} scope="row" className={`${s.cell} ${s.sticky} ${s.total}`}>
          Total
        </th>
      );
    if (id === 'overdue')
      return (
        <td key={id} className={`${s.cell} ${s.num} ${s.total}`} data-testid="total-overdue">
          {/* One line per currency: amounts in two currencies are never added. */}
          {totals.overdue.length === 0
            ? formatMoney(0, companyCurrency, 2)
            : totals.overdue.map((a) => (
                <div key={a.currency}>{formatMoney(a.amount, a.currency, 2)}</div>
              ))}
        </td>
      );
    if (id === 'alerts')
      return (
        <td key={id} className={`${s.cell} ${s.num} ${s.total}`}>
          {totals.openAlerts}
        </td>
      );
    return <td key={id} className={`${s.cell} ${s.total}`} />;
  };
  return (
    <tfoot>
      <tr>
        {columns.map((c) => cell(c.id))}
        {Array.from({ length: extra }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells under the added columns
          <td key={i} className={`${s.cell} ${s.total}`} />
        ))}
      </tr>
    </tfoot>
  );
}

function FilterSelect({
  name,
  label,
  value,
  children,
}: {
  name: string;
  label: string;
  value: string | null;
  children: ReactNode;
}) {
  return (
    <label className={s.filter}>
      <span>{label}</span>
      <select className={s.select} name={name} defaultValue={value ?? ''}>
        {children}
      </select>
    </label>
  );
}

function SortHeader({
  id,
  label,
  view,
  numeric,
  sticky,
}: {
  id: PortfolioSortKey;
  label: string;
  view: PortfolioView;
  numeric: boolean;
  sticky: boolean;
}) {
  const current = view.sort === id;
  // A second click on the sorted column turns it round; a new column starts ascending.
  const dir = current && view.dir === 'asc' ? 'desc' : 'asc';
  return (
    <th
      scope="col"
      className={`${s.th} ${numeric ? s.num : ''} ${sticky ? `${s.sticky} ${s.stickyHead}` : ''}`}
      aria-sort={current ? (view.dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <a className={s.sortLink} href={href({ ...view, sort: id, dir })}>
        {label}
        <span aria-hidden="true">{current ? (view.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
      </a>
    </th>
  );
}

function Row({
  row: r,
  now,
  extra,
  companyCurrency,
}: {
  row: PortfolioRow;
  now: Date;
  extra: PortfolioTableColumn[];
  companyCurrency: CurrencyCode;
}) {
  const td = (numeric = true) => `${s.cell} ${numeric ? s.num : ''}`;
  return (
    <tr className={s.row} data-project-id={r.id} data-testid="project-row">
      <th scope="row" className={`${s.cell} ${s.sticky}`}>
        <a className={s.nameButton} href={projectPath(r.id)} aria-haspopup="dialog" title={r.name}>
          {r.name}
        </a>
      </th>
      <td className={td(false)}>{r.teamName ?? '—'}</td>
      <td className={td(false)}>
        <span className={r.devStatus === 'Active' ? badge.green : badge.red}>{r.devStatus}</span>
      </td>
      <td className={td()}>
        {`${r.ticketPercent}%`}
        <span className={s.sub}>{`${r.ticketsCompleted}/${r.ticketsTotal}`}</span>
      </td>
      <td className={td()} title={r.sprintName ?? undefined}>{`${r.sprintPercent}%`}</td>
      <td className={td(false)}>{r.jiraProjectKey ? r.epicText : '—'}</td>
      <td className={td()}>{`${r.sentPercent}%`}</td>
      <td className={td()}>{`${r.paidPercent}%`}</td>
      <td className={td()}>
        <span className={r.overdueAmount > 0 ? s.red : undefined}>
          {formatMoney(r.overdueAmount, r.currency ?? companyCurrency, 2)}
        </span>
      </td>
      <td className={td()}>
        {`${r.retainerPercent}%`}
        <span className={s.sub}>{`${r.retainerCompleted}/${r.retainerTotal}`}</span>
      </td>
      <td className={td(false)}>
        {r.lastSync ? (
          <time dateTime={r.lastSync} title={r.lastSync}>
            {relativeAge(new Date(r.lastSync), now)}
          </time>
        ) : (
          'Never'
        )}
      </td>
      <td className={td()}>
        {r.openAlerts > 0 ? (
          <a
            className={badge.red}
            href={`/alerts?projectId=${r.id}`}
            data-card-click="ignore"
            aria-label={`${r.openAlerts} open alert${r.openAlerts === 1 ? '' : 's'} for ${r.name}`}
          >
            {r.openAlerts}
          </a>
        ) : (
          <span className={s.sub}>0</span>
        )}
      </td>
      {extra.map((c) => (
        <td key={c.id} className={td()}>
          {c.cell(r.id)}
        </td>
      ))}
    </tr>
  );
}
