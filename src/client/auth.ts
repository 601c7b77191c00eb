/**
 * The /auth page's own script, standalone and without React (docs/decisions/142). The page is a
 * real form that posts to /auth; this sends it through the JSON calls instead, so the outcome
 * shows as the spec's toasts without a reload, and switches modes in place. React and the
 * Toaster island load only when the visitor starts using the form, after the first paint.
 */
import {
  ACCOUNT_CREATED,
  AUTH_FIELDS,
  AUTH_TEXTS,
  type AuthField,
  type AuthMode,
  authErrorId,
  isAuthMode,
} from '../shared/auth-texts';
import { NEW_PASSWORD_HINT } from '../shared/passwords';
import { ApiError, apiRequest, serverMessage } from './api';
import { toast } from './toast';

let toaster: Promise<void> | null = null;

/** The Toaster island (its rules are in the page's inlined stylesheet). */
function loadToaster(): Promise<void> {
  toaster ??= import('./hydrate').then(
    ({ hydrateIslands }) => hydrateIslands(),
    () => {
      // Offline for a moment: the next toast tries again.
      toaster = null;
    },
  );
  return toaster;
}

function enhance(form: HTMLFormElement): void {
  const modeField = form.elements.namedItem('mode') as HTMLInputElement;
  const password = form.elements.namedItem('password') as HTMLInputElement;
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const subtitle = document.querySelector<HTMLElement>('[data-auth="subtitle"]');
  const toggle = document.querySelector<HTMLButtonElement>('[data-auth-toggle]');
  const next = form.dataset.next || '/';
  let mode: AuthMode = isAuthMode(modeField.value) ? modeField.value : 'signin';
  let busy = false;
  const inputs: Record<AuthField, HTMLInputElement> = { email, password };

  /** The line under a field says what is wrong with it, or goes (docs/decisions/383). */
  const setFieldError = (field: AuthField, text: string) => {
    const input = inputs[field];
    const line = document.getElementById(authErrorId(field));
    if (line) {
      line.textContent = text;
      line.hidden = !text;
    }
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && id !== authErrorId(field));
    if (text) described.push(authErrorId(field));
    if (described.length) input.setAttribute('aria-describedby', described.join(' '));
    else input.removeAttribute('aria-describedby');
  };
  const clearFieldErrors = () => {
    for (const field of AUTH_FIELDS) setFieldError(field, '');
  };
  for (const field of AUTH_FIELDS)
    inputs[field].addEventListener('input', () => setFieldError(field, ''));

  const show = (m: AuthMode) => {
    mode = m;
    modeField.value = m;
    const texts = AUTH_TEXTS[m];
    if (subtitle) subtitle.textContent = texts.subtitle;
    submit.textContent = texts.submit;
    password.autocomplete = texts.autoComplete;
    const hint = document.getElementById('auth-password-hint');
    if (hint) {
      hint.hidden = m !== 'signup';
      hint.textContent = m === 'signup' ? NEW_PASSWORD_HINT : '';
    }
    clearFieldErrors();
    if (m === 'signup') password.setAttribute('aria-describedby', 'auth-password-hint');
    else password.removeAttribute('aria-describedby');
    if (toggle) {
      toggle.textContent = texts.toggle;
      toggle.value = m === 'signin' ? 'signup' : 'signin';
    }
    // A notice from a no-script post belongs to the mode it came from.
    document.querySelector('[data-testid="auth-notice"]')?.remove();
  };

  toggle?.addEventListener('click', (e) => {
    e.preventDefault();
    show(mode === 'signin' ? 'signup' : 'signin');
  });
  form.addEventListener('focusin', () => void loadToaster(), { once: true });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (busy) return;
    busy = true;
    const submitting = mode;
    submit.disabled = true;
    submit.textContent = AUTH_TEXTS[submitting].busy;
    const body = { email: email.value, password: password.value };
    clearFieldErrors();
    try {
      if (submitting === 'signin') {
        await apiRequest('POST', '/api/login', body);
        window.location.assign(next);
        return;
      }
      await apiRequest('POST', '/api/signup', body);
      await loadToaster();
      toast({ ...ACCOUNT_CREATED });
      password.value = '';
      show('signin');
    } catch (error) {
      // A refusal that names the form's fields is said under each of them, and the first
      // takes the focus; anything else (a limit, a closed door) is the spec's toast.
      const named = error instanceof ApiError ? AUTH_FIELDS.filter((f) => error.fields[f]) : [];
      if (named.length > 0 && error instanceof ApiError) {
        for (const field of named) setFieldError(field, error.fields[field]!);
        inputs[named[0]!].focus();
        return;
      }
      const title = AUTH_TEXTS[submitting].failed;
      await loadToaster();
      toast({ title, description: serverMessage(error, title), variant: 'destructive' });
    } finally {
      busy = false;
      submit.disabled = false;
      if (mode === submitting) submit.textContent = AUTH_TEXTS[mode].submit;
    }
  });
  form.dataset.enhanced = 'true';
}

const form = document.querySelector<HTMLFormElement>('form[data-auth-form]');
if (form) enhance(form);
