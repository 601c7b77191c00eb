import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { XIcon } from '../components/icons';
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
  gridRows,
  hasEdits,
  isAway,
  NO_EDITS,
  removeMember,
  savePayload,
  teamMembers,
  toggleCell,
  type LocalEdits,
} from './developers/availability';
import type { AvailabilityResponse, TeamMember } from '../shared/availability';
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

  const { data: saved } = useQuery({
    queryKey: [AVAILABILITY_PATH],
    queryFn: () => apiRequest<AvailabilityResponse>('GET', AVAILABILITY_PATH),
    initialData: availability,
  });

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
        return await apiRequest<AvailabilityResponse>(
          'POST',
          AVAILABILITY_PATH,
          savePayload(saved, edits),
        );
      } catch (error) {
        throw new Error(serverMessage(error, 'Failed to save availability'));
      }
    },
    onSuccess: (next) => {
      queryClient.setQueryData([AVAILABILITY_PATH], next);
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

  const members = teamMembers(saved, edits);
  const rows = gridRows(members, weekStart);
  const days = weekDays(weekStart);

  return (
    <section className={card} aria-label="Developer availability">
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
                  <span className={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.accountId} data-testid="availability-row" data-account-id={m.accountId}>
                  <th scope="row" className={s.nameCell}>
                    <span className={s.name}>{m.displayName}</span>
                    {m.endDate ? <span className={s.inactive}>(Inactive)</span> : null}
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
                  {days.map((day) => {
                    const away = isAway(saved, edits, m, day);
                    return (
                      <td key={day} className={s.dayCell}>
                        <button
                          type="button"
                          className={away ? s.toggle.away : s.toggle.available}
                          aria-pressed={away}
                          aria-label={`${m.displayName}, ${formatDate(day, 'EEEE MMM d')}: ${away ? 'Away' : 'Available'}`}
                          data-date={day}
                          {...edit.attrs}
                          onClick={unlessRefused(() =>
                            setEdits((e) => toggleCell(saved, e, m, day)),
                          )}
                        >
                          {away ? <XIcon size={18} /> : null}
                        </button>
                      </td>
                    );
                  })}
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
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className={s.legend} aria-label="Legend">
        <span className={s.legendItem}>
          <span className={s.swatch.available} aria-hidden="true" />
          Available
        </span>
        <span className={s.legendItem}>
          <span className={s.swatch.away} aria-hidden="true">
            <XIcon size={12} />
          </span>
          Away
        </span>
      </div>

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
