import type { SessionUser } from '../../auth/session';
import * as cs from '../../components/capacity/capacity.css';
import { ScrollBox } from '../../components/capacity/ScrollBox';
import { WeekHeads } from '../../components/capacity/WeekHeads';
import { DownloadCsv } from '../../components/DownloadCsv';
import { titleRow } from '../../components/DownloadCsv.css';
import { EmptyState, ErrorState } from '../../components/PanelState';
import { card, h1, h2, muted, page, pageHeader } from '../../components/ui.css';
import type { AppDeps } from '../../env';
import UtilisationTargets, { type Props as TargetsProps } from '../../islands/UtilisationTargets';
import { Island } from '../../render/Island';
import {
  loadRoleTargets,
  type UtilisationAnswer,
  type UtilisationRow,
  utilisationFor,
} from '../../services/utilisation';
import { addCalendarDays, type IsoDate, weekStartOf } from '../../shared/calendar';
import { exportHref } from '../../shared/exports';
import { FIGURES, figureHelp } from '../../shared/figures';
import { formatDate, formatPlanHours } from '../../shared/format';
import { can } from '../../shared/roles';
import { isoDateInZone } from '../../shared/time-zones';
import {
  type Period,
  parsePeriod,
  periodHolding,
  shiftPeriod,
  targetVerdict,
  type UtilisationWeek,
} from '../../shared/utilisation';
import { Layout } from './Layout';
import * as s from './UtilisationPage.css';

export interface UtilisationPageData {
  period: Period;
  today: IsoDate;
  /** null: the stored figures could not be read. */
  utilisation: UtilisationAnswer | null;
  /** Admins only (people.targets): what the targets form needs; null for staff. */
  targets: TargetsProps | null;
}

/** The period in the address (?period=2027-02 or 2027-Q1); anything else is the current month. */
export async function loadUtilisationPage(
  deps: AppDeps,
  user: SessionUser,
  query: Record<string, string>,
): Promise<UtilisationPageData> {
  const today = isoDateInZone(deps.clock(), deps.config.AGENCY_TIMEZONE);
  const period =
    (typeof query.period === 'string' ? parsePeriod(query.period) : null) ??
    periodHolding(today, 'month');
  try {
    const [utilisation, roles] = await Promise.all([
      utilisationFor(deps, { from: period.from, weeks: period.weeks }),
      can(user.role, 'people.targets') ? loadRoleTargets(deps.db) : null,
    ]);
    return {
      period,
      today,
      utilisation,
      targets: roles
        ? {
            roles: roles.roles,
            knownRoles: roles.knownRoles,
            people: utilisation.people.map((p) => ({
              id: p.id,
              name: p.name,
              role: p.role,
              targetPercent: p.targetPercent,
              ownTarget: p.ownTarget,
            })),
            periodFrom: period.from,
            periodLabel: period.label,
          }
        : null,
    };
  } catch (error) {
    console.error('[GET /utilisation] could not read utilisation:', error);
    return { period, today, utilisation: null, targets: null };
  }
}

const periodHref = (p: Period) => `/utilisation?period=${p.key}`;
const percent = (p: number | null) => (p === null ? '—' : `${p}%`);

function WeekCell({ week, current }: { week: UtilisationWeek; current: boolean }) {
  return (
    <td className={current ? cs.currentWeek : undefined}>
      <span className={cs.line}>{percent(week.utilisationPercent)}</span>
      <span className={cs.detail}>
        {formatPlanHours(week.billableHours)} of {formatPlanHours(week.availableHours)}
      </span>
    </td>
  );
}

/** 'target met' in green, 'short by N h' in red with the words, 'no target' muted. */
function Verdict({ row }: { row: UtilisationRow }) {
  const text = targetVerdict(row.shortByMinutes);
  const cls = row.shortByMinutes === null ? cs.note : row.shortByMinutes > 0 ? cs.short : cs.fits;
  return <span className={cls}>{text}</span>;
}

function PeriodNav({ period }: { period: Period }) {
  const month = period.kind === 'month' ? period : periodHolding(period.from, 'month');
  const quarter = period.kind === 'quarter' ? period : periodHolding(period.from, 'quarter');
  const before = shiftPeriod(period, -1);
  const after = shiftPeriod(period, 1);
  return (
    <nav className={s.periodNav} aria-label="Period">
      <div className={s.kinds}>
        <a
          className={s.kind}
          href={periodHref(month)}
          aria-current={period.kind === 'month' ? 'page' : undefined}
        >
          Month
        </a>
        <a
          className={s.kind}
          href={periodHref(quarter)}
          aria-current={period.kind === 'quarter' ? 'page' : undefined}
        >
          Quarter
        </a>
      </div>
      <div className={s.steps}>
        <a className={s.step} href={periodHref(before)} rel="prev">
          ← {before.label}
        </a>
        <h2 className={h2} id="utilisation-period">
          {period.label}
        </h2>
        <a className={s.step} href={periodHref(after)} rel="next">
          {after.label} →
        </a>
      </div>
    </nav>
  );
}

/**
 * `/utilisation` (staff and admins, docs/decisions/395): each person's billable hours over
 * their available hours for a month or a quarter, week by week, judged against their target and
 * projected to the period's end. Hours and percentages only.
 */
export function UtilisationPage({ user, data }: { user: SessionUser; data: UtilisationPageData }) {
  const { utilisation, period } = data;
  const currentWeek = weekStartOf(data.today);
  const lastDay = addCalendarDays(period.from, period.weeks * 7 - 1);
  const judged = utilisation?.people.filter((p) => p.shortByMinutes !== null) ?? [];
  const met = judged.filter((p) => p.shortByMinutes === 0).length;
  return (
    <Layout user={user} active="utilisation">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Utilisation</h1>
        </div>
        <PeriodNav period={period} />
        <p className={muted} data-testid="utilisation-rule">
          {figureHelp('billableUtilisation')} {period.label}: the weeks from{' '}
          {formatDate(period.from, 'MMM d')} to {formatDate(lastDay, 'MMM d, yyyy')}.
        </p>
        {!utilisation ? (
          <section className={card}>
            <ErrorState
              title="Error Loading Utilisation"
              text="Failed to read people's hours. Please reload the page."
            />
          </section>
        ) : utilisation.people.length === 0 ? (
          <section className={card} data-testid="utilisation-empty">
            <EmptyState title="No utilisation for this period">
              Nobody on the roster with a Forecast person was employed in these weeks or billed time
              in them. People, leave and time registrations come from Forecast with each refresh.
            </EmptyState>
          </section>
        ) : (
          <section className={card} aria-labelledby="utilisation-people-title">
            <div className={cs.panel}>
              <div className={titleRow}>
                <h2 className={h2} id="utilisation-people-title">
                  People
                </h2>
                <DownloadCsv href={exportHref.utilisation(period.from, period.weeks)} />
              </div>
              <p className={muted} data-testid="utilisation-summary">
                {judged.length === 0
                  ? 'Nobody has a target yet.'
                  : `${met} of ${judged.length} people with a target met it.`}
              </p>
              <ScrollBox label="Utilisation by person">
                <table className={cs.plan} data-testid="utilisation-table">
                  <caption className={cs.caption}>
                    {FIGURES.availableHours.label}: {figureHelp('availableHours')}{' '}
                    {FIGURES.billableHours.label}: {figureHelp('billableHours')}{' '}
                    {FIGURES.projectedUtilisation.label}: {figureHelp('projectedUtilisation')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Person</th>
                      <th scope="col">{FIGURES.availableHours.label}</th>
                      <th scope="col">{FIGURES.billableHours.label}</th>
                      <th scope="col">{FIGURES.billableUtilisation.label}</th>
                      <th scope="col">{FIGURES.utilisationTarget.label}</th>
                      <th scope="col">Verdict</th>
                      <th scope="col">{FIGURES.projectedUtilisation.label}</th>
                      <WeekHeads weeks={utilisation.weeks} currentWeekStart={currentWeek} />
                    </tr>
                  </thead>
                  <tbody>
                    {utilisation.people.map((p) => (
                      <tr key={p.id} data-person={p.name}>
                        <th scope="row">
                          <span className={cs.line}>{p.name}</span>
                          <span className={cs.detail}>
                            {[p.role, p.team].filter(Boolean).join(' · ') || '—'}
                          </span>
                        </th>
                        <td>{formatPlanHours(p.period.availableHours)}</td>
                        <td>{formatPlanHours(p.period.billableHours)}</td>
                        <td>{percent(p.period.utilisationPercent)}</td>
                        <td>
                          {percent(p.targetPercent)}
                          {p.targetPercent !== null && !p.ownTarget ? (
                            <span className={cs.detail}>role default</span>
                          ) : null}
                        </td>
                        <td>
                          <Verdict row={p} />
                        </td>
                        <td>{percent(p.period.projectedPercent)}</td>
                        {p.weeks.map((w) => (
                          <WeekCell
                            key={w.weekStart}
                            week={w}
                            current={w.weekStart === currentWeek}
                          />
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
            </div>
          </section>
        )}
        {data.targets ? (
          <section className={card} aria-labelledby="utilisation-targets-title">
            <h2 className={h2} id="utilisation-targets-title">
              Targets
            </h2>
            <Island name="UtilisationTargets" component={UtilisationTargets} props={data.targets} />
          </section>
        ) : null}
      </div>
    </Layout>
  );
}
