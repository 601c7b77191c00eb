import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { button, field, input, label, muted } from '../components/ui.css';
import { NEW_PASSWORD_HINT } from '../shared/passwords';

export interface Props {
  /** 'change': the signed-in person's own password; 'reset': with an admin's one-time link. */
  mode: 'change' | 'reset';
  /** The link's token, for 'reset'. */
  token?: string | null;
}

/**
 * 'Change password' (current and new) and setting a password with a reset link
 * (docs/decisions/167-passwords-changed-and-reset.md). The new password is typed twice; the server
 * applies the same policy as sign-up and says why it refuses one.
 */
export default function PasswordForm({ mode, token = null }: Props) {
  const ids = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const mismatch = again !== '' && next !== again;

  const save = useMutation({
    mutationFn: () =>
      mode === 'change'
        ? apiRequest<{ message: string }>('POST', '/api/account/password', {
            currentPassword: current,
            newPassword: next,
          })
        : apiRequest<{ message: string }>('POST', '/api/password-reset', {
            token,
            newPassword: next,
          }),
    onSuccess: ({ message }) => {
      setCurrent('');
      setNext('');
      setAgain('');
      setDone(message);
      toast({ title: 'Password changed', description: message });
    },
    onError: (error) =>
      toast({
        title: 'Password not changed',
        description: serverMessage(error, 'Failed to change the password'),
        variant: 'destructive',
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || mismatch || next === '') return;
    save.mutate();
  };

  if (mode === 'reset' && !token)
    return (
      <p role="alert">
        This page needs the whole reset link the admin gave you. Open the link again, or ask an
        admin for a new one.
      </p>
    );
  if (mode === 'reset' && done)
    return (
      <p role="status">
        {done} <a href="/auth">Go to sign in</a>
      </p>
    );

  return (
    <form
      onSubmit={submit}
      aria-label={mode === 'change' ? 'Change password' : 'Set a new password'}
    >
      {mode === 'change' ? (
        <div className={field}>
          <label className={label} htmlFor={`${ids}-current`}>
            Current password
          </label>
          <input
            id={`${ids}-current`}
            className={input}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
      ) : null}
      <div className={field}>
        <label className={label} htmlFor={`${ids}-new`}>
          New password
        </label>
        <input
          id={`${ids}-new`}
          className={input}
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={`${ids}-hint`}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <p id={`${ids}-hint`} className={muted}>
          {NEW_PASSWORD_HINT}
        </p>
      </div>
      <div className={field}>
        <label className={label} htmlFor={`${ids}-again`}>
          New password again
        </label>
        <input
          id={`${ids}-again`}
          className={input}
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={mismatch}
          aria-describedby={mismatch ? `${ids}-mismatch` : undefined}
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        {mismatch ? (
          <p id={`${ids}-mismatch`} role="alert">
            The two new passwords differ.
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className={button.primary}
        disabled={save.isPending || mismatch || next === '' || again === ''}
      >
        {save.isPending ? 'Saving...' : mode === 'change' ? 'Change password' : 'Set password'}
      </button>
      {mode === 'change' && done ? (
        <p role="status" className={muted}>
          {done}
        </p>
      ) : null}
    </form>
  );
}
