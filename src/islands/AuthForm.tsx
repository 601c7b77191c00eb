import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { button, card, field, input, label } from '../components/ui.css';
import { NEW_PASSWORD_HINT } from '../shared/passwords';
import * as s from './AuthForm.css';

export interface Props {
  /** Where to go after signing in. */
  next: string;
}

type Mode = 'signin' | 'signup';

/**
 * Sign-in and sign-up on /auth (docs/product-spec.md, "Sign-in / sign-up (/auth)"), with the toasts
 * of "Error catalogue".
 */
export default function AuthForm({ next }: Props) {
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const login = useMutation({
    mutationFn: () => apiRequest('POST', '/api/login', { email, password }),
    onSuccess: () => window.location.assign(next),
    onError: (error) =>
      toast({
        title: 'Login failed',
        description: serverMessage(error, 'Login failed'),
        variant: 'destructive',
      }),
  });
  const signup = useMutation({
    mutationFn: () => apiRequest('POST', '/api/signup', { email, password }),
    onSuccess: () => {
      toast({
        title: 'Account created',
        description: 'An admin is reviewing your account. You can sign in once it is approved.',
      });
      setPassword('');
      setMode('signin');
    },
    onError: (error) =>
      toast({
        title: 'Signup failed',
        description: serverMessage(error, 'Signup failed'),
        variant: 'destructive',
      }),
  });

  const busy = login.isPending || signup.isPending;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (mode === 'signin') login.mutate();
    else signup.mutate();
  };

  return (
    <div className={s.wrap}>
      <div className={`${card} ${s.panel}`}>
        <h1 className={s.brand}>Agency Dashboard</h1>
        <p className={s.subtitle}>
          {mode === 'signin'
            ? 'Sign in to access your project management dashboard'
            : 'Create an account to request access to the dashboard'}
        </p>
        <form onSubmit={onSubmit} noValidate={false}>
          <div className={field}>
            <label className={label} htmlFor="auth-email">
              Email
            </label>
            <input
              id="auth-email"
              className={input}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className={field}>
            <label className={label} htmlFor="auth-password">
              Password
            </label>
            <input
              id="auth-password"
              className={input}
              type="password"
              name="password"
              autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
              required
              aria-describedby={mode === 'signup' ? 'auth-password-hint' : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {mode === 'signup' ? (
              <p id="auth-password-hint" className={s.hint}>
                {NEW_PASSWORD_HINT}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${button.primary} ${s.submit}`} disabled={busy}>
            {mode === 'signin'
              ? login.isPending
                ? 'Signing in...'
                : 'Sign In'
              : signup.isPending
                ? 'Creating account...'
                : 'Create Account'}
          </button>
        </form>
        <div className={s.toggle}>
          <button
            type="button"
            className={button.link}
            onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
          >
            {mode === 'signin' ? 'Need an account? Sign up' : 'Already have an account? Sign in'}
          </button>
        </div>
      </div>
    </div>
  );
}
