import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { CheckIcon, XIcon } from '../components/icons';
import { button, card, visuallyHidden } from '../components/ui.css';
import { DownloadCsv } from '../components/DownloadCsv';
import { type Refusal, useRefusal } from '../components/Refusal';
import type { Role } from '../shared/roles';
import { WeekButtons } from '../components/WeekButtons';
import { exportHref } from '../shared/exports';
import { formatDate, formatWeekLabel } from '../shared/format';
import { shiftWeek, weekDays, type IsoDate } from '../shared/calendar';
import { AddTeamMemberModal } from './developers/AddTeamMemberModal';
import {
  addMember,
  availableDays,
  cellState,
  gridRows,
  hasEdits,
  NO_EDITS,
  removeMember,
  savePayload,
  startsAfterWeek,
  teamMembers,
  toggleCell,
  type LocalEdits,
} from './developers/availability';
import type { AvailabilityResponse, TeamMember } from '../shared/availability';
import type { CellState } from './developers/availability';
import { EmploymentDateModal, type EmploymentEdge } from './developers/EmploymentDateModal';
import * as s from './AvailabilityGrid.css';

export interface Props {
  /** The Monday of the agency's current week ('Current' returns here). */
  currentWeekStart: IsoDate;
  availability: AvailabilityResponse;
  /** The signed-in role, from the server: staff and admins edit the team and its days. */
  role: Role;
}

export const AVAILABILITY_PATH = '/api/developer-availability';

/**
 * Agency Settings' 'Developer Availability' (docs/product-spec.md, "Agency Settings"): the week
 * grid, the team and their employment dates.
 */
export default function AvailabilityGrid({ currentWeekStart, availability, role }: Props) {
  const queryClient = useQueryClient();
  const edit = useRefusal(role, 'developers.availability');
  const dates = useRefusal(role, 'developers.employment');
  /** Runs a change only for a role that may make it. */
  const unlessRefused = (fn: () => void) => () => {
    if (!edit.reason) fn();
  };
  const [weekStart, setWeekStart] = useState(currentWeekStart);
  const [edits, setEdits] = useState<LocalEdits>(NO_EDITS);
  const [adding, setAdding] = useState(false);
  const [dateModal, setDateModal] = useState<{ edge: EmploymentEdge; member: TeamMember } | null>(
    null,
  );

  // Each week has its own answer: the days derived from Forecast are the week's.
  const weekPath = `${AVAILABILITY_PATH}?weekStart=${weekStart}`;
  const { data: answer } = useQuery({
    queryKey: [AVAILABILITY_PATH, weekStart],
    queryFn: () => apiRequest<AvailabilityResponse>('GET', weekPath),
    initialData: weekStart === availability.derivedWeek ? availability : undefined,
    placeholderData: keepPreviousData,
  });
  const loaded = answer ?? availability;
  // Another week's answer stands in while this week's loads, without its derived days.
  const saved = loaded.derivedWeek === weekStart ? loaded : { ...loaded, derived: {} };

  const dirty = hasEdits(edits);
  // Leaving with unsaved changes asks first: they live only in this tab until saved.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = useMutation({
    mutationFn: async () => {
      try {
        return await apiRequest<AvailabilityResponse>('POST', weekPath, savePayload(saved, edits));
      } catch (error) {
        throw new Error(serverMessage(error, 'Failed to save availability'));
      }
    },
    onSuccess: (next) => {
      queryClient.setQueryData([AVAILABILITY_PATH, next.derivedWeek], next);
      // Other weeks' answers hold the old marks and team.
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === AVAILABILITY_PATH && q.queryKey[1] !== next.derivedWeek,
      });
      setEdits(NO_EDITS);
      toast({ title: 'Availability saved' });
    },
    onError: (error) =>
      toast({
        title: 'Failed to save availability',
        description: `${error.message} Your changes are still here; nothing was saved.`,
        variant: 'destructive',
      }),
  });

  // "Confirm week": the week is right as it is (docs/decisions/392); saved, audited, and its
  // availability alerts close. Unsaved changes are saved first, with Save Availability.
  const confirm = useMutation({
    mutationFn: () =>
      apiRequest<{ weekStart: string; alertsClosed: number }>(
        'POST',
        '/api/developer-availability/confirm',
        { weekStart },
      ),
    onSuccess: (result) =>
      toast({
        title: `Week of ${formatDate(result.weekStart)} confirmed`,
        description:
          result.alertsClosed > 0
            ? `${result.alertsClosed} availability alert${result.alertsClosed === 1 ? '' : 's'} closed.`
            : 'No availability alert will ask for it.',
      }),
    onError: (error) =>
      toast({
        title: 'Failed to confirm the week',
        description: serverMessage(error, 'Failed to confirm the week'),
        variant: 'destructive',
      }),
  });

  const members = teamMembers(saved, edits);
  const rows = gridRows(members, weekStart);
  const days = weekDays(weekStart);

  return (
    <section className={`${card} ${s.panel}`} aria-label="Developer availability">
      <div className={s.toolbar}>
        <span className={s.weekLabel} data-testid="availability-week" aria-live="polite">
          {formatWeekLabel(weekStart)}
        </span>
        <WeekButtons
          onPrevious={() => setWeekStart(shiftWeek(weekStart, -1))}
          onCurrent={() => setWeekStart(currentWeekStart)}
          onNext={() => setWeekStart(shiftWeek(weekStart, 1))}
        />
      </div>
      <div className={s.toolbar}>
        <button
          type="button"
          className={button.secondary}
          {...edit.attrs}
          onClick={unlessRefused(() => setAdding(true))}
          aria-haspopup="dialog"
        >
          Add
        </button>
        <div className={s.actions}>
          {dirty ? <span className={s.unsaved}>Unsaved changes</span> : null}
          {/* The saved availability: unsaved changes are not in the file until saved. */}
          <DownloadCsv href={exportHref.availability(weekStart)} />
          <button
            type="button"
            className={button.secondary}
            {...edit.attrs}
            onClick={unlessRefused(() => confirm.mutate())}
            disabled={confirm.isPending || dirty}
            title={
              dirty ? 'Save Availability first: Confirm week keeps the week as saved' : undefined
            }
          >
            {confirm.isPending ? 'Confirming...' : 'Confirm week'}
          </button>
          <button
            type="button"
            className={button.primary}
            onClick={unlessRefused(() => save.mutate())}
            disabled={save.isPending || !dirty}
          >
            {save.isPending ? 'Saving...' : 'Save Availability'}
          </button>
        </div>
        {edit.note}
        {dates.note}
      </div>

      {members.length === 0 ? (
        <p className={s.empty}>
          No team members selected. Add Jira users above to track their availability.
        </p>
      ) : rows.length === 0 ? (
        <p className={s.empty}>No selected team member is employed in this week.</p>
      ) : (
        <div className={s.scroller} data-scroll-x>
          <table className={s.grid} data-testid="availability-grid">
            <colgroup>
              <col className={s.nameCol} />
              {days.map((day) => (
                <col key={day} className={s.dayCol} />
              ))}
              <col className={s.totalCol} />
              <col className={s.removeCol} />
            </colgroup>
            <thead>
              <tr>
                <th scope="col" className={s.nameHead}>
                  Team member
                </th>
                {days.map((day) => (
                  <th key={day} scope="col" className={s.headCell}>
                    <span className={s.dayName}>{formatDate(day, 'EEEE')}</span>
                    {formatDate(day, 'MMM d')}
                  </th>
                ))}
                <th scope="col" className={s.headCell}>
                  Available days
                </th>
                <th scope="col" className={s.headCell}>
                  <span className={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => {
                const starts = startsAfterWeek(m, weekStart);
                const total = availableDays(saved, edits, m, weekStart);
                return (
                  <tr
                    key={m.accountId}
                    data-testid="availability-row"
                    data-account-id={m.accountId}
                  >
                    <th scope="row" className={s.nameCell}>
                      <span className={s.name}>{m.displayName}</span>
                      {m.endDate ? <span className={s.inactive}>(Inactive)</span> : null}
                      {starts ? (
                        <span className={s.starts} data-testid="starts">
                          starts {formatDate(starts)}
                        </span>
                      ) : null}
                      <div className={s.rowLinks}>
                        <DateLink
                          member={m}
                          edge="start"
                          refusal={dates}
                          onOpen={() => setDateModal({ edge: 'start', member: m })}
                        />
                        <DateLink
                          member={m}
                          edge="end"
                          refusal={dates}
                          onOpen={() => setDateModal({ edge: 'end', member: m })}
                        />
                      </div>
                    </th>
                    {days.map((day) => (
                      <td key={day} className={s.dayCell}>
                        <DayCell
                          member={m}
                          day={day}
                          state={cellState(saved, edits, m, day)}
                          attrs={edit.attrs}
                          onToggle={unlessRefused(() =>
                            setEdits((e) => toggleCell(saved, e, m, day)),
                          )}
                        />
                      </td>
                    ))}
                    <td className={s.totalCell} data-testid="available-days">
                      {daysText(total)}
                    </td>
                    <td className={s.removeCell}>
                      <button
                        type="button"
                        className={button.ghost}
                        aria-label={`Remove ${m.displayName}`}
                        {...edit.attrs}
                        onClick={unlessRefused(() =>
                          setEdits((e) => removeMember(saved, e, m.accountId)),
                        )}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className={s.nameCell}>
                  Team
                </th>
                {days.map((day) => {
                  const n = rows.filter((m) => {
                    const state = cellState(saved, edits, m, day);
                    return state.kind === 'day' && !state.away;
                  }).length;
                  return (
                    <td key={day} className={s.footCell}>
                      {n} available
                    </td>
                  );
                })}
                <td className={s.totalCell} data-testid="team-available-days">
                  {daysText(
                    rows.reduce((sum, m) => sum + availableDays(saved, edits, m, weekStart), 0),
                  )}
                </td>
                <td className={s.footCell} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}

      <ul className={s.legend} aria-label="Legend">
        <li className={s.legendItem}>
          <span className={s.swatch.available} aria-hidden="true">
            <CheckIcon size={12} />
          </span>
          Available
        </li>
        <li className={s.legendItem}>
          <span className={s.swatch.away} aria-hidden="true">
            <XIcon size={12} />
          </span>
          Away
        </li>
        <li className={s.legendItem}>
          <span className={s.swatch.outside} aria-hidden="true">
            —
          </span>
          Not employed
        </li>
        <li className={s.legendItem}>
          Small text under a day: from Forecast (a holiday or leave); marking the day by hand wins.
        </li>
      </ul>

      <AddTeamMemberModal
        open={adding}
        onClose={() => setAdding(false)}
        members={members}
        onAdd={(user) => setEdits((e) => addMember(e, user))}
        onRemove={(accountId) => setEdits((e) => removeMember(saved, e, accountId))}
      />
      {dateModal ? (
        <EmploymentDateModal
          key={`${dateModal.edge}-${dateModal.member.accountId}`}
          edge={dateModal.edge}
          member={dateModal.member}
          onClose={() => setDateModal(null)}
        />
      ) : null}
    </section>
  );
}

const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** One day of one person: a toggle within employment, an inert 'not employed' outside it. */
function DayCell({
  member,
  day,
  state,
  attrs,
  onToggle,
}: {
  member: TeamMember;
  day: IsoDate;
  state: CellState;
  /** The refusal's attributes, when this role may not mark days. */
  attrs: Refusal['attrs'];
  onToggle: () => void;
}) {
  const who = `${member.displayName}, ${formatDate(day, 'EEEE MMM d')}`;
  if (state.kind === 'not-employed')
    return (
      <span className={s.outside} data-date={day} data-testid="not-employed">
        <span aria-hidden="true">—</span>
        <span className={s.cellText}>
          <span className={visuallyHidden}>{who}: </span>not employed
        </span>
      </span>
    );
  const label = state.away ? 'Away' : 'Available';
  // The name begins with the words on the button (axe: label-content-name-mismatch).
  const why = state.source ? ` (${state.source})${state.overridden ? ', marked by hand' : ''}` : '';
  return (
    <button
      type="button"
      className={state.away ? s.toggle.away : s.toggle.available}
      aria-pressed={state.away}
      aria-label={`${who}: ${label}${why}`}
      data-date={day}
      {...attrs}
      // The refusal's reason, when this role may not mark days, wins over the day's own.
      title={attrs.title ?? `${label}${why}`}
      onClick={onToggle}
    >
      <span className={s.cellMain} aria-hidden="true">
        {state.away ? <XIcon size={16} /> : <CheckIcon size={16} />}
        <span className={s.cellText}>{label}</span>
      </span>
      {state.source ? (
        <span className={s.source} aria-hidden="true">
          {` (${state.source})`}
        </span>
      ) : null}
    </button>
  );
}

function DateLink({
  member,
  edge,
  refusal,
  onOpen,
}: {
  member: TeamMember & { saved: boolean };
  edge: EmploymentEdge;
  /** Why this role may not change employment dates, if it may not. */
  refusal: Refusal;
  onOpen: () => void;
}) {
  const date = edge === 'start' ? member.startDate : member.endDate;
  const text = date
    ? `${edge === 'start' ? 'Start' : 'End'}: ${formatDate(date)}`
    : edge === 'start'
      ? 'Set Start Date'
      : 'Set End Date';
  // Dates are saved at once against the stored team member, so a new member is saved first.
  return (
    <button
      type="button"
      className={`${button.link} ${s.smallLink}`}
      onClick={() => {
        if (!refusal.reason) onOpen();
      }}
      disabled={!member.saved}
      title={member.saved ? undefined : 'Save Availability first to set employment dates'}
      aria-haspopup="dialog"
      {...refusal.attrs}
    >
      {text}
    </button>
  );
}
