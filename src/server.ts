import { getConnInfo } from '@hono/node-server/conninfo';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPasswordHasher } from './auth/password';
import { createRuntime } from './runtime';
import { nodeScrypt } from './auth/password.node';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase, serverInfoPath } from './db/open';
import type { AssetManifest } from './render/assets';
import { demoCredentialsProblem, ensureDemoAdmin, isFullDemo } from './demo/admin';
import { startDemoMocks } from './demo/mocks';
import { startLiveDemo } from './demo/live-demo';
import { seedDemoDashboard } from './demo/seed';
import { freshDemoShareLink } from './demo/share-link';
import { createDemoSpine } from './mocks/agency/spine';
import { startDailySnapshots } from './services/backup';
import { checkDatabaseMode, DatabaseModeError } from './services/database-mode';
import { startRefreshJobs } from './services/refresh-jobs';
import { startDigestJobs } from './services/digest';
import { createMetrics } from './services/metrics';
import {
  acquireDataDirLock,
  DataDirInUseError,
  type DataDirLock,
  EXIT_DATA_DIR_IN_USE,
} from './server/data-dir-lock';
import { bindPort, EXIT_PORT_IN_USE, PortInUseError } from './server/listen';
import { serverFetch } from './server/root';
import { createSmtpMailer } from './server/smtp-mailer';
import { startLive } from './server/live';
import { webhookSecretsFrom } from './services/live/receive';

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
  const assets = JSON.parse(
    readFileSync(path.join(distDir, 'manifest.json'), 'utf8'),
  ) as AssetManifest;
  const internalToken = db.kind === 'pglite' ? randomBytes(32).toString('hex') : undefined;

  const runner = `node ${process.pid}@${hostname()}`;
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.DIGEST_FROM)
    : undefined;
  // Webhook deliveries and jobs on the queue engine over this database (docs/decisions/400).
  const live = await startLive({
    db,
    refreshIntervalSeconds: config.SYNC_INTERVAL_SECONDS,
    log: (line) => console.error(line),
  });
  // The demo's own Jira signs its deliveries with a secret made for this process.
  const webhookSecrets = webhookSecretsFrom(config);
  if (config.jiraDemo) webhookSecrets.jiraSecret ??= randomBytes(24).toString('hex');
  const { app, clients, refresh, evaluateAlerts } = createRuntime({
    db,
    config,
    clock: () => new Date(),
    passwords,
    assets,
    clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown',
    peerAddress: (c) => getConnInfo(c).remote.address,
    metrics,
    internalToken,
    // A Sync now run goes on after its response; the runner records its own failures.
    defer: (task) => void task.catch(() => {}),
    mailer,
    runner,
    log: { run: (line) => console.log(line), alerts: (line) => console.error(line) },
    http: { demoFetch },
    jobs: live.jobs,
    webhookSecrets,
  });
  await live.work({
    db,
    clock: () => new Date(),
    timeZone: config.AGENCY_TIMEZONE,
    clients: () => clients,
  });

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
      await seedDemoDashboard(db, clients, {
        spine: createDemoSpine({ scale: config.DEMO_SCALE }),
        now: new Date(),
        timeZone: config.AGENCY_TIMEZONE,
        log: (line) => console.log(line),
      }).catch((error) =>
        console.error(`The demo data could not be loaded: ${(error as Error).message}`),
      );
    }
    if (isFullDemo(config)) {
      console.log(`Demo admin: ${config.DEMO_ADMIN_EMAIL} / ${config.DEMO_ADMIN_PASSWORD}`);
      // A client's view of a retainer, no sign-in needed (docs/decisions/430).
      const room = await freshDemoShareLink(db, config, new Date()).catch((error: unknown) => {
        console.error(`The demo client link could not be made: ${(error as Error).message}`);
        return null;
      });
      if (room) console.log(`Demo client room (${room.projectName}): ${url}${room.path}`);
    }
  }

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

  let stopping = false;
  // Background refresh: pages only read Postgres; this keeps it current, one job per interval on
  // the job queue and one run at a time across every process on this database
  // (services/refresh-jobs.ts). Started after listen() so the first page never waits for upstream.
  const schedule = await startRefreshJobs(refresh, live.jobs);
  // The stored data may already hold alerts (a restart, the demo seed) before any run ends.
  const startAlerts = evaluateAlerts().catch((error) =>
    console.error('Alert rules could not run:', error),
  );
  // The Monday digest on the job queue: asked for every hour and once at start, sent once a week
  // (docs/decisions/403); the first ask waits for the first refresh and alert pass, so it
  // counts what the bell counts.
  void startDigestJobs(
    live.jobs,
    {
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
    },
    { after: Promise.all([schedule.first, startAlerts]) },
  ).catch((error) => {
    if (!stopping) console.error('The Monday digest could not be put on the job queue:', error);
  });

  // With the demo's Jira (no Jira credentials, on either database), it moves a ticket now and
  // then through the webhook receiver, so open pages move (docs/decisions/402-live-pages.md).
  const liveDemo =
    mocks?.jiraData && webhookSecrets.jiraSecret && config.DEMO_LIVE_SECONDS
      ? startLiveDemo({
          db,
          data: mocks.jiraData,
          origin: url,
          secret: webhookSecrets.jiraSecret,
          clock: () => new Date(),
          intervalMs: config.DEMO_LIVE_SECONDS * 1000,
          log: (line) => console.error(line),
        })
      : null;

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

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    liveDemo?.stop();
    snapshots?.stop();
    // The queue first, so no scheduled job starts a run after the one in progress is ended.
    await live.stop().catch(() => {});
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
