import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { badge, button, table } from '../components/ui.css';
import { ROLES, type Role } from '../shared/roles';
import * as s from './UsersAdmin.css';

export interface UserRow {
  id: string;
  email: string;
  role: Role;
  approved: boolean;
  createdAt: string;
}
/** What POST /api/admin/users/:id/reset-link answers. */
interface IssuedLink {
  link: string;
  email: string;
  expiresAt: string;
  emailed: boolean;
  mailError: string | null;
}

export interface Props {
  users: UserRow[];
  currentUserId: string;
}

/** A question the admin answers before an action on someone else's account. */
type Asked = { kind: 'revoke' | 'reset-link'; user: UserRow };

/**
 * Admin-only list of accounts: approve or revoke, set roles, and make a password reset link.
 * Revoking and making a link ask first: each ends or replaces what the person has now.
 */
export default function UsersAdmin({ users: initialUsers, currentUserId }: Props) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['/api/admin/users'],
    queryFn: () => apiRequest<{ users: UserRow[] }>('GET', '/api/admin/users'),
    initialData: { users: initialUsers },
  });
  const update = useMutation({
    mutationFn: ({
      id,
      change,
    }: {
      id: string;
      change: Partial<Pick<UserRow, 'approved' | 'role'>>;
    }) => apiRequest<{ user: UserRow }>('PATCH', `/api/admin/users/${id}`, change),
    onSuccess: ({ user }, { change }) => {
      toast(
        change.approved === false
          ? {
              title: 'Access revoked',
              description: `${user.email} is signed out and cannot sign in until an admin approves the account again.`,
            }
          : {
              title: 'User updated',
              description: `${user.email}: ${user.approved ? 'approved' : 'not approved'}, ${user.role}`,
            },
      );
      return queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to update user'),
        variant: 'destructive',
      }),
  });

  const resetLink = useMutation({
    mutationFn: (user: UserRow) =>
      apiRequest<IssuedLink>('POST', `/api/admin/users/${user.id}/reset-link`),
    onSuccess: (issued) =>
      toast({
        title: 'Reset link ready',
        description: issued.emailed
          ? `The link was e-mailed to ${issued.email}.`
          : `Copy the link below and send it to ${issued.email}.`,
      }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to make a reset link'),
        variant: 'destructive',
      }),
  });
  const issued = resetLink.data;
  const [asked, setAsked] = useState<Asked | null>(null);

  if (data.users.length === 0) return <p>No accounts yet.</p>;
  return (
    <>
      {issued ? (
        <div role="status" className={s.issued} data-testid="reset-link">
          <p>
            {`One-time reset link for ${issued.email}, valid until ${issued.expiresAt.slice(0, 16).replace('T', ' ')} UTC`}
            {issued.emailed
              ? ' (also e-mailed to them):'
              : issued.mailError
                ? ` (the e-mail could not be sent: ${issued.mailError}):`
                : ':'}
          </p>
          <input
            className={s.linkField}
            readOnly
            aria-label={`Reset link for ${issued.email}`}
            value={issued.link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}
      <div data-scroll-x>
        <table className={table}>
          <thead>
            <tr>
              <th className={s.head}>Email</th>
              <th className={s.head}>Status</th>
              <th className={s.head}>Role</th>
              <th className={s.head}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.users.map((u) => {
              const self = u.id === currentUserId;
              const pending = update.isPending && update.variables?.id === u.id;
              return (
                <tr key={u.id} className={s.row}>
                  <td className={s.cell}>{u.email}</td>
                  <td className={s.cell}>
                    {u.approved ? (
                      <span className={badge.green}>Approved</span>
                    ) : (
                      <span className={badge.amber}>Awaiting approval</span>
                    )}
                  </td>
                  <td className={s.cell}>
                    <select
                      className={s.select}
                      aria-label={`Role of ${u.email}`}
                      value={u.role}
                      disabled={self || pending}
                      onChange={(e) =>
                        update.mutate({
                          id: u.id,
                          change: { role: e.target.value as UserRow['role'] },
                        })
                      }
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className={s.cell}>
                    <div className={s.actions}>
                      {u.approved ? (
                        <button
                          key="revoke"
                          type="button"
                          className={button.secondary}
                          aria-label={`Revoke ${u.email}`}
                          disabled={self || pending}
                          onClick={() => setAsked({ kind: 'revoke', user: u })}
                        >
                          Revoke
                        </button>
                      ) : (
                        <button
                          key="approve"
                          type="button"
                          className={button.primary}
                          disabled={pending}
                          onClick={() => update.mutate({ id: u.id, change: { approved: true } })}
                        >
                          Approve
                        </button>
                      )}
                      {self ? (
                        <span className={badge.grey}>You</span>
                      ) : (
                        <button
                          type="button"
                          className={button.secondary}
                          aria-label={`Make a password reset link for ${u.email}`}
                          disabled={resetLink.isPending}
                          onClick={() => setAsked({ kind: 'reset-link', user: u })}
                        >
                          Reset link
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={asked?.kind === 'revoke'}
        title={`Revoke ${asked?.user.email ?? ''}?`}
        description="They are signed out everywhere at once and cannot sign in until an admin approves the account again."
        confirmLabel="Revoke access"
        testId="confirm-revoke"
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) update.mutate({ id: asked.user.id, change: { approved: false } });
          setAsked(null);
        }}
      />
      <ConfirmDialog
        open={asked?.kind === 'reset-link'}
        title={`Make a password reset link for ${asked?.user.email ?? ''}?`}
        description="Anyone holding the link can set a new password for this account until it expires, so send it only to them. An earlier link they were sent stops working."
        confirmLabel="Make the link"
        tone="primary"
        testId="confirm-reset-link"
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked) resetLink.mutate(asked.user);
          setAsked(null);
        }}
      />
    </>
  );
}
