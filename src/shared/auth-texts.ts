export type AuthMode = 'signin' | 'signup';

/**
 * The texts of each mode of the /auth form (docs/product-spec.md, "Sign-in / sign-up (/auth)"),
 * for the server's page and the script that switches modes in place.
 */
export const AUTH_TEXTS = {
  signin: {
    subtitle: 'Sign in to access your project management dashboard',
    submit: 'Sign In',
    busy: 'Signing in...',
    toggle: 'Need an account? Sign up',
    autoComplete: 'current-password',
    failed: 'Login failed',
  },
  signup: {
    subtitle: 'Create an account to request access to the dashboard',
    submit: 'Create Account',
    busy: 'Creating account...',
    toggle: 'Already have an account? Sign in',
    autoComplete: 'new-password',
    failed: 'Signup failed',
  },
} as const;

/** docs/product-spec.md, "Error catalogue": the toast after a sign-up is accepted. */
export const ACCOUNT_CREATED = {
  title: 'Account created',
  description: 'An admin is reviewing your account. You can sign in once it is approved.',
} as const;

export const isAuthMode = (value: unknown): value is AuthMode =>
  value === 'signin' || value === 'signup';

/** The /auth form's fields that a refusal can name (docs/decisions/383). */
export const AUTH_FIELDS = ['email', 'password'] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];
/** The id of the error line under a field, shared by the page and its script. */
export const authErrorId = (field: AuthField) => `auth-${field}-error`;
