import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { consoleErrors } from './helpers/console';

// An unexpected console.error fails the test: it usually means a swallowed server error.
// A test that expects one calls allowConsoleErrors() first.
let errorSpy: MockInstance<typeof console.error> | null = null;
beforeEach(() => {
  consoleErrors.allowed = false;
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  if (calls.length > 0 && !consoleErrors.allowed) {
    throw new Error(
      `console.error was called unexpectedly:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
