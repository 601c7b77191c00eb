import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { loadFreshness } from '../../services/freshness';
import { loadSyncHistory, toSyncRunJson } from '../../services/sync-history';

/**
 * Sync now, its live progress and the sync history (docs/decisions/131): admins only, guarded
 * once for the whole sub-app. Progress is polled; the run itself lives in PostgreSQL, so it
 * survives a reload and shows the same from every process.
 */
export const syncApi = new Hono<AppEnv>()
  .use('*', requireAbility('sync.run'))
  .get('/', async (c) => {
    const { deps, user } = c.var;
    const [running, freshness] = await Promise.all([
      deps.refresh.currentRun(),
      loadFreshness(deps, ['jira', 'billing', 'time'], user!),
    ]);
    return c.json({ running: running ? toSyncRunJson(running) : null, freshness });
  })
  .post('/', async (c) => {
    const { deps, user } = c.var;
    const result = await deps.refresh.start('sync_now', { requestedBy: user!.email });
    if (result.started) {
      deps.defer(result.done);
      return c.json({ started: true, run: toSyncRunJson(result.run) }, 202);
    }
    // The lease is held: the run in progress is the answer (a second click shows it).
    return c.json(
      {
        started: false,
        run: result.run ? toSyncRunJson(result.run) : null,
        message: 'A sync is already running; its progress is shown below.',
      },
      200,
    );
  })
  .get('/runs', async (c) => c.json({ runs: await loadSyncHistory(c.var.deps.db) }));
