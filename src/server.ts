import { getConnInfo } from '@hono/node-server/conninfo';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createPasswordHasher } from './auth/password';
import { nodeScrypt } from './auth/password.node';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase, serverInfoPath } from './db/open';
import type { AssetManifest } from './render/assets';
import { demoCredentialsProblem, ensureDemoAdmin, isFullDemo } from './demo/admin';
import { startDemoMocks } from './demo/mocks';
import { seedDemoDashboard } from './demo/seed';
import { createDemoSpine } from './mocks/agency/spine';
import { createIntegrations } from './services/integrations';
import { startDailySnapshots } from './services/backup';
import { checkDatabaseMode, DatabaseModeError } from './services/database-mode';
import { createRefreshRunner, refreshSettingsFrom } from './services/refresh';
import { startRefreshSchedule } from './services/refresh-schedule';
import { alertsAfterRun } from './services/alerts';
import { startDigestSchedule } from './services/digest';
import { createMetrics } from './services/metrics';
import { createSlackNotifier } from './services/slack';
import {
  acquireDataDirLock,
  DataDirInUseError,
  type DataDirLock,
  EXIT_DATA_DIR_IN_USE,
} from './server/data-dir-lock';
import { bindPort, EXIT_PORT_IN_USE, PortInUseError } from './server/listen';
import { serverFetch } from './server/root';
import { createSmtpMailer } from './server/smtp-mailer';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let lock: DataDirLock | null = null;

async function main() {
  const config = loadConfig(process.env);
  // The embedded database belongs to one process: the lock comes first, then the port, and
  // only then is the database opened (docs/decisions/162-one-owner-of-the-data-folder.md).
  if (!config.DATABASE_URL) lock = acquireDataDirLock(config.DATA_DIR, 'server');
  const bound = await bindPort({ port: config.PORT, host: config.HOST });
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${bound.port}`;
  lock?.update({ port: bound.port, url });
  const db = await openDatabase(config);
  const applied = await migrate(db);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  // Before anything is written: demo data never joins real data, nor real data the demo's.
  await checkDatabaseMode(db, config);
  const passwords = createPasswordHasher(nodeScrypt);

  const demo = config.jiraDemo || config.forecastDemo;
  // Demo mode: the demo services' clients get a fetch that MSW's handlers answer in-process.
  const mocks = demo ? startDemoMocks(config, new Date()) : null;
  const demoFetch = mocks?.fetch;
  // One registry for this process, handed to everything that counts (GET /metrics).
  const metrics = createMetrics();
  const onResponse = metrics.upstreamResponse;
  const integrations = createIntegrations(config, { demoFetch, onResponse });

  const credentialsProblem = await demoCredentialsProblem(db, config, process.env, passwords);
  if (credentialsProblem) {
    if (config.NODE_ENV === 'production') throw new DemoCredentialsError(credentialsProblem);
    console.warn(`Warning: ${credentialsProblem}`);
  }
  if (demo) {
    const demoParts = [config.jiraDemo && 'Jira', config.forecastDemo && 'Forecast']
      .filter(Boolean)
      .join(' and ');
    console.log(`Demo mode (${demoParts} from the built-in demo agency).`);
    if (isFullDemo(config)) await ensureDemoAdmin(db, config, passwords);
    if (config.jiraDemo && config.forecastDemo) {
      // A failed seed leaves an empty (but working) dashboard rather than no dashboard at all.
      await seedDemoDashboard(db, integrations, {
        spine: createDemoSpine({ scale: config.DEMO_SCALE }),
        now: new Date(),
        timeZone: config.AGENCY_TIMEZONE,
        log: (line) => console.log(line),
      }).catch((error) =>
        console.error(`The demo data could not be loaded: ${(error as Error).message}`),
      );
    }
    if (isFullDemo(config))
      console.log(`Demo admin: ${config.DEMO_ADMIN_EMAIL} / ${config.DEMO_ADMIN_PASSWORD}`);
  }

  const assets = JSON.parse(
    readFileSync(path.join(distDir, 'manifest.json'), 'utf8'),
  ) as AssetManifest;
  const internalToken = db.kind === 'pglite' ? randomBytes(32).toString('hex') : undefined;

  const runner = `node ${process.pid}@${hostname()}`;
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.DIGEST_FROM)
    : undefined;
  // Alert rules run after every refresh run (docs/decisions/201-alert-lifecycle.md).
  const evaluateAlerts = alertsAfterRun({
    db,
    clock: () => new Date(),
    timeZone: config.AGENCY_TIMEZONE,
    qaStatus: config.JIRA_QA_STATUS,
    publicHolidays: config.publicHolidays,
    companyCurrency: config.COMPANY_CURRENCY,
    slack: config.SLACK_WEBHOOK_URL ? createSlackNotifier(config.SLACK_WEBHOOK_URL) : undefined,
    log: (line) => console.error(line),
  });
  const refresh = createRefreshRunner({
    db,
    connect: (onRequest, onSkipped, limits) =>
      createIntegrations(config, { onRequest, onSkipped, demoFetch, onResponse, ...limits }),
    clock: () => new Date(),
    timeZone: config.AGENCY_TIMEZONE,
    settings: refreshSettingsFrom(config),
    runner,
    log: (line) => console.log(line),
    afterRun: evaluateAlerts,
    metrics,
  });

  const app = createApp({
    db,
    config,
    clock: () => new Date(),
    passwords,
    assets,
    ...integrations,
    clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown',
    peerAddress: (c) => getConnInfo(c).remote.address,
    metrics,
    internalToken,
    refresh,
    // A Sync now run goes on after its response; the runner records its own failures.
    defer: (task) => void task.catch(() => {}),
    mailer,
  });

  bound.ready(serverFetch(app.fetch, distDir, metrics.admissionDepth));
  // server.json first: whoever reads "listening" may use it at once.
  if (internalToken) {
    // Written beside and renamed over, so a reader never sees half a file.
    const info = serverInfoPath(config);
    writeFileSync(
      `${info}.${process.pid}.tmp`,
      JSON.stringify({ pid: process.pid, url, token: internalToken }),
      {
        mode: 0o600,
      },
    );
    renameSync(`${info}.${process.pid}.tmp`, info);
  }
  console.log(
    `Agency Dashboard listening on ${url} (database: ${db.kind === 'pglite' ? `embedded, ${config.DATA_DIR}` : 'PostgreSQL'})`,
  );
  const server = bound.server;

  // Background refresh: pages only read Postgres; this keeps it current, one runner at a time
  // across every process on this database (services/refresh.ts). Started after listen() so
  // the first page never waits for upstream.
  const schedule = startRefreshSchedule(refresh);
  // The stored data may already hold alerts (a restart, the demo seed) before any run ends.
  void evaluateAlerts().catch((error) => console.error('Alert rules could not run:', error));
  // The Monday digest: every process asks, one claims each week (docs/decisions/202).
  const digest = startDigestSchedule({
    db,
    mailer,
    clock: () => new Date(),
    timeZone: config.AGENCY_TIMEZONE,
    qaStatus: config.JIRA_QA_STATUS,
    publicHolidays: config.publicHolidays,
    companyCurrency: config.COMPANY_CURRENCY,
    runner,
    origin: config.PUBLIC_ORIGIN,
    log: (line) => console.log(line),
  });

  // The owner of the embedded database keeps its daily snapshots (docs/decisions/273).
  const snapshots =
    db.dumpDataDir && config.BACKUPS_KEPT > 0
      ? startDailySnapshots(db, {
          dir: path.resolve(config.DATA_DIR, 'backups'),
          keep: config.BACKUPS_KEPT,
          clock: () => new Date(),
          log: (line) => console.log(line),
        })
      : null;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    schedule.stop();
    digest.stop();
    snapshots?.stop();
    await refresh
      .abandon('The server stopped during the run; nothing it had not finished was stored.')
      .catch(() => {});
    mocks?.close();
    if (internalToken) removeOwnServerInfo(serverInfoPath(config));
    server.close();
    await db.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

class DemoCredentialsError extends Error {
  override name = 'DemoCredentialsError';
}

/** server.json says how to reach the owner; only the owner removes it. */
function removeOwnServerInfo(file: string) {
  try {
    if ((JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid !== process.pid) return;
  } catch {
    return;
  }
  rmSync(file, { force: true });
}

main().catch((error) => {
  lock?.release();
  if (error instanceof DataDirInUseError || error instanceof PortInUseError) {
    console.error(`The server did not start: ${error.message}`);
    process.exit(error instanceof DataDirInUseError ? EXIT_DATA_DIR_IN_USE : EXIT_PORT_IN_USE);
  }
  if (
    error instanceof ConfigError ||
    error instanceof DemoCredentialsError ||
    error instanceof DatabaseModeError
  )
    console.error(error.message);
  else console.error('The server could not start:', error);
  process.exit(1);
});
