import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, type Plugin } from 'vitest/config';
import { ProcessFilesFirst } from './tests/sequencer.ts';

/** Loads sql/*.sql as text, as esbuild's text loader does in the real build. */
const sqlText: Plugin = {
  name: 'sql-text',
  transform(code, id) {
    if (id.endsWith('.sql')) return { code: `export default ${JSON.stringify(code)};`, map: null };
  },
};

export default defineConfig({
  plugins: [vanillaExtractPlugin(), sqlText],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    // One migrated template per run; each test file copies it (tests/helpers/db.ts).
    globalSetup: ['tests/global-setup.ts'],
    // The machines vary in speed: the same suite took 330 s on one and 780 s on another, where
    // the longest browser flow (tests/e2e/portfolio-table.test.ts) took 29.5 s of 30.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A browser test polls for what a click changes (a fetch and a render): 1 s by default,
    // 5 s here, for the same reason.
    expect: { poll: { timeout: 5_000 } },
    pool: 'forks',
    // Files share their worker's modules instead of importing everything afresh: the app keeps
    // no module state (each test builds its own app and database), and re-importing cost 40%
    // of the suite's CPU (src/shared: 31.5 against 16.4 s of CPU; src/routes/api: 165 against 100 s).
    isolate: false,
    // Each test file gets its own database; two cores, so two files at a time.
    maxWorkers: 2,
    sequence: { sequencer: ProcessFilesFirst },
  },
});
