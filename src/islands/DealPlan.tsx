import { useMutation } from '@tanstack/react-query';
import { Fragment, useId, useMemo, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { SourceLink } from '../components/SourceLink';
import { button, input, label, visuallyHidden } from '../components/ui.css';
import { type IsoDate, shiftWeek } from '../shared/calendar';
import { formatMoney } from '../shared/currency';
import {
  type FreeByRole,
  planScenario,
  ROLE_SOURCE_TEXT,
  type RoleSource,
  type ScenarioDeal,
  type ScenarioStatus,
  teamHoursLeft,
  verdictText,
} from '../shared/deal-plan';
import { figureHelp, figureLabel } from '../shared/figures';
import { formatDate } from '../shared/format';
import { pipedriveDealUrl } from '../shared/source-links';
import * as s from './DealPlan.css';

export interface PlanIslandDeal {
  id: number;
  title: string;
  probability: number;
  expectedCloseDate: IsoDate | null;
  ifWonHours: number | null;
  expectedHours: number | null;
  byRole: { role: string; hours: number }[];
  roleSource: RoleSource | null;
  /** Its start week unless a scenario moves it: the expected close week, never before this week. */
  from: IsoDate;
  /** Why it has no hours ('no exchange rate for USDT'), else null. */
  unstaffable: string | null;
  /** Admins only: its value, and in the company currency. */
  valueText?: string;
}

export interface Props {
  currentWeekStart: IsoDate;
  firstWeek: IsoDate;
  weeksShown: number;
  horizonWeeks: number;
  dealWeeks: number;
  /** Free hours by role, one number per week of the horizon from firstWeek. */
  free: { role: string; hours: number[] }[];
  /** The same by role and the roster's team, one number per week shown. */
  teams: { role: string; team: string; hours: number[] }[];
  deals: PlanIslandDeal[];
  scenarios: { id: number; name: string; deals: ScenarioDeal[] }[];
  fx: { base: string; rates: Record<string, number>; source: string };
  /** The hourly rate and its currency for admins; its source for everyone. */
  rate: { hourly?: number | null; currency?: string; source: string };
  /** Admins only: the Pipedrive site deals link into. */
  pipedriveSite: string | null;
}

const STATUSES: { value: ScenarioStatus; text: string }[] = [
  { value: 'tentative', text: 'Tentative' },
  { value: 'won', text: 'Won' },
  { value: 'lost', text: 'Lost' },
];

const whole = (h: number) => String(Math.round(h));

/** The tint of a role's week: most of it free, some, or none left. */
function level(left: number, free: number) {
  if (left <= 0.5) return s.none;
  if (free > 0 && left / free < 0.25) return s.some;
  return s.plenty;
}

/**
 * The Capacity page's deal plan (docs/decisions/410-deal-staffing-verdicts.md): free hours by
 * role, and under each role by team (docs/decisions/413-heat-map-by-role-and-team.md), and week
 * as a heat-map with the deals staffed against it on the same week columns, each
 * deal's if-won verdict, and scenarios: mark deals won, lost or tentative, move a start, save the
 * set by name. The plan is recomputed here with the shared rules, so a change shows at once.
 */
export default function DealPlan(props: Props) {
  const { firstWeek, weeksShown, horizonWeeks, dealWeeks, currentWeekStart } = props;
  const ids = { scenario: useId(), name: useId(), summary: useId(), teams: useId() };
  const [byTeam, setByTeam] = useState(true);
  const [scenarios, setScenarios] = useState(props.scenarios);
  const [active, setActive] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [marks, setMarks] = useState<ScenarioDeal[]>([]);

  const weeks = useMemo(
    () => Array.from({ length: weeksShown }, (_, i) => shiftWeek(firstWeek, i)),
    [firstWeek, weeksShown],
  );
  const free: FreeByRole = useMemo(
    () =>
      new Map(
        props.free.map((r) => [
          r.role,
          new Map(r.hours.map((h, i) => [shiftWeek(firstWeek, i), h] as const)),
        ]),
      ),
    [props.free, firstWeek],
  );
  const staffable = useMemo(
    () =>
      props.deals.map((d) => ({
        id: d.id,
        expectedCloseDate: d.expectedCloseDate,
        byRole: d.unstaffable ? null : d.byRole,
        from: d.from,
      })),
    [props.deals],
  );
  const options = useMemo(
    () => ({ firstWeek, horizonWeeks, dealWeeks }),
    [firstWeek, horizonWeeks, dealWeeks],
  );
  const baseline = useMemo(
    () => planScenario(staffable, free, [], options),
    [staffable, free, options],
  );
  const plan = useMemo(
    () => (marks.length ? planScenario(staffable, free, marks, options) : baseline),
    [staffable, free, marks, baseline, options],
  );
  const plannedById = new Map(plan.planned.map((p) => [p.id, p]));
  const markOf = new Map(marks.map((m) => [m.id, m]));
  const order = new Map(plan.planned.map((p, i) => [p.id, i]));
  const rows = [...props.deals].sort(
    (a, b) =>
      (order.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
  const verdictOf = (d: PlanIslandDeal) => {
    if (d.unstaffable) return d.unstaffable;
    if (markOf.get(d.id)?.status === 'lost') return verdictText({ kind: 'lost' });
    const p = plannedById.get(d.id);
    return p ? verdictText(p.verdict) : '';
  };
  const fitsAtClose = plan.planned.filter(
    (p) => p.earliestStart !== null && p.earliestStart === plan.fromOf.get(p.id),
  ).length;
  const later = plan.planned.filter(
    (p) => p.earliestStart !== null && p.earliestStart !== plan.fromOf.get(p.id),
  ).length;
  const noFit = plan.planned.filter((p) => p.earliestStart === null).length;

  const mark = (id: number, change: Partial<ScenarioDeal>) => {
    const had = markOf.get(id) ?? { id, status: 'tentative' as const };
    const next = { ...had, ...change };
    const rest = marks.filter((m) => m.id !== id);
    // A deal marked won joins the end of the won ones; other changes keep their place.
    setMarks(
      change.status === 'won' && had.status !== 'won'
        ? [...rest, next]
        : markOf.has(id)
          ? marks.map((m) => (m.id === id ? next : m))
          : [...marks, next],
    );
  };

  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), deals: marks };
      return active === null
        ? apiRequest<{ id: number }>('POST', '/api/plan/scenarios', body)
        : apiRequest<{ id: number }>('PUT', `/api/plan/scenarios/${active}`, body);
    },
    onSuccess: ({ id }) => {
      const saved = { id, name: name.trim(), deals: marks };
      setScenarios((list) =>
        [...list.filter((x) => x.id !== id), saved].sort((a, b) => a.name.localeCompare(b.name)),
      );
      setActive(id);
      toast({ title: `Scenario “${saved.name}” saved` });
    },
    onError: (error) =>
      toast({
        title: 'Scenario not saved',
        description: serverMessage(error, 'The scenario could not be saved.'),
        variant: 'destructive',
      }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/plan/scenarios/${id}`),
    onSuccess: (_, id) => {
      setScenarios((list) => list.filter((x) => x.id !== id));
      setActive(null);
      setMarks([]);
      setName('');
      toast({ title: 'Scenario deleted' });
    },
    onError: (error) =>
      toast({
        title: 'Scenario not deleted',
        description: serverMessage(error, 'The scenario could not be deleted.'),
        variant: 'destructive',
      }),
  });

  const choose = (value: string) => {
    const chosen = scenarios.find((x) => String(x.id) === value);
    setActive(chosen?.id ?? null);
    setMarks(chosen ? chosen.deals : []);
    setName(chosen?.name ?? '');
  };

  const rates = Object.entries(props.fx.rates);
  return (
    <div className={s.control}>
      <p className={s.note} data-testid="plan-rates">
        {rates.length
          ? `Exchange rates (${props.fx.source}): ${rates
              .map(([code, rate]) => `1 ${code} = ${rate} ${props.fx.base}`)
              .join(' · ')}.`
          : `No exchange rates (${props.fx.source}): only deals in ${props.fx.base} become hours.`}{' '}
        {props.rate.hourly != null
          ? `Hourly rate ${formatMoney(props.rate.hourly, props.rate.currency ?? props.fx.base, 2)} (${props.rate.source}).`
          : `Hours at the hourly rate of ${props.rate.source}.`}
      </p>
      <form
        className={s.bar}
        aria-label="Scenario"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) save.mutate();
        }}
      >
        <span className={s.control}>
          <label className={label} htmlFor={ids.scenario}>
            Scenario
          </label>
          <select
            id={ids.scenario}
            className={input}
            value={active === null ? '' : String(active)}
            onChange={(e) => choose(e.target.value)}
          >
            <option value="">Baseline: every deal tentative</option>
            {scenarios.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </span>
        <span className={s.control}>
          <label className={label} htmlFor={ids.name}>
            Name
          </label>
          <input
            id={ids.name}
            className={input}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Globex won"
          />
        </span>
        <button type="submit" className={button.primary} disabled={!name.trim() || save.isPending}>
          {active === null ? 'Save scenario' : 'Save changes'}
        </button>
        {active !== null ? (
          <button
            type="button"
            className={button.secondary}
            disabled={remove.isPending}
            onClick={() => remove.mutate(active)}
          >
            Delete scenario
          </button>
        ) : null}
        {marks.length ? (
          <button
            type="button"
            className={button.ghost}
            onClick={() => {
              setMarks([]);
              setActive(null);
              setName('');
            }}
          >
            Back to baseline
          </button>
        ) : null}
      </form>
      <p className={s.note} id={ids.summary} role="status" data-testid="plan-summary">
        {`${marks.length ? 'With this scenario' : 'Baseline'}: ${fitsAtClose} of ${plan.planned.length} deals fit from their expected close week, ${later} fit later, ${noFit} do not fit in the next ${horizonWeeks} weeks.`}
      </p>
      <label className={s.switchLabel} htmlFor={ids.teams}>
        <input
          id={ids.teams}
          type="checkbox"
          role="switch"
          checked={byTeam}
          onChange={(e) => setByTeam(e.target.checked)}
        />
        Show each role's teams
      </label>
      <div className={s.legend} aria-hidden="true">
        <span>
          <span className={`${s.swatch} ${s.plenty}`} />
          hours left
        </span>
        <span>
          <span className={`${s.swatch} ${s.some}`} />
          under a quarter left
        </span>
        <span>
          <span className={`${s.swatch} ${s.none}`} />
          none left
        </span>
        <span>
          <span className={`${s.swatch} ${s.placed}`} />
          deal staffed (hours a week)
        </span>
      </div>
      <div className={s.box}>
        <table className={s.table} data-testid="plan-table" aria-describedby={ids.summary}>
          <caption className={visuallyHidden}>
            Free hours by role and week after the deals staffed, each role's teams under it (a
            role's deal hours drawn from its teams in proportion to their free hours), then each
            deal with the weeks it is staffed in. {figureHelp('ifWonHours')}
          </caption>
          <colgroup>
            <col className={s.nameCol} />
            {weeks.map((w) => (
              <col key={w} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Role or deal</th>
              {weeks.map((w) => (
                <th
                  key={w}
                  scope="col"
                  className={w === currentWeekStart ? s.current : undefined}
                  aria-current={w === currentWeekStart ? 'date' : undefined}
                >
                  {formatDate(w, 'MMM d')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className={s.group}>
              <th scope="colgroup" colSpan={weeks.length + 1}>
                {byTeam ? 'Hours left by role and team' : 'Hours left by role'}
              </th>
            </tr>
            {props.free.map(({ role }) => (
              <Fragment key={role}>
                <tr data-testid="plan-role">
                  <th scope="row">{role}</th>
                  {weeks.map((w) => {
                    const had = free.get(role)?.get(w) ?? 0;
                    const left = plan.freeAfter.get(role)?.get(w) ?? had;
                    const baseLeft = baseline.freeAfter.get(role)?.get(w) ?? had;
                    const differs = marks.length > 0 && Math.round(baseLeft) !== Math.round(left);
                    return (
                      <td key={w} className={level(left, had)}>
                        {whole(left)}
                        <span className={visuallyHidden}>
                          {` hours left of ${whole(had)} free, ${whole(had - left)} taken by deals`}
                        </span>
                        {differs ? (
                          <span className={s.base}>
                            <span aria-hidden="true">base </span>
                            <span className={visuallyHidden}>; baseline </span>
                            {whole(baseLeft)}
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
                {byTeam
                  ? props.teams
                      .filter((t) => t.role === role)
                      .map((t) => (
                        <tr key={t.team} className={s.teamRow} data-testid="plan-team">
                          <th scope="row">
                            <span className={visuallyHidden}>{`${role}, `}</span>
                            {t.team}
                          </th>
                          {weeks.map((w, i) => {
                            const teamFree = t.hours[i] ?? 0;
                            const roleFree = free.get(role)?.get(w) ?? 0;
                            const roleLeft = plan.freeAfter.get(role)?.get(w) ?? roleFree;
                            const left = teamHoursLeft(teamFree, roleFree, roleLeft);
                            return (
                              <td key={w} className={level(left, teamFree)}>
                                {whole(left)}
                                <span className={visuallyHidden}>
                                  {` hours left of ${whole(teamFree)} free`}
                                </span>
                              </td>
                            );
                          })}
                        </tr>
                      ))
                  : null}
              </Fragment>
            ))}
            <tr className={s.group}>
              <th scope="colgroup" colSpan={weeks.length + 1}>
                Deals, in staffing order
              </th>
            </tr>
            {rows.map((d) => {
              const p = plannedById.get(d.id);
              const m = markOf.get(d.id);
              const verdict = verdictOf(d);
              const ok = verdict.startsWith('fits from') && !verdict.includes('short');
              const start = p?.earliestStart ?? null;
              const perWeek = d.ifWonHours !== null ? d.ifWonHours / dealWeeks : 0;
              return (
                <tr key={d.id} data-testid="plan-deal" data-deal-id={d.id}>
                  <th scope="row">
                    {props.pipedriveSite ? (
                      <SourceLink href={pipedriveDealUrl(props.pipedriveSite, d.id)}>
                        {d.title}
                      </SourceLink>
                    ) : (
                      d.title
                    )}
                    {d.valueText ? <span className={s.detail}>{d.valueText}</span> : null}
                    {d.ifWonHours !== null ? (
                      <span className={s.detail}>
                        {`${figureLabel('ifWonHours')} ${whole(d.ifWonHours)} h · ${figureLabel('expectedHours').toLowerCase()} ${whole(d.expectedHours ?? 0)} h (${d.probability}%)`}
                      </span>
                    ) : null}
                    {d.byRole.length ? (
                      <span className={s.detail}>
                        {`${d.byRole.map((r) => `${r.role} ${whole(r.hours)}`).join(', ')} · from ${d.roleSource ? ROLE_SOURCE_TEXT[d.roleSource] : ''}`}
                      </span>
                    ) : null}
                    <span
                      className={ok ? s.verdictFits : s.verdictShort}
                      data-testid="plan-verdict"
                    >
                      {verdict}
                    </span>
                    {d.unstaffable ? null : (
                      <span className={s.bar}>
                        <select
                          className={s.select}
                          aria-label={`${d.title}: in this scenario`}
                          value={m?.status ?? 'tentative'}
                          onChange={(e) => mark(d.id, { status: e.target.value as ScenarioStatus })}
                        >
                          {STATUSES.map((x) => (
                            <option key={x.value} value={x.value}>
                              {x.text}
                            </option>
                          ))}
                        </select>
                        <input
                          type="date"
                          className={s.select}
                          aria-label={`${d.title}: start no earlier than`}
                          value={m?.start ?? ''}
                          min={firstWeek}
                          onChange={(e) => mark(d.id, { start: e.target.value || null })}
                        />
                      </span>
                    )}
                  </th>
                  {weeks.map((w) => {
                    const on = start !== null && w >= start && w < shiftWeek(start, dealWeeks);
                    return on ? (
                      <td key={w} className={s.placed}>
                        {whole(perWeek)}
                        <span className={visuallyHidden}> hours staffed this week</span>
                      </td>
                    ) : (
                      <td key={w} />
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
