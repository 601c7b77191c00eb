import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createPasswordHasher } from './auth/password';
import { nodeScrypt } from './auth/password.node';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase, serverInfoPath } from './db/open';
import { createUser, getUserByEmail, updateUserAccess } from './db/users';
import type { AssetManifest } from './render/assets';
import { startDemoMocks } from './demo/mocks';
import { seedDemoDashboard } from './demo/seed';
import { createDemoSpine } from './mocks/agency/spine';
import { createIntegrations } from './services/integrations';
import { refreshStaleData } from './services/refresh';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  const applied = await migrate(db);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  const passwords = createPasswordHasher(nodeScrypt);

  const demo = config.jiraDemo || config.forecastDemo;
  // Demo mode: MSW answers the demo services in-process before any client makes a call.
  const mocks = demo ? startDemoMocks(config, new Date()) : null;
  const integrations = createIntegrations(config);

  if (demo) {
    // Make sure the demo admin exists and can sign in.
    const existing = await getUserByEmail(db, config.DEMO_ADMIN_EMAIL);
    if (!existing) {
      await createUser(db, { email: config.DEMO_ADMIN_EMAIL, passwordHash: await passwords.hash(config.DEMO_ADMIN_PASSWORD), role: 'admin', approved: true });
    } else if (!existing.approved || existing.role !== 'admin') {
      await updateUserAccess(db, existing.id, { approved: true, role: 'admin' });
    }
    const demoParts = [config.jiraDemo && 'Jira', config.forecastDemo && 'Forecast'].filter(Boolean).join(' and ');
    console.log(`Demo mode (${demoParts} from the built-in demo agency).`);
    if (config.jiraDemo && config.forecastDemo) {
      // A failed seed leaves an empty (but working) dashboard rather than no dashboard at all.
      await seedDemoDashboard(db, integrations, {
        spine: createDemoSpine({ scale: config.DEMO_SCALE }),
        now: new Date(),
        timeZone: config.AGENCY_TIMEZONE,
        log: (line) => console.log(line),
      }).catch((error) => console.error(`The demo data could not be loaded: ${(error as Error).message}`));
    }
    console.log(`Demo admin: ${config.DEMO_ADMIN_EMAIL} / ${config.DEMO_ADMIN_PASSWORD}`);
  }

  const assets = JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8')) as AssetManifest;
  const internalToken = db.kind === 'pglite' ? randomBytes(32).toString('hex') : undefined;

  const app = createApp({
    db,
    config,
    clock: () => new Date(),
    passwords,
    assets,
    ...integrations,
    clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown',
    internalToken,
  });

  const root = new Hono();
  // Pages, JSON and assets go gzip-compressed: the first paint on a slow link depends on it.
  root.use('*', compress());
  root.use('/assets/*', async (c, next) => {
    await next();
    // File names carry a content hash, so they never change: cache them for a year.
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  root.use('/assets/*', serveStatic({ root: path.relative(process.cwd(), path.join(distDir, 'public')) || '.' }));
  // Handed over whole (not root.route), so the app's own not-found page answers unknown paths.
  root.all('*', (c) => app.fetch(c.req.raw, c.env));

  const server = serve({ fetch: root.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${info.port}`;
    console.log(`Agency Dashboard listening on ${url} (database: ${db.kind === 'pglite' ? `embedded, ${config.DATA_DIR}` : 'PostgreSQL'})`);
    if (internalToken) {
      mkdirSync(config.DATA_DIR, { recursive: true });
      writeFileSync(serverInfoPath(config), JSON.stringify({ pid: process.pid, url, token: internalToken }), { mode: 0o600 });
    }
  });

  // Background refresh: pages only read Postgres; this keeps it current (services/refresh.ts).
  let refreshing = false;
  const refresh = async () => {
    if (refreshing) return;
    refreshing = true;
    try {
      const outcome = await refreshStaleData(db, integrations, { now: new Date(), timeZone: config.AGENCY_TIMEZONE });
      const failures = [outcome.timeSync, ...outcome.jiraProjects.map((p) => p.outcome)].filter((o) => o !== 'fresh' && o !== 'synced');
      if (failures.length) console.warn(`Background refresh: ${failures.join('; ')}`);
    } finally {
      refreshing = false;
    }
  };
  const refreshTimer = setInterval(() => void refresh(), 60_000);
  refreshTimer.unref();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(refreshTimer);
    mocks?.close();
    if (internalToken) rmSync(serverInfoPath(config), { force: true });
    server.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The server could not start:', error);
  process.exit(1);
});
