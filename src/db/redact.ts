/**
 * Database errors carry the statement's parameters (PGlite as enumerable `params`, postgres.js as
 * `parameters` and `args`), which console.error prints: passwords' hashes, emails, tokens. They are
 * replaced before the error leaves the adapter, and so is PostgreSQL's `detail`, which quotes the
 * failing row's values ('Failing row contains (...)', 'Key (email)=(...)'). The SQL text, the
 * message, the code and the constraint's name stay for diagnosis.
 */
const PARAMETER_KEYS = ['params', 'parameters', 'args', 'detail'] as const;

export function redactParameters(error: unknown): unknown {
  if (!error || typeof error !== 'object') return error;
  for (const key of PARAMETER_KEYS) {
    if (!(key in error)) continue;
    const value = (error as Record<string, unknown>)[key];
    const redacted =
      key === 'detail'
        ? '[detail redacted]'
        : `[${Array.isArray(value) ? value.length : 0} parameters redacted]`;
    try {
      Object.defineProperty(error, key, {
        value: redacted,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    } catch {
      // A frozen property: leave the error as it is rather than lose it.
    }
  }
  return error;
}
