import type { CapacityWeek } from '../../shared/capacity';
import type { IsoDate } from '../../shared/calendar';
import { figureHelp } from '../../shared/figures';
import { formatPlanHours, formatPlanHoursOf } from '../../shared/format';
import { WarningIcon } from '../icons';
import { visuallyHidden } from '../ui.css';
import * as s from './capacity.css';
import { ScrollBox } from './ScrollBox';
import { WeekHeads } from './WeekHeads';

export interface CapacityGridData {
  weeks: CapacityWeek[];
  teams: { team: string; weeks: CapacityWeek[] }[];
  people: { id: number; name: string; team: string; weeks: CapacityWeek[] }[];
}

/**
 * One week of a person, a team or everyone: utilisation, allocated of available hours and what
 * is free. An over-allocated week says so in words and with an icon, not by its tint alone.
 */
function WeekCell({ week, current }: { week: CapacityWeek; current: boolean }) {
  const over = week.overAllocated;
  const cls = [over ? s.warn : '', current && !over ? s.currentWeek : ''].filter(Boolean);
  return (
    <td className={[s.weekCell, ...cls].join(' ')} data-over={over ? '' : undefined}>
      <span className={`${s.line} ${over ? s.flag : ''}`}>
        {over ? <WarningIcon size={12} /> : null}
        {week.utilisation === null ? '—' : `${week.utilisation}%`}
      </span>
      {/* Read aloud in words; the slash keeps twelve weeks on a 1366 px screen. */}
      <span className={s.detail} aria-hidden="true">
        {formatPlanHoursOf(week.allocatedHours, week.availableHours)}
      </span>
      <span className={visuallyHidden}>
        {`${formatPlanHours(week.allocatedHours)} of ${formatPlanHours(week.availableHours)}`}
      </span>
      <span className={s.detail}>
        {over
          ? `${formatPlanHours(-week.freeHours)} over`
          : `${formatPlanHours(week.freeHours)} free`}
      </span>
      {over ? <span className={visuallyHidden}> (over-allocated)</span> : null}
    </td>
  );
}

/** People × weeks, team by team with each team's roll-up first, and the total row per week. */
export function CapacityGrid({
  data,
  currentWeekStart,
}: {
  data: CapacityGridData;
  currentWeekStart: IsoDate;
}) {
  const weeks = data.weeks.map((w) => w.weekStart);
  const cells = (row: readonly CapacityWeek[]) =>
    row.map((w) => (
      <WeekCell key={w.weekStart} week={w} current={w.weekStart === currentWeekStart} />
    ));
  return (
    <ScrollBox label="People by week">
      <table className={s.plan} data-testid="capacity-grid">
        <caption className={s.caption}>
          Each week: utilisation, allocated of available hours, and the hours free. Available:{' '}
          {figureHelp('availableHours')} Allocated: {figureHelp('allocatedHours')}
        </caption>
        <thead>
          <tr>
            <th scope="col">Person</th>
            <WeekHeads weeks={weeks} currentWeekStart={currentWeekStart} />
          </tr>
        </thead>
        {data.teams.map((team) => (
          <tbody key={team.team}>
            <tr className={s.teamRow}>
              <th scope="row">{team.team}</th>
              {cells(team.weeks)}
            </tr>
            {data.people
              .filter((p) => p.team === team.team)
              .map((p) => (
                <tr key={p.id}>
                  <th scope="row" className={s.person}>
                    {p.name}
                  </th>
                  {cells(p.weeks)}
                </tr>
              ))}
          </tbody>
        ))}
        <tfoot>
          <tr className={s.totalRow}>
            <th scope="row">All teams</th>
            {cells(data.weeks)}
          </tr>
        </tfoot>
      </table>
    </ScrollBox>
  );
}
