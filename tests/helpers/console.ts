/** State shared with tests/setup.ts: whether the running test expects console.error output. */
export const consoleErrors = { allowed: false };

/** Call in a test that expects the server to log an error (a 500 path, an upstream failure). */
export function allowConsoleErrors(): void {
  consoleErrors.allowed = true;
}
