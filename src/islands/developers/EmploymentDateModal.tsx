import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiRequest, serverMessage } from '../../client/api';
import { Dialog } from '../../components/Dialog';
import { button, field, input, label } from '../../components/ui.css';
import type { TeamMember } from '../../shared/availability';
import * as s from './TeamMemberDialogs.css';

export type EmploymentEdge = 'start' | 'end';

const TEXT = {
  start: {
    title: 'Start of Employment',
    field: 'Start Date (optional)',
    hint: "Leave empty to remove start date. Before this date, they won't count in Available Points calculations.",
    save: 'Save Start Date',
    path: '/api/developer-start-date',
    failure: 'Failed to set start date',
  },
  end: {
    title: 'End of Employment',
    field: 'End Date (optional)',
    hint: "Leave empty to remove end date. After this date, they won't count in Available Points calculations.",
    save: 'Save End Date',
    path: '/api/developer-end-date',
    failure: 'Failed to set end date',
  },
} as const;

/**
 * The 'Start of Employment' and 'End of Employment' modals (docs/product-spec.md,
 * "Agency Settings"): the date saves at once; on success availability and available points are
 * refreshed and the modal closes, on failure it stays open and says so.
 */
export function EmploymentDateModal({
  edge,
  member,
  onClose,
}: {
  edge: EmploymentEdge;
  member: TeamMember;
  onClose: () => void;
}) {
  const text = TEXT[edge];
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState<string>(
    (edge === 'start' ? member.startDate : member.endDate) ?? '',
  );

  const save = useMutation({
    mutationFn: async (date: string | null) => {
      const body =
        edge === 'start'
          ? { accountId: member.accountId, startDate: date }
          : { accountId: member.accountId, endDate: date };
      try {
        return await apiRequest('POST', text.path, body);
      } catch (error) {
        // The spec's own words first, then the server's reason (an end before the start, say).
        throw new Error(`${text.failure}. ${serverMessage(error, '')}`.trim());
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        predicate: (q) => {
          const key = q.queryKey[0];
          return (
            typeof key === 'string' &&
            (key === '/api/developer-availability' ||
              key.startsWith('/api/developer-available-points'))
          );
        },
      });
      onClose();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value === '' ? null : value);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={text.title}
      description={member.displayName}
      size="sm"
      testId={`${edge}-date-modal`}
    >
      <form onSubmit={submit} noValidate>
        {save.isError ? (
          <p className={s.formError} role="alert">
            {save.error.message}
          </p>
        ) : null}
        <div className={field}>
          <label className={label} htmlFor={inputId}>
            {text.field}
          </label>
          <input
            id={inputId}
            className={input}
            type="date"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-describedby={hintId}
          />
          <p id={hintId} className={s.hint}>
            {text.hint}
          </p>
        </div>
        <div className={s.dialogActions}>
          <button type="button" className={button.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={button.primary} disabled={save.isPending}>
            {text.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
